"""Reads for Delphi: the student's page and the teacher's table, from the engine's views.

A student's board comes from the engine's player view: the card on show, the layout, everyone's
chips and who has shown a token (not which token) for the card on show. The teacher's table
comes from the dealer view, which also holds the tokens and the secret rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.models import Round, Seat, Table
from classroom.selectors.games import (
    UNREAD,
    GameTotals,
    current_round,
    game_totals,
    next_dealer_position,
)
from classroom.selectors.rounds import engine_round
from eleusis.engine.cards import Card
from eleusis.engine.variants import Round as EngineRound
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
    is_oracle: bool = False  # a student deals this round (the rotating oracle)
    left: bool = False  # left the table or was removed: predicts no more (docs/rules.md §3)

    @property
    def predicts(self) -> bool:
        """Whether the card on show waits for this seat's token."""
        return not self.is_oracle and not self.left


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


def _seats(
    seats: list[Seat],
    view: DelphiPlayerView | DelphiDealerView | None,
    round_row: Round | None = None,
) -> list[DelphiSeat]:
    """Who has predicted, never which token: the teacher's screen may be on the projector. With
    a rotating oracle the engine's players are the other seats, from the oracle's left."""
    infos = []
    for seat in seats:
        player = round_row.player_of(seat.position) if round_row is not None else seat.position
        if player is None:
            score = view.scores.dealer if view is not None else 0
            infos.append(
                DelphiSeat(seat.position, seat.name, bool(seat.bot), 0, False, score, True)
            )
            continue
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
                left=seat.left,
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
    oracle: DelphiDealerView | None = None  # this seat is the oracle of the round
    must_write_rule: bool = False  # a rotating oracle, and the next rule is this seat's
    game: GameTotals | None = None

    @property
    def mode(self) -> str:
        """The page this seat needs; the poll reloads the page when a board says another."""
        if self.must_write_rule:
            return "write"
        if self.oracle is not None and not self.oracle.over:
            return "oracle"
        if self.view is None and self.oracle is None:
            return "waiting"  # no round yet: the page reloads when one is dealt
        return "player"

    @property
    def oracle_judges(self) -> bool:
        """This seat is the oracle and its rule is in words only: it places each card."""
        return bool(self.oracle is not None and self.round and not self.round.rule_text.strip())

    @property
    def table_view(self) -> DelphiPlayerView | DelphiDealerView | None:
        return self.view or self.oracle

    @property
    def current(self) -> Card | None:
        view = self.table_view
        return view.current if view and not view.over else None

    @property
    def can_predict(self) -> bool:
        return bool(
            self.current is not None
            and self.view is not None
            and self.view.my_prediction is None
            and not self.table.paused
        )

    @property
    def waiting(self) -> bool:
        """This student has predicted the card on show; the others have not all yet."""
        return (
            self.current is not None
            and self.view is not None
            and self.view.my_prediction is not None
        )

    @property
    def predicted_count(self) -> int:
        return sum(1 for seat in self.seats if seat.predicted)

    @property
    def predicting(self) -> int:
        """How many predict this round (the oracle does not)."""
        return sum(1 for seat in self.seats if seat.predicts)

    @property
    def oracle_name(self) -> str:
        return next((seat.name for seat in self.seats if seat.is_oracle), "")

    @property
    def card_number(self) -> int:
        """The number of the card on show, counting the starter as card 1."""
        view = self.table_view
        return len(view.history) + 1 if view else 0

    @property
    def right_count(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.right)

    @property
    def my(self) -> DelphiSeat | None:
        return next((s for s in self.seats if s.position == self.seat.position), None)


def delphi_board(
    *,
    table: Table,
    seat: Seat,
    seats: list[Seat] | None = None,
    round_row: Round | None = UNREAD,
    engine: EngineRound | None = None,
) -> DelphiBoard:
    """What `seat` sees. A caller that holds the current round (and its decoded `engine`, as a
    move does) passes them: they are not read or decoded again."""
    if seats is None:
        seats = list(table.seats.select_related("student").order_by("position"))
    if round_row is UNREAD:
        round_row = current_round(table=table)
    view = oracle = None
    outcomes: list[DelphiOutcome] = []
    if round_row is not None:
        if engine is None:
            engine = engine_round(round_row)
        player = round_row.player_of(seat.position)
        if player is None:
            oracle = engine.dealer_view()
        else:
            view = engine.view(player)
            outcomes = [
                DelphiOutcome(
                    number,
                    placement.card,
                    placement.accepted,
                    placement.predictions[player],
                    placement.chips[player],
                )
                for number, placement in enumerate(view.placements, start=2)
                if player < len(placement.predictions)  # not the cards before they joined
            ]
    revealed = (
        (round_row.rule_text or round_row.rule_words)
        if round_row is not None and round_row.revealed
        else None
    )
    game = game_totals(table=table, seats=seats, current=round_row)
    must_write_rule = (
        not game.over
        and table.dealt_by_students
        and (round_row is None or round_row.status == Round.Status.OVER)
        and next_dealer_position(table=table, seats=seats) == seat.position
    )
    return DelphiBoard(
        table,
        seat,
        round_row,
        view,
        _seats(seats, view or oracle, round_row),
        outcomes,
        revealed,
        oracle=oracle,
        must_write_rule=must_write_rule,
        game=game,
    )


@dataclass(frozen=True)
class DelphiTableSummary:
    """The teacher's Delphi table: the dealer's view, every seat with its token."""

    table: Table
    round: Round | None
    view: DelphiDealerView | None
    seats: list[DelphiSeat]
    game: GameTotals | None = None

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
        return [seat for seat in self.seats if not seat.predicted and seat.predicts]

    @property
    def predicting(self) -> int:
        return sum(1 for seat in self.seats if seat.predicts)


def delphi_tables(*, session) -> list[DelphiTableSummary]:
    summaries = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        seats = sorted(table.seats.all(), key=lambda seat: seat.position)
        round_row = current_round(table=table)
        view = engine_round(round_row).dealer_view() if round_row else None
        summaries.append(
            DelphiTableSummary(
                table,
                round_row,
                view,
                _seats(seats, view, round_row),
                game_totals(table=table, seats=seats),
            )
        )
    return summaries
