"""Eleusis Express: what a student seated after the deal watches of the round (issue 33 point 7):
every player's public view, no hand, nobody's hypotheses."""

from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import DealerHint, Play, config_from_json, new_round
from eleusis.engine.variants.base import SPECTATOR


def test_a_spectator_sees_what_every_player_sees_and_no_hand():
    config = config_from_json("express", {"hand_size": 10})
    game = new_round("express", config, 5, compile_rule("rank >= 1"), 3)
    turn = game.state.turn
    game.apply(Play(turn, game.state.hands[turn][0], hypothesis="any card", prediction=True))
    game.apply(DealerHint(text="Look at the colours"))
    watched = game.spectator_view()
    seen = game.view((turn + 1) % 3)
    assert watched.player == SPECTATOR and watched.hand == ()
    assert watched.hand_counts == seen.hand_counts and watched.scores == seen.scores
    assert watched.layout == seen.layout and watched.history == seen.history
    assert watched.hints == ("Look at the colours",) and not watched.can_guess
    assert all(entry.hypothesis is None for entry in watched.table)
