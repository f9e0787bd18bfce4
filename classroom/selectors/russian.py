"""What a Russian Eleusis table shows (docs/rules.md §4): a seat's board and the live view's
tables. The mainline, everyone's wrong cards face up in front of them, the hand counts; a
player also sees their own hand and which of their cards they may play now."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.models import GameSession, Round, Seat, Table
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round


@dataclass(frozen=True)
class RussianSeatInfo:
    position: int
    name: str
    hand_count: int
    wrong: tuple
    turn: bool
    score: int | None


def _infos(seats: list[Seat], round_row: Round | None, view: Any) -> list[RussianSeatInfo]:
    infos = []
    for seat in seats:
        player = None if round_row is None else round_row.player_of(seat.position)
        if view is None or player is None:
            infos.append(RussianSeatInfo(seat.position, seat.name, 0, (), False, None))
            continue
        count = (
            view.hand_counts[player] if hasattr(view, "hand_counts") else len(view.hands[player])
        )
        infos.append(
            RussianSeatInfo(
                seat.position,
                seat.name,
                int(count),
                tuple(view.wrong[player]),
                view.turn == player and not view.over,
                view.scores.players[player] if view.over else None,
            )
        )
    return infos


@dataclass(frozen=True)
class RussianBoard:
    table: Table
    seat: Seat
    round: Round | None
    view: Any  # RussianPlayerView of this seat, or None before the first deal
    seats: list[RussianSeatInfo]
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
        return "over" if self.view.over else "player"

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and not view.over and view.turn == view.player


def russian_board(*, table: Table, seat: Seat, seats: list[Seat] | None = None) -> RussianBoard:
    if seats is None:
        seats = list(table.seats.select_related("student").order_by("position"))
    round_row = current_round(table=table)
    view = None
    if round_row is not None:
        player = round_row.player_of(seat.position)
        if player is not None:
            view = engine_round(round_row).view(player)
    revealed = round_row.rule_text if round_row is not None and round_row.revealed else None
    return RussianBoard(table, seat, round_row, view, _infos(seats, round_row, view), revealed)


@dataclass(frozen=True)
class RussianTableSummary:
    table: Table
    round: Round | None
    view: Any  # the dealer's view: the teacher's live view only
    seats: list[RussianSeatInfo]


def russian_tables(*, session: GameSession) -> list[RussianTableSummary]:
    summaries = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        round_row = current_round(table=table)
        view = engine_round(round_row).dealer_view() if round_row is not None else None
        summaries.append(
            RussianTableSummary(table, round_row, view, _infos(seats, round_row, view))
        )
    return summaries
