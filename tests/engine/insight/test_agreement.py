"""Measure 1 on rules whose agreement is worked out by hand."""

from __future__ import annotations

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.insight import agreement
from eleusis.engine.insight.agreement import agrees_from
from eleusis.engine.rules import compile_rule

ALTERNATE = compile_rule("color != last.color")


@pytest.mark.parametrize(
    ("hypothesis", "share", "narrow", "broad"),
    [
        # Same rule, other words.
        ("if last is red then black else red", 1.0, 0.0, 0.0),
        # Half the cards are red: right on half, too strict after black, too loose after red.
        ("red", 0.5, 0.25, 0.25),
        # Accepts everything: wrong exactly where the rule rejects (half the cards).
        ("true", 0.5, 0.0, 0.5),
        ("false", 0.5, 0.5, 0.0),
        # Same suit: a quarter of the cards, all rejected by the rule; rejects the other color.
        ("suit == last.suit", 0.25, 0.5, 0.25),
        # The opposite rule.
        ("color == last.color", 0.0, 0.5, 0.5),
    ],
)
def test_agreement_with_alternate_colors(
    hypothesis: str, share: float, narrow: float, broad: float
) -> None:
    result = agreement(compile_rule(hypothesis), ALTERNATE)
    assert result.exhaustive
    assert result.share == pytest.approx(share)
    assert result.too_narrow == pytest.approx(narrow)
    assert result.too_broad == pytest.approx(broad)
    assert result.equivalent == (share == 1.0)


def test_rank_relation_counts_rank_pairs() -> None:
    # "higher" against "higher or same": they differ only on equal ranks, 13 of 169 pairs,
    # where the hypothesis rejects what the rule accepts.
    result = agreement(compile_rule("rank > last.rank"), compile_rule("rank >= last.rank"))
    assert result.too_narrow == pytest.approx(13 / 169)
    assert result.too_broad == 0.0


def test_a_rule_with_a_previous_play_weighs_right_and_wrong_previous_plays_alike() -> None:
    # Right previous play: red; wrong: black. "red" agrees after a right play only.
    secret = compile_rule("if previous.accepted then red else black")
    result = agreement(compile_rule("red"), secret)
    assert result.share == pytest.approx(0.5)
    assert result.too_narrow == pytest.approx(0.25)
    assert result.too_broad == pytest.approx(0.25)


def test_too_many_situations_are_sampled_with_a_fixed_seed() -> None:
    # Rank and suit of the card and the last card, ranks two and three back: 52² × 13² > 400,000.
    deep = compile_rule("rank + last.rank + last2.rank + last3.rank > 30 or suit == last.suit")
    first = agreement(compile_rule("suit == last.suit"), deep)
    assert not first.exhaustive
    assert first == agreement(compile_rule("suit == last.suit"), deep)
    assert first.too_broad == 0.0 and 0.0 < first.too_narrow < 0.5
    assert first.share + first.too_narrow + first.too_broad == pytest.approx(1.0)


def _table(*codes: str) -> list[Attempt]:
    return [Attempt(Card.parse(code.rstrip("x")), not code.endswith("x")) for code in codes]


def test_a_rule_that_differs_only_on_a_lone_starter_is_right_once_the_table_moved_on() -> None:
    secret = compile_rule("parity != last.parity")
    two_back = compile_rule("parity == last2.parity")
    assert not agreement(two_back, secret).equivalent
    assert not agrees_from(two_back, secret, _table("2H"))
    assert agrees_from(two_back, secret, _table("2H", "3S"))
    assert agrees_from(two_back, secret, _table("2H", "3S", "5Dx"))
    assert not agrees_from(compile_rule("parity == last.parity"), secret, _table("2H", "3S"))
