"""Abbott/Howell: a player who leaves (or is removed) mid-round, docs/rules.md §2. Their hand
goes under the stock, the turn passes on if it was theirs, they cannot win the round; a
prophet who leaves ends the prophecy and the app judges again. Before, the engine refused
`Leave` and a student removed on their turn froze the table."""

from __future__ import annotations

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, mainline
from eleusis.engine.variants import (
    AbbottRound,
    BecomeProphet,
    IllegalActionError,
    Leave,
    NoPlay,
    Play,
)
from eleusis.engine.variants.abbott import PROPHET_TOO_FEW
from tests.engine.variants.test_abbott import conserved, make, prophet_round, rig

C = Card.parse


def test_the_leaver_s_hand_goes_under_the_stock_and_their_turn_passes_on() -> None:
    round_ = make(players=4)
    turn = round_.state.turn
    hand = list(round_.state.hands[turn])
    stock = list(round_.state.stock)
    events = round_.apply(Leave(turn))
    assert [e.kind for e in events] == ["player_left", "turn_passed"]
    assert round_.state.stock == stock + hand and round_.state.hands[turn] == []
    assert round_.state.turn == (turn + 1) % 4
    assert conserved(round_)
    with pytest.raises(IllegalActionError, match="has left"):
        round_.apply(Play(turn, round_.state.stock[0]))
    with pytest.raises(IllegalActionError, match="has left"):
        round_.apply(Leave(turn))


def test_turns_skip_the_leaver_and_the_replay_is_exact() -> None:
    round_ = make(players=4, seed=3)
    leaver = (round_.state.turn + 1) % 4
    actions = [Leave(leaver)]
    round_.apply(actions[0])
    for _ in range(8):
        player = round_.state.turn
        assert player != leaver
        action = Play(player, round_.state.hands[player][0])
        actions.append(action)
        round_.apply(action)
        if round_.state.over:
            break
    again = AbbottRound.replay(round_.config, 3, round_.rule, 4, actions)
    assert again.to_json() == round_.to_json()


def test_a_leaver_cannot_win_the_round_however_few_cards_they_held() -> None:
    round_ = make(players=4)
    rig(round_, ["4C", "3S 9H 2C", "5S 6D 8H 9S", "6S 7C 10D 2D 3D"], table=5, turn=1)
    round_.apply(Leave(0))  # one card left: before, H − 0 made them the best of the round
    scores = round_.scores()
    staying = [scores.players[seat] for seat in (1, 2, 3)]
    assert staying == [5 - 3, 5 - 4, 0]  # H is the largest hand of those still in
    assert scores.players[0] < min(staying)
    assert scores.dealer == max(staying)


def test_a_move_awaiting_the_prophet_is_void_when_its_player_leaves() -> None:
    round_ = prophet_round()
    round_.apply(Play(1, C("9H")))
    assert round_.state.pending is not None
    events = round_.apply(Leave(1))
    assert [e.kind for e in events] == ["player_left", "turn_passed"]
    assert round_.state.pending is None and round_.state.turn == 2
    assert mainline(round_.state.history)[-1] == C("4C")  # the 9♥ never reached the table
    assert round_.state.prophet == 0  # the prophecy goes on


def test_a_prophet_who_leaves_ends_the_prophecy_and_the_app_judges_the_move_waiting() -> None:
    round_ = prophet_round()
    round_.apply(Play(1, C("3S")))  # black after black: wrong, awaiting the prophet
    before = len(round_.state.hands[1])
    events = round_.apply(Leave(0))
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["player_left", "prophet_left", "attempt_judged"]
    assert round_.state.prophet is None and round_.state.marker is None
    assert not round_.state.prophets[-1].fell  # left, not overthrown: no penalty to draw
    assert round_.state.history[-1] == Attempt(C("3S"), False)
    assert len(round_.state.hands[1]) == before - 1 + 2  # the normal penalty, by the rule
    assert round_.state.turn == 2 and round_.state.pending is None
    # No prophet now: the dealer (the app) judges at once.
    events = round_.apply(Play(2, C("8H")))
    assert "awaiting_prophet" not in [e.kind for e in events]


def test_a_prophet_who_leaves_with_nothing_waiting_gives_no_turn_away() -> None:
    round_ = prophet_round()
    turn = round_.state.turn
    round_.apply(Leave(0))
    assert round_.state.prophet is None and round_.state.turn == turn
    round_.apply(NoPlay(turn))  # play goes on from the player whose turn it was
    assert round_.state.turn != 0


def test_players_who_left_do_not_count_for_a_new_prophet() -> None:
    round_ = make(players=4)
    rig(round_, ["4C 2S", "3S 9H", "5S", "6S"], table=5)
    round_.apply(Leave(2))
    round_.apply(Leave(3))
    round_.apply(Play(0, C("4C")))
    with pytest.raises(IllegalActionError) as error:
        round_.apply(BecomeProphet(0))
    assert str(error.value) == PROPHET_TOO_FEW.format(player=0)


def test_when_everyone_leaves_the_round_ends() -> None:
    round_ = make(players=3)
    for player in range(3):
        round_.apply(Leave(player))
    assert round_.is_over and round_.end_reason == "everyone_left"


def test_when_only_expelled_players_stay_the_round_ends() -> None:
    round_ = make(players=3)
    round_.state.expelled[1] = round_.state.expelled[2] = True
    round_.apply(Leave(0))
    assert round_.is_over and round_.end_reason == "all_expelled"
