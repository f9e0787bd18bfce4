"""Delphi: a player who leaves (or is removed) mid-round, docs/rules.md §3. Before, the engine
refused `Leave`: a student removed before predicting held the card on show until the teacher
placed it by hand, and kept their chips in the settlement."""

from __future__ import annotations

import pytest

from eleusis.engine.variants import IllegalActionError, Leave, Predict
from tests.engine.variants.test_delphi import make


def test_the_card_is_placed_once_everyone_still_in_has_predicted() -> None:
    round_ = make(players=3)
    card = round_.state.current
    round_.apply(Predict(0, True))
    round_.apply(Predict(1, True))
    events = round_.apply(Leave(2))  # the one who had not predicted leaves
    assert [e.kind for e in events][:2] == ["player_left", "card_placed"]
    assert round_.state.history[-1].card == card
    with pytest.raises(IllegalActionError, match="has left"):
        round_.apply(Predict(2, True))
    # The next card waits for the two still in, and only for them.
    round_.apply(Predict(0, False))
    assert round_.state.current is not None
    events = round_.apply(Predict(1, True))
    assert "card_placed" in [e.kind for e in events]


def test_a_token_shown_by_the_leaver_is_void() -> None:
    round_ = make(players=3)
    round_.apply(Predict(2, True))
    round_.apply(Leave(2))
    assert round_.state.predictions[2] is None
    round_.apply(Predict(0, True))
    round_.apply(Predict(1, True))
    assert round_.state.placements[-1].predictions[2] is None
    assert round_.state.chips[2] == 0  # the void token won nothing


def test_a_leaver_cannot_win_and_the_settlement_is_among_those_still_in() -> None:
    round_ = make(players=3)
    for _ in range(3):  # seat 0 wins three chips (every card fits ANY_CARD)
        round_.apply(Predict(0, True))
        round_.apply(Predict(1, False))
        round_.apply(Predict(2, False))
    assert round_.state.chips == [3, 0, 0]
    round_.apply(Leave(0))
    scores = round_.scores()
    assert scores.players[1] == scores.players[2] == 0  # settled between the two still in
    assert scores.players[0] < 0


def test_when_everyone_leaves_the_round_ends() -> None:
    round_ = make(players=2)
    round_.apply(Leave(0))
    round_.apply(Leave(1))
    assert round_.is_over and round_.end_reason == "everyone_left"
