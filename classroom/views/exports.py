"""The review's CSV downloads (teachers only): plays, guesses, the students' measures, and the
key from pseudonyms to nicknames. `?names=pseudonymised` names students "Student 1"... (the
numbers of `key.csv`); without it the teacher's own export uses nicknames. See
`classroom.selectors.exports` for the columns.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from classroom.access import session_for_teacher, teacher_required
from classroom.selectors.exports import (
    GUESS_COLUMNS,
    KEY_COLUMNS,
    PLAY_COLUMNS,
    STUDENT_COLUMNS,
    guess_rows,
    key_rows,
    play_rows,
    student_rows,
    write_rows,
)
from classroom.selectors.review.delphi import (
    DELPHI_COLUMNS,
    delphi_rows,
    delphi_session_report,
)


def _pseudonymised(request: HttpRequest) -> bool:
    return request.GET.get("names") in ("pseudonymised", "hidden")


def _csv(filename: str, columns: Iterable[str], rows: Iterable[Iterable[Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    write_rows(response, columns, rows)
    return response


@require_GET
@teacher_required
def session_plays_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    hidden = _pseudonymised(request)
    suffix = "-pseudonymised" if hidden else ""
    return _csv(
        f"session-{session.pk}-plays{suffix}.csv",
        PLAY_COLUMNS,
        play_rows(session, pseudonymised=hidden),
    )


@require_GET
@teacher_required
def session_guesses_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    hidden = _pseudonymised(request)
    suffix = "-pseudonymised" if hidden else ""
    return _csv(
        f"session-{session.pk}-guesses{suffix}.csv",
        GUESS_COLUMNS,
        guess_rows(session, pseudonymised=hidden),
    )


@require_GET
@teacher_required
def session_students_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    hidden = _pseudonymised(request)
    suffix = "-pseudonymised" if hidden else ""
    return _csv(
        f"session-{session.pk}-students{suffix}.csv",
        STUDENT_COLUMNS,
        student_rows(session, pseudonymised=hidden),
    )


@require_GET
@teacher_required
def session_key_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    return _csv(f"session-{session.pk}-key.csv", KEY_COLUMNS, key_rows(session))


@require_GET
@teacher_required
def session_delphi_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Delphi: one row per card and student (the tokens, the card's verdict, the class's)."""
    session = session_for_teacher(request, pk)
    hidden = _pseudonymised(request)
    suffix = "-pseudonymised" if hidden else ""
    return _csv(
        f"session-{session.pk}-delphi{suffix}.csv",
        DELPHI_COLUMNS,
        delphi_rows(delphi_session_report(session, hide_names=hidden)),
    )
