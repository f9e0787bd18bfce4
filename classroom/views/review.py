"""The review after class (teachers only): a session's overview (the class summary, the class's
ideas grouped by meaning, discussion prompts, the students × plays grid, each round's chart
folded away), one student's timeline, a replay of a round, the teacher's marks on free text
(one sentence, or every sentence alike at once), and the Delphi report (the CSV exports are in
`classroom.views.exports`).

The pages read stored results (`RoundInsight`); opening the overview asks for any missing or
stale round to be computed, and while that runs a progress bar polls until it is done. Every
page takes `?names=hidden` (pseudonyms, for projecting) and keeps it in its links.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from classroom.access import session_for_teacher, teacher_required
from classroom.games import web_game
from classroom.models import GameSession, Hypothesis, HypothesisMark, Round, Seat
from classroom.parsing import parse_int
from classroom.selectors.review import (
    SORT_KEYS,
    chart_round,
    delphi_session_report,
    is_delphi,
    round_review,
    session_people,
    session_review,
    sort_students,
    student_timeline,
)
from classroom.selectors.review.aggregate import legend
from classroom.selectors.review.data import ANALYSED_VARIANTS, PlayOnPage
from classroom.selectors.review.delphi import DELPHI_VARIANTS
from classroom.selectors.review.ideas import relation, verdicts
from classroom.selectors.review.turns import round_replay, session_turns_review, student_turns
from classroom.selectors.rounds import engine_round, replay_round
from classroom.services.review import (
    hypotheses_mark_alike,
    hypothesis_mark_set,
    session_insight_request,
)
from eleusis.engine.history import Attempt
from eleusis.engine.insight import catalog
from eleusis.engine.insight.candidates import resolve
from eleusis.engine.variants.base import layout_of


def _hide_names(request: HttpRequest) -> bool:
    return request.GET.get("names") == "hidden"


def _names_query(request: HttpRequest) -> str:
    return "names=hidden" if _hide_names(request) else ""


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


def _base_context(request: HttpRequest, session: GameSession) -> dict[str, Any]:
    return {
        "session": session,
        "assignment": session.assignment,
        "classroom": session.assignment.classroom,
        "hide_names": _hide_names(request),
        "names_query": _names_query(request),
    }


@require_GET
@teacher_required
def session_review_view(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    if is_delphi(session):
        return _delphi_review(request, session)
    if not web_game(session.assignment.variant).analysed:
        return _turns_review(request, session)
    if not request.htmx:
        session_insight_request(session=session, variants=ANALYSED_VARIANTS)
    review = session_review(session, hide_names=_hide_names(request))
    context = {
        **_base_context(request, session),
        "review": review,
        "poll_ms": settings.POLL_INTERVAL_MS,
    }
    if request.htmx and request.GET.get("fragment") == "progress":
        response = render(request, "classroom/review/session.html#progress", context)
        if review.complete:
            response["HX-Refresh"] = "true"
        return response
    direction = request.GET.get("dir")
    students, sort, descending = sort_students(
        review.students, request.GET.get("sort", ""), None if not direction else direction == "desc"
    )
    for item in review.rounds:
        chart_round(item)
    shown = [key for key in SORT_KEYS.values() if key.name != "name"]
    for student in students:
        student.values = [(key.name, key.display(student)) for key in shown]
    context.update(
        {
            "students": students,
            "sort": sort,
            "descending": descending,
            "sort_links": _sort_links(request, sort, descending),
            "legend": legend(),
            "shown": {measure.id: measure.shown for measure in catalog.MEASURES},
            "marks": HypothesisMark.Mark.choices,
        }
    )
    return render(request, "classroom/review/session.html", context)


def _sort_links(request: HttpRequest, sort: str, descending: bool) -> list[dict[str, Any]]:
    """A link per measure: sorting by it in its natural order, or the other way round when the
    grid is already sorted by it."""
    links = []
    for key in SORT_KEYS.values():
        down = (not descending) if key.name == sort else key.descending
        query = {"sort": key.name, "dir": "desc" if down else "asc"}
        if _hide_names(request):
            query["names"] = "hidden"
        links.append(
            {
                "name": key.name,
                "label": key.label,
                "href": f"?{urlencode(query)}#grid",
                "current": key.name == sort,
                "descending": descending if key.name == sort else None,
            }
        )
    return links


def _turns_review(request: HttpRequest, session: GameSession) -> HttpResponse:
    """A game the insight does not read: its replay first, the scores over the rounds, the
    predictions, and which measures do not apply."""
    people = session_people(session, hide_names=_hide_names(request))
    review = session_turns_review(session, people)
    context = {**_base_context(request, session), "review": review}
    if review.first is not None:
        context.update(_replay_context(request, session, review.first, people, step=0))
    return render(request, "classroom/review/turns.html", context)


def _replay_context(request, session, round_row, people, *, step: int) -> dict[str, Any]:
    replay = round_replay(round_row, people, step)
    return {
        "round": round_row,
        "layout": replay.layout,
        "step": replay.step,
        "steps": replay.steps,
        "current": replay.current,
        "shown": replay.shown,
        "replay_url": reverse("classroom:review_replay", args=[session.pk, round_row.pk]),
        "names_query": "&names=hidden" if _hide_names(request) else "",
        # Stepped inside the session's review: the address stays the review's.
        "embedded": request.GET.get("embedded") == "1",
    }


def _delphi_review(request: HttpRequest, session: GameSession) -> HttpResponse:
    report = delphi_session_report(session, hide_names=_hide_names(request))
    return render(
        request,
        "classroom/review/delphi.html",
        {**_base_context(request, session), "report": report},
    )


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
            **_base_context(request, session),
            "person": people[seat.pk],
            "timeline": student_timeline(session, seat, people),
            "turns": student_turns(session, seat),
            "marks": HypothesisMark.Mark.choices,
        },
    )


def _back(request: HttpRequest, url: str, anchor: str = "") -> HttpResponse:
    query = _names_query(request) if request.POST.get("names") != "hidden" else "names=hidden"
    return redirect(url + (f"?{query}" if query else "") + anchor)


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
    return _back(
        request,
        reverse("classroom:review_student", args=[session.pk, hypothesis.seat_id]),
    )


def _secret_text(session: GameSession) -> str:
    text = session.assignment.rule_text
    if text:
        return text
    first = Round.objects.filter(table__session=session).order_by("pk").first()
    return first.rule_text if first else ""


@require_POST
@teacher_required
def ideas_mark_view(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Mark all like this": every free-text hypothesis of the session with the same words gets
    the mark, or is read as one of the class's checkable ideas ("same as")."""
    session = session_for_teacher(request, pk)
    words = request.POST.get("words", "").strip()
    mark = request.POST.get("mark", "")
    same_as = request.POST.get("same_as", "").strip()
    rule = request.POST.get("rule", "").strip()  # the group's rule: marks apply under it only
    if not words or len(words) > 2000:
        return HttpResponse(_("Say which words to mark."), status=400)
    if mark == "same" and not same_as:
        return HttpResponse(_("Choose one of the class's ideas."), status=400)
    if same_as:
        secret = rule or _secret_text(session)
        says = verdicts(secret, same_as) if resolve(same_as) is not None else None
        truth = verdicts(secret, secret) if secret else None
        if says is None or truth is None:
            return HttpResponse(_("Choose one of the class's ideas."), status=400)
        mark = "right" if relation(says, truth) == "rule" else "wrong"
    elif mark not in {"", *HypothesisMark.Mark.values}:
        return HttpResponse(_("Choose right, partly right or wrong."), status=400)
    count = hypotheses_mark_alike(
        session=session, words=words, mark=mark, reads_as=same_as, rule_text=rule or None
    )
    if not count:
        return HttpResponse(_("No sentence of this session has these words."), status=400)
    messages.success(
        request,
        _("%(count)s sentences marked. The measures are being computed again.") % {"count": count},
    )
    return _back(request, reverse("classroom:review_session", args=[session.pk]), "#free-text")


