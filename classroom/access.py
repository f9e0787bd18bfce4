"""Who may see what: one access function per guarded object, used by every view.

"Not found" and "not yours" both raise Http404, so a guess tells nothing.

Teachers are Django users (`teacher_required`). Students are not users: a student's identity is
`request.session[STUDENT_SESSION_KEY]` (a Student id), set when they join or sign in with their
picture password; `current_student(request)` reads it and `student_required` guards a view.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from classroom.live import polled_stamp, shared_read
from classroom.models import Assignment, Classroom, GameSession, Round, Seat, Student, Table
from classroom.selectors.classes import classroom_by_code, student_by_id
from classroom.selectors.games import UNREAD, current_round_of
from classroom.student_session import STUDENT_SESSION_KEY
from classroom.throttle import code_guess_refused
from eleusis.web.access import LOGIN_URL_NAME, teacher_required  # noqa: F401  (re-exported)
from eleusis.web.compiled import CompiledQuery

_CACHE_ATTRIBUTE = "_classroom_current_student"


# Students --------------------------------------------------------------------------------------


def student_sign_in(request: HttpRequest, student: Student) -> None:
    """Make this browser the student's: a new session key (no fixation), the student's id in it."""
    request.session.cycle_key()
    request.session[STUDENT_SESSION_KEY] = student.pk
    setattr(request, _CACHE_ATTRIBUTE, student)


def student_sign_out(request: HttpRequest) -> None:
    request.session.pop(STUDENT_SESSION_KEY, None)
    request.session.cycle_key()
    setattr(request, _CACHE_ATTRIBUTE, None)


def current_student(request: HttpRequest) -> Student | None:
    """The student this browser belongs to, or None. Forgets a student who has been removed."""
    if hasattr(request, _CACHE_ATTRIBUTE):
        return getattr(request, _CACHE_ATTRIBUTE)
    student = None
    session = getattr(request, "session", None)
    student_id = session.get(STUDENT_SESSION_KEY) if session is not None else None
    if isinstance(student_id, int):
        student = student_by_id(student_id=student_id)
    if student is None and session is not None and STUDENT_SESSION_KEY in session:
        del session[STUDENT_SESSION_KEY]
    setattr(request, _CACHE_ATTRIBUTE, student)
    return student


def student_required(view: Callable) -> Callable:
    """Only for a student (sets `request.student`); others are sent to the join page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        student = current_student(request)
        if student is None:
            url = reverse("classroom:join")
            if getattr(request, "htmx", False):
                return HttpResponseClientRedirect(url)
            return redirect(url)
        request.student = student
        return view(request, *args, **kwargs)

    return wrapper


# Guarded objects -------------------------------------------------------------------------------


def classroom_for_teacher(request: HttpRequest, pk: int) -> Classroom:
    """The requesting teacher's class `pk`."""
    if not request.user.is_authenticated:
        raise Http404
    try:
        return Classroom.objects.get(pk=pk, teacher=request.user)
    except Classroom.DoesNotExist:
        raise Http404 from None


def student_for_teacher(request: HttpRequest, pk: int) -> Student:
    """Student `pk`, in one of the requesting teacher's classes."""
    if not request.user.is_authenticated:
        raise Http404
    try:
        return Student.objects.select_related("classroom").get(
            pk=pk, classroom__teacher=request.user
        )
    except Student.DoesNotExist:
        raise Http404 from None


def classroom_for_code(request: HttpRequest, code: str) -> Classroom:
    """The class with this join code (anyone who knows the code may join or sign in).

    A wrong code counts as a guess against the client (see classroom/throttle.py); the view
    checks `code_guesses_blocked(request)` before calling this.
    """
    classroom = classroom_by_code(code=code)
    if classroom is None:
        code_guess_refused(request)
        raise Http404
    return classroom


def student_for_signin(request: HttpRequest, code: str, pk: int) -> Student:
    """Student `pk` of the class with this join code: whose pictures may be tried."""
    classroom = classroom_for_code(request, code)
    try:
        return Student.objects.select_related("classroom").get(pk=pk, classroom=classroom)
    except Student.DoesNotExist:
        raise Http404 from None


def classroom_for_student(request: HttpRequest) -> Classroom:
    """The signed-in student's own class."""
    student = current_student(request)
    if student is None:
        raise Http404
    return student.classroom


# Games -----------------------------------------------------------------------------------------


def _teacher(request: HttpRequest):
    if not request.user.is_authenticated:
        raise Http404
    return request.user


def assignment_for_teacher(request: HttpRequest, pk: int) -> Assignment:
    try:
        return Assignment.objects.select_related("classroom").get(
            pk=pk, classroom__teacher=_teacher(request)
        )
    except Assignment.DoesNotExist:
        raise Http404 from None


def session_for_teacher(request: HttpRequest, pk: int) -> GameSession:
    try:
        return GameSession.objects.select_related("assignment__classroom").get(
            pk=pk, assignment__classroom__teacher=_teacher(request)
        )
    except GameSession.DoesNotExist:
        raise Http404 from None


