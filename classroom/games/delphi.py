"""Delphi on the web: the whole class predicts each card the app turns."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from classroom.delphi_forms import DelphiMoveForm
from classroom.games.record import MoveInput, WebGame
from classroom.move_words import delphi_outcome
from classroom.refusal_codes import STALE_CARD
from eleusis.engine.games import delphi
from eleusis.engine.variants import Action, IllegalActionError, Predict


def action_from(move: MoveInput, view: Any) -> Action:
    """A token for the card on show. The page names the card it showed: a card placed since
    is refused (the page's version says so first; the card too, for a caller without one)."""
    card = move.data["card"]
    if view.current != card:
        raise IllegalActionError(STALE_CARD, card=card)
    return Predict(move.player, move.data["value"], hypothesis=move.hypothesis)


GAME = WebGame(
    engine=delphi.GAME,
    label=_("Delphi: the whole class predicts each card the app turns"),
    whole_class=True,
    table_template="classroom/play/delphi.html",
    board_path="classroom.selectors.delphi.delphi_board",
    # A token is a move of the one move view (also reachable under its old name
    # `table_predict`); the oracle's placing (`place`) is the dealer's, not a player's.
    moves=frozenset({"move", "predict", "deal", "place"}),
    live_tables_path="classroom.selectors.delphi.delphi_tables",
    live_template="classroom/teach/_delphi_table.html",
    bots_play_path="classroom.tasks.delphi_bots_play",
    demo_title="Predict the card (Delphi)",
    move_form=DelphiMoveForm,
    action_from=action_from,
    play_ops=frozenset({"predict"}),
    thinking_required=False,
    outcome=delphi_outcome,
)
