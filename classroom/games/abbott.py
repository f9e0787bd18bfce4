"""Abbott/Howell Eleusis on the web (docs/rules.md §2): strings of cards, "no play", the prophet.

The app deals (Howell's profile: the engine's `AbbottConfig` defaults); each student plays one
card or a string, declares "no play", becomes prophet right after their own turn, and as prophet
judges the attempts. Every play carries a hypothesis and a prediction, as in Express.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _

from classroom.game_forms import AbbottMoveForm
from classroom.games.record import MoveInput, turns_game
from classroom.move_words import abbott_outcome
from classroom.refusal_codes import NOT_THE_PROPHET
from eleusis.engine.games import abbott
from eleusis.engine.variants import (
    Action,
    BecomeProphet,
    IllegalActionError,
    NoPlay,
    PlayString,
    ProphetJudgement,
)
from eleusis.engine.variants.abbott.config import MAX_PLAYERS


def action_from(move: MoveInput, view: Any) -> Action:
    """A string of cards, "no play", becoming prophet or the prophet's judgement: the engine
    judges each (the turn, the cards in the hand, whether one may become prophet, what there is
    to judge). The judgement names no player, so only the prophet's seat may send it."""
    player, data = move.player, move.data
    if move.op == "play":
        return PlayString(
            player, tuple(data["string"]), hypothesis=move.hypothesis, prediction=move.prediction
        )
    if move.op == "no_play":
        return NoPlay(player, hypothesis=move.hypothesis, prediction=move.prediction)
    if move.op == "prophet":
        return BecomeProphet(player)
    if view.prophet != player:
        raise IllegalActionError(NOT_THE_PROPHET)
    card = data.get("card") if move.op == "reject" else None
    return ProphetJudgement(correct=move.op == "accept", card=card)


GAME = turns_game(
    engine=abbott.GAME,
    label=_("Abbott/Howell Eleusis: tables play strings of cards; a player may become prophet"),
    move="string",
    demo_title="Strings and prophets (Abbott/Howell)",
    max_table=MAX_PLAYERS,
    move_form=AbbottMoveForm,
    action_from=action_from,
    outcome=abbott_outcome,
    board_path="classroom.selectors.abbott.abbott_board",
    live_tables_path="classroom.selectors.abbott.abbott_tables",
)
