"""The student joins a session: the lobby that waits for a seat, and a solo game."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from classroom.access import (
    assignment_for_student,
    session_for_student,
    student_required,
)
from classroom.live import stamped_read
from classroom.models import Assignment, GameSession, Table
from classroom.selectors.games import (
    student_tables,
)
from classroom.services.games import lobby_join, solo_start
from classroom.throttle import SOLO_STARTS_PER_STUDENT, throttle_over

# The lobby ------------------------------------------------------------------------------------


@require_POST
@student_required
def session_join(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_student(request, pk)
    if session.status != GameSession.Status.FINISHED:
        lobby_join(session=session, student=request.student)
    return redirect("classroom:session_lobby", pk=session.pk)


@require_GET
@student_required
def session_lobby(request: HttpRequest, pk: int) -> HttpResponse:
    # The stamp before what it stamps: a seat or a start committed while this page is drawn
    # then shows at the next poll, instead of the page waiting under that change's stamp (every
    # later poll would say "nothing changed").
    (session, table), stamp = stamped_read(pk, lambda: _lobby_read(request, pk))
    started = session.status != GameSession.Status.LOBBY
    if started and table is not None:
        url = reverse("classroom:table", kwargs={"pk": table.pk})
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if request.htmx and stamp and request.GET.get("stamp") == stamp:
        return HttpResponse(status=204)
    context = {
        "session": session,
        "waiting": session.lobby.filter(student=request.student).exists(),
        "stamp": stamp,
        "poll_ms": settings.POLL_INTERVAL_MS,
        "table": table,
    }
    template = "classroom/play/lobby.html#lobby" if request.htmx else "classroom/play/lobby.html"
    return render(request, template, context)


def _lobby_read(request: HttpRequest, pk: int) -> tuple[GameSession, Table | None]:
    session = session_for_student(request, pk)
    return session, student_tables(student=request.student, session=session).first()


@require_POST
@student_required
def solo_start_view(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_student(request, pk)
    if assignment.mode != Assignment.Mode.SOLO:
        return HttpResponse(_("This game is played live in class."), status=409)
    if throttle_over(SOLO_STARTS_PER_STUDENT, str(request.student.pk)):
        return render(request, "classroom/throttled.html", status=429)
    table = solo_start(assignment=assignment, student=request.student)
    return redirect("classroom:table", pk=table.pk)
