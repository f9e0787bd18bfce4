"""What a Russian Eleusis table shows (docs/rules.md §4): a seat's board and the live view's
tables. The mainline, everyone's wrong cards face up in front of them, the hand counts; a
player also sees their own hand and which of their cards they may play now. The rest is
`classroom.selectors.turns`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.models import Seat
from classroom.selectors.turns import SeatLine, TurnBoard, TurnSelectors, hand_count


@dataclass(frozen=True)
class RussianSeatInfo(SeatLine):
    wrong: tuple
    turn: bool
    score: int | None


class RussianBoard(TurnBoard):
    """A seat's board: the base's (a turn is one card; there are no other modes)."""


def _line(seat: Seat, player: int, view: Any) -> RussianSeatInfo:
    return RussianSeatInfo(
        seat.position,
        seat.name,
        hand_count(view, player),
        tuple(view.wrong[player]),
        view.turn == player and not view.over,
        view.scores.players[player] if view.over else None,
    )


def _empty(seat: Seat) -> RussianSeatInfo:
    return RussianSeatInfo(seat.position, seat.name, 0, (), False, None)


SELECTORS = TurnSelectors(RussianBoard, _line, _empty)
russian_board = SELECTORS.board  # (table=, seat=, seats=None, round_row=UNREAD) -> RussianBoard
russian_tables = SELECTORS.tables  # the live view's tables of a Russian session
