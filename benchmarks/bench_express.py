"""Eleusis Express with bots: how fast the engine plays, and how much the scientist gains.

    .venv/bin/python benchmarks/bench_express.py            # the figures, printed
    .venv/bin/python benchmarks/bench_express.py --rounds 200 --per-rule 10
    .venv/bin/python -m pytest benchmarks/bench_express.py --benchmark-enable

Prints (1) how long 1,000 four-player rounds with scientist bots take, the library rules taken
in turn, and (2) per library rule, how many plays a table of four scientists and a table of four
random bots need before a correct guess, with how often each table guesses the rule at all.
Nothing here asserts a time: these are figures to read, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eleusis.engine.games import simulate_round
from eleusis.engine.inference import candidate_space
from eleusis.engine.rules import LIBRARY
from eleusis.engine.simulate import round_seeds


def scientist_rounds(rounds: int, seed: int) -> tuple[float, list[dict[str, Any]]]:
    """Seconds for `rounds` four-player scientist rounds, the library rules in turn."""
    ids = sorted(LIBRARY)
    rules = {rule_id: LIBRARY[rule_id].compiled() for rule_id in ids}
    candidate_space()  # build the candidate classes once, outside the timing
    records = []
    start = time.perf_counter()
    for number, round_seed in enumerate(round_seeds(seed, rounds)):
        rule_id = ids[number % len(ids)]
        records.append(
            simulate_round(
                rule=rules[rule_id], players=4, bots=["scientist"], seed=round_seed, label=rule_id
            )
        )
    return time.perf_counter() - start, records


def plays_to_guess(rule_id: str, bot: str, rounds: int, seed: int) -> tuple[list[int], int]:
    """Per round, the plays made before the correct guess or, when nobody guessed the rule, all
    the plays of the round (a lower bound); and how many rounds ended with a correct guess."""
    rule = LIBRARY[rule_id].compiled()
    plays, guessed = [], 0
    for round_seed in round_seeds(seed, rounds):
        record = simulate_round(rule=rule, players=4, bots=[bot], seed=round_seed, label=rule_id)
        if record["plays_until_guess"] is not None:
            guessed += 1
            plays.append(record["plays_until_guess"])
        else:
            plays.append(sum(1 for play in record["plays"] if play["kind"] in ("play", "no_play")))
    return plays, guessed


def _mean(values: list[int]) -> str:
    return f"{statistics.mean(values):.1f}" if values else "–"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--per-rule", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    cands = candidate_space()
    print(
        f"candidates: {len(cands.candidates)} rules in {len(cands.classes)} classes, "
        f"grouped in {time.perf_counter() - start:.2f} s"
    )
    seconds, records = scientist_rounds(args.rounds, args.seed)
    actions = sum(len(record["plays"]) for record in records)
    guessed = sum(1 for record in records if record["end"] == "guessed")
    print(
        f"{args.rounds} four-player rounds, scientist bots: {seconds:.2f} s "
        f"({1000 * seconds / max(1, args.rounds):.2f} ms a round, "
        f"{1e6 * seconds / max(1, actions):.0f} µs a table entry); "
        f"rule guessed in {guessed} of {args.rounds}"
    )
    print()
    print(f"plays before a correct guess, {args.per_rule} four-player rounds per rule and bot")
    print("(where a table never guessed the rule, the plays of the whole round count: '≥')")
    print(f"{'rule':28} {'scientist':>9} {'guessed':>8} {'random':>9} {'guessed':>8} {'ahead':>8}")
    aheads = []
    for rule_id in sorted(LIBRARY):
        sci, sci_guessed = plays_to_guess(rule_id, "scientist", args.per_rule, args.seed)
        rnd, rnd_guessed = plays_to_guess(rule_id, "random", args.per_rule, args.seed)
        aheads.append(statistics.mean(rnd) - statistics.mean(sci))
        bound = "≥" if rnd_guessed < args.per_rule else " "
        print(
            f"{rule_id:28} {_mean(sci):>9} {sci_guessed:>4}/{args.per_rule:<3} "
            f"{bound}{_mean(rnd):>8} {rnd_guessed:>4}/{args.per_rule:<3} {bound}{aheads[-1]:7.1f}"
        )
    print(f"mean lead of the scientist over the random bots: ≥ {statistics.mean(aheads):.1f} plays")


def test_scientist_rounds(benchmark: Any) -> None:
    """pytest-benchmark: 20 four-player scientist rounds (the script times 1,000)."""
    candidate_space()
    benchmark.pedantic(scientist_rounds, args=(20, 7), rounds=3, iterations=1)


if __name__ == "__main__":
    main()
