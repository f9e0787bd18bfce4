"""Equivalence: exact among the library rules, with counterexamples that really differ."""

import itertools
import random

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.rules import LIBRARY, compile_rule, equivalence, library_rule
from eleusis.engine.rules.equivalence import plan, sample_history

# The classes of the library under "same verdict in every situation", worked out by reading
# docs/rules.md: the same rule in other words is one class; everything else stands alone.
SAME_RULE = [
    {"th-alternate-colors", "el-alternate-colors", "ru-alternate-colors", "es-alternate-colors"},
    {"th-odd-even", "el-odd-even", "ru-odd-even"},
    {"th-low-high", "el-low-high", "ru-low-high"},
    {"th-parity-color", "ru-parity-color"},
]


def _class_of(rule_id):
    for group in SAME_RULE:
        if rule_id in group:
            return frozenset(group)
    return frozenset({rule_id})


def test_equivalences_among_the_library_are_found_exactly():
    for first, second in itertools.combinations(sorted(LIBRARY), 2):
        result = equivalence(library_rule(first).compiled(), library_rule(second).compiled())
        assert result.exhaustive or result.proved, (first, second)
        assert result.equivalent == (_class_of(first) == _class_of(second)), (first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("th-suit-cycle", "el-suit-cycle"),
        ("th-suit-cycle", "ru-suit-cycle"),
        ("el-suit-cycle", "ru-suit-cycle"),
        ("th-parity-color", "el-parity-color"),
        ("th-alternate-colors", "el-three-red-three-black"),
        ("th-alternate-colors", "ru-after-verdict"),
        ("th-same-suit-or-rank", "el-same-color-or-rank"),
    ],
)
def test_counterexamples_are_real_histories_where_the_rules_disagree(first, second):
    a, b = library_rule(first).compiled(), library_rule(second).compiled()
    result = equivalence(a, b)
    assert not result.equivalent
    example = result.counterexample
    history = [Attempt(Card.parse(code), ok) for code, ok in example.to_dict()["plays"]]
    card = Card.parse(example.card)
    assert a.accepts(history, card) is example.a
    assert b.accepts(history, card) is example.b
    assert example.a != example.b


def test_parity_color_rules_are_opposites_everywhere_but_the_start():
    even_red = library_rule("th-parity-color").compiled()
    odd_red = library_rule("el-parity-color").compiled()
    history = [Attempt(Card.parse("5S"), True)]
    for card in (Card.parse(code) for code in ("2H", "2S", "KD", "KC")):
        assert even_red.accepts(history, card) != odd_red.accepts(history, card)


def test_two_back_rules_count_every_situation():
    a = compile_rule("if last2.rank > last.rank then suit == last2.suit else rank == last2.rank")
    # 52 starts, 52 one-card mainlines and 52 * 52 two-card tails, each with 52 cards.
    assert plan((a, a)).situations() == 52 + 52 * 52 + 52 * 52 * 52
    # Too many to enumerate quickly: the solver proves it.
    assert equivalence(a, a).to_dict() == {
        "verdict": "equivalent",
        "equivalent": True,
        "exhaustive": False,
        "proved": True,
        "situations": 0,
        "copies": 2,
        "counterexample": None,
    }


def test_one_back_rules_are_enumerated():
    a = compile_rule("color != last.color")
    b = compile_rule("not (color == last.color)")
    result = equivalence(a, b)
    assert result.to_dict()["verdict"] == "equivalent"
    assert result.exhaustive and result.situations == 52 + 52 * 52


def test_a_difference_in_one_deep_situation_is_found():
    a = compile_rule("if last2.rank > last.rank then suit == last2.suit else rank == last2.rank")
    b = compile_rule(
        "if last2.rank > last.rank then suit == last2.suit else rank == last2.rank"
        " or (rank == 3 and last.suit == hearts and last2.suit == spades and suit == clubs)"
    )
    result = equivalence(a, b)
    assert result.equivalent is False and result.proved
    example = result.counterexample
    mainline = [code for code, ok in example.to_dict()["plays"] if ok]
    assert mainline[-2].endswith("S") and mainline[-1].endswith("H")
    assert example.card == "3C" and example.a != example.b


def test_a_short_mainline_is_a_situation_of_its_own():
    # Equal once two cards are down; on the starter alone the second rule accepts anything.
    a = compile_rule("sum(rank of last 2) % 2 == 0 or red")
    b = compile_rule("(last.rank + last2.rank) % 2 == 0 or red")
    result = equivalence(a, b)
    assert not result.equivalent
    assert len(result.counterexample.plays) == 1


def test_position_and_verdict_dimensions_are_enumerated():
    runs = library_rule("el-three-red-three-black").compiled()
    shifted = compile_rule("if position % 3 == 2 then color != last.color else color == last.color")
    result = equivalence(runs, shifted)
    assert result.proved and result.equivalent is False
    verdict = library_rule("ru-after-verdict").compiled()
    spelled = compile_rule("if previous.rejected then black else red")
    assert equivalence(verdict, spelled).equivalent


def test_start_clauses_are_compared():
    a = compile_rule("start: red rule: color != last.color")
    b = compile_rule("color != last.color")
    result = equivalence(a, b)
    assert not result.equivalent
    assert result.counterexample.plays == []
    assert (result.counterexample.a, result.counterexample.b) == (False, True)


def test_rules_looking_far_back_are_proved_not_sampled():
    deep = compile_rule("rank + last.rank + last2.rank + last3.rank + last4.rank + last5.rank > 30")
    result = equivalence(deep, deep)
    assert result.equivalent and result.proved and not result.exhaustive
    other = compile_rule("rank + last.rank + last2.rank + last3.rank + last4.rank > 30")
    differs = equivalence(deep, other)
    assert differs.equivalent is False and differs.proved


def test_sampled_comparisons_still_compare_every_start():
    # Found by the property test: a rule whose position horizon is too long to enumerate.
    never = compile_rule("suit != suit")
    long_horizon = compile_rule(
        "(previous.accepted) and (position in ((position) wrap 13) .. ((rank) % 5) % 2)"
    )
    result = equivalence(never, long_horizon)
    assert not result.equivalent
    assert result.counterexample.plays == []
    assert (result.counterexample.a, result.counterexample.b) == (False, True)


def test_a_sampled_history_starts_only_with_a_legal_starter():
    """When no draw was a legal starter, the starter is still one the rule accepts (issue 34:
    for `red`, one draw in two was black and an unchecked black starter was appended)."""
    red = compile_rule("red")
    for seed in range(100):
        history = sample_history(random.Random(seed), red, 1)
        assert len(history) == 1 and history[0].accepted
        assert red.accepts([], history[0].card), (seed, history[0].card)
    never = compile_rule("false")
    assert sample_history(random.Random(0), never, 5) == []
