"""What happens in a round of Abbott/Howell Eleusis, as events (their kinds are stored: never
rename one).
"""

from __future__ import annotations

from dataclasses import dataclass

from eleusis.engine.cards import Card
from eleusis.engine.variants.base import (
    Awaiting,
    CardsEvent,
    CardTaken,
    Event,
    NoPlayJudgement,
    PlayerEvent,
    RoundOver,
)


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


class AbbottEnded(RoundOver):
    kind = "abbott_ended"
