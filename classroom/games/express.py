"""Eleusis Express on the web: tables of 3–8 play cards from their hands."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from classroom.game_forms import MoveForm
from classroom.games.record import MoveInput, WebGame, hand_context
from classroom.move_words import express_outcome
from classroom.refusal_codes import SOLO_GUESS_IN_WORDS
from classroom.secret_rules import is_rule_text
from eleusis.engine.games import express
from eleusis.engine.variants import (
    Action,
    BuyHint,
    Guess,
    IllegalActionError,
    NoPlay,
    PassGuess,
    Play,
)


def action_from(move: MoveInput, view: Any) -> Action:
    """The action of the button pressed; the engine judges it (a turn, a card, a guess)."""
    player, data = move.player, move.data
    if move.op == "play":
        return Play(player, data["card"], hypothesis=move.hypothesis, prediction=move.prediction)
    if move.op == "no_play":
        return NoPlay(player, hypothesis=move.hypothesis, prediction=move.prediction)
    if move.op == "guess":
        text = data["guess"].strip()
        checkable = is_rule_text(text)
        if not checkable and move.solo:
            # Alone there is no teacher to judge words: the game would wait for ever.
            raise IllegalActionError(SOLO_GUESS_IN_WORDS)
        return Guess(player, text, checkable=checkable)
    if move.op == "guess_sentence":
        return Guess(player, move.checkable, checkable=True)
    if move.op == "pass":
        return PassGuess(player)
    return BuyHint(player)


GAME = WebGame(
    engine=express.GAME,
    label=_("Eleusis Express: tables of 3–8 play cards from their hands"),
    whole_class=False,
    table_template="classroom/play/table.html",
    board_path="classroom.selectors.games.student_board",
    context=hand_context,
    moves=frozenset({"move", "deal", "dealer"}),
    live_tables_path="classroom.views.teach.live_tables",
    live_template="classroom/teach/session_live.html#express_table",
    analysed=True,
    express_settings=True,
    students_may_deal=True,
    move_form=MoveForm,
    action_from=action_from,
    outcome=express_outcome,
)
