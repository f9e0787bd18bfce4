"""The events of every game of the Eleusis family, game by game, as `actions` holds their
actions. A stored round keeps its events by kind (`Event.from_json`), so a kind is never renamed
and no two games share one: listing them all in one module keeps that visible. The shapes that
several games share (`PlayerEvent`, `CardJudgement`, `RoundOver`, ...) are in `base`.
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

# ---------------------------------------------------------------------------------------------
# Eleusis Express, docs/rules.md §1


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


# ---------------------------------------------------------------------------------------------
# Abbott/Howell Eleusis, §2


@dataclass(frozen=True)
class StarterChosen(Event):
    """The starter; how many unsuitable cards went to the bottom unseen; who plays first."""

    kind = "starter_chosen"
    card: Card
    unsuitable: int
    first_player: int


@dataclass(frozen=True)
class AttemptJudged(CardsEvent):
    kind = "attempt_judged"
    accepted: bool


class NoPlayDeclared(NoPlayJudgement):
    kind = "no_play_declared"


class CardCorrected(CardTaken):
    kind = "card_corrected"


@dataclass(frozen=True)
class PenaltyDrawn(CardsEvent):
    """Cards drawn from the stock: reasons wrong_attempt, wrong_no_play, new_hand, prophet_fell."""

    kind = "penalty_drawn"
    reason: str


class AwaitingProphet(Awaiting):
    kind = "awaiting_prophet"


@dataclass(frozen=True)
class ProphetNamed(PlayerEvent):
    kind = "prophet_named"
    marker: int


@dataclass(frozen=True)
class ProphetFell(PlayerEvent):
    kind = "prophet_fell"
    exposed_by: int


class Expelled(PlayerEvent):
    kind = "expelled"


class ProphetLeft(PlayerEvent):
    """Abbott/Howell: the prophet left the round; the prophecy ends (no penalty, no bonus) and
    the dealer judges again."""

    kind = "prophet_left"


class AbbottEnded(RoundOver):
    kind = "abbott_ended"


# ---------------------------------------------------------------------------------------------
# Delphi, §3


@dataclass(frozen=True)
class CardTurned(Event):
    """A card is on show, waiting for the players' tokens."""

    kind = "card_turned"
    card: Card


@dataclass(frozen=True)
class StarterPlaced(Event):
    kind = "starter_placed"
    card: Card
    rejected: tuple[Card, ...]


@dataclass(frozen=True)
class Predicted(Event):
    """A player showed a token (its value stays hidden until the card is placed)."""

    kind = "predicted"
    player: int


@dataclass(frozen=True)
class CardPlaced(Event):
    kind = "card_placed"
    card: Card
    accepted: bool
    predictions: tuple[bool | None, ...]
    chips: tuple[int, ...]


class PlayerJoined(PlayerEvent):
    """A latecomer joined the round in progress as player `player` (Delphi)."""

    kind = "player_joined"


class DelphiEnded(RoundOver):
    kind = "delphi_ended"


# ---------------------------------------------------------------------------------------------
# The Russian rules, §4


@dataclass(frozen=True)
class StarterPlayed(Event):
    kind = "starter_played"
    card: Card


@dataclass(frozen=True)
class CardJudged(CardJudgement):
    kind = "card_judged"
    from_wrong: bool


@dataclass(frozen=True)
class InterimScored(Event):
    kind = "interim_scored"
    scores: tuple[int, ...]


class RussianEnded(RoundOver):
    kind = "russian_ended"
