"""What an Abbott/Howell table shows (docs/rules.md §2): a seat's board and the live view's tables.

A player sees their own hand, the others' hand counts, the layout, whose turn it is, the prophet
and what is pending; the prophet also judges what is pending (the engine checks every judgement,
so the secret rule itself never leaves the server). The rest is `classroom.selectors.turns`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.models import Round, Seat
from classroom.selectors.turns import (
    PUBLIC,
    SeatLine,
    TurnBoard,
    TurnSelectors,
    hand_count,
    player_names,
)
from eleusis.engine.cards import Card
from eleusis.engine.games import abbott as abbott_game
from eleusis.engine.history import mainline
from eleusis.engine.variants import config_from_json


@dataclass(frozen=True)
class AbbottSeatInfo(SeatLine):
    turn: bool
    prophet: bool
    expelled: bool
    score: int | None
    overthrown: bool = False  # was prophet this round and fell
    left: bool = False  # left the table, or the teacher removed them


@dataclass(frozen=True)
class AbbottBoard(TurnBoard):
    @property
    def mode(self) -> str:
        mode = super().mode
        if mode == "player" and self.view.prophet == self.view.player:
            return "prophet"
        return mode

    @property
    def my_turn(self) -> bool:
        view = self.view
        return super().my_turn and view.pending is None and not view.expelled[view.player]

    @property
    def hand_key(self) -> str:
        """The hand alone: its panel has no turn-dependent state, and a poll keeps the cards
        ticked and the order typed until the hand itself changes."""
        return "" if self.view is None else "-".join(card.code for card in self.view.hand)

    @property
    def to_judge(self) -> Any:
        """What the prophet (this seat) judges now, or None."""
        view = self.view
        if view is None or view.over or view.prophet != view.player:
            return None
        return view.pending


def _line(seat: Seat, player: int, view: Any) -> AbbottSeatInfo:
    return AbbottSeatInfo(
        seat.position,
        seat.name,
        hand_count(view, player),
        view.turn == player and not view.over,
        view.prophet == player,
        bool(view.expelled[player]),
        view.scores.players[player] if view.over else None,
        any(record.player == player and record.fell for record in view.prophets),
        seat.left,
    )


def _empty(seat: Seat) -> AbbottSeatInfo:
    return AbbottSeatInfo(seat.position, seat.name, 0, False, False, False, None, left=seat.left)


@dataclass(frozen=True)
class NoPlayLine:
    """A "no play" declared at the table: who, the hand they showed, whether it was right."""

    name: str
    cards: tuple[Card, ...]
    right: bool


@dataclass(frozen=True)
class AbbottPublic:
    """What Howell's table shows everyone (docs/rules.md §2): the cards on the table, counted
    and marked every 10, the count from which a wrong move expels (30, or 20 after the prophet's
    marker), the prophet and their marker, and every "no play" with the hand shown."""

    table_count: int
    threshold: int
    armed: bool
    prophet: str
    marker: int | None
    marker_card: Card | None
    no_plays: tuple[NoPlayLine, ...]

    @property
    def marks(self) -> list[int]:
        """The tens reached so far (the count is marked every 10 cards)."""
        return list(range(10, self.table_count + 1, 10))


def _public(round_row: Round, view: Any, lines: list[Any]) -> AbbottPublic:
    config = config_from_json(round_row.variant, round_row.config)
    names = player_names(round_row, lines)
    count = len(view.history)
    marker = view.marker
    if marker is not None:
        threshold = marker + config.expulsion_after_marker
        line = mainline(view.history[:marker])
        marker_card = line[-1] if line else None
    else:
        threshold, marker_card = config.expulsion_at, None
    no_plays = tuple(
        NoPlayLine(names.get(entry.player, "?"), tuple(entry.cards), bool(entry.accepted))
        for entry in view.table
        if entry.kind == "no_play"
    )
    prophet = names.get(view.prophet, "") if view.prophet is not None else ""
    return AbbottPublic(
        count, threshold, bool(view.expulsion_armed), prophet, marker, marker_card, no_plays
    )


PUBLIC[abbott_game.GAME.id] = _public
SELECTORS = TurnSelectors(AbbottBoard, _line, _empty)
abbott_board = SELECTORS.board  # (table=, seat=, seats=None, round_row=UNREAD) -> AbbottBoard
abbott_tables = SELECTORS.tables  # the live view's tables of an Abbott/Howell session
