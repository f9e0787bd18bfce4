"""The live view of every table, polled with the session's change stamp. A control answers with the
live view (its fragment for htmx) and a message; an action the engine refuses comes back as a
message, never a 500.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from classroom.access import (
    session_for_teacher,
    teacher_required,
)
from classroom.game_forms import HintForm
from classroom.games import web_game
from classroom.games import whole_class as is_whole_class
from classroom.live import session_stamp
from classroom.models import GameSession, Seat
from classroom.refusals import end_reason_label
from classroom.secret_rules import secret_rule
from classroom.selectors.games import (
    SeatInfo,
    TableSummary,
    session_hypotheses,
    session_tables,
)
from classroom.services.games import (
    MAX_TABLE,
    late_arrivals,
    session_finish,
    session_set_paused,
)
from classroom.teach_forms import (
    PausedForm,
    library_choices,
)
from classroom.views.teach.lobby import polled_page
from eleusis.engine.cards import Card
from eleusis.engine.rules import Hint, RuleSyntaxError, suggest_hints
from eleusis.engine.rules.hints import OBJECT_CONTEXT as HINT_OBJECT_CONTEXT
from eleusis.engine.rules.hints import OBJECT_KEYS as HINT_OBJECT_KEYS
from eleusis.engine.rules.hints import PHRASES as HINT_PHRASES
from eleusis.web.rule_check import explanation_phrases

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
        if view is not None and view.end_reason == "guessed":
            found = [g.player for g in getattr(view, "guesses", ()) if g.correct]
            names = {seat.info.position: seat.info.name for seat in self.seats}
            if found and found[-1] in names:
                return _("%(name)s found the rule") % {"name": names[found[-1]]}
        return end_reason_label(view.end_reason if view else None)


HINT_MAX_LENGTH = HintForm.base_fields["text"].max_length or 300


@dataclass(frozen=True)
class TableControls:
    """What the teacher's controls of one table need beyond the table and its round, the same
    for every game played from seats (teach/_table_controls.html): whom the table waits for
    (to skip them when they are away; `deciding`: they may guess or pass), who asked for a
    hint and the hints the app suggests (the students, each with Remove, are the table's
    seats: teach/_seat_removal.html)."""

    playing: bool  # a round being played: skip and hints apply
    away: str  # the name of the player the table waits for, or ""
    deciding: bool
    waiting_for_hint: list[tuple[int, str]]  # (position, name)
    suggested_hints: list[Hint]


def table_controls(live_table) -> TableControls:
    """The controls of a table of the live view (an Express `LiveTable` or a game played in
    turns' `TableSummary`), read from its round's dealer view, whatever the game."""
    summary = getattr(live_table, "summary", live_table)
    view, round_row = summary.view, summary.round
    if view is None or round_row is None or view.over:
        return TableControls(False, "", False, [], [])
    names = {seat.position: seat.name for seat in summary.table.seats.all()}

    def name_of(player: int | None) -> str:
        if player is None or round_row is None:
            return ""
        return names.get(round_row.position_of(player), "")

    deciding = getattr(view, "deciding", None)
    waits = getattr(view, "pending", None) is None
    away = name_of(deciding if deciding is not None else getattr(view, "turn", None))
    asked = [
        (round_row.position_of(player), name_of(player))
        for player in getattr(view, "hint_requests", ())
    ]
    given = set(getattr(view, "hints", ()))
    hints = rule_hints(translation.get_language(), round_row.rule_text)
    return TableControls(
        playing=True,
        away=away if waits else "",
        deciding=deciding is not None,
        waiting_for_hint=asked,
        suggested_hints=[hint for hint in hints if hint.text not in given],
    )


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
        phrases = {
            key: pgettext(HINT_OBJECT_CONTEXT, value) if key in HINT_OBJECT_KEYS else _(value)
            for key, value in HINT_PHRASES.items()
        }
        explained = explanation_phrases()
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
    tables = game.live_tables(session=session)
    return {
        # Read before the state it stamps: a change committed in between then costs one more
        # render, instead of a page that shows the old state under the new stamp for good.
        "stamp": session_stamp(session.pk),
        "session": session,
        "assignment": session.assignment,
        "classroom": session.assignment.classroom,
        "tables": tables,
        # Each table's controls, the same for every game (by the table's id).
        "controls": {getattr(t, "summary", t).table.pk: table_controls(t) for t in tables},
        "table_template": game.live_template,
        "sections": game.sections_template,
        "hypotheses": session_hypotheses(session=session),
        "next_rule_choices": library_choices()[1:],
        "students_can_deal": game.students_may_deal,
        "late": late_arrivals(session=session) if session.status != "lobby" else [],
        # A whole-class game seats a latecomer at its table at once (they play from the card
        # on show); another game, at a table with a free seat (from its next round) or a new one.
        "whole_class": is_whole_class(session.assignment.variant),
        "free_tables": [
            table
            for table in session.tables.order_by("number")
            if is_whole_class(session.assignment.variant) or table.seats.count() < MAX_TABLE
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


session_live = polled_page("classroom/teach/session_live.html#live", _live_context)


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
