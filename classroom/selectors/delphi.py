"""Reads for Delphi: the student's page and the teacher's table, from the engine's views.

A student's board comes from the engine's player view: the card on show, the layout, everyone's
chips and who has shown a token (not which token) for the card on show. The teacher's table
comes from the dealer view, which also holds the tokens and the secret rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.models import Round, Seat, Table
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from eleusis.engine.cards import Card
from eleusis.engine.variants.delphi import DelphiDealerView, DelphiPlayerView

DECK = 52


@dataclass(frozen=True)
class DelphiSeat:
    """One student (or bot) of the round: chips, whether they have predicted the card on show,
    and, once the round is over, their score in the settlement."""

    position: int
    name: str
    is_bot: bool
    chips: int
    predicted: bool
    score: int


@dataclass(frozen=True)
class DelphiOutcome:
    """One placed card as one student saw it: where it went and whether they were right."""

    number: int
    card: Card
    accepted: bool
    mine: bool | None  # the token this student showed; None when they showed none
    chips: int  # this student's chips after the card

    @property
    def right(self) -> bool | None:
        return None if self.mine is None else self.mine == self.accepted


def _seats(seats: list[Seat], view: DelphiPlayerView | DelphiDealerView | None) -> list[DelphiSeat]:
    """Who has predicted, never which token: the teacher's screen may be on the projector."""
    infos = []
    for seat in seats:
        player = seat.position
        chips = score = 0
        predicted = False
        if view is not None and player < len(view.chips):
            chips = view.chips[player]
            score = view.scores.players[player]
            if isinstance(view, DelphiPlayerView):
                predicted = player < len(view.predicted) and view.predicted[player]
            elif player < len(view.predictions):
                predicted = view.predictions[player] is not None
        infos.append(
            DelphiSeat(
                seat.position,
                seat.name,
                bool(seat.bot),
                chips,
                predicted,
                score,
            )
        )
    return infos


@dataclass(frozen=True)
class DelphiBoard:
    """Everything a student's Delphi page shows, for one seat."""

    table: Table
    seat: Seat
    round: Round | None
    view: DelphiPlayerView | None
    seats: list[DelphiSeat]
    outcomes: list[DelphiOutcome]
    revealed_rule: str | None

    # The page has one mode; the poll reloads the page when a board says another.
    mode = "player"

    @property
    def table_view(self) -> DelphiPlayerView | None:
        return self.view

    @property
    def current(self) -> Card | None:
        return self.view.current if self.view and not self.view.over else None

    @property
    def can_predict(self) -> bool:
        return bool(
            self.current is not None and self.view.my_prediction is None and not self.table.paused
        )

    @property
    def waiting(self) -> bool:
        """This student has predicted the card on show; the others have not all yet."""
        return self.current is not None and self.view.my_prediction is not None

    @property
    def predicted_count(self) -> int:
        return sum(1 for seat in self.seats if seat.predicted)

    @property
    def card_number(self) -> int:
        """The number of the card on show, counting the starter as card 1."""
        return len(self.view.history) + 1 if self.view else 0

    @property
    def right_count(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.right)

    @property
    def my(self) -> DelphiSeat | None:
        return next((s for s in self.seats if s.position == self.seat.position), None)


def delphi_board(*, table: Table, seat: Seat) -> DelphiBoard:
    seats = list(table.seats.select_related("student").order_by("position"))
    round_row = current_round(table=table)
    view = None
    outcomes: list[DelphiOutcome] = []
    if round_row is not None:
        view = engine_round(round_row).view(seat.position)
        outcomes = [
            DelphiOutcome(
                number,
                placement.card,
                placement.accepted,
                placement.predictions[seat.position],
                placement.chips[seat.position],
            )
            for number, placement in enumerate(view.placements, start=2)
        ]
    revealed = round_row.rule_text if round_row is not None and round_row.revealed else None
    return DelphiBoard(table, seat, round_row, view, _seats(seats, view), outcomes, revealed)


@dataclass(frozen=True)
class DelphiTableSummary:
    """The teacher's Delphi table: the dealer's view, every seat with its token."""

    table: Table
    round: Round | None
    view: DelphiDealerView | None
    seats: list[DelphiSeat]

    @property
    def placed(self) -> int:
        """Cards on the table, the starter included."""
        return len(self.view.history) if self.view else 0

    @property
    def cards_left(self) -> int:
        """Cards still to turn, the one on show included."""
        if self.view is None:
            return 0
        return len(self.view.stock) + (1 if self.view.current is not None else 0)

    @property
    def predicted_count(self) -> int:
        return sum(1 for seat in self.seats if seat.predicted)

    @property
    def waiting_for(self) -> list[DelphiSeat]:
        return [seat for seat in self.seats if not seat.predicted]


def delphi_tables(*, session) -> list[DelphiTableSummary]:
    summaries = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        round_row = current_round(table=table)
        view = engine_round(round_row).dealer_view() if round_row else None
        summaries.append(DelphiTableSummary(table, round_row, view, _seats(seats, view)))
    return summaries
