"""A move at the table: a POST with an idempotency key, so a double click plays once; a page left
open on an old round or an old hand gets a message instead of a second play.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classroom.access import (
    Seated,
    student_seat_required,
)
from classroom.builder_i18n import words as builder_words
from classroom.game_forms import MoveForm
from classroom.live import note_table_stamp
from classroom.models import Assignment
from classroom.refusals import refusal_message
from classroom.secret_rules import is_rule_text
from classroom.selectors.games import (
    current_round_with_key,
    student_board,
)
from classroom.services.rounds import (
    HypothesisInput,
    StaleMoveError,
    action_key,
    engine_round,
    round_act,
)
from classroom.views.play.board import _ALREADY_DONE, _MOVED_ON, _refused, _render_board
from eleusis.engine.variants import (
    Action,
    BuyHint,
    Guess,
    IllegalActionError,
    NoPlay,
    PassGuess,
    Play,
)
from eleusis.web.frames_i18n import frame_sentence
from eleusis.web.htmx import refusal_status

# Moves --------------------


@require_POST
@student_seat_required
def table_move(request: HttpRequest, seated: Seated) -> HttpResponse:
    seat = seated.seat
    if refused := _refused(request, seat, "move"):
        return refused
    form = MoveForm(request.POST)
    if not form.is_valid():
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_board(
            request,
            seat,
            message=" ".join(errors),
            ok=False,
            status=refusal_status(request),
            error_field=_error_field(form),
            seats=seated.seats,
        )
    message, ok, after, stamp = _move(seated, form)
    if stamp:  # the page shows the board this move committed, under the stamp it set
        note_table_stamp(request, seat.table_id, stamp)
    return _render_board(
        request, seat, message=message, ok=ok, reset_inputs=ok, board=after, seats=seated.seats
    )


# The form's fields as the page's ids (a refusal about one of them marks it and focuses it).
_FIELD_IDS = {
    "hypothesis": "id_hypothesis",
    "frame": "id_frame",
    "prediction": "id_prediction",
    "guess": "id_guess",
}


def _error_field(form: MoveForm) -> str:
    """The id of the field a refused move is about: a form field, or the sentence builder's
    drop-down to change (its ids are "id_b_" and the part)."""
    part = getattr(form, "builder_part", "")
    if part and "__all__" in form.errors:
        return f"id_b_{part}"
    return _FIELD_IDS.get(next(iter(form.errors), ""), "")


class FieldMessage(str):
    """A refusal about one field of the move form: the text, and the id of the field."""

    field: str

    def __new__(cls, text: str, field: str) -> FieldMessage:
        message = super().__new__(cls, text)
        message.field = field
        return message


def _move(seated: Seated, form: MoveForm) -> tuple[str, bool, Any, str]:
    """Make the move the form asks for. Returns the message for the student, whether the move
    was made, the board after it (None: read it anew) and the table's stamp the move's commit
    set (with that board only; empty otherwise). Checks what a child could get wrong before the
    engine, in their words. The round is read and decoded once: for the checks, the move
    itself (`round_act(engine=...)`) and the page that answers."""
    outcome = _move_checked(seated, form)
    message, ok, after, stamp = (*outcome, None, "", None)[:4]  # refusals leave out the rest
    return message, ok, after, stamp or ""


def _move_checked(seated: Seated, form: MoveForm) -> tuple:
    seat, seats = seated.seat, seated.seats
    data = form.cleaned_data
    key = data.get("key") or ""
    round_row = current_round_with_key(table=seat.table, key=action_key(seat, key))
    if round_row is None or round_row.pk != data["round"]:
        return _("The table has moved on to a new round. Have a look, then play again."), False
    if key and round_row.key_used:
        return _ALREADY_DONE(), True, None
    seq = data.get("seq")
    if seq is not None and seq != round_row.version:
        return _MOVED_ON(), False, None
    engine = engine_round(round_row)
    board = student_board(
        table=seat.table, seat=seat, round_row=round_row, engine=engine, seats=seats
    )
    view = board.view
    op = data["op"]
    if board.table.paused:
        return _("Your teacher has paused the game. Wait a moment."), False
    if board.seat.left:
        return _("You are no longer at this table."), False
    if board.joins_next_round:
        return _("You join the game at the next round: watch the table meanwhile."), False
    if board.player is None:
        return _("You are the dealer this round: the others play."), False
    if view is None or view.over:
        return _("This round is over."), False
    assignment = seat.table.session.assignment
    hypothesis = _hypothesis(data)
    prediction = form.prediction_value
    if op in ("play", "no_play", "buy_hint") and view.deciding is not None:
        if board.must_decide:
            return _("First guess the rule, or pass."), False
        return _("Wait: %(name)s may guess the rule first, or pass.") % {
            "name": board.decider_name
        }, False
    if op in ("play", "no_play"):
        if not board.my_turn:
            return _("It is not your turn yet: it is %(name)s's turn.") % {
                "name": board.turn_name
            }, False
        if assignment.hypothesis_required_at(board.plays_made + 1) and hypothesis.is_empty:
            return FieldMessage(
                _("Write your hypothesis before you play: what do you think the rule is?"),
                "id_hypothesis",
            ), False
        if assignment.prediction_required and not data.get("prediction"):
            return FieldMessage(
                _("Make a prediction: will the dealer accept it?"), "id_prediction"
            ), False
    action: Action
    if op == "play":
        card = data["card"]
        if card not in view.hand:
            return _("%(card)s is not in your hand any more.") % {"card": str(card)}, False
        action = Play(board.player, card, hypothesis=hypothesis.summary, prediction=prediction)
    elif op == "no_play":
        action = NoPlay(board.player, hypothesis=hypothesis.summary, prediction=prediction)
    elif op == "guess":
        if not board.can_guess:
            return _("You may guess right after one of your own plays is accepted."), False
        text = data["guess"].strip()
        checkable = is_rule_text(text)
        if not checkable and assignment.mode == Assignment.Mode.SOLO:
            # Alone there is no teacher to judge words: the game would wait for ever.
            return _(
                "Practising alone, build your guess from a sentence so the app can check it."
            ), False
        action = Guess(board.player, text, checkable=checkable)
    elif op == "pass":
        if not board.must_decide:
            return _("There is no guess to pass now."), False
        action = PassGuess(board.player)
    elif op == "guess_sentence":
        if not board.can_guess:
            return _("You may guess right after one of your own plays is accepted."), False
        action = Guess(board.player, hypothesis.checkable, checkable=True)
    else:
        action = BuyHint(board.player)
    try:
        result = round_act(
            round_id=round_row.pk,
            action=action,
            seat=seat,
            idempotency_key=key,
            hypothesis=hypothesis if op in ("play", "no_play") else None,
            expected_version=round_row.version,
            engine=engine,
            current=round_row,
            # Only a table with bots needs the bots' task.
            schedule=any(info.is_bot for info in board.seats),
        )
    except StaleMoveError:
        return _MOVED_ON(), False, None
    except IllegalActionError as error:
        return refusal_message(error, name_of=board.player_name), False, None
    if result.duplicate:
        return _ALREADY_DONE(), True, None
    after = student_board(
        table=seat.table, seat=seat, round_row=result.round, engine=result.engine, seats=seats
    )
    return _outcome_message(result.events, board.player), True, after, result.stamp


def _hypothesis(data: dict) -> HypothesisInput:
    """The student's words and, when they built a sentence, its checkable form (the words are
    the sentence read back in their language when they wrote none)."""
    text = data.get("hypothesis", "")
    built = data.get("built")
    if built is not None:
        return HypothesisInput(
            text=text.strip() or builder_words(built),
            checkable=built.text,
            frame_id="builder",
            frame_choices=built.filling,
        )
    if not data.get("frame"):
        return HypothesisInput(text=text)
    frame, choices = data["frame"]
    return HypothesisInput(
        text=text.strip() or frame_sentence(frame, choices),
        checkable=frame.fill(choices),
        frame_id=frame.id,
        frame_choices=choices,
    )


# Move outcomes --------------------


def _outcome_message(events: list[dict], position: int) -> str:
    """Say what happened to the student's own move, in words (never by color alone)."""
    for event in events:
        kind = event.get("kind")
        if kind == "guess_passed" and event.get("player") == position:
            return _("You passed. Play goes on.")
        if kind == "played" and event.get("player") == position:
            if event.get("accepted") and _deciding(events, position):
                return _("Right! Your card joins the mainline. Guess the rule now, or pass.")
            if event.get("accepted"):
                return _("Right! Your card joins the mainline.")
            return _("Wrong: your card goes below the mainline and you draw a card.")
        if kind == "no_play_judged" and event.get("player") == position:
            if event.get("correct"):
                return _("You were right: no card in your hand could be played.")
            return _("Not quite: a card in your hand could be played. The dealer played it.")
        if kind == "guess_judged" and event.get("player") == position:
            if event.get("correct"):
                return _("You found the rule!")
            return _("That is not the rule. Keep experimenting!")
        if kind == "awaiting_verdict":
            return _("Your guess goes to your teacher, who will judge it.")
        if kind == "hint_requested":
            return _("You asked for a hint and drew a card. The hint will appear for everyone.")
    return _("Done.")


def _deciding(events: list[dict], position: int) -> bool:
    """Whether play now waits for the player to guess or pass (no turn passed on)."""
    return not any(event.get("kind") in ("turn_passed", "round_ended") for event in events)
