"""What the bots of every game share: the seat, the seed and the candidate space
(`SeatedBot`), a hypothesis held in an order of the bot's own (`PrefersOwnOrder`), the
scientist's informative move, and the evidence of a history judged card by card
(`HistoryEvidence`, for Delphi and the Russian rules).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from functools import cached_property
from typing import ClassVar, Generic, TypeVar

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import (
    Candidate,
    CandidateSpace,
    Equivalent,
    Observation,
    Situation,
    any_legal,
    candidate_space,
    language_candidates,
    split,
)
from eleusis.engine.variants.actions import NoPlay, Play

NO_HYPOTHESIS = "no candidate rule fits the table"


def default_candidates() -> list[Candidate]:
    """The rule language's library and sentence-frame rules."""
    return list(language_candidates())


def allows(observation: Observation | None) -> Callable[[Rule], bool]:
    """The check a rule must pass for the observation to have happened (none: any rule)."""
    return _no_evidence if observation is None else observation.allows


def _no_evidence(rule: Rule) -> bool:
    return True


EvidenceT = TypeVar("EvidenceT")


class SeatedBot(ABC, Generic[EvidenceT]):
    """What the bots of every game share: a seat, a seed, the candidate set, and the evidence
    read from the views so far (of the kind the game's table gives)."""

    name: ClassVar[str] = ""

    def __init__(
        self,
        seat: int,
        seed: int | str,
        candidates: Sequence[Candidate] | None = None,
        equivalent: Equivalent | None = None,
    ) -> None:
        self.seat = seat
        self.seed = seed
        self.cands = candidate_space(candidates, equivalent)
        self.evidence = self._fresh_evidence()

    @abstractmethod
    def _fresh_evidence(self) -> EvidenceT:
        """Evidence that has seen nothing yet."""


class PrefersOwnOrder:
    """Mixin for bots that hold one hypothesis: the first surviving candidate in an order of
    the bot's own (shuffled by its seed and seat), so it changes its mind only when refuted."""

    seat: int
    seed: int | str
    cands: CandidateSpace

    @cached_property
    def preference(self) -> dict[int, int]:
        order = list(range(len(self.cands.candidates)))
        random.Random(f"{self.seed}|{self.seat}|order").shuffle(order)
        return {index: rank for rank, index in enumerate(order)}

    def preferred(self, alive: Sequence[int]) -> int | None:
        return min(alive, key=self.preference.__getitem__) if alive else None


def even_sample(classes: Sequence[int], size: int) -> Sequence[int]:
    """An even sample of at most about `size` of `classes` (all of them once that few)."""
    return classes[:: max(1, -(-len(classes) // size))]


def informative_move(
    seat: int,
    rng: random.Random,
    cands: CandidateSpace,
    classes: Sequence[int],
    history: tuple[Attempt, ...],
    hand: Sequence[Card],
    label: str,
    sample_size: int,
) -> Play | NoPlay:
    """The scientist's move: the card whose verdict a sample of the surviving classes disagree
    on most, or a "no play" when no class accepts any card of the hand."""
    situation = Situation(history)
    rules = [cands.rule(index) for index in even_sample(classes, sample_size)]
    counts = split(rules, situation, hand)
    shares = {card: counts.share(card) for card in hand}
    if max(shares.values()) == 0.0 and not any_legal(
        (cands.rule(index) for index in classes), situation, hand
    ):
        return NoPlay(seat, hypothesis=label, prediction=True)
    lowest = min(abs(share - 0.5) for share in shares.values())
    card = rng.choice([c for c, share in shares.items() if abs(share - 0.5) == lowest])
    return Play(seat, card, hypothesis=label, prediction=shares[card] >= 0.5)


def by_rank(card: Card) -> tuple[int, str]:
    return card.rank, card.suit.value


class HistoryEvidence:
    """Candidates consistent with a history judged one card at a time (Delphi, the Russian
    rules): each later attempt was accepted exactly when the rule accepts it. The starter is
    evidence only when it was turned until legal. Survivors are memoised in the candidate set
    under the history seen so far, so the bots at one table share the work."""

    def __init__(self, cands: CandidateSpace, starter_is_evidence: bool) -> None:
        self.cands = cands
        self.starter_is_evidence = starter_is_evidence
        self._reset()

    def _reset(self) -> None:
        self.alive: list[int] = list(range(len(self.cands.candidates)))
        self.seen: list[Attempt] = []
        self._key: tuple[Hashable, ...] = ("history", self.starter_is_evidence)

    def update(self, history: Sequence[Attempt]) -> list[int]:
        if list(history[: len(self.seen)]) != self.seen:
            self._reset()  # shown an earlier or another table: start again
        for index in range(len(self.seen), len(history)):
            attempt = history[index]
            self._key = (self._key, attempt.card, attempt.accepted)
            observation = None  # a starter nobody judged
            if index > 0 or self.starter_is_evidence:
                prefix = tuple(history[:index])
                observation = Observation("card", prefix, (attempt.card,), attempt.accepted)
            self.alive = self.cands.survivors(self._key, self.alive, allows(observation))
            self.seen.append(attempt)
        return self.alive

    def classes(self) -> list[int]:
        """Surviving classes, each by its first surviving candidate."""
        return self.cands.classes_among(self.alive)

    def largest_class_label(self) -> str:
        best = self.cands.largest_class(self.alive)
        return NO_HYPOTHESIS if best is None else self.cands.label(best)

    def share(self, history: Sequence[Attempt], card: Card, sample: int = 256) -> float | None:
        """The share of surviving classes (an even sample) that accept `card` next."""
        classes = self.classes()
        if not classes:
            return None
        rules = [self.cands.rule(index) for index in even_sample(classes, sample)]
        return split(rules, Situation(history), (card,)).share(card)


class HistoryBot(SeatedBot[HistoryEvidence]):
    """A bot of a game judged card by card along one history (Delphi, the Russian rules): its
    evidence is the history, the first card none (the starter turned until legal aside, which
    `DelphiBot` reads from its view). `decision` names what it decides, for its randomness."""

    decision: ClassVar[str]

    def _fresh_evidence(self) -> HistoryEvidence:
        return HistoryEvidence(self.cands, starter_is_evidence=False)

    def _rng(self, history: Sequence[Attempt]) -> random.Random:
        """Randomness for one decision, fixed by the seed, the seat and the history's length."""
        return random.Random(f"{self.seed}|{self.seat}|{self.decision}|{len(history)}")
