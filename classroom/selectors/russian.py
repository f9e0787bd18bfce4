"""What a Russian Eleusis table shows (docs/rules.md §4): a seat's board and the live view's
tables. The mainline, everyone's wrong cards face up in front of them, the hand counts; a
player also sees their own hand and which of their cards they may play now. The rest is
`classroom.selectors.turns`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.models import Round, Seat
from classroom.selectors.turns import PUBLIC, SeatLine, TurnBoard, TurnSelectors, hand_count
from eleusis.engine.games import russian as russian_game


@dataclass(frozen=True)
class RussianSeatInfo(SeatLine):
    wrong: tuple
    turn: bool
    score: int | None
    interim: int | None = None  # the interim score, once taken (docs/rules.md §4)
    left: bool = False  # left the table, or the teacher removed them


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
        view.interim[player] if view.interim is not None else None,
        seat.left,
    )


def _empty(seat: Seat) -> RussianSeatInfo:
    return RussianSeatInfo(seat.position, seat.name, 0, (), False, None, left=seat.left)


@dataclass(frozen=True)
class RussianPublic:
    """What the Russian table shows everyone beyond the seat lines (docs/rules.md §4): the cards
    set aside face down (a count), and whether the interim score has been taken."""

    set_aside: int
    interim_taken: bool


def _public(round_row: Round, view: Any, lines: list[Any]) -> RussianPublic:
    set_aside = getattr(view, "undealt_count", None)
    if set_aside is None:
        set_aside = len(view.undealt)
    return RussianPublic(int(set_aside), view.interim is not None)


PUBLIC[russian_game.GAME.id] = _public
SELECTORS = TurnSelectors(RussianBoard, _line, _empty)
russian_board = SELECTORS.board  # (table=, seat=, seats=None, round_row=UNREAD) -> RussianBoard
russian_tables = SELECTORS.tables  # the live view's tables of a Russian session
