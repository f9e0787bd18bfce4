"""The projector view of a session."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from classroom.access import (
    teacher_required,
)
from classroom.live import session_stamp
from classroom.models import GameSession
from classroom.selectors.games import (
    session_tables,
)
from classroom.views.teach.lobby import _polled, polled_session
from eleusis.engine.cards import Card
from eleusis.engine.variants import LayoutColumn

# The projector ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProjectedSeat:
    position: int
    name: str
    is_bot: bool
    cards: int
    score: int
    is_turn: bool
    # The wrong cards lying face up in front of the player (the Russian rules): public.
    wrong: tuple[Card, ...] = ()


@dataclass(frozen=True)
class ProjectedTable:
    """What the whole class may see of a table: the lines, whose turn, the scores, the hints as
    sent, and the rule once the teacher has revealed it to the table (`revealed_words`, the
    dealer's words, and `revealed_rule`, in the rule language). Built from the dealer's view
    field by field, so no hand, and no rule before it is revealed, reaches it."""

    name: str
    number: int
    round_number: int | None
    layout: tuple
    hints: tuple[str, ...]
    seats: list[ProjectedSeat]
    over: bool
    paused: bool
    broken: bool = False
    revealed_words: str = ""
    revealed_rule: str = ""
    on_show: Card | None = None  # Delphi: the card the whole class is predicting
    chips: bool = False  # Delphi: the players' rows count chips, not cards

    @property
    def turn(self) -> ProjectedSeat | None:
        return next((seat for seat in self.seats if seat.is_turn), None)


def _layout(view: Any) -> tuple[LayoutColumn, ...]:
    """The mainline and the cards rejected under it: the game's layout, or the mainline alone at
    the Russian rules, whose wrong cards lie in front of their players instead."""
    if view is None:
        return ()
    layout = getattr(view, "layout", None)
    if layout is not None:
        return tuple(layout)
    return tuple(LayoutColumn(card) for card in getattr(view, "mainline", ()))


def _wrong_in_front(view: Any, player: int | None) -> tuple[Card, ...]:
    wrong = getattr(view, "wrong", ())
    return tuple(wrong[player]) if player is not None and player < len(wrong) else ()


def _projected_seats(summary: Any) -> list[ProjectedSeat]:
    round_row = summary.round
    return [
        ProjectedSeat(
            info.position,
            info.name,
            info.is_bot,
            info.hand_count,
            info.score,
            info.is_turn,
            _wrong_in_front(
                summary.view, round_row.player_of(info.position) if round_row else None
            ),
        )
        for info in summary.seats
        if not info.is_dealer
    ]


def projected_tables(session: GameSession) -> list[ProjectedTable]:
    tables = []
    for summary in session_tables(session=session):
        view = summary.view
        revealed = summary.round if summary.round and summary.round.revealed else None
        tables.append(
            ProjectedTable(
                name=str(summary.table),
                number=summary.table.number,
                round_number=summary.round.number if summary.round else None,
                layout=_layout(view),
                hints=tuple(getattr(view, "hints", ()) or ()),
                seats=_projected_seats(summary),
                over=bool(view and view.over),
                paused=summary.table.paused,
                broken=summary.broken,
                revealed_words=revealed.rule_words if revealed else "",
                revealed_rule=revealed.rule_text if revealed else "",
                on_show=getattr(view, "current", None),
                chips=hasattr(view, "chips"),
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
    table's lines, whose turn it is, the hints sent and a rule once revealed; never a hand."""
    session, stamp = polled_session(request, pk)
    return _polled(
        request,
        session,
        "classroom/teach/session_projector.html#projector",
        lambda session: _projector_context(session, request),
        stamp,
    )
