"""A session before play: opening it, the lobby the teacher polls, seating the students, starting.
Every page polls with the session's change stamp, so an idle poll answers 204 from one cache
read.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from classroom.access import (
    assignment_for_teacher,
    session_for_teacher,
    teacher_required,
)
from classroom.games import web_game
from classroom.games import whole_class as is_whole_class
from classroom.live import session_stamp, stamped_read
from classroom.models import Assignment, GameSession
from classroom.refusals import refusal_message
from classroom.services.games import (
    MAX_TABLE,
    SeatingError,
    late_arrivals,
    plan_tables,
    session_open,
    session_seat,
    session_start,
)
from classroom.teach_forms import (
    ManualSeatingForm,
)
from eleusis.engine.variants import (
    IllegalActionError,
)
from eleusis.web.htmx import refusal_status

SEATING_METHODS = ("random", "arrival", "manual")


# Sessions: lobby, seating, start ----------------------------------------------------------------


@require_POST
@teacher_required
def session_open_view(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_teacher(request, pk)
    if assignment.mode != Assignment.Mode.LIVE:
        messages.error(request, _("Solo practice has no live session: students start it alone."))
        return redirect("classroom:assignment_detail", pk=assignment.pk)
    session = session_open(assignment=assignment, once=True)
    return redirect("classroom:session_detail", pk=session.pk)


def _lobby_context(session: GameSession, **extra) -> dict:
    stamp = session_stamp(session.pk)  # before the state it stamps (see _live_context)
    students = [entry.student for entry in session.lobby.select_related("student")]
    tables = list(session.tables.prefetch_related("seats__student").order_by("number"))
    whole_class = is_whole_class(session.assignment.variant)
    count = 1 if whole_class else len(plan_tables(len(students), session.assignment.table_size))
    return {
        "stamp": stamp,
        "session": session,
        "assignment": session.assignment,
        "classroom": session.assignment.classroom,
        "late": late_arrivals(session=session) if session.status != "lobby" else [],
        "students": students,
        "tables": tables,
        "poll_ms": settings.POLL_INTERVAL_MS,
        "manual_form": extra.pop("manual_form", None)
        or ManualSeatingForm(students=students, suggested=count or 1, max_size=_max_size(session)),
        **extra,
    }


def _max_size(session: GameSession) -> int | None:
    """The most players a table takes: the game's own limit (Abbott/Howell and the Russian
    rules: 7), else the app's; none for a whole-class game."""
    variant = session.assignment.variant
    if is_whole_class(variant):
        return None
    return web_game(variant).max_table or MAX_TABLE


def polled_session(request: HttpRequest, pk: int) -> tuple[GameSession, str]:
    """The teacher's session `pk` and its stamp, read before it (`live.stamped_read`)."""
    return stamped_read(pk, lambda: session_for_teacher(request, pk))


def _polled(
    request: HttpRequest,
    session: GameSession,
    fragment: str,
    context: Callable[..., dict],
    stamp: str,
) -> HttpResponse:
    """A page the teacher keeps open: 204 when the session has not changed since the stamp the
    poll carries, else the fragment (htmx) or the whole page, carrying `stamp`
    (`polled_session`'s)."""
    if request.htmx and stamp and request.GET.get("stamp") == stamp:
        return HttpResponse(status=204)
    template = fragment if request.htmx else fragment.split("#")[0]
    return render(request, template, {**context(session), "stamp": stamp})


def polled_page(
    fragment: str, context: Callable[[GameSession], dict]
) -> Callable[[HttpRequest, int], HttpResponse]:
    """The view of a page the teacher keeps open on session `pk` (see `_polled`)."""

    @require_GET
    @teacher_required
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        session, stamp = polled_session(request, pk)
        return _polled(request, session, fragment, context, stamp)

    return view


session_detail = polled_page("classroom/teach/session_detail.html#lobby", _lobby_context)


@require_POST
@teacher_required
def session_seat_view(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    method = request.POST.get("method", "")
    if method not in SEATING_METHODS:
        return _lobby_error(request, session, _("Choose how to seat the students."), status=400)
    groups = None
    if method == "manual":
        students = [entry.student for entry in session.lobby.select_related("student")]
        if not students:
            return _lobby_error(request, session, _("Nobody is in the lobby to seat."), status=409)
        form = ManualSeatingForm(request.POST, students=students, max_size=_max_size(session))
        if not form.is_valid():
            errors = " ".join(e for errs in form.errors.values() for e in errs)
            return _lobby_error(request, session, errors, status=400, manual_form=form)
        groups = form.groups()
    try:
        session_seat(session=session, method=method, groups=groups)
    except SeatingError as error:
        return _lobby_error(request, session, refusal_message(error), status=409)
    messages.success(request, _("Students seated. Check the tables, then start."))
    return redirect("classroom:session_detail", pk=session.pk)


def _lobby_error(
    request: HttpRequest, session: GameSession, message: str, *, status: int, **extra
) -> HttpResponse:
    return render(
        request,
        "classroom/teach/session_detail.html",
        _lobby_context(session, message=message, **extra),
        status=refusal_status(request, status),
    )


@require_POST
@teacher_required
def session_start_view(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    try:
        session_start(session=session)
    except (SeatingError, IllegalActionError) as error:
        return _lobby_error(request, session, refusal_message(error), status=409)
    except ValueError as error:  # the engine cannot deal for a table this size
        return _lobby_error(
            request,
            session,
            _("The game cannot start: %(reason)s") % {"reason": error},
            status=409,
        )
    return redirect("classroom:session_live", pk=session.pk)
