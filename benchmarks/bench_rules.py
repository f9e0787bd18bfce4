"""The rule language: how fast it judges, compares and analyses.

    .venv/bin/python benchmarks/bench_rules.py                       # the figures, printed
    .venv/bin/python -m pytest benchmarks/bench_rules.py --benchmark-enable

Prints (1) the time to judge one card, for a one-back, a two-back and a position rule, on a
30-play history; (2) the time of an equivalence of two one-back rules and of two two-back
rules; (3) the time of the equivalence of every pair of library rules and of 200 seeded random
pairs of rules (how each was decided, the slowest, the 95th percentile); (4) the time to compile
and to analyse each library rule. Nothing here asserts a time: these are figures to read, not
tests.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules import LIBRARY, analyse, compile_rule, equivalence, library_rule

HISTORY = [Attempt(FULL_DECK[(7 * n) % 52], n % 3 != 1) for n in range(30)]
CARD = FULL_DECK[11]
TWO_BACK_A = "if last2.rank > last.rank then suit == last2.suit else rank == last2.rank"
TWO_BACK_B = (
    "if last2.rank > last.rank then suit == last2.suit else rank == last2.rank or "
    "(rank == 3 and last.suit == hearts and last2.suit == spades and suit == clubs)"
)


def per_call(function: Callable[[], Any], *, minimum: float = 0.2) -> float:
    """Seconds per call, the best of three runs of enough calls to last `minimum` seconds."""
    calls = 1
    while True:
        began = time.perf_counter()
        for _ in range(calls):
            function()
        elapsed = time.perf_counter() - began
        if elapsed >= minimum / 10:
            break
        calls *= 4
    best = elapsed
    for _ in range(2):
        began = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, time.perf_counter() - began)
    return best / calls


def report() -> None:
    print("Judging one card after a 30-play history:")
    for label, text in (
        ("one back", library_rule("th-suit-by-suit").text),
        ("two back", library_rule("th-sum-two").text),
        ("position", library_rule("el-three-red-three-black").text),
    ):
        rule = compile_rule(text)
        seconds = per_call(lambda rule=rule: rule.accepts(HISTORY, CARD))
        print(f"  {label:10} {seconds * 1e6:8.2f} µs")

    print("Equivalence:")
    pairs = (
        ("one-back, equal", "@th-alternate-colors", "@es-alternate-colors"),
        ("one-back, differ", "@th-suit-cycle", "@el-suit-cycle"),
        ("two-back, equal", TWO_BACK_A, TWO_BACK_A),
        ("two-back, differ", TWO_BACK_A, TWO_BACK_B),
        ("two-back library", "@th-sum-two", "@th-sum-two"),
    )
    for label, first, second in pairs:
        a, b = _rule(first), _rule(second)
        result = equivalence(a, b)
        seconds = per_call(lambda a=a, b=b: equivalence(a, b), minimum=0.5)
        print(
            f"  {label:18} {seconds * 1e3:8.2f} ms  exhaustive={result.exhaustive} "
            f"proved={result.proved} equivalent={result.equivalent} "
            f"situations={result.situations}"
        )

    library = [entry.compiled() for entry in LIBRARY.values()]
    _pairs_report("Every pair of library rules", list(itertools.combinations(library, 2)))
    rng = random.Random(13)
    randoms = [(compile_rule(random_rule(rng)), compile_rule(random_rule(rng))) for _ in range(200)]
    _pairs_report("200 random pairs of rules (seed 13)", randoms)
    same = [(a, compile_rule(f"not (not ({a.text}))")) for a, _b in randoms]
    _pairs_report("200 random rules against their double negation (equivalent)", same)

    eight_back = [
        "if suit == last.suit and suit == last2.suit and suit == last3.suit and rank == "
        "last4.rank then red else rank + last5.rank + last6.rank + last7.rank + last8.rank > 30",
        "rank > last.rank and suit != last2.suit and rank != last3.rank and color == last4.color"
        " and rank != last5.rank and suit != last6.suit and rank != last7.rank and rank != "
        "last8.rank",
        "sum(value of last 8) % 13 == rank or count(red) > count(black) + 2",
    ]
    checked = [*[entry.text for entry in LIBRARY.values()], *eight_back]
    checked += [a.text for a, _b in randoms]
    _check_report(
        f"Rule check (analysis and explanation, cold cache), {len(checked)} rules", checked
    )

    print("Compiling and analysing each library rule:")
    for rule_id, entry in LIBRARY.items():
        compile_seconds = per_call(lambda entry=entry: compile_rule(entry.text), minimum=0.05)
        rule = entry.compiled()
        analysis = analyse(rule)
        analyse_seconds = per_call(lambda rule=rule: analyse(rule), minimum=0.05)
        print(
            f"  {rule_id:26} compile {compile_seconds * 1e3:6.2f} ms  analyse "
            f"{analyse_seconds * 1e3:7.2f} ms  legal {analysis.min_legal}/"
            f"{analysis.mean_legal:.1f}/{analysis.max_legal}"
        )


def _check_report(title: str, texts: list[str]) -> None:
    from eleusis.engine.rules import analysis as analysis_module

    times: list[tuple[float, str]] = []
    sampled = 0
    for text in texts:
        rule = compile_rule(text)
        analysis_module._CACHE.clear()
        began = time.perf_counter()
        result = analyse(rule)
        rule.explain()
        times.append((time.perf_counter() - began, text))
        sampled += not result.exhaustive
    times.sort()
    values = [t for t, _text in times]
    p95 = values[max(0, int(len(values) * 0.95) - 1)]
    print(
        f"{title}: median {statistics.median(values) * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms, "
        f"max {values[-1] * 1e3:.1f} ms, over 150 ms: {sum(t > 0.15 for t in values)}, "
        f"sampled (not exact): {sampled}"
    )
    print(f"  slowest: {times[-1][1]!r}")
    rule = compile_rule(texts[-1])
    analyse(rule)
    print(f"  cached: {per_call(lambda: analyse(rule), minimum=0.05) * 1e6:.1f} µs")


def _pairs_report(title: str, pairs: list[tuple[Any, Any]]) -> None:
    times: list[float] = []
    how = {"enumerated": 0, "proved": 0, "unknown": 0}
    verdicts = {"equivalent": 0, "different": 0, "unknown": 0}
    slowest = ("", "", 0.0)
    for a, b in pairs:
        began = time.perf_counter()
        result = equivalence(a, b)
        elapsed = time.perf_counter() - began
        times.append(elapsed)
        how["enumerated" if result.exhaustive else "proved" if result.proved else "unknown"] += 1
        verdicts[result.verdict] += 1
        if elapsed > slowest[2]:
            slowest = (a.text, b.text, elapsed)
    times.sort()
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    print(
        f"{title}: {len(pairs)} pairs, median {statistics.median(times) * 1e3:.1f} ms, "
        f"p95 {p95 * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms, "
        f"over 0.2 s: {sum(t > 0.2 for t in times)}"
    )
    print(f"  decided: {how}; verdicts: {verdicts}")
    print(f"  slowest: {slowest[0]!r} vs {slowest[1]!r}")


# Pieces of random rules for the benchmark: every form of the language, old and new.
_NUMBERS = (
    "rank", "value", "last.rank", "last2.rank", "last3.value", "previous.rank", "position",
    "sum(value of last 2)", "count(red)", "count(clubs)", "count(all)", "sum(rank of mainline)",
    "abs(rank - last.rank)", "7", "3", "10",
)  # fmt: skip
_TESTS = (
    "red", "black", "odd", "high", "face", "prime", "last is red", "last2 is even",
    "color != last.color", "suit == last.suit", "suit == next(last.suit, [spades, hearts, "
    "clubs, diamonds])", "previous.accepted", "previous2.rejected", "rank == K", "suit == H",
)  # fmt: skip


def random_rule(rng: random.Random, depth: int = 0) -> str:
    """A well-formed rule drawn from the language's forms."""
    roll = rng.random()
    if depth >= 2 or roll < 0.35:
        if rng.random() < 0.5:
            return rng.choice(_TESTS)
        left, right = rng.choice(_NUMBERS), rng.choice(_NUMBERS)
        if rng.random() < 0.3:
            left = f"({left} + {right}) % {rng.randint(2, 5)}"
            right = str(rng.randint(0, 2))
        return f"{left} {rng.choice(['==', '!=', '<', '>=', '<='])} {right}"
    if roll < 0.55:
        return f"({random_rule(rng, depth + 1)}) and ({random_rule(rng, depth + 1)})"
    if roll < 0.75:
        return f"({random_rule(rng, depth + 1)}) or ({random_rule(rng, depth + 1)})"
    if roll < 0.85:
        return f"not ({random_rule(rng, depth + 1)})"
    parts = [random_rule(rng, depth + 1) for _ in range(3)]
    return f"if {parts[0]} then {parts[1]} else {parts[2]}"


def _rule(spec: str) -> Any:
    return library_rule(spec[1:]).compiled() if spec.startswith("@") else compile_rule(spec)


# pytest-benchmark: the same measurements, for `make bench`.


def test_bench_judge_one_card(benchmark: Any) -> None:
    rule = library_rule("th-sum-two").compiled()
    benchmark(rule.accepts, HISTORY, CARD)


def test_bench_equivalence_one_back(benchmark: Any) -> None:
    a, b = library_rule("th-suit-cycle").compiled(), library_rule("el-suit-cycle").compiled()
    benchmark(equivalence, a, a)
    assert not equivalence(a, b).equivalent


def test_bench_equivalence_two_back(benchmark: Any) -> None:
    a, b = compile_rule(TWO_BACK_A), compile_rule(TWO_BACK_B)
    result = benchmark(equivalence, a, b)
    assert result.exhaustive or result.proved


def test_bench_analyse_library(benchmark: Any) -> None:
    rules = [entry.compiled() for entry in LIBRARY.values()]
    benchmark(lambda: [analyse(rule) for rule in rules])


if __name__ == "__main__":
    report()
