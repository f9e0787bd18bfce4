"""Russian rules: a player who leaves (or is removed) is out of the round; the turn passes on,
they score nothing and cannot win; replaying the log rebuilds the same round."""

import pytest

from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import IllegalActionError, Leave, Play, config_from_json, new_round
from eleusis.engine.variants.russian import RussianRound


def _round(players=3, rule="rank >= 1"):
    config = config_from_json("russian", {})
    return new_round("russian", config, 5, compile_rule(rule), players)


def test_leaving_on_one_s_turn_passes_the_turn_and_nothing_more_is_played_by_them():
    game = _round()
    assert game.state.turn == 0
    card = game.state.hands[0][0]
    events = game.apply(Leave(player=0))
    assert [e.kind for e in events] == ["player_left", "turn_passed"]
    assert game.state.turn == 1
    with pytest.raises(IllegalActionError, match="has left"):
        game.apply(Play(player=0, card=card))


def test_turns_skip_the_leaver_and_replay_is_exact():
    game = _round(rule="color != last.color")
    actions = [Leave(player=1)]
    game.apply(actions[0])
    for _ in range(6):
        if game.is_over:
            break
        player = game.state.turn
        assert player != 1
        actions.append(Play(player=player, card=game.playable(player)[0]))
        game.apply(actions[-1])
    again = RussianRound.replay(game.config, 5, game.rule, 3, actions)
    assert again.to_json() == game.to_json()


def test_a_leaver_with_no_cards_cannot_win():
    game = _round(rule="color != last.color")
    game.apply(Leave(player=2))
    while not game.is_over:
        player = game.state.turn
        game.apply(Play(player=player, card=game.playable(player)[0]))
    scores = game.scores().players
    assert scores[2] == 0
    assert max(scores[0], scores[1]) > 0


def test_when_everyone_leaves_the_round_ends():
    game = _round()
    for player in range(3):
        game.apply(Leave(player=player))
    assert game.is_over and game.end_reason == "everyone_left"
