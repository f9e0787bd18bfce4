"""What an Abbott/Howell table shows (docs/rules.md §2): a seat's board and the live view's tables.

A player sees their own hand, the others' hand counts, the layout, whose turn it is, the prophet
and what is pending; the prophet also judges what is pending (the engine checks every judgement,
so the secret rule itself never leaves the server).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.models import GameSession, Round, Seat, Table
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round


@dataclass(frozen=True)
class AbbottSeatInfo:
    position: int
    name: str
    hand_count: int
    turn: bool
    prophet: bool
    expelled: bool
    score: int | None


@dataclass(frozen=True)
class AbbottBoard:
    table: Table
    seat: Seat
    round: Round | None
    view: Any  # AbbottPlayerView of this seat, or None before the first deal
    seats: list[AbbottSeatInfo]
    revealed: str | None

    @property
    def player(self) -> int | None:
        return None if self.view is None else self.view.player

    @property
    def plays_made(self) -> int:
        return 0 if self.view is None else len(self.view.history)

    @property
    def mode(self) -> str:
        if self.view is None:
            return "waiting"
        if self.view.over:
            return "over"
        return "prophet" if self.view.prophet == self.view.player else "player"

    @property
    def my_turn(self) -> bool:
        view = self.view
        return (
            view is not None
            and not view.over
            and view.pending is None
            and view.turn == view.player
            and not view.expelled[view.player]
        )

    @property
    def to_judge(self) -> Any:
        """What the prophet (this seat) judges now, or None."""
        view = self.view
        if view is None or view.over or view.prophet != view.player:
            return None
        return view.pending


def _hand_count(view: Any, player: int) -> int:
    """A player's view has the counts; the dealer's (the teacher's) has the hands."""
    if hasattr(view, "hand_counts"):
        return int(view.hand_counts[player])
    return len(view.hands[player])


def _seat_infos(seats: list[Seat], round_row: Round | None, view: Any) -> list[AbbottSeatInfo]:
    infos = []
    for seat in seats:
        player = None if round_row is None else round_row.player_of(seat.position)
        name = seat.name
        if view is None or player is None:
            infos.append(AbbottSeatInfo(seat.position, name, 0, False, False, False, None))
            continue
        infos.append(
            AbbottSeatInfo(
                seat.position,
                name,
                _hand_count(view, player),
                view.turn == player and not view.over,
                view.prophet == player,
                bool(view.expelled[player]),
                view.scores.players[player] if view.over else None,
            )
        )
    return infos


def abbott_board(*, table: Table, seat: Seat, seats: list[Seat] | None = None) -> AbbottBoard:
    if seats is None:
        seats = list(table.seats.select_related("student").order_by("position"))
    round_row = current_round(table=table)
    view = None
    if round_row is not None:
        player = round_row.player_of(seat.position)
        if player is not None:
            view = engine_round(round_row).view(player)
    revealed = round_row.rule_text if round_row is not None and round_row.revealed else None
    return AbbottBoard(table, seat, round_row, view, _seat_infos(seats, round_row, view), revealed)


@dataclass(frozen=True)
class AbbottTableSummary:
    table: Table
    round: Round | None
    view: Any  # the dealer's view (every hand): the teacher's live view only
    seats: list[AbbottSeatInfo]


def abbott_tables(*, session: GameSession) -> list[AbbottTableSummary]:
    """The live view's tables of an Abbott/Howell session."""
    summaries = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        round_row = current_round(table=table)
        view = engine_round(round_row).dealer_view() if round_row is not None else None
        summaries.append(
            AbbottTableSummary(table, round_row, view, _seat_infos(seats, round_row, view))
        )
    return summaries
