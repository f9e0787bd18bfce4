"""Reading a round into plays and evidence: each play knows the hand and the table it came from."""

from __future__ import annotations

from collections import Counter

import pytest

from eleusis.engine.history import Attempt
from eleusis.engine.insight import round_log
from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import ExpressConfig, ExpressRound, Guess, NoPlay, Play

SECRET = compile_rule("color != last.color")


def scripted(seed: int = 3) -> ExpressRound:
    """Seat 0 plays its first card, seat 1 declares "no play", seat 0 guesses wrong after a
    right play if it can."""
    round_ = ExpressRound(ExpressConfig(hand_size=10), seed, SECRET, 2)
    while not round_.is_over and len(round_.state.table) < 12:
        state = round_.state
        seat = state.turn
        if seat == 1:
            round_.apply(NoPlay(1, hypothesis="red", prediction=False))
            continue
        card = state.hands[0][0]
        round_.apply(Play(0, card, hypothesis="color != last.color", prediction=True))
        if round_.can_guess(0) and not round_.state.guesses:
            round_.apply(Guess(0, "red"))
    return round_


@pytest.fixture(scope="module")
def game() -> ExpressRound:
    return scripted()


def test_every_play_and_no_play_is_read_once_in_table_order(game: ExpressRound) -> None:
    log = round_log(game)
    entries = [i for i, e in enumerate(game.state.table) if e.kind in ("play", "no_play")]
    assert [p.entry for p in log.plays] == entries
    assert [p.number for p in log.plays] == list(range(1, len(entries) + 1))
    assert log.history == tuple(game.state.history)


def test_each_play_knows_its_hand_and_table(game: ExpressRound) -> None:
    log = round_log(game)
    for play in log.plays:
        assert play.history == log.history[: len(play.history)]
        if play.kind == "play":
            assert play.cards[0] in play.hand
            assert log.history[len(play.history)] == Attempt(play.cards[0], play.accepted)
        else:
            assert Counter(play.cards) == Counter(play.hand)  # the hand shown


def test_evidence_holds_the_starter_cards_no_plays_corrections_and_wrong_guesses(
    game: ExpressRound,
) -> None:
    log = round_log(game)
    kinds = Counter(item.kind for item in log.evidence)
    corrections = sum(1 for e in game.state.table if e.kind == "correction")
    assert kinds["start"] == 1
    assert kinds["card"] == sum(1 for p in log.plays if p.kind == "play") + corrections
    assert kinds["no_play"] == sum(1 for p in log.plays if p.kind == "no_play") >= 1
    assert kinds["guess"] == sum(1 for g in game.state.guesses if not g.correct) == 1
    assert sum(1 for p in log.plays if p.correction is not None) == corrections
    for play in log.plays:
        assert play.evidence_before < play.evidence_after <= len(log.evidence)


def test_the_logged_hypothesis_and_prediction_travel_with_the_play(game: ExpressRound) -> None:
    log = round_log(game)
    no_play = next(p for p in log.plays if p.kind == "no_play")
    assert (no_play.hypothesis.checkable, no_play.prediction) == ("red", False)
    first = log.plays[0]
    assert (first.hypothesis.text, first.prediction) == ("color != last.color", True)
