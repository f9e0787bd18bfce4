"""The move of a Russian Eleusis table (docs/rules.md §4): one card; its page is the table page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classroom.access import seat_for_student, student_required
from classroom.game_forms import MoveForm
from classroom.refusals import refusal_message
from classroom.selectors.russian import russian_board
from classroom.services.rounds import round_act
from classroom.views.play.board import _refused, _render_board
from classroom.views.play.moves import _hypothesis
from eleusis.engine.variants import IllegalActionError, Play
from eleusis.web.htmx import refusal_status


@require_POST
@student_required
def table_russian(request: HttpRequest, pk: int) -> HttpResponse:
    """Play one card (from the hand, or from the wrong cards in front of the player once the
    hand is empty), with a hypothesis and a prediction. The engine judges it."""
    seat = seat_for_student(request, pk)
    if refused := _refused(request, seat, "card"):
        return refused
    form = MoveForm(request.POST)
    if not form.is_valid():
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        message = " ".join(errors)
        return _render_board(
            request, seat, message=message, ok=False, status=refusal_status(request)
        )
    data = form.cleaned_data
    board = russian_board(table=seat.table, seat=seat)
    if board.round is None or board.round.pk != data["round"] or board.view is None:
        message = _("The table has moved on to a new round. Have a look, then play again.")
        return _render_board(request, seat, message=message, ok=False)
    assignment = seat.table.session.assignment
    hypothesis = _hypothesis(data)
    if assignment.hypothesis_required_at(board.plays_made + 1) and hypothesis.is_empty:
        message = _("Write your hypothesis before you play: what do you think the rule is?")
        return _render_board(request, seat, message=message, ok=False)
    if assignment.prediction_required and not data.get("prediction"):
        message = _("Make a prediction: will the dealer accept it?")
        return _render_board(request, seat, message=message, ok=False)
    action = Play(
        board.player, data["card"], hypothesis=hypothesis.summary, prediction=form.prediction_value
    )
    try:
        result = round_act(
            round_id=board.round.pk,
            action=action,
            seat=seat,
            idempotency_key=data.get("key") or "",
            hypothesis=hypothesis,
        )
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False)
    accepted = next((event.get("accepted") for event in result.events if "accepted" in event), None)
    message = _("✓ Accepted!") if accepted else _("✗ Wrong: the card lies in front of you.")
    return _render_board(request, seat, message=message, reset_inputs=True)
