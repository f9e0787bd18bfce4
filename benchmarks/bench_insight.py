"""The review's analytics: how long the insight of a 30-student session takes.

    .venv/bin/python benchmarks/bench_insight.py                  # the figures, printed
    .venv/bin/python benchmarks/bench_insight.py --students 30 --rounds 3 --table 4

A session of `students` students at tables of `table` (the last table takes the rest), each
table playing `rounds` finished rounds of Eleusis Express, the library rules taken in turn, the
seats filled by bots of several kinds (see `BOTS`) standing in for
students. Bots play before the clock starts; the timing covers what the insight task does for
every round: replay the log (`round_log`) and compute every measure (`analyse_round`), with the
candidate pool built once per process (timed apart, as a worker builds it once). Nothing here
asserts a time: these are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eleusis.engine.inference import candidate_space
from eleusis.engine.insight import analyse_round, round_log
from eleusis.engine.rules import LIBRARY
from eleusis.engine.simulate import play_round, round_seeds, seat_bots
from eleusis.engine.variants import ExpressConfig, ExpressRound

BOTS = ["random", "confirmation", "falsifier", "scientist", "wason-positive", "perseverator"]


def table_sizes(students: int, table: int) -> list[int]:
    sizes = [table] * (students // table)
    rest = students - sum(sizes)
    if rest:
        if rest < 3 and sizes:  # a table needs three: spread the rest over the last tables
            for index in range(rest):
                sizes[-1 - index % len(sizes)] += 1
        else:
            sizes.append(rest)
    return sizes


def played_session(students: int, rounds: int, table: int, seed: int) -> list[ExpressRound]:
    ids = sorted(LIBRARY)
    finished = []
    seeds = iter(round_seeds(seed, rounds * students))
    for number, players in enumerate(table_sizes(students, table)):
        for count in range(rounds):
            rule = LIBRARY[ids[(number * rounds + count) % len(ids)]].compiled()
            round_seed = next(seeds)
            round_ = ExpressRound(ExpressConfig(), round_seed, rule, players)
            names = BOTS[number % len(BOTS) :] + BOTS[: number % len(BOTS)]
            for _ in play_round(round_, seat_bots(names, players, round_seed)):
                pass
            finished.append(round_)
    return finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3, help="finished rounds per table")
    parser.add_argument("--table", type=int, default=4, help="students per table")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    start = time.perf_counter()
    pool = candidate_space()  # what a worker builds once per process
    pool_seconds = time.perf_counter() - start
    rounds = played_session(args.students, args.rounds, args.table, args.seed)
    plays = 0
    per_round = []
    start = time.perf_counter()
    for round_ in rounds:
        began = time.perf_counter()
        log = round_log(round_)
        insight = analyse_round(log, round_.rule, pool=pool)  # type: ignore[arg-type]
        per_round.append(time.perf_counter() - began)
        plays += len(insight.plays)
    total = time.perf_counter() - start
    tables = table_sizes(args.students, args.table)
    print(f"candidate pool: {len(pool)} rules, built in {pool_seconds:.2f} s (once per worker)")
    print(
        f"session: {args.students} students at {len(tables)} tables {tables}, "
        f"{len(rounds)} finished rounds, {plays} plays"
    )
    print(f"insight of the whole session: {total:.2f} s")
    print(
        f"per round: median {statistics.median(per_round) * 1000:.0f} ms, "
        f"slowest {max(per_round) * 1000:.0f} ms; per play {total / max(plays, 1) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
