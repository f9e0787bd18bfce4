"""A move at the table, in every game played from a seat: a POST with an idempotency key, so
a double click plays once, and the round's version, so a page left open on an old round or an
old hand gets a message instead of a second play (`classroom/services/moves.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from classroom.access import (
    Seated,
    student_seat_required,
)
from classroom.builder_i18n import words as builder_words
from classroom.game_forms import MoveForm
from classroom.live import note_table_stamp
from classroom.refusal_codes import HYPOTHESIS_REQUIRED, PREDICTION_REQUIRED
from classroom.refusals import refusal_message
from classroom.selectors.games import current_round
from classroom.services.moves import MoveAsked, move_make
from classroom.services.rounds import HypothesisInput
from classroom.views.play.board import _ALREADY_DONE, _refused, _render_board, table_game
from eleusis.engine.variants import IllegalActionError
from eleusis.web.frames_i18n import frame_sentence
from eleusis.web.htmx import refusal_status

# Moves --------------------


@require_POST
@student_seat_required
def table_move(request: HttpRequest, seated: Seated) -> HttpResponse:
    """Every game's move from a seat (Express, Abbott/Howell, the Russian rules, a Delphi
    token): the form of the table's game, then `move_make`, which reads the round once and
    asks the game's record and the engine; a refusal comes back as a code, worded here in the
    student's language."""
    seat = seated.seat
    game = table_game(seat.table)
    if game.action_from is None or game.move_form is None:
        return _refused(request, seat, "move") or _render_board(request, seat, ok=False)
    form = game.move_form(request.POST)
    if not form.is_valid():
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_board(
            request,
            seat,
            message=" ".join(errors),
            ok=False,
            status=_invalid_status(request, form),
            error_field=_error_field(form),
            seats=seated.seats,
        )
    data = form.cleaned_data
    asked = MoveAsked(
        op=data["op"],
        round_id=data["round"],
        version=data.get("seq"),
        key=data.get("key") or "",
        data=data,
        hypothesis=_hypothesis(data),
        prediction=form.prediction_value,
    )
    try:
        made = move_make(seat=seat, seats=seated.seats, game=game, asked=asked)
    except IllegalActionError as refusal:
        message = refusal_message(refusal, name_of=_names(seated))
        return _render_board(
            request,
            seat,
            message=message,
            ok=False,
            error_field=_REFUSAL_FIELDS.get(refusal.code, ""),
            seats=seated.seats,
        )
    if made.duplicate or made.round is None:
        return _render_board(request, seat, message=_ALREADY_DONE(), seats=seated.seats)
    board = game.board(
        table=seat.table, seat=seat, seats=seated.seats, round_row=made.round, engine=made.engine
    )
    note_table_stamp(request, seat.table_id, made.stamp)  # the board this move committed
    assert game.outcome is not None
    message = game.outcome(made.events, made.player, made.round.dealer_position is not None)
    return _render_board(
        request, seat, message=message, reset_inputs=True, board=board, seats=seated.seats
    )


def _invalid_status(request: HttpRequest, form: Any) -> int:
    """An invalid move form: a message to fix (200 under htmx, which swaps only 2xx), or a
    plain 400 when the page could not have sent it (`page_cannot_send_errors`)."""
    if getattr(form, "page_cannot_send_errors", False):
        return 400
    return refusal_status(request)


def _names(seated: Seated) -> Callable[[int], str]:
    """A player's nickname by the engine's number, in the table's current round (read by
    `move_make` just before: not read again unless it changed)."""

    def name_of(player: int) -> str:
        round_row = current_round(table=seated.seat.table)
        if round_row is None:
            return ""
        position = round_row.position_of(player)
        return next((seat.name for seat in seated.seats if seat.position == position), "")

    return name_of


# A refusal about one field of the move form marks that field and moves the focus to it.
_REFUSAL_FIELDS = {
    HYPOTHESIS_REQUIRED.code: "id_hypothesis",
    PREDICTION_REQUIRED.code: "id_prediction",
}

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
