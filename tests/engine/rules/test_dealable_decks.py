"""Counterexamples a teacher can deal from the game's decks (issue 39, point 3): at most two of a
card in Express, three in Abbott/Howell (`equivalence(..., copies=decks)`; a round's guesses are
judged with its config's `decks`). Where no history the decks can deal separates two rules, they
are equivalent for that game, and the answer says so. A fuzz of rule pairs (the line aggregates,
counts, last cards, the position, the previous play): every counterexample is dealable from the
game's decks, starts with a card both rules let start, and is judged differently by the two."""

import io
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.rules import compile_rule, equivalence
from eleusis.engine.rules.cli import run
from eleusis.engine.variants.base import language_guess_judge
from eleusis.engine.variants.express.config import ExpressConfig
from eleusis.engine.variants.express.round import ExpressRound
from tests.engine.rules.helpers import combined

REFS = st.sampled_from(["", "last.", "last2.", "last3."])
LEAVES = st.one_of(
    st.builds("{}rank {} {}rank".format, REFS, st.sampled_from(["==", "!=", "<", ">"]), REFS),
    st.builds("{}suit == {}suit".format, REFS, REFS),
    st.sampled_from([
        "red", "odd", "position % 3 == 0", "position <= 3", "count(red) < 3", "previous.accepted",
        "rank > max(rank of mainline)", "not played(suit)", "played(card)", "first is red",
        "rank == last.rank and suit == last.suit", "count(clubs) > count(hearts)",
        "not (rank == last.rank and suit == last.suit and rank == last2.rank and suit == "
        "last2.suit)",
    ]),
)  # fmt: skip
RULES = combined(LEAVES, max_leaves=3)
SEEN: Counter[str] = Counter()


def _assert_dealable(first, second, result, copies):
    example = result.counterexample
    a, b = compile_rule(first), compile_rule(second)
    played = Card.parse(example.card)
    counts = Counter([attempt.card for attempt in example.plays] + [played])
    assert max(counts.values()) <= copies, (first, second, copies, example.to_dict())
    mainline = [attempt.card for attempt in example.plays if attempt.accepted]
    if mainline:
        index = FULL_DECK.index(mainline[0])
        assert a.judge_start(index) and b.judge_start(index), example.to_dict()
        assert example.plays[0].accepted, example.to_dict()
    assert a.accepts(example.plays, played) != b.accepts(example.plays, played)


@pytest.mark.parametrize("copies", [2, 3])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=RULES, second=RULES)
def test_every_counterexample_can_be_dealt_from_the_games_decks(copies, first, second):
    result = equivalence(compile_rule(first), compile_rule(second), copies=copies)
    assert result.copies == copies
    if result.equivalent is False:
        _assert_dealable(first, second, result, copies)
    SEEN[f"{copies} decks: {result.verdict}"] += 1


# Only three of one card in a row tell these apart: no Express game can, an Abbott/Howell can.
THREE_IN_A_ROW = (
    "not (rank == last.rank and suit == last.suit and rank == last2.rank and suit == last2.suit)"
)


@pytest.mark.parametrize("walked", [THREE_IN_A_ROW, f"({THREE_IN_A_ROW}) or played(hearts)"])
def test_rules_no_history_of_the_decks_separates_are_equivalent_for_that_game(walked):
    other = "true" if walked == THREE_IN_A_ROW else "true or played(hearts)"
    a, b = compile_rule(walked), compile_rule(other)
    express = equivalence(a, b, copies=2)
    assert express.equivalent is True and express.copies == 2
    assert express.to_dict()["copies"] == 2
    howell = equivalence(a, b, copies=3)
    assert howell.equivalent is False
    _assert_dealable(walked, other, howell, 3)


def test_the_command_line_says_for_which_game():
    out: list[str] = []
    run({"action": "equiv", "rule": THREE_IN_A_ROW, "other": "true", "seed": 0, "json": False},
        out.append, io.StringIO())  # fmt: skip
    assert out[0].startswith("Equivalent for a game dealt from 2 decks")
    out.clear()
    run({"action": "equiv", "rule": THREE_IN_A_ROW, "other": "true", "seed": 0, "json": False,
         "decks": 3}, out.append, io.StringIO())  # fmt: skip
    assert out[0].startswith("Different")


def test_a_guess_is_judged_for_the_decks_of_its_game():
    assert language_guess_judge(compile_rule("true"), THREE_IN_A_ROW) is True
    assert language_guess_judge(compile_rule("true"), THREE_IN_A_ROW, copies=3) is False
    # A round judges guesses for its own decks (ExpressConfig.decks, 2 unless set).
    for decks, right in ((2, True), (3, False)):
        round_ = ExpressRound(ExpressConfig(decks=decks), 1, compile_rule("true"), 2)
        assert round_.judge_guess(round_.rule, THREE_IN_A_ROW) is right
    # Reshuffling a new deck in when the stock runs out deals any number of a card.
    config = ExpressConfig(stock_exhaustion="reshuffle_deck")
    round_ = ExpressRound(config, 1, compile_rule("true"), 2)
    assert round_.judge_guess(round_.rule, THREE_IN_A_ROW) is False
