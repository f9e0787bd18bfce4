"""Delphi: the oracle whose rule is in words places the card on show (the students' tokens are
moves of the one move view, `classroom/views/play/moves.py`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classroom.access import (
    seat_for_student,
    student_required,
)
from classroom.delphi_forms import PlaceForm
from classroom.refusals import refusal_message
from classroom.selectors.games import (
    current_round,
)
from classroom.services.delphi import StaleCardError, delphi_place
from classroom.views.play.board import _ALREADY_DONE, _refused, _render_board
from eleusis.engine.variants import (
    IllegalActionError,
)

# Delphi: a student's token goes through the one move view (`classroom:table_move`, also
# under its old name `table_predict`); the oracle with a rule in words places the cards here,
# as the dealer of the round and not one of its players.


@require_POST
@student_required
def table_place(request: HttpRequest, pk: int) -> HttpResponse:
    """A Delphi oracle whose rule is in words places the card on show (docs/rules.md §3): it
    fits the rule (mainline) or not. A malformed request is a 400; a stale page a message."""
    seat = seat_for_student(request, pk)
    if refused := _refused(request, seat, "place"):
        return refused
    form = PlaceForm(request.POST)
    if not form.is_valid():
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_board(request, seat, message=" ".join(errors), ok=False, status=400)
    data = form.cleaned_data
    round_row = current_round(table=seat.table)
    if round_row is None or round_row.pk != data["round"]:
        message = _("The table has moved on to a new round. Have a look, then try again.")
        return _render_board(request, seat, message=message, ok=False)
    if round_row.dealer_position != seat.position:
        message = _("Only the oracle places the cards.")
        return _render_board(request, seat, message=message, ok=False, status=403)
    if seat.table.paused:
        message = _("Your teacher has paused the game. Wait a moment.")
        return _render_board(request, seat, message=message, ok=False)
    try:
        result = delphi_place(
            round_id=round_row.pk, seat=seat, card=data["card"], accepted=data["fits"]
        )
    except StaleCardError:
        message = _("That card has been placed already. Look at the next card.")
        return _render_board(request, seat, message=message, ok=False)
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False)
    if result.duplicate:
        return _render_board(request, seat, message=_ALREADY_DONE())
    if data["fits"]:
        message = _("Placed: %(card)s fits your rule.") % {"card": data["card"]}
    else:
        message = _("Placed: %(card)s does not fit your rule.") % {"card": data["card"]}
    return _render_board(request, seat, message=message)
