"""What every game played in turns from a hand shows (Abbott/Howell, the Russian rules): a seat's
board, each seat's line on it, and the live view's tables. Each game's selector module adds only
what differs (its seat lines, whose turn it is, the prophet's judgement).

The engine's views do the hiding: a player's view has only their own hand and the others' counts;
the dealer's view (every hand) goes to the teacher's live view only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from classroom.models import GameSession, Round, Seat, Table
from classroom.selectors.games import UNREAD, GameTotals, current_round, game_totals
from classroom.selectors.rounds import engine_round
from eleusis.engine.variants.base import SPECTATOR


def hand_count(view: Any, player: int) -> int:
    """A player's view has the counts; the dealer's (the teacher's) has the hands."""
    if hasattr(view, "hand_counts"):
        return int(view.hand_counts[player])
    return len(view.hands[player])


# Each game's public facts of a table (what its source shows everyone, docs/rules.md), by the
# round's variant: `public(round_row, view, lines)`; each game's selector module adds its own.
PUBLIC: dict[str, Callable[[Round, Any, list[Any]], Any]] = {}


def public_of(round_row: Round | None, view: Any, lines: list[Any]) -> Any:
    """The public facts of the round at a table, for a player's page and the teacher's view
    alike (None before the first deal, or for a game without any)."""
    if round_row is None or view is None or round_row.variant not in PUBLIC:
        return None
    return PUBLIC[round_row.variant](round_row, view, lines)


def player_names(round_row: Round, lines: list[Any]) -> dict[int, str]:
    """The engine's player numbers of the round, each with the name of its seat."""
    return {
        player: line.name
        for line in lines
        if round_row.seated(line.position)
        and (player := round_row.player_of(line.position)) is not None
    }


def seat_infos(
    seats: list[Seat],
    round_row: Round | None,
    view: Any,
    *,
    info: Callable[[Seat, int], Any],
    empty: Callable[[Seat], Any],
) -> list[Any]:
    """One line per seat: `info(seat, player)` for a seat in the round, `empty(seat)` before
    the first deal or for a seat that joins at the next round."""
    infos = []
    for seat in seats:
        player = None
        if round_row is not None and round_row.seated(seat.position):
            player = round_row.player_of(seat.position)
        infos.append(empty(seat) if view is None or player is None else info(seat, player))
    return infos


@dataclass(frozen=True)
class TurnBoard:
    """A seat's board. Subclasses say whose turn it is (`my_turn`) and may add modes."""

    table: Table
    seat: Seat
    round: Round | None
    view: Any  # the engine's view for this seat's player, or None before the first deal
    seats: list[Any]
    revealed: str | None
    game: GameTotals  # the rounds played at the table and the totals over them

    @property
    def public(self) -> Any:
        return public_of(self.round, self.view, self.seats)

    @property
    def player(self) -> int | None:
        return None if self.view is None else self.view.player

    @property
    def plays_made(self) -> int:
        return 0 if self.view is None else len(self.view.history)

    @property
    def watching(self) -> bool:
        """Seated after the deal: this seat watches the round and plays from the next."""
        return self.view is not None and self.view.player == SPECTATOR

    @property
    def mode(self) -> str:
        """What the page is drawn for: a change of mode reloads the whole page."""
        if self.view is None:
            return "waiting"
        if self.view.over:
            return "over"
        return "watching" if self.watching else "player"

    @property
    def playing(self) -> bool:
        """The page has the move form (the hand and what goes with a move)."""
        return self.mode == "player"

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and not view.over and view.turn == view.player

    @property
    def hand_key(self) -> str:
        """What the hand panel shows: a poll swaps the panel only when this changed."""
        if self.view is None:
            return ""
        cards = getattr(self.view, "playable", self.view.hand)
        return "-".join(card.code for card in cards) + ("-t" if self.my_turn else "")


def seat_board(
    board_class: type[TurnBoard],
    infos: Callable[..., list[Any]],
    *,
    table: Table,
    seat: Seat,
    seats: list[Seat] | None = None,
    round_row: Round | None = UNREAD,
    engine: Any = None,
) -> Any:
    """The board of one seat: `infos(seats, round_row, view)` draws the seat lines. `seats`
    and the current `round_row` (and its decoded `engine`): when the caller has them."""
    if seats is None:
        seats = list(table.seats.select_related("student").order_by("position"))
    if round_row is UNREAD:
        round_row = current_round(table=table)
    view = None
    if round_row is not None:
        decoded: Any = engine or engine_round(round_row)  # a game played in turns from a hand
        if not round_row.seated(seat.position):
            # Seated after the deal: they watch the round as every player sees it, without a
            # hand, and play from the next one (issue 33).
            view = decoded.spectator_view()
        elif (player := round_row.player_of(seat.position)) is not None:
            view = decoded.view(player)
    revealed = round_row.rule_text if round_row is not None and round_row.revealed else None
    game = game_totals(table=table, seats=seats, current=round_row)
    lines = infos(seats, round_row, view)
    return board_class(table, seat, round_row, view, lines, revealed, game)


@dataclass(frozen=True)
class TableSummary:
    table: Table
    round: Round | None
    view: Any  # the dealer's view (every hand): the teacher's live view only
    seats: list[Any]
    game: GameTotals

    @property
    def public(self) -> Any:
        return public_of(self.round, self.view, self.seats)


def live_tables(infos: Callable[..., list[Any]], *, session: GameSession) -> list[TableSummary]:
    """The live view's tables of a session, each with its seat lines."""
    summaries = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        round_row = current_round(table=table)
        view = engine_round(round_row).dealer_view() if round_row is not None else None
        lines = infos(seats, round_row, view)
        summaries.append(
            TableSummary(
                table,
                round_row,
                view,
                lines,
                game_totals(table=table, seats=seats, current=round_row),
            )
        )
    return summaries


@dataclass(frozen=True)
class SeatLine:
    """What every game played in turns shows of a seat; each game's line adds its own."""

    position: int
    name: str
    hand_count: int


@dataclass(frozen=True)
class TurnSelectors:
    """One game's selectors: its board class, its line for a seat in the round
    (`line(seat, player, view)`) and for one outside it (`empty(seat)`)."""

    board_class: type[TurnBoard]
    line: Callable[[Seat, int, Any], Any]
    empty: Callable[[Seat], Any]

    def infos(self, seats: list[Seat], round_row: Round | None, view: Any) -> list[Any]:
        def info(seat: Seat, player: int) -> Any:
            return self.line(seat, player, view)

        return seat_infos(seats, round_row, view, info=info, empty=self.empty)

    def board(
        self,
        *,
        table: Table,
        seat: Seat,
        seats: list[Seat] | None = None,
        round_row: Round | None = UNREAD,
        engine: Any = None,
    ) -> Any:
        """A seat's board (`seat_board`)."""
        return seat_board(
            self.board_class,
            self.infos,
            table=table,
            seat=seat,
            seats=seats,
            round_row=round_row,
            engine=engine,
        )

    def tables(self, *, session: GameSession) -> list[TableSummary]:
        """The live view's tables of a session of this game."""
        return live_tables(self.infos, session=session)
