"""Validating the review's measures on bots whose strategy is known.

`validate(rounds)` plays `rounds` rounds of Eleusis Express per strategy, the library rules
taken in turn and every round seeded, and analyses them as the review does. Each table seats
one bot of the strategy measured among three classmates (`Classmate`: cards at random, never
a guess), at a seat that moves with the seed; the measured bot's round gives one value per
measure (`PlayerInsight.value`). Why not four bots of one strategy: a measure of one student's
convergence is then decided by the race between clones. Four scientists over the 26 library
rules end the round by a right guess after one or two plays each, so three of them are cut off
before they could reach the rule, and "found" measured who guessed first (AUC 0.735 against
random on 2026-12-04). For each measure of `catalog.MEASURES` it reports the mean and spread
per strategy, and for each pair (a, b) the AUC (the chance that a random player-round of `a`
scores higher than one of `b`, ties counting half) and Cohen's d (the difference of the means
over the pooled standard deviation). A measure earns its place on the teacher's page when its
own pairs reach `catalog.THRESHOLD`.

**The bots' space** (`bot_space`): the bots reason over a hypothesis space of their own, which
need not be the pool the measures score against (issue 34: bots that share the measure's pool
make a circular validation). `pool`: the measures' own pool (the rule language's candidates);
`library`: only the 26 library rules (a coarser space); `frames`: the sentence frames' 6,682
sentences, one class per run-time fingerprint (another vocabulary). The measures always score
against the rule language's pool.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from eleusis.engine.bots.express import RandomBot, make_bot
from eleusis.engine.history import Rule
from eleusis.engine.inference import CandidateSpace, candidate_space
from eleusis.engine.inference.space import Candidate
from eleusis.engine.insight.catalog import MEASURES, PAIRS, THRESHOLD, Measure
from eleusis.engine.insight.log import round_log
from eleusis.engine.insight.measures import PlayerInsight, analyse_round
from eleusis.engine.rules.library import LIBRARY
from eleusis.engine.simulate import bot_seed, play_round, round_seeds
from eleusis.engine.variants import ExpressConfig, ExpressRound

PLAYERS = 4
MAX_ACTIONS = 160  # about forty plays each for four players, guesses included
STRATEGIES: tuple[str, ...] = tuple(dict.fromkeys(name for pair in PAIRS for name in pair))


BOT_SPACES = ("pool", "library", "frames")


class Classmate(RandomBot):
    """The measured bot's classmates: cards at random and never a guess, so that the round's
    length is the same for every strategy measured and ends by the measured bot's own right
    guess, an emptied hand or the turn limit."""

    name = "classmate"
    guess_chance = 0.0


def _same_run_time_fingerprint(_a: Rule, _b: Rule) -> bool:
    """The `frames` space's classes: rules with one run-time fingerprint are one class."""
    return True


@cache
def bot_candidates(bot_space: str) -> tuple[Candidate, ...] | None:
    """The candidates the bots reason over (None: the measures' own pool); see the module."""
    if bot_space == "pool":
        return None
    if bot_space == "library":
        return tuple((rule_id, entry.compiled()) for rule_id, entry in LIBRARY.items())
    if bot_space == "frames":
        from eleusis.engine.rules.compiler import compile_rule
        from eleusis.engine.rules.frames import all_frame_rules

        texts = dict(all_frame_rules())
        return tuple((sentence, compile_rule(text)) for sentence, text in texts.items())
    raise ValueError(f"unknown bot space {bot_space!r}: one of {', '.join(BOT_SPACES)}")


def play_strategy(
    strategy: str, rule_id: str, seed: int, pool: CandidateSpace, bot_space: str = "pool"
) -> PlayerInsight:
    """One round: a bot of `strategy` reasoning over `bot_space` among `Classmate`s, analysed
    against `pool`: the measured bot's values."""
    secret = LIBRARY[rule_id].compiled()
    round_ = ExpressRound(ExpressConfig(), seed, secret, PLAYERS)
    candidates = bot_candidates(bot_space)
    equivalent = _same_run_time_fingerprint if bot_space == "frames" else None
    measured = seed % PLAYERS
    bots = [
        make_bot(strategy, seat, bot_seed(seed, seat), candidates, equivalent)
        if seat == measured
        else Classmate(seat, bot_seed(seed, seat), candidates, equivalent)
        for seat in range(PLAYERS)
    ]
    for _ in play_round(round_, bots, MAX_ACTIONS):
        pass
    return analyse_round(round_log(round_), secret, pool=pool).players[measured]


def auc(a: Sequence[float], b: Sequence[float]) -> float | None:
    """P(a value of `a` > a value of `b`), ties counting half (the Mann–Whitney U / ab)."""
    if not a or not b:
        return None
    ranked = sorted([(value, 0) for value in a] + [(value, 1) for value in b])
    # Average ranks over ties, then U from the rank sum of `a`.
    rank_sum = 0.0
    index = 0
    while index < len(ranked):
        end = index
        while end + 1 < len(ranked) and ranked[end + 1][0] == ranked[index][0]:
            end += 1
        average = (index + end) / 2 + 1
        rank_sum += average * sum(1 for k in range(index, end + 1) if ranked[k][1] == 0)
        index = end + 1
    u = rank_sum - len(a) * (len(a) + 1) / 2
    return u / (len(a) * len(b))


