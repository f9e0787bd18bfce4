"""A player who leaves (or is removed) mid-round: their hand goes under the stock, the turn
passes on, they play no more; replaying the log rebuilds the same round."""

import pytest

from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import IllegalActionError, Leave, Play, config_from_json, new_round
from eleusis.engine.variants.express import ExpressRound


def _round(players=4):
    config = config_from_json("express", {"hand_size": 10})
    return new_round("express", config, 5, compile_rule("rank >= 1"), players)


def test_the_leaver_s_cards_go_under_the_stock_and_the_turn_passes():
    game = _round()
    turn = game.state.turn
    hand = list(game.state.hands[turn])
    stock = list(game.state.stock)
    events = game.apply(Leave(player=turn))
    assert [e.kind for e in events][:2] == ["player_left", "turn_passed"]
    assert game.state.stock == stock + hand
    assert game.state.hands[turn] == []
    assert game.state.turn == (turn + 1) % 4
    with pytest.raises(IllegalActionError, match="has left"):
        game.apply(Play(player=turn, card=stock[0]))
    with pytest.raises(IllegalActionError, match="has left"):
        game.apply(Leave(player=turn))


def test_turns_skip_the_leaver_and_replay_is_exact():
    game = _round(players=3)
    actions = [Leave(player=1)]
    game.apply(actions[0])
    for _ in range(4):
        player = game.state.turn
        assert player != 1
        action = Play(player=player, card=game.state.hands[player][0])
        actions.append(action)
        game.apply(action)
        if game.state.deciding is not None:
            from eleusis.engine.variants import PassGuess

            actions.append(PassGuess(player=game.state.deciding))
            game.apply(actions[-1])
    again = ExpressRound.replay(game.config, 5, game.rule, 3, actions)
    assert again.to_json() == game.to_json()


def test_when_everyone_leaves_the_round_ends():
    game = _round(players=3)
    for player in range(3):
        game.apply(Leave(player=player))
    assert game.is_over and game.end_reason == "everyone_left"


def test_a_leaver_is_not_counted_as_having_shed_their_cards_and_cannot_win():
    game = _round(players=3)
    held = len(game.state.hands[1])
    game.apply(Leave(player=1))
    scores = game.scores()
    stayers = [scores.players[0], scores.players[2]]
    assert scores.players[1] <= 10 - held
    assert scores.players[1] < min(stayers)
    assert scores.dealer == max(stayers)


def test_a_leaver_cannot_win_even_with_a_small_hand():
    game = _round(players=3)
    game.state.hands[1] = game.state.hands[1][:1]  # one card left, the others hold ten
    game.apply(Leave(player=1))
    scores = game.scores()
    assert scores.players[1] < min(scores.players[0], scores.players[2])
