"""The teacher's side of games: assigning a game, the lobby and seating, and the live view of
every table with the controls a dealer needs (verdicts on guesses, hints, pause, end, reveal,
next round).

Every page polls with the session's change stamp, so an idle poll answers 204 from one cache
read. Every control is a POST form that works without JavaScript and swaps the live view in
place with htmx. An action the engine refuses comes back as a message, never a 500.

Why one long module: every control of the live view answers with the same polled fragment and
the same refusal handling; it is next to be split per game when each game gets its own web
module (issue 15's registry).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classroom.access import (
    assignment_for_teacher,
    classroom_for_teacher,
    seat_for_teacher,
    session_for_teacher,
    table_for_teacher,
    teacher_required,
)
from classroom.delphi_forms import RevealForm
from classroom.game_forms import GuessVerdictForm, HintForm
from classroom.games import web_game
from classroom.games import whole_class as is_whole_class
from classroom.live import session_stamp
from classroom.models import Assignment, GameSession, Seat, Table
from classroom.refusals import end_reason_label, refusal_message
from classroom.secret_rules import secret_rule
from classroom.selectors.games import (
    SeatInfo,
    TableSummary,
    current_round,
    hint_refusal,
    next_dealer_name,
    session_hypotheses,
    session_tables,
)
from classroom.services.delphi import StaleCardError, delphi_reveal
from classroom.services.games import (
    GAME_OVER,
    MAX_TABLE,
    RULE_REVEALED,
    SESSION_FINISHED,
    STUDENT_DEALS,
    STUDENTS_CANNOT_DEAL,
    SeatingError,
    assignment_create,
    late_arrival_seat,
    late_arrivals,
    next_library_rule,
    plan_tables,
    revealed_rules,
    seat_remove,
    session_finish,
    session_open,
    session_seat,
    session_set_paused,
    session_start,
    table_next_round,
)
from classroom.services.rounds import action_key, round_act, round_reveal, table_set_paused
from classroom.teach_forms import (
    AssignmentForm,
    ManualSeatingForm,
    NextRoundForm,
    PausedForm,
    RoundForm,
    library_choices,
    rule_check,
    rule_error_message,
)
from classroom.titles import neutral_title
from eleusis.engine.cards import Card
from eleusis.engine.rules import LIBRARY, Hint, RuleSyntaxError, suggest_hints
from eleusis.engine.rules.explain import all_phrases as explain_phrases
from eleusis.engine.rules.hints import PHRASES as HINT_PHRASES
from eleusis.engine.variants import (
    DealerHint,
    End,
    EndReason,
    IllegalActionError,
    SkipTurn,
    Verdict,
)
from eleusis.web.htmx import refusal_status
from eleusis.web.rule_check import rule_check_response

SEATING_METHODS = ("random", "arrival", "manual")


# Assignments ------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@teacher_required
def assignment_create_view(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = classroom_for_teacher(request, pk)
    # `?library_rule=<id>` (from the lessons' library) starts the form on that rule.
    chosen = request.GET.get("library_rule", "")
    number = classroom.assignments.count() + 1
    initial = (
        {
            "library_rule": chosen,
            "title": neutral_title(number=number, difficulty=LIBRARY[chosen].difficulty),
        }
        if chosen in LIBRARY
        else {}
    )
    form = AssignmentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        library = LIBRARY.get(data["library_rule_id"])
        title = data["title"].strip() or neutral_title(
            number=number, difficulty=library.difficulty if library else ""
        )
        try:
            assignment = assignment_create(
                classroom=classroom,
                title=title,
                variant=data["variant"],
                rule_text=data["rule"],
                library_rule_id=data["library_rule_id"],
                students_deal=data["rule_source"] == Assignment.RuleSource.STUDENTS,
                config=form.config(),
                table_size=data["table_size"],
                game_rounds=data.get("game_rounds") or 0,
                hypothesis_policy=data["hypothesis_policy"],
                hypothesis_every=data["hypothesis_every"],
                prediction_required=data["prediction_required"],
                mode=data["mode"],
                due_at=data["due_at"],
            )
        except ValueError as error:  # the engine's check of the settings, or full_clean
            form.add_error(
                None, _("These settings cannot be played: %(reason)s") % {"reason": error}
            )
        else:
            messages.success(
                request, _("Assignment “%(title)s” created.") % {"title": assignment.title}
            )
            return redirect("classroom:assignment_detail", pk=assignment.pk)
    status = 400 if request.method == "POST" else 200
    check = rule_check(form.data.get("rule_text", "")) if form.is_bound else None
    return render(
        request,
        "classroom/teach/assignment_form.html",
        {"classroom": classroom, "form": form, "check": check},
        status=status,
    )


@require_POST
@teacher_required
def rule_check_view(request: HttpRequest) -> HttpResponse:
    """The rule editor's live check: explanation and warnings, or where the error is."""
    return rule_check_response(request)


