"""What a Russian Eleusis table shows (docs/rules.md §4): a seat's board and the live view's
tables. The mainline, everyone's wrong cards face up in front of them, the hand counts; a
player also sees their own hand and which of their cards they may play now. The rest is
`classroom.selectors.turns`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.models import GameSession, Round, Seat, Table
from classroom.selectors.turns import (
    TableSummary,
    TurnBoard,
    hand_count,
    live_tables,
    seat_board,
    seat_infos,
)


@dataclass(frozen=True)
class RussianSeatInfo:
    position: int
    name: str
    hand_count: int
    wrong: tuple
    turn: bool
    score: int | None


def _infos(seats: list[Seat], round_row: Round | None, view: Any) -> list[RussianSeatInfo]:
    def info(seat: Seat, player: int) -> RussianSeatInfo:
        return RussianSeatInfo(
            seat.position,
            seat.name,
            hand_count(view, player),
            tuple(view.wrong[player]),
            view.turn == player and not view.over,
            view.scores.players[player] if view.over else None,
        )

    def empty(seat: Seat) -> RussianSeatInfo:
        return RussianSeatInfo(seat.position, seat.name, 0, (), False, None)

    return seat_infos(seats, round_row, view, info=info, empty=empty)


class RussianBoard(TurnBoard):
    """A seat's board: the base's (a turn is one card; there are no other modes)."""


def russian_board(*, table: Table, seat: Seat, seats: list[Seat] | None = None) -> RussianBoard:
    board: RussianBoard = seat_board(RussianBoard, _infos, table=table, seat=seat, seats=seats)
    return board


def russian_tables(*, session: GameSession) -> list[TableSummary]:
    return live_tables(_infos, session=session)
