"""Russian Eleusis on the web (docs/rules.md §4): a turn is one card; a wrong card lies face up
in front of its player, playable once their hand is empty; no card is ever drawn."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from classroom.game_forms import MoveForm
from classroom.games.record import MoveInput, turns_game
from classroom.move_words import russian_outcome
from eleusis.engine.games import russian
from eleusis.engine.variants import Action, Play
from eleusis.engine.variants.russian import DEALS


def action_from(move: MoveInput, view: Any) -> Action:
    """One card (from the hand, or from the wrong cards in front once the hand is empty): the
    engine judges whose turn it is and whether the card may be played."""
    data = move.data
    return Play(move.player, data["card"], hypothesis=move.hypothesis, prediction=move.prediction)


GAME = turns_game(
    engine=russian.GAME,
    label=_("Russian Eleusis: one card a turn; wrong cards stay in front of their player"),
    move="card",
    demo_title="Wrong cards in front (Russian rules)",
    max_table=max(DEALS) - 1,  # the app deals: the table's people less the dealer
    move_form=MoveForm,
    action_from=action_from,
    outcome=russian_outcome,
    board_path="classroom.selectors.russian.russian_board",
    live_tables_path="classroom.selectors.russian.russian_tables",
)
