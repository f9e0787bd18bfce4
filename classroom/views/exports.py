"""The review's CSV downloads (teachers only): plays, guesses, the students' measures, and the
key from pseudonyms to nicknames. `?names=pseudonymised` names students "Student 1"... (the
numbers of `key.csv`); without it the teacher's own export uses nicknames. See
`classroom.selectors.exports` for the columns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from classroom.access import session_for_teacher, teacher_required
from classroom.games import delphi
from classroom.models import GameSession
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

Rows = Callable[[GameSession, bool], Iterable[Mapping[str, Any]]]


def _csv(filename: str, columns: Iterable[str], rows: Iterable[Mapping[str, Any]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    write_rows(response, columns, rows)
    return response


def _export(
    request: HttpRequest, pk: int, name: str, columns: Iterable[str], rows: Rows
) -> HttpResponse:
    """The session's `name` file, `session-<pk>-<name>[-pseudonymised].csv`, with students
    named by pseudonym when the query asks for it."""
    session = session_for_teacher(request, pk)
    hidden = request.GET.get("names") in ("pseudonymised", "hidden")
    suffix = "-pseudonymised" if hidden else ""
    return _csv(f"session-{session.pk}-{name}{suffix}.csv", columns, rows(session, hidden))


@require_GET
@teacher_required
def session_plays_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return _export(
        request, pk, "plays", PLAY_COLUMNS, lambda s, hidden: play_rows(s, pseudonymised=hidden)
    )


@require_GET
@teacher_required
def session_guesses_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return _export(
        request, pk, "guesses", GUESS_COLUMNS, lambda s, hidden: guess_rows(s, pseudonymised=hidden)
    )


@require_GET
@teacher_required
def session_students_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return _export(
        request,
        pk,
        "students",
        STUDENT_COLUMNS,
        lambda s, hidden: student_rows(s, pseudonymised=hidden),
    )


@require_GET
@teacher_required
def session_key_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Pseudonym → nickname: the file that undoes the pseudonyms, so never pseudonymised."""
    session = session_for_teacher(request, pk)
    return _csv(f"session-{session.pk}-key.csv", KEY_COLUMNS, key_rows(session))


@require_GET
@teacher_required
def session_delphi_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Delphi: one row per card and student (the tokens, the card's verdict, the class's)."""
    return _export(
        request,
        pk,
        delphi.GAME.id,
        DELPHI_COLUMNS,
        lambda s, hidden: delphi_rows(delphi_session_report(s, hide_names=hidden)),
    )