@require_GET
@teacher_required
def assignment_detail(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_teacher(request, pk)
    library = LIBRARY.get(assignment.library_rule_id) if assignment.library_rule_id else None
    return render(
        request,
        "classroom/teach/assignment_detail.html",
        {
            "assignment": assignment,
            "classroom": assignment.classroom,
            "library_rule": library,
            "explanation": rule_check(assignment.rule_text).explanation,
            "sessions": assignment.sessions.all(),
        },
    )


# Sessions: lobby, seating, start ----------------------------------------------------------------


@require_POST
@teacher_required
def session_open_view(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_teacher(request, pk)
    if assignment.mode != Assignment.Mode.LIVE:
        messages.error(request, _("Solo practice has no live session: students start it alone."))
        return redirect("classroom:assignment_detail", pk=assignment.pk)
    session = session_open(assignment=assignment)
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
    return None if is_whole_class(session.assignment.variant) else MAX_TABLE


def _polled(
    request: HttpRequest, session: GameSession, fragment: str, context: Callable[..., dict]
) -> HttpResponse:
    """A page the teacher keeps open: 204 when the session has not changed since the stamp the
    poll carries, else the fragment (htmx) or the whole page."""
    if request.htmx and request.GET.get("stamp") == session_stamp(session.pk):
        return HttpResponse(status=204)
    template = fragment if request.htmx else fragment.split("#")[0]
    return render(request, template, context(session))


@require_GET
@teacher_required
def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    return _polled(request, session, "classroom/teach/session_detail.html#lobby", _lobby_context)


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
        return _lobby_error(request, session, _seating_message(error), status=409)
    messages.success(request, _("Students seated. Check the tables, then start."))
    return redirect("classroom:session_detail", pk=session.pk)


def _seating_message(error: Exception) -> str:
    text = str(error)
    known = {
        "the session has started: its tables are set": _(
            "The session has started: its tables are set."
        ),
        "no tables given": _("Nobody is in the lobby to seat."),
        "seat the students at tables first": _("Seat the students at tables first."),
        "the session has already started": _("The session has already started."),
    }
    return known.get(text, _("Seating is not possible: %(reason)s") % {"reason": text})


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
        return _lobby_error(request, session, _seating_message(error), status=409)
    except ValueError as error:  # the engine cannot deal for a table this size
        return _lobby_error(
            request,
            session,
            _("The game cannot start: %(reason)s") % {"reason": error},
            status=409,
        )
    return redirect("classroom:session_live", pk=session.pk)


# The live view ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LiveSeat:
    info: SeatInfo
    hand: tuple[Card, ...]
    seat: Seat | None = None


@dataclass(frozen=True)
class LiveTable:
    """A table on the live view: its summary, each seat with its hand, and the pending guess's
    author."""

    summary: TableSummary
    seats: list[LiveSeat]
    guesser: SeatInfo | None

    @property
    def end_reason(self) -> str:
        """Why the round ended, in the teacher's language."""
        view = self.summary.view
        return end_reason_label(view.end_reason if view else None)

    @property
    def turn_seat(self) -> SeatInfo | None:
        """Whose move play waits for (to skip them when they are away)."""
        return next((seat.info for seat in self.seats if seat.info.is_turn), None)

    @property
    def waiting_for_hint(self) -> list[SeatInfo]:
        view = self.summary.view
        wanted = set(view.hint_requests) if view else set()
        return [seat.info for seat in self.seats if seat.info.position in wanted]

    @property
    def suggested_hints(self) -> list[Hint]:
        """The app's hints for this round's rule that the table has not been given yet, the
        vaguest first (only the teacher's page shows them: the last one is the rule)."""
        view, round_row = self.summary.view, self.summary.round
        if view is None or round_row is None or view.over:
            return []
        given = set(getattr(view, "hints", ()))
        hints = rule_hints(translation.get_language(), round_row.rule_text)
        return [hint for hint in hints if hint.text not in given]


HINT_MAX_LENGTH = HintForm.base_fields["text"].max_length or 300


@lru_cache(maxsize=256)
def rule_hints(language: str | None, rule_text: str) -> tuple[Hint, ...]:
    """The hints suggested for a rule in `language` (the engine's phrases through the catalogs,
    the explanation of level 4 too), as many as a dealer's hint can hold; computed once
    per language, rule and process (level 3 analyses the rule)."""
    try:
        rule = secret_rule(rule_text)
    except RuleSyntaxError:
        return ()
    with translation.override(language):
        phrases = {key: _(value) for key, value in HINT_PHRASES.items()}
        explained = {text: _(text) for text in explain_phrases()}
    hints = suggest_hints(rule, phrases=phrases, explain_phrases=explained)
    return tuple(hint for hint in hints if len(hint.text) <= HINT_MAX_LENGTH)


def live_tables(session: GameSession) -> list[LiveTable]:
    tables = []
    for summary in session_tables(session=session):
        hands = summary.view.hands if summary.view else ()
        round_row = summary.round
        # The engine numbers the players from the dealing student's left: a seat's position is
        # its player number only when the app deals.
        players = {
            info.position: (
                (round_row.player_of(info.position) if round_row.seated(info.position) else None)
                if round_row
                else info.position
            )
            for info in summary.seats
        }
        rows = {seat.position: seat for seat in summary.table.seats.all()}
        seats = [
            LiveSeat(
                info,
                hands[player] if player is not None and player < len(hands) else (),
                rows.get(info.position),
            )
            for info in summary.seats
            for player in [players[info.position]]
        ]
        pending = summary.pending_guess
        guesser = next(
            (
                info
                for info in summary.seats
                if pending is not None and players[info.position] == pending.player
            ),
            None,
        )
        tables.append(LiveTable(summary, seats, guesser))
    return tables


def _live_context(session: GameSession, **extra) -> dict:
    game = web_game(session.assignment.variant)
    return {
        # Read before the state it stamps: a change committed in between then costs one more
        # render, instead of a page that shows the old state under the new stamp for good.
        "stamp": session_stamp(session.pk),
        "session": session,
        "assignment": session.assignment,
        "classroom": session.assignment.classroom,
        "tables": game.live_tables(session=session),
        "table_template": game.live_template,
        "sections": game.sections_template,
        "hypotheses": session_hypotheses(session=session),
        "next_rule_choices": library_choices()[1:],
        "students_can_deal": game.express_settings,
        "late": late_arrivals(session=session) if session.status != "lobby" else [],
        "free_tables": [
            table
            for table in session.tables.order_by("number")
            if not is_whole_class(session.assignment.variant) and table.seats.count() < MAX_TABLE
        ],
        "poll_ms": settings.POLL_INTERVAL_MS,
        # The hint forms' idempotency key: new with every rendering, the same for both requests
        # of a double click on one.
        "hint_key": uuid.uuid4().hex,
        **extra,
    }


def _live_response(
    request: HttpRequest, session: GameSession, message: str = "", *, ok: bool = True, status=200
) -> HttpResponse:
    """After a control: the live view (its fragment for htmx) with what happened."""
    if request.htmx:
        return render(
            request,
            "classroom/teach/session_live.html#live",
            _live_context(session, message=message, message_ok=ok),
        )  # 200 even for a refusal: htmx swaps only 2xx (eleusis/web/htmx.py)
    if ok:
        if message:
            messages.success(request, message)
        return redirect("classroom:session_live", pk=session.pk)
    return render(
        request,
        "classroom/teach/session_live.html",
        _live_context(session, message=message, message_ok=ok),
        status=status,
    )


@require_GET
@teacher_required
def session_live(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    return _polled(request, session, "classroom/teach/session_live.html#live", _live_context)


@require_POST
@teacher_required
def session_finish_view(request: HttpRequest, pk: int) -> HttpResponse:
    """End every round still being played and close the session; the live view then links to
    the review."""
    session = session_for_teacher(request, pk)
    session_finish(session=session)
    session.refresh_from_db()
    return _live_response(request, session, _("The session is finished: every round has ended."))


@require_POST
@teacher_required
def session_pause_view(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_teacher(request, pk)
    form = PausedForm(request.POST)
    if not form.is_valid():
        return _live_response(request, session, _("Pause or resume?"), ok=False, status=400)
    paused = form.cleaned_data["paused"]
    session_set_paused(session=session, paused=paused)
    session.refresh_from_db()
    return _live_response(
        request, session, _("Every table is paused.") if paused else _("Every table plays on.")
    )


def _table_round(request: HttpRequest, table: Table):
    """The round a control was shown for, when it is still the table's current one."""
    form = RoundForm(request.POST)
    if not form.is_valid():
        return None, _("This control names no round."), 400
    round_row = current_round(table=table)
    if round_row is None or round_row.pk != form.cleaned_data["round"]:
        return (
            None,
            _("%(table)s has moved on to another round: have a look again.") % {"table": table},
            409,
        )
    return round_row, "", 200


@require_POST
@teacher_required
def table_pause_view(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = PausedForm(request.POST)
    if not form.is_valid():
        return _live_response(request, table.session, _("Pause or resume?"), ok=False, status=400)
    paused = form.cleaned_data["paused"]
    with transaction.atomic():
        table_set_paused(table=table, paused=paused)
    message = _("%(table)s is paused.") if paused else _("%(table)s plays on.")
    return _live_response(request, table.session, message % {"table": table})


def _act(
    request: HttpRequest, table: Table, action, done: str, *, key: str = "", again: str = ""
) -> HttpResponse:
    """Apply the teacher's `action` to the table's round; `key`: the page's idempotency key,
    and `again` the message when that key was used already (the action is not applied twice)."""
    round_row, error, status = _table_round(request, table)
    if round_row is None:
        return _live_response(request, table.session, error, ok=False, status=status)
    try:
        result = round_act(round_id=round_row.pk, action=action, seat=None, idempotency_key=key)
        if result.duplicate and again:
            return _live_response(request, table.session, again % {"table": table})
    except IllegalActionError as refusal:
        return _live_response(
            request,
            table.session,
            _("%(table)s: %(reason)s") % {"table": table, "reason": refusal_message(refusal)},
            ok=False,
            status=409,
        )
    return _live_response(request, table.session, done % {"table": table})


@require_POST
@teacher_required
def table_end_round(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    return _act(request, table, End(reason=EndReason.TEACHER), _("%(table)s: round ended."))


@require_POST
@teacher_required
def table_hint(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = HintForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("Write the hint first."), ok=False, status=400
        )
    text, key = form.cleaned_data["text"].strip(), form.cleaned_data["key"]
    again = _("%(table)s: that hint was sent already, once.")
    round_row = current_round(table=table)
    used = round_row and key and round_row.actions.filter(idempotency_key=action_key(None, key))
    if used and used.exists():
        return _live_response(request, table.session, again % {"table": table})
    if refusal := hint_refusal(round_row):
        message = _("%(table)s: no hint sent. %(reason)s") % {"table": table, "reason": refusal}
        return _live_response(request, table.session, message, ok=False, status=409)
    return _act(
        request, table, DealerHint(text=text), _("%(table)s: hint sent."), key=key, again=again
    )


@require_POST
@teacher_required
def table_skip(request: HttpRequest, pk: int) -> HttpResponse:
    """Move play past a student who is away: if they are deciding whether to guess, they
    pass; otherwise their turn passes."""
    table = table_for_teacher(request, pk)
    return _act(request, table, SkipTurn(), _("%(table)s: the student is skipped."))


@require_POST
@teacher_required
def table_verdict(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = GuessVerdictForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("Say whether the guess is right."), ok=False, status=400
        )
    correct = form.cleaned_data["correct"]
    done = (
        _("%(table)s: guess accepted, the round is over.")
        if correct
        else _("%(table)s: guess rejected, play goes on.")
    )
    return _act(request, table, Verdict(correct=correct), done)


@require_POST
@teacher_required
def table_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    round_row, error, status = _table_round(request, table)
    if round_row is None:
        return _live_response(request, table.session, error, ok=False, status=status)
    try:
        round_reveal(round_id=round_row.pk)
    except IllegalActionError:
        return _live_response(
            request,
            table.session,
            _("%(table)s: end the round before revealing its rule.") % {"table": table},
            ok=False,
            status=409,
        )
    return _live_response(request, table.session, _("%(table)s: rule revealed.") % {"table": table})


NEXT_ROUND_REFUSALS = {
    GAME_OVER: gettext_lazy("%(table)s: the game is over; every round of it has been played."),
    SESSION_FINISHED: gettext_lazy("%(table)s: the session is finished, no new round is dealt."),
    STUDENT_DEALS: gettext_lazy(
        "%(table)s: the students deal in this game; the next dealer writes the next rule."
    ),
    STUDENTS_CANNOT_DEAL: gettext_lazy("%(table)s: in this game the app deals the cards."),
    RULE_REVEALED: gettext_lazy(
        "%(table)s: that rule was revealed. Choose the next rule: from the library, your own, "
        "or the next one in the list."
    ),
}


def _next_rule_text(table: Table, choice: str, written: str) -> tuple[str | None, str]:
    """The rule the teacher chose for the next round (None: the same again, or the students
    deal), or why not."""
    if choice in ("same", "students"):
        return None, ""
    if choice == "written":
        try:
            secret_rule(written)
        except RuleSyntaxError as error:
            return "", _("%(table)s: your rule has a mistake (%(reason)s).") % {
                "table": table,
                "reason": rule_error_message(error),
            }
        return written.strip(), ""
    if choice == "list":
        current = current_round(table=table)
        after = current.rule_text if current else table.session.assignment.rule_text
        entry = next_library_rule(after=after, excluded=revealed_rules(session=table.session))
        if entry is None:
            return "", _("%(table)s: every library rule was revealed.") % {"table": table}
        return entry.text, ""
    return LIBRARY[choice.removeprefix("library:")].text, ""


@require_POST
@teacher_required
def table_next_round_view(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = NextRoundForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("Choose the rule of the next round."), ok=False, status=400
        )
    rule_text, error = _next_rule_text(
        table, form.cleaned_data["next_rule"], form.cleaned_data["rule_text"]
    )
    if error:
        return _live_response(request, table.session, error, ok=False, status=400)
    students = form.cleaned_data["next_rule"] == "students"
    try:
        table_next_round(table=table, rule_text=rule_text, students_deal=students)
    except IllegalActionError as refusal:
        message = NEXT_ROUND_REFUSALS.get(
            str(refusal), gettext_lazy("%(table)s: the round is still being played. End it first.")
        )
        return _live_response(
            request, table.session, str(message) % {"table": table}, ok=False, status=409
        )
    if students:
        dealer = next_dealer_name(table=table)
        message = _("%(table)s: the students deal now, in turn; %(name)s writes the next rule.")
        return _live_response(request, table.session, message % {"table": table, "name": dealer})
    return _live_response(
        request, table.session, _("%(table)s: new round dealt.") % {"table": table}
    )


@require_POST
@teacher_required
def table_reveal_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Delphi: place the card on show now, without waiting for the students who have not
    predicted (they neither win nor lose). A double click places it once."""
    table = table_for_teacher(request, pk)
    form = RevealForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("This control names no card."), ok=False, status=400
        )
    round_row = current_round(table=table)
    if round_row is None or round_row.pk != form.cleaned_data["round"]:
        message = _("%(table)s has moved on to another round: have a look again.")
        return _live_response(
            request, table.session, message % {"table": table}, ok=False, status=409
        )
    try:
        result = delphi_reveal(round_id=round_row.pk, card=form.cleaned_data["card"])
    except StaleCardError:
        message = _("%(table)s: that card has been placed already.")
        return _live_response(
            request, table.session, message % {"table": table}, ok=False, status=409
        )
    except IllegalActionError as refusal:
        return _live_response(
            request,
            table.session,
            _("%(table)s: %(reason)s") % {"table": table, "reason": refusal_message(refusal)},
            ok=False,
            status=409,
        )
    if result.duplicate:
        return _live_response(request, table.session, _("Already done: that card is placed."))
    return _live_response(request, table.session, _("%(table)s: card placed.") % {"table": table})


# The projector ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProjectedSeat:
    position: int
    name: str
    is_bot: bool
    cards: int
    score: int
    is_turn: bool


@dataclass(frozen=True)
class ProjectedTable:
    """What the whole class may see of a table: the lines, whose turn, the scores, the hints as
    sent. Built from the dealer's view field by field, so no rule and no hand reaches it."""

    name: str
    number: int
    round_number: int | None
    layout: tuple
    hints: tuple[str, ...]
    seats: list[ProjectedSeat]
    over: bool
    paused: bool
    broken: bool = False

    @property
    def turn(self) -> ProjectedSeat | None:
        return next((seat for seat in self.seats if seat.is_turn), None)


def projected_tables(session: GameSession) -> list[ProjectedTable]:
    tables = []
    for summary in session_tables(session=session):
        view = summary.view
        tables.append(
            ProjectedTable(
                name=str(summary.table),
                number=summary.table.number,
                round_number=summary.round.number if summary.round else None,
                layout=tuple(getattr(view, "layout", ()) or ()),
                hints=tuple(getattr(view, "hints", ()) or ()),
                seats=[
                    ProjectedSeat(
                        info.position,
                        info.name,
                        info.is_bot,
                        info.hand_count,
                        info.score,
                        info.is_turn,
                    )
                    for info in summary.seats
                    if not info.is_dealer
                ],
                over=bool(view and view.over),
                paused=summary.table.paused,
                broken=summary.broken,
            )
        )
    return tables


def _projector_context(session: GameSession, request: HttpRequest) -> dict:
    from classroom.codes import join_code_display
    from classroom.views.classes import join_url

    classroom = session.assignment.classroom
    return {
        # Read before the state it stamps: a change committed in between then costs one more
        # render, instead of a page that shows the old state under the new stamp for good.
        "stamp": session_stamp(session.pk),
        "session": session,
        "assignment": session.assignment,
        "classroom": classroom,
        "code": join_code_display(classroom.join_code),
        "join_url": join_url(request, classroom),
        "lobby": [entry.student.nickname for entry in session.lobby.select_related("student")],
        "tables": projected_tables(session) if session.status != GameSession.Status.LOBBY else [],
        "poll_ms": settings.POLL_INTERVAL_MS,
    }


@require_GET
@teacher_required
def session_projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The page for the classroom's projector: the join code while students arrive, then every
    table's lines, whose turn it is and the hints sent; never a rule, never a hand."""
    session = session_for_teacher(request, pk)
    return _polled(
        request,
        session,
        "classroom/teach/session_projector.html#projector",
        lambda session: _projector_context(session, request),
    )


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
        table = session.tables.filter(pk=where).first() if where.isdigit() else None
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
        return _live_response(request, session, _seating_message(error), ok=False, status=409)
    if where == "new":
        message = _("%(name)s is at %(table)s, a new table: the round is dealt.")
    else:
        message = _("%(name)s is at %(table)s: they join at its next round.")
    session.refresh_from_db()
    return _live_response(request, session, message % {"name": student.nickname, "table": table})


@require_POST
@teacher_required
def seat_remove_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Take a student away from their table (they left, or must): their cards go under the stock,
    the turn passes on, and later rounds are dealt without them."""
    seat = seat_for_teacher(request, pk)
    seat_remove(seat=seat)
    session = seat.table.session
    session.refresh_from_db()
    return _live_response(
        request,
        session,
        _("%(name)s has left %(table)s: their cards are under the stock.")
        % {"name": seat.name, "table": seat.table},
    )
