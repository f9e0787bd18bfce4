"""The state of a round of Abbott/Howell Eleusis, and what a player and the dealer see of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from eleusis.engine.cards import Card
from eleusis.engine.variants.hands import HandState, SeatView, TableView


@dataclass
class AbbottEntry:
    """One line of the table's log. `kind`: starter, attempt (cards, accepted), no_play (cards =
    the hand shown, accepted = the declaration was right) or correction (the card taken).
    `prophet_judged`: what the prophet said, when a prophet judged it."""

    player: int | None
    kind: str
    cards: list[Card]
    accepted: bool
    prophet_judged: bool | None = None
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class AbbottPending:
    what: Literal["attempt", "no_play"]
    player: int
    cards: list[Card]
    armed: bool
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class ProphetRecord:
    player: int
    marker: int  # cards on the table when named
    fell: bool = False
    judgements: int = 0


@dataclass
class AbbottState(HandState):
    groups: list[int] = field(default_factory=list)  # size of each rejected attempt, in order
    table: list[AbbottEntry] = field(default_factory=list)
    unsuitable: list[Card] = field(default_factory=list)
    turn: int = 0
    prophet: int | None = None
    marker: int | None = None
    prophets: list[ProphetRecord] = field(default_factory=list)
    prophet_window: int | None = None
    expelled: list[bool] = field(default_factory=list)
    expulsions: list[int] = field(default_factory=list)  # seats, in the order expelled
    pending: AbbottPending | None = None
    emptied_by: int | None = None
    left: list[int] = field(default_factory=list)  # players out of the round (Leave), in order
    left_holding: list[int] = field(default_factory=list)  # cards each of them gave back
    hints: list[str] = field(default_factory=list)  # the dealer's, in the order given


# ---------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class AbbottPendingView:
    what: str
    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AbbottPlayerView(SeatView):
    table: tuple[AbbottEntry, ...]
    table_count: int
    turn: int
    prophet: int | None
    marker: int | None
    prophets: tuple[ProphetRecord, ...]
    expelled: tuple[bool, ...]
    expulsion_armed: bool
    can_become_prophet: bool
    pending: AbbottPendingView | None
    hints: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AbbottDealerView(TableView):
    unsuitable: tuple[Card, ...]
    table: tuple[AbbottEntry, ...]
    turn: int
    prophet: int | None
    marker: int | None
    prophets: tuple[ProphetRecord, ...]
    expelled: tuple[bool, ...]
    expulsion_armed: bool
    pending: AbbottPendingView | None
    hints: tuple[str, ...] = ()
