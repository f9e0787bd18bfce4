"""A game of several rounds in which everyone deals once, the first dealer drawn by lot.

Delphi, the Russian rules and Abbott/Howell Eleusis all play a game this way (docs/rules.md
sections 2, 3 and 4): the dealer holds no seat, the round's seat 0 is the person at the
dealer's left, and the deal passes left after each round. Eleusis Express has its own
`ExpressGame` (its "dealer assignment" variant chooses the next dealer otherwise).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from eleusis.engine.history import Rule
from eleusis.engine.variants import codec
from eleusis.engine.variants.base import (
    GuessJudge,
    IllegalActionError,
    Refusal,
    Round,
    variant_class,
)
from eleusis.engine.variants.codec import JSON, JSONDataclass

GAME_OVER = Refusal("game_over", "the game is over: everyone has dealt once")
ROUND_NOT_OVER = Refusal(
    "round_not_over", "the round is not over yet: finish it before recording it"
)
WRONG_VARIANT = Refusal(
    "wrong_variant", "this is a game of {expected!r}: a {got!r} round cannot be recorded in it"
)


@dataclass
class GameRound:
    dealer: int
    people: list[int]  # the person at each seat of the round, seat 0 first
    scores: list[int]  # per person, the dealer included
    end_reason: str


class SeatedGame(ABC, JSONDataclass):
    """What a game of several rounds among `people` (numbered 0..people-1 round the table)
    shares, however it chooses its dealers: the dealer holds no seat, the round's seat 0 is the
    person at the dealer's left, and each round's scores are kept per person."""

    __slots__ = ()

    seed: int
    people: int
    results: list[GameRound]

    @property
    @abstractmethod
    def dealer(self) -> int:
        """Who deals the next round."""

    def seats(self) -> list[int]:
        """The person at each seat of the next round, seat 0 (the dealer's left) first."""
        return [(self.dealer + offset) % self.people for offset in range(1, self.people)]

    def round_seed(self) -> int:
        return self.seed * 1_000 + len(self.results)

    def _add_result(self, round_: Round) -> GameRound:
        """Keep a finished round's scores per person, the dealer's included."""
        if not round_.is_over:
            raise IllegalActionError(ROUND_NOT_OVER)
        seats = self.seats()
        scores = round_.scores()
        per_person = [0] * self.people
        for seat, person in enumerate(seats):
            per_person[person] = scores.players[seat]
        per_person[self.dealer] = scores.dealer
        result = GameRound(self.dealer, seats, per_person, round_.end_reason or "")
        self.results.append(result)
        return result

    @property
    def totals(self) -> list[int]:
        totals = [0] * self.people
        for result in self.results:
            for person, score in enumerate(result.scores):
                totals[person] += score
        return totals

    def winners(self) -> list[int]:
        """The people with the best total; tied leaders share the win."""
        totals = self.totals
        best = max(totals)
        return [person for person, total in enumerate(totals) if total == best]


@dataclass
class RotationGame(SeatedGame):
    """Rounds of `variant` among `people` (numbered 0..people-1 round the table). The first
    dealer is drawn by lot from the seed; then the deal passes left until everyone has dealt."""

    variant: str
    config: dict[str, JSON]
    seed: int
    people: int
    first_dealer: int = -1
    results: list[GameRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        variant_class(self.variant)  # an unknown variant fails here
        if self.people < 2:
            raise ValueError(f"{self.people} people: a game needs a dealer and a player")
        if self.first_dealer < 0:
            self.first_dealer = random.Random(f"{self.seed}|first dealer").randrange(self.people)

    @classmethod
    def start(cls, variant: str, config: Any, seed: int, people: int) -> RotationGame:
        return cls(variant, codec.dump(config), seed, people)

    @property
    def dealer(self) -> int:
        return (self.first_dealer + len(self.results)) % self.people

    def new_round(self, rule: Rule | None, *, judge_guess: GuessJudge | None = None) -> Round:
        if self.over:
            raise IllegalActionError(GAME_OVER)
        cls = variant_class(self.variant)
        config = codec.load_dataclass(cls.config_class, self.config)
        return cls(config, self.round_seed(), rule, self.people - 1, judge_guess=judge_guess)

    def record(self, round_: Round) -> GameRound:
        """Add a finished round's scores; the deal passes left."""
        if round_.name != self.variant:
            raise IllegalActionError(WRONG_VARIANT, expected=self.variant, got=round_.name)
        return self._add_result(round_)

    @property
    def over(self) -> bool:
        return len(self.results) >= self.people


__all__ = ["GameRound", "RotationGame", "SeatedGame"]
