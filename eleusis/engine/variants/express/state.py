"""The state of a round of Eleusis Express, and what a player and the dealer see of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from eleusis.engine.cards import Card
from eleusis.engine.variants.hands import HandState, SeatView, TableView


@dataclass
class TableEntry:
    """One line of the table's log. `kind`: starter, play, no_play (cards = the hand shown,
    accepted = the declaration was right) or correction (the card the dealer took)."""

    player: int | None
    cards: list[Card]
    accepted: bool
    kind: str
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class Pending:
    """What awaits the dealer's verdict: a starter card (on top of the stock), a play (the card
    still in the hand), a "no play", or a free-text guess."""

    what: Literal["starter", "play", "no_play", "guess"]
    player: int | None = None
    card: Card | None = None
    text: str | None = None
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class GuessRecord:
    player: int
    text: str
    checkable: bool
    correct: bool


@dataclass
class HintRecord:
    text: str
    requested_by: int | None


@dataclass
class ExpressState(HandState):
    table: list[TableEntry] = field(default_factory=list)
    starter_rejected: list[Card] = field(default_factory=list)
    turn: int = 0
    turns_taken: list[int] = field(default_factory=list)
    guess_window: int | None = None
    deciding: int | None = None  # with `guess_turn`: the player to guess or pass
    pending: Pending | None = None
    hint_bought: bool = False
    hint_requests: list[int] = field(default_factory=list)
    hints: list[HintRecord] = field(default_factory=list)
    guesses: list[GuessRecord] = field(default_factory=list)
    guessed_by: int | None = None
    emptied_by: int | None = None
    decks_used: int = 0
    left: list[int] = field(default_factory=list)  # players out of the round (Leave)
    left_holding: list[int] = field(default_factory=list)  # cards each of them gave back


# ---------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class PendingView:
    what: str
    player: int | None
    card: Card | None
    text: str | None


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView):
    """What one player may see: no other hand, no stock order, no secret rule, no other
    player's hypotheses."""

    table: tuple[TableEntry, ...]
    starter_rejected: tuple[Card, ...]
    turn: int
    can_guess: bool
    pending: PendingView | None
    hint_requests: tuple[int, ...]
    hints: tuple[str, ...]
    guesses: tuple[GuessRecord, ...]
    starter_mode: str
    deciding: int | None = None


@dataclass(frozen=True, slots=True)
class DealerView(TableView):
    """Everything, the secret rule included."""

    table: tuple[TableEntry, ...]
    starter_rejected: tuple[Card, ...]
    turn: int
    guess_window: int | None
    pending: PendingView | None
    hint_requests: tuple[int, ...]
    hints: tuple[str, ...]
    guesses: tuple[GuessRecord, ...]
    turns_taken: tuple[int, ...]
    decks_used: int
    deciding: int | None = None
