"""Measure 1 on rules whose agreement is worked out by hand."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.insight import agreement
from eleusis.engine.insight.agreement import agrees_from
from eleusis.engine.rules import compile_rule

ALTERNATE = compile_rule("color != last.color")


@pytest.mark.parametrize(
    ("hypothesis", "share", "accept_side", "reject_side"),
    [
        # Same rule, other words.
        ("if last is red then black else red", 1.0, 1.0, 1.0),
        # Accepts everything: right on every card the rule accepts, wrong on every other.
        ("true", 0.5, 1.0, 0.0),
        ("false", 0.5, 0.0, 1.0),
        # Same suit: accepts only cards of the last colour, which the rule rejects; rejects half
        # of those (the other suits of that colour).
        ("suit == last.suit", 0.25, 0.0, 0.5),
        # The opposite rule.
        ("color == last.color", 0.0, 0.0, 0.0),
    ],
)
def test_balanced_agreement_with_alternate_colors(
    hypothesis: str, share: float, accept_side: float, reject_side: float
) -> None:
    result = agreement(compile_rule(hypothesis), ALTERNATE)
    assert result.share == pytest.approx(share)
    assert result.accept_side == pytest.approx(accept_side)
    assert result.reject_side == pytest.approx(reject_side)
    assert result.equivalent == result.as_rule == (share == 1.0)


def test_a_constant_colour_is_right_half_the_time_on_each_side() -> None:
    # On the rule's own tables, "red" accepts what the rule accepts after a black card only.
    result = agreement(compile_rule("red"), ALTERNATE)
    assert result.share == pytest.approx(0.5, abs=0.1)
    assert result.too_narrow + result.too_broad == pytest.approx(1 - result.raw_share)


def test_a_rule_that_rejects_everything_is_not_close_to_a_rare_rule() -> None:
    """Against a suit cycle that accepts a quarter of the cards, "every card is a heart" must
    not score above "a different suit from the last" (balanced, not the plain share)."""
    cycle = compile_rule("suit == next(last.suit, [spades, hearts, clubs, diamonds])")
    hearts = agreement(compile_rule("hearts"), cycle)
    different = agreement(compile_rule("suit != last.suit"), cycle)
    assert hearts.share < different.share
    assert hearts.share == pytest.approx(0.5, abs=0.05)
    assert different.share == pytest.approx(2 / 3, abs=0.01)
    # The plain share would have ranked them the other way round.
    assert hearts.raw_share > different.raw_share


def test_a_hypothesis_that_judges_like_the_rule_on_its_histories_counts_as_the_rule() -> None:
    secret = compile_rule("color != last.color")
    # Under the rule a rejected card always has the last card's colour, so the second clause
    # never holds on a table the rule builds; on other tables it does.
    lookalike = compile_rule(
        "color != last.color or (not previous.accepted and previous.color != last.color)"
    )
    result = agreement(lookalike, secret)
    assert not result.equivalent
    assert result.as_rule and result.share == 1.0
    # "Higher" differs from "higher or same" on equal ranks, which that rule does produce.
    narrower = agreement(compile_rule("rank > last.rank"), compile_rule("rank >= last.rank"))
    assert not narrower.as_rule and narrower.share < 1.0


def test_agreement_is_the_same_every_time() -> None:
    deep = compile_rule("rank + last.rank + last2.rank + last3.rank > 30 or suit == last.suit")
    first = agreement(compile_rule("suit == last.suit"), deep)
    assert first == agreement(compile_rule("suit == last.suit"), deep)
    assert first.too_broad == 0.0 and 0.0 < first.too_narrow < 0.5
    assert first.raw_share + first.too_narrow + first.too_broad == pytest.approx(1.0)


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


def _answers(pairs, secret) -> list[bool]:
    return [agrees_from(hypothesis, secret, history) for hypothesis, history in pairs]


def test_agrees_from_answers_alike_whatever_was_asked_before_and_in_any_thread() -> None:
    # The tables after a history are drawn once for every rule asked about there: the answer
    # must not depend on which rules were asked first, nor on another thread asking meanwhile.
    secret = compile_rule("parity != last.parity")
    rules = [
        compile_rule(text)
        for text in (
            "parity == last2.parity",
            "parity == last.parity",
            "parity != last.parity",
            "color != last.color",
            "suit == last.suit or parity != last.parity",
        )
    ]
    histories = [_table("2H"), _table("2H", "3S"), _table("2H", "3S", "5Dx"), _table()]
    pairs = [(rule, history) for history in histories for rule in rules]
    expected = _answers(pairs, secret)
    assert expected[:3] == [False, False, True]
    assert expected[5:8] == [True, False, True]
    assert _answers(list(reversed(pairs)), secret) == list(reversed(expected))
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: _answers(pairs, secret), range(8)))
    assert all(result == expected for result in results)
