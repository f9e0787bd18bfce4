"""The dealer's aids at the tables of Abbott/Howell and the Russian rules (issue 33: the
teacher's hint and skip were Express's only): a hint reaches every view, and the turn of a
player who is away passes on; both replay to the same round."""

import pytest

from eleusis.engine.rules import compile_rule
from eleusis.engine.variants import (
    VARIANTS,
    BecomeProphet,
    DealerHint,
    IllegalActionError,
    Play,
    SkipTurn,
    config_from_json,
    new_round,
)

GAMES = ["abbott", "russian"]


def _round(variant, players=3, rule="color != last.color"):
    return new_round(variant, config_from_json(variant, {}), 5, compile_rule(rule), players)


@pytest.mark.parametrize("variant", GAMES)
def test_a_hint_reaches_every_view_and_replays(variant):
    game = _round(variant)
    events = game.apply(DealerHint("Look at the colors."))
    assert [event.kind for event in events] == ["hint_given"]
    assert game.dealer_view().hints == ("Look at the colors.",)
    assert all(game.view(player).hints == ("Look at the colors.",) for player in range(3))
    again = VARIANTS[variant].replay(
        game.config, 5, game.rule, 3, [DealerHint("Look at the colors.")]
    )
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize("variant", GAMES)
def test_an_empty_hint_is_refused(variant):
    game = _round(variant)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(DealerHint("  "))
    assert refused.value.code == "empty_hint"


@pytest.mark.parametrize("variant", GAMES)
def test_skipping_passes_the_turn_to_the_next_player(variant):
    game = _round(variant)
    away = game.state.turn
    hand = list(game.state.hands[away])
    events = game.apply(SkipTurn())
    assert events[-1].kind == "turn_passed"
    assert game.state.turn == (away + 1) % 3
    assert game.state.hands[away] == hand  # nothing drawn, nothing played
    again = VARIANTS[variant].replay(game.config, 5, game.rule, 3, [SkipTurn()])
    assert again.to_json() == game.to_json()


def test_a_skipped_abbott_player_may_not_become_the_prophet_for_it():
    game = _round("abbott", players=4)
    away = game.state.turn
    game.apply(SkipTurn())
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BecomeProphet(away))
    assert refused.value.code == "prophet_not_now"


def test_no_skip_while_a_play_awaits_the_prophet():
    game = _round("abbott", players=4)
    player = game.state.turn
    game.apply(Play(player, game.state.hands[player][0]))
    game.apply(BecomeProphet(player))
    turn = game.state.turn
    game.apply(Play(turn, game.state.hands[turn][0]))  # awaits the prophet now
    with pytest.raises(IllegalActionError) as refused:
        game.apply(SkipTurn())
    assert refused.value.code == "waiting_for_prophet"