@require_GET
@teacher_required
def round_replay_view(request: HttpRequest, pk: int, round_pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    round_row = _round_in_session(session, round_pk)
    hide = _hide_names(request)
    people = session_people(session, hide_names=hide)
    if round_row.variant in DELPHI_VARIANTS:
        return _delphi_replay(request, session, round_row, people)
    if not web_game(round_row.variant).analysed:
        context = {
            **_base_context(request, session),
            **_replay_context(request, session, round_row, people, step=_step(request, 10_000)),
        }
        template = "classroom/review/replay.html" + ("#stage" if request.htmx else "")
        return render(request, template, context)
    review = round_review(round_row, people)
    engine = replay_round(round_row)
    table = getattr(engine.state, "table", [])
    plays = review.plays
    step = _step(request, len(plays))
    # The table after `step` plays: every entry before the next play (corrections included).
    end = plays[step].entry if step < len(plays) else len(table)
    history = [
        Attempt(entry.cards[0], entry.accepted)
        for entry in table[:end]
        if entry.kind in ("starter", "play", "correction")
    ]
    # Every play with who made it: the replay names the student ("Ava played 2D").
    shown = [PlayOnPage(play, review.people.get(play.player)) for play in plays[:step]]
    context = {
        **_base_context(request, session),
        "round": round_row,
        "review": review,
        "layout": layout_of(history),
        "step": step,
        "steps": len(plays),
        "current": shown[-1] if shown else None,
        "shown": list(reversed(shown)),
        "names_query": "&names=hidden" if hide else "",
    }
    template = "classroom/review/replay.html"
    if request.htmx:
        template += "#stage"
    return render(request, template, context)


def _step(request: HttpRequest, steps: int) -> int:
    step = parse_int(request.GET.get("step", "0")) or 0
    return max(0, min(step, steps))


def _delphi_replay(
    request: HttpRequest, session: GameSession, round_row: Round, people
) -> HttpResponse:
    from classroom.selectors.review.delphi import delphi_report

    report = delphi_report(round_row, people)
    step = _step(request, len(report.cards))
    history = list(engine_round(round_row).dealer_view().history)[: step + 1]
    context = {
        **_base_context(request, session),
        "round": round_row,
        "report": report,
        "layout": layout_of(history),
        "step": step,
        "steps": len(report.cards),
        "current": report.cards[step - 1] if step else None,
        "names_query": "&names=hidden" if _hide_names(request) else "",
    }
    template = "classroom/review/delphi_replay.html"
    if request.htmx:
        template += "#stage"
    return render(request, template, context)