def cohens_d(a: Sequence[float], b: Sequence[float]) -> float | None:
    """(mean a − mean b) / pooled standard deviation; None when it is undefined."""
    if len(a) < 2 or len(b) < 2:
        return None
    pooled = math.sqrt(
        ((len(a) - 1) * statistics.variance(a) + (len(b) - 1) * statistics.variance(b))
        / (len(a) + len(b) - 2)
    )
    difference = statistics.mean(a) - statistics.mean(b)
    if pooled == 0.0:
        return 0.0 if difference == 0.0 else None
    return difference / pooled


@dataclass(frozen=True)
class PairResult:
    a: str
    b: str
    auc: float | None
    d: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "auc": None if self.auc is None else round(self.auc, 3),
            "d": None if self.d is None else round(self.d, 2),
        }


@dataclass(frozen=True)
class MeasureResult:
    measure: Measure
    values: dict[str, list[float]]  # per strategy, one per player-round that has a value
    pairs: tuple[PairResult, ...]  # the measure's own pairs
    other_pairs: tuple[PairResult, ...]

    @property
    def passes(self) -> bool:
        return all(p.auc is not None and p.auc >= THRESHOLD for p in self.pairs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.measure.id,
            "label": self.measure.label,
            "shown": self.measure.shown,
            "process": self.measure.process,
            "passes": self.passes,
            "pairs": [pair.to_dict() for pair in self.pairs],
            "other_pairs": [pair.to_dict() for pair in self.other_pairs],
            "strategies": {
                name: {
                    "n": len(values),
                    "mean": round(statistics.mean(values), 4) if values else None,
                    "sd": round(statistics.pstdev(values), 4) if values else None,
                }
                for name, values in self.values.items()
            },
        }


def _pair(values: dict[str, list[float]], a: str, b: str) -> PairResult:
    return PairResult(a, b, auc(values[a], values[b]), cohens_d(values[a], values[b]))


def validate(
    rounds: int,
    *,
    seed: int = 2024,
    pool: CandidateSpace | None = None,
    progress: Callable[[str, int], None] | None = None,
    bot_space: str = "pool",
) -> dict[str, Any]:
    """Play and analyse `rounds` rounds per strategy, the bots reasoning over `bot_space`;
    the report as JSON-ready data."""
    chosen = pool if pool is not None else candidate_space()
    ids = sorted(LIBRARY)
    seeds = round_seeds(seed, rounds)
    players: dict[str, list[PlayerInsight]] = {name: [] for name in STRATEGIES}
    for number, round_seed in enumerate(seeds):
        rule_id = ids[number % len(ids)]
        for strategy in STRATEGIES:
            players[strategy].append(
                play_strategy(strategy, rule_id, round_seed, chosen, bot_space)
            )
        if progress is not None:
            progress(rule_id, number + 1)
    results = []
    for measure in MEASURES:
        values: dict[str, list[float]] = {}
        for name, insights in players.items():
            values[name] = [
                value
                for insight in insights
                if insight.plays and (value := insight.value(measure.id)) is not None
            ]
        own = tuple(_pair(values, a, b) for a, b in measure.pairs)
        other = tuple(_pair(values, a, b) for a, b in PAIRS if (a, b) not in measure.pairs)
        results.append(MeasureResult(measure, values, own, other))
    return {
        "rounds": rounds,
        "seed": seed,
        "bot_space": bot_space,
        "players": PLAYERS,
        "threshold": THRESHOLD,
        "strategies": list(STRATEGIES),
        "measures": [result.to_dict() for result in results],
    }


def table(report: dict[str, Any]) -> str:
    """The report as a short text table: each measure's own pairs with AUC and d."""
    lines = [
        f"{report['rounds']} rounds per strategy, {report['players']} players a table, "
        f"bots reasoning over: {report.get('bot_space', 'pool')}"
    ]
    lines.append(f"{'measure':<22} {'shown':<6} {'pair':<34} {'AUC':>6} {'d':>7}")
    for measure in report["measures"]:
        for pair in measure["pairs"]:
            auc_text = "—" if pair["auc"] is None else f"{pair['auc']:.3f}"
            d_text = "—" if pair["d"] is None else f"{pair['d']:.2f}"
            shown = "yes" if measure["shown"] else "no"
            lines.append(
                f"{measure['id']:<22} {shown:<6} {pair['a'] + ' vs ' + pair['b']:<34} "
                f"{auc_text:>6} {d_text:>7}"
            )
    lines.append("")
    lines.append("mean (sd) per strategy")
    names = report["strategies"]
    lines.append(f"{'measure':<22} " + " ".join(f"{name[:14]:>15}" for name in names))
    for measure in report["measures"]:
        cells = []
        for name in names:
            stats = measure["strategies"][name]
            cells.append(
                f"{'—':>15}"
                if stats["mean"] is None
                else f"{stats['mean']:>8.2f} ({stats['sd']:.2f})"[:15].rjust(15)
            )
        lines.append(f"{measure['id']:<22} " + " ".join(cells))
    return "\n".join(lines)
