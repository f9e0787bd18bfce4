"""The review after class (teachers only): a session's overview with convergence charts and
discussion prompts, one student's timeline, a replay of a round, the teacher's marks on free
text (the CSV exports are in `classroom.views.exports`).

The pages read stored results (`RoundInsight`); opening the overview asks for any missing or
stale round to be computed, and while that runs a progress bar polls until it is done.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from classroom.access import session_for_teacher, teacher_required
from classroom.models import GameSession, Hypothesis, HypothesisMark, Round, Seat
from classroom.selectors.review import (
    round_review,
    session_people,
    session_review,
    student_timeline,
)
from classroom.selectors.rounds import replay_round
from classroom.services.review import hypothesis_mark_set, session_insight_request
from eleusis.engine.history import Attempt
from eleusis.engine.variants.base import layout_of


def _hide_names(request: HttpRequest) -> bool:
    return request.GET.get("names") == "hidden"


def _round_in_session(session: GameSession, pk: int) -> Round:
    try:
        return Round.objects.select_related("table").get(
            pk=pk, table__session=session, status=Round.Status.OVER
        )
    except Round.DoesNotExist:
        raise Http404 from None


def _seat_in_session(session: GameSession, pk: int) -> Seat:
    try:
        return Seat.objects.select_related("student", "table").get(
            pk=pk, table__session=session, student__isnull=False
        )
    except Seat.DoesNotExist:
        raise Http404 from None


@require_GET
@teacher_required
def session_review_view(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    if not request.htmx:
        session_insight_request(session=session)
    review = session_review(session, hide_names=_hide_names(request))
    if request.htmx and request.GET.get("fragment") == "progress":
        response = render(request, "classroom/review/session.html#progress", _context(review))
        if review.complete:
            response["HX-Refresh"] = "true"
        return response
    return render(request, "classroom/review/session.html", _context(review, request))


def _context(review, request: HttpRequest | None = None) -> dict:
    session = review.session
    return {
        "review": review,
        "session": session,
        "assignment": session.assignment,
        "classroom": session.assignment.classroom,
        "poll_ms": settings.POLL_INTERVAL_MS,
        "hide_names": request is not None and _hide_names(request),
    }


@require_GET
@teacher_required
def student_review_view(request: HttpRequest, pk: int, seat_pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    seat = _seat_in_session(session, seat_pk)
    people = session_people(session, hide_names=_hide_names(request))
    return render(
        request,
        "classroom/review/student.html",
        {
            "session": session,
            "assignment": session.assignment,
            "person": people[seat.pk],
            "timeline": student_timeline(session, seat, people),
            "marks": HypothesisMark.Mark.choices,
            "hide_names": _hide_names(request),
        },
    )


@require_POST
@teacher_required
def hypothesis_mark_view(request: HttpRequest, pk: int, hypothesis_pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    try:
        hypothesis = Hypothesis.objects.select_related("action__round", "seat").get(
            pk=hypothesis_pk, action__round__table__session=session
        )
    except Hypothesis.DoesNotExist:
        raise Http404 from None
    mark = request.POST.get("mark", "")
    if mark not in {"", *HypothesisMark.Mark.values}:
        return HttpResponse(_("Choose right, partly right or wrong."), status=400)
    hypothesis_mark_set(hypothesis=hypothesis, mark=mark)
    return redirect("classroom:review_student", pk=session.pk, seat_pk=hypothesis.seat_id)


@require_GET
@teacher_required
def round_replay_view(request: HttpRequest, pk: int, round_pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    round_row = _round_in_session(session, round_pk)
    hide = _hide_names(request)
    people = session_people(session, hide_names=hide)
    review = round_review(round_row, people)
    engine = replay_round(round_row)
    # Only Eleusis Express keeps a table of entries; other games (Delphi) are not analysed yet.
    table = getattr(engine.state, "table", [])
    plays = review.plays
    try:
        step = int(request.GET.get("step", "0"))
    except ValueError:
        step = 0
    step = max(0, min(step, len(plays)))
    # The table after `step` plays: every entry before the next play (corrections included).
    end = plays[step]["entry"] if step < len(plays) else len(table)
    history = [
        Attempt(entry.cards[0], entry.accepted)
        for entry in table[:end]
        if entry.kind in ("starter", "play", "correction")
    ]
    # Every play with who made it: the replay names the student ("Ava played 2D").
    shown = [{**play, "person": review.people.get(play["player"])} for play in plays[:step]]
    context = {
        "session": session,
        "assignment": session.assignment,
        "round": round_row,
        "review": review,
        "layout": layout_of(history),
        "step": step,
        "steps": len(plays),
        "current": shown[-1] if shown else None,
        "shown": list(reversed(shown)),
        "hide_names": hide,
        "names_query": "&names=hidden" if hide else "",
    }
    template = "classroom/review/replay.html"
    if request.htmx:
        template += "#stage"
    return render(request, template, context)
