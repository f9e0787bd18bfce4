"""What happens in a round of Eleusis Express, as events (their kinds are stored: never
rename one).
"""

from __future__ import annotations

from dataclasses import dataclass

from eleusis.engine.cards import Card
from eleusis.engine.variants.base import (
    Awaiting,
    CardJudgement,
    CardsEvent,
    CardTaken,
    Event,
    NoPlayJudgement,
    PlayerEvent,
    RoundOver,
)


@dataclass(frozen=True)
class StarterTurned(Event):
    """The dealer turned a card for the starter: accepted, or to the bottom of the stock."""

    kind = "starter_turned"
    card: Card
    accepted: bool


class Played(CardJudgement):
    kind = "played"


@dataclass(frozen=True)
class Drew(Event):
    """A card from the stock into a hand. Reasons: wrong_play, wrong_no_play, new_hand,
    wrong_guess, hint."""

    kind = "drew"
    player: int
    card: Card
    reason: str


class NoPlayJudged(NoPlayJudgement):
    kind = "no_play_judged"


class Corrected(CardTaken):
    kind = "corrected"


class HandReturned(CardsEvent):
    """A hand went to the bottom of the stock after a right "no play"."""

    kind = "hand_returned"


@dataclass(frozen=True)
class GuessJudged(PlayerEvent):
    kind = "guess_judged"
    text: str
    correct: bool


class AwaitingVerdict(Awaiting):
    """The dealer must judge something before play goes on."""

    kind = "awaiting_verdict"


class HintRequested(PlayerEvent):
    kind = "hint_requested"


@dataclass(frozen=True)
class HintGiven(Event):
    kind = "hint_given"
    text: str
    requested_by: int | None


@dataclass(frozen=True)
class GuessPassed(PlayerEvent):
    """The player let the chance to guess go (`skipped`: the dealer passed for them)."""

    kind = "guess_passed"
    skipped: bool


@dataclass(frozen=True)
class PlayerLeft(PlayerEvent):
    """A player left the round; `returned` cards of their hand went under the stock."""

    kind = "player_left"
    returned: int


class TurnSkipped(PlayerEvent):
    """The dealer moved play past a player who is away."""

    kind = "turn_skipped"


@dataclass(frozen=True)
class DeckShuffledIn(Event):
    """The stock ran out and a fresh 52-card deck became the stock."""

    kind = "deck_shuffled_in"
    decks_used: int


class RoundEnded(RoundOver):
    kind = "round_ended"
