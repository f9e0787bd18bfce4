"""Seating during play: a latecomer gets a seat, a seat is removed."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classroom.access import (
    seat_for_teacher,
    session_for_teacher,
    teacher_required,
)
from classroom.games import whole_class
from classroom.parsing import parse_int
from classroom.refusals import refusal_message
from classroom.services.games import (
    SeatingError,
    late_arrival_seat,
    late_arrivals,
    seat_remove,
)
from classroom.views.teach.live import _live_response

# Seating during play --------------------


@require_POST
@teacher_required
def session_late_seat_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Seat a student who arrived after the start: at a table with a free seat (from its next
    round) or at a new table, dealt at once."""
    session = session_for_teacher(request, pk)
    student = next(
        (s for s in late_arrivals(session=session) if str(s.pk) == request.POST.get("student")),
        None,
    )
    where = request.POST.get("table", "")
    table = None
    if where != "new":
        table_id = parse_int(where)
        table = session.tables.filter(pk=table_id).first() if table_id is not None else None
        if table is None:
            return _live_response(
                request, session, _("Choose a table, or a new table."), ok=False, status=400
            )
    if student is None:
        return _live_response(
            request, session, _("That student is seated already, or not in the lobby."), ok=True
        )
    try:
        table = late_arrival_seat(session=session, student=student, table=table)
    except SeatingError as error:
        return _live_response(request, session, refusal_message(error), ok=False, status=409)
    if whole_class(session.assignment.variant):
        message = _("%(name)s is at %(table)s: they predict from the card on show.")
    elif where == "new":
        message = _("%(name)s is at %(table)s, a new table: the round is dealt.")
    else:
        message = _("%(name)s is at %(table)s: they join at its next round.")
    session.refresh_from_db()
    return _live_response(request, session, message % {"name": student.nickname, "table": table})


@require_POST
@teacher_required
def seat_remove_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Take a student away from their table (they left, or must), in any game: the round's
    Leave (`seat_remove`), and later rounds are dealt without them."""
    seat = seat_for_teacher(request, pk)
    seat_remove(seat=seat)
    session = seat.table.session
    session.refresh_from_db()
    return _live_response(
        request,
        session,
        _("%(name)s has left %(table)s. They play no more in this session.")
        % {"name": seat.name, "table": seat.table},
    )