def seat_for_teacher(request: HttpRequest, pk: int) -> Seat:
    try:
        return Seat.objects.select_related("table__session__assignment__classroom", "student").get(
            pk=pk, table__session__assignment__classroom__teacher=_teacher(request)
        )
    except Seat.DoesNotExist:
        raise Http404 from None


def table_for_teacher(request: HttpRequest, pk: int) -> Table:
    try:
        return Table.objects.select_related("session__assignment__classroom").get(
            pk=pk, session__assignment__classroom__teacher=_teacher(request)
        )
    except Table.DoesNotExist:
        raise Http404 from None


def session_for_student(request: HttpRequest, pk: int) -> GameSession:
    """A live session of the signed-in student's class."""
    student = current_student(request)
    if student is None:
        raise Http404
    try:
        return GameSession.objects.select_related("assignment").get(
            pk=pk,
            assignment__classroom_id=student.classroom_id,
            assignment__mode=Assignment.Mode.LIVE,
        )
    except GameSession.DoesNotExist:
        raise Http404 from None


def assignment_for_student(request: HttpRequest, pk: int) -> Assignment:
    student = current_student(request)
    if student is None:
        raise Http404
    try:
        return Assignment.objects.get(pk=pk, classroom_id=student.classroom_id)
    except Assignment.DoesNotExist:
        raise Http404 from None


def seat_for_student(request: HttpRequest, table_pk: int) -> Seat:
    """The signed-in student's seat at table `table_pk` (with its table and session)."""
    student = current_student(request)
    if student is None:
        raise Http404
    try:
        return Seat.objects.select_related("table__session__assignment", "student").get(
            table_id=table_pk, student=student
        )
    except Seat.DoesNotExist:
        raise Http404 from None


class Seated(NamedTuple):
    """The signed-in student's seat at a table, and every seat of that table by position (the
    student's own among them), each with its student. `round_row`: the table's current round
    (None: none yet) when it was read with the seats, else `UNREAD`."""

    seat: Seat
    seats: list[Seat]
    round_row: Any = UNREAD  # a Round, None or UNREAD


# Every poll that finds a change and every play read this: its SQL is compiled once. The
# table's page and its moves never show when anything was created, started, ended or due:
# those columns are not read (a row each per seat, and parsing times is a good part of turning
# the rows into objects).
_UNSHOWN = (
    "student__created_at",
    "table__session__created_at",
    "table__session__started_at",
    "table__session__ended_at",
    "table__session__assignment__created_at",
    "table__session__assignment__due_at",
)
_table_seats = CompiledQuery(
    lambda table_id: (
        Seat.objects.filter(table_id=table_id)
        .select_related("student", "table__session__assignment")
        .defer(*_UNSHOWN)
        .order_by("position")
    )
)


def student_seat_required(view: Callable) -> Callable:
    """`student_required` and `seat_for_student` in one query, for the views of a student's own
    table (a class polls them every two seconds): the view is called as `view(request, seated)`
    with a `Seated`; the seat comes with its table, session and assignment, and
    `request.student` is set. Not seated at that table: Http404; not (or no longer) a student:
    to the join page, as `student_required` says."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int) -> HttpResponse:
        session = getattr(request, "session", None)
        student_id = session.get(STUDENT_SESSION_KEY) if session is not None else None
        if isinstance(student_id, int):
            seats, round_row = _table_rows(request, pk)
            seat = next((s for s in seats if s.student_id == student_id), None)
            if seat is not None:
                setattr(request, _CACHE_ATTRIBUTE, seat.student)
                request.student = seat.student
                return view(request, Seated(seat, seats, round_row))
        return _unseated(request, pk)

    return wrapper


def _table_rows(request: HttpRequest, pk: int) -> tuple[list[Seat], Any]:
    """The table's seats; for a poll that found a change, its current round too, and both
    shared with the other polls that find the same change (`classroom.live.shared_read`). Who
    is seated is still decided on these rows, for each request."""
    stamp = polled_stamp(request, pk)
    if stamp is None:
        return _one_table(_table_seats(pk)), UNREAD
    return shared_read("rows", pk, stamp, lambda: _with_round(_one_table(_table_seats(pk)), pk))


def _one_table(seats: list[Seat]) -> list[Seat]:
    """The seats with one table object between them, as the views and templates expect (and
    pickled once, with its session and assignment, where the rows are shared)."""
    for seat in seats[1:]:
        seat.table = seats[0].table
    return seats


def _with_round(seats: list[Seat], pk: int) -> tuple[list[Seat], Round | None]:
    round_row = current_round_of(pk)
    if round_row is not None and seats:
        round_row.table = seats[0].table  # as `table.rounds` gives it
    return seats, round_row


@student_required
def _unseated(request: HttpRequest, pk: int) -> HttpResponse:
    # A student, but not at this table (or a student removed since: student_required sent them
    # to the join page before this line).
    raise Http404
