"""The state of a round of Eleusis Express, and what a player and the dealer see of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.variants.base import LayoutColumn, Scores
from eleusis.engine.variants.codec import JSONDataclass
from eleusis.engine.variants.hands import HandState


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


# ---------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class PendingView:
    what: str
    player: int | None
    card: Card | None
    text: str | None


@dataclass(frozen=True, slots=True)
class PlayerView(JSONDataclass):
    """What one player may see: no other hand, no stock order, no secret rule, no other
    player's hypotheses."""

    player: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]
    table: tuple[TableEntry, ...]
    starter_rejected: tuple[Card, ...]
    turn: int
    can_guess: bool
    pending: PendingView | None
    hint_requests: tuple[int, ...]
    hints: tuple[str, ...]
    guesses: tuple[GuessRecord, ...]
    scores: Scores
    starter_mode: str
    over: bool
    end_reason: str | None
    deciding: int | None = None


@dataclass(frozen=True, slots=True)
class DealerView(JSONDataclass):
    """Everything, the secret rule included."""

    rule_text: str | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]
    table: tuple[TableEntry, ...]
    starter_rejected: tuple[Card, ...]
    turn: int
    guess_window: int | None
    pending: PendingView | None
    hint_requests: tuple[int, ...]
    hints: tuple[str, ...]
    guesses: tuple[GuessRecord, ...]
    turns_taken: tuple[int, ...]
    scores: Scores
    decks_used: int
    over: bool
    end_reason: str | None
    deciding: int | None = None
