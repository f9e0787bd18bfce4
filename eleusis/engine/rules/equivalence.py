"""Do two rules judge alike? `equivalence(a, b)` answers with a counterexample when they differ.

Two rules are equivalent when they give the same verdict in every situation: every mainline
(the start included), every previous play, every position, every card — not only the
situations one of them would build. Rules in this language look back a fixed number of cards,
so when the situations that matter are few enough they are all enumerated, by classes of cards
that the two rules cannot tell apart (see `situations.py`), and the answer is exact
(`exhaustive=True`). `situations` counts the situations covered, the 52 starts included: two
rules that read rank and suit of two cards back cover 52 + 52² × 52 + 52³ × 52... situations
restricted to what they read. Otherwise realistic histories, seeded, are sampled and
`exhaustive` is False.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.rules.situations import (
    MAX_POSITION_HORIZON,
    CardClass,
    build_history,
    partition,
    plays_to_json,
    position_horizon,
    previous_props,
    slot_props,
)

# Above this many evaluations per rule, sample instead of enumerating.
MAX_EXHAUSTIVE_EVALUATIONS = 400_000
SAMPLED_HISTORIES = 1_000
SAMPLED_MAX_LENGTH = 40


@dataclass(frozen=True)
class Counterexample:
    plays: list[Attempt]
    card: str
    a: bool
    b: bool

    def to_dict(self) -> dict[str, object]:
        return {"plays": plays_to_json(self.plays), "card": self.card, "a": self.a, "b": self.b}


@dataclass(frozen=True)
class Equivalence:
    equivalent: bool
    exhaustive: bool
    situations: int
    counterexample: Counterexample | None

    def to_dict(self) -> dict[str, object]:
        return {
            "equivalent": self.equivalent,
            "exhaustive": self.exhaustive,
            "situations": self.situations,
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
        }


@dataclass(frozen=True)
class _Plan:
    """The situations that matter to a set of rules, as card classes per slot."""

    lookback: int
    card: list[CardClass]
    back: list[list[CardClass]]  # back[k - 1] for the k-th card back
    previous: list[tuple[int | None, int]]  # (rejected card, weight); None: previous was right
    horizon: tuple[int, int] | None

    def positions(self, length: int) -> list[int]:
        if self.horizon is None:
            return [0]
        if length < self.lookback:
            return [length + 1]
        threshold, period = self.horizon
        return list(range(length + 1, max(length + 1, threshold + period) + 1))

    def tails(self) -> Iterator[tuple[tuple[CardClass, ...], int]]:
        """Every mainline tail, most recent first, and how many mainlines it stands for."""
        for length in range(1, self.lookback + 1):
            for tail in itertools.product(*self.back[:length]):
                weight = 1
                for card_class in tail:
                    weight *= card_class.weight
                yield tail, weight

    def evaluations(self) -> int:
        total = 0
        for length in range(1, self.lookback + 1):
            tails = 1
            for classes in self.back[:length]:
                tails *= len(classes)
            total += tails * len(self.positions(length)) * len(self.previous) * len(self.card)
        return total

    def situations(self) -> int:
        total = len(FULL_DECK)  # the starts
        previous = sum(weight for _card, weight in self.previous)
        for length in range(1, self.lookback + 1):
            total += len(FULL_DECK) ** (length + 1) * previous * len(self.positions(length))
        return total


def plan(rules: tuple[CompiledRule, ...]) -> _Plan | None:
    """How to enumerate the situations of `rules` exactly, or None when there are too many."""
    lookback = max(max(rule.lookback for rule in rules), 1)
    horizon = position_horizon(rules)
    if horizon is not None and sum(horizon) > MAX_POSITION_HORIZON:
        return None
    prev_props = previous_props(rules)
    back = []
    for slot in range(1, lookback + 1):
        props = slot_props(rules, slot)
        if slot == 1:
            props |= prev_props  # a right previous play is the last card
        back.append(partition(props))
    previous: list[tuple[int | None, int]] = [(None, 1)]
    if any(rule.reads_previous_card for rule in rules):
        previous += [(c.representative, c.weight) for c in partition(prev_props)]
    elif any(rule.reads_verdict for rule in rules):
        previous.append((0, len(FULL_DECK)))
    result = _Plan(lookback, partition(slot_props(rules, 0)), back, previous, horizon)
    if result.evaluations() > MAX_EXHAUSTIVE_EVALUATIONS:
        return None
    return result


def equivalence(a: CompiledRule, b: CompiledRule, *, seed: int = 0) -> Equivalence:
    """Whether `a` and `b` give the same verdict in every situation."""
    the_plan = plan((a, b))
    situations = the_plan.situations() if the_plan is not None else len(FULL_DECK)
    for index in range(len(FULL_DECK)):
        verdict_a, verdict_b = a.judge_start(index), b.judge_start(index)
        if verdict_a != verdict_b:
            example = Counterexample([], FULL_DECK[index].code, verdict_a, verdict_b)
            return Equivalence(False, the_plan is not None, situations, example)
    if the_plan is None:
        return _sampled(a, b, seed)
    cards = [c.representative for c in the_plan.card]
    for tail_classes, _weight in the_plan.tails():
        tail = [c.representative for c in tail_classes]
        for previous, _previous_weight in the_plan.previous:
            accepted = previous is None
            previous_card = tail[0] if previous is None else previous
            for position in the_plan.positions(len(tail)):
                for card in cards:
                    verdict_a = a.judge(card, tail, previous_card, accepted, position)
                    if verdict_a != b.judge(card, tail, previous_card, accepted, position):
                        history = build_history(tail, previous, position or None, the_plan.lookback)
                        return Equivalence(False, True, situations, _confirmed(a, b, history, card))
    return Equivalence(True, True, situations, None)


def _confirmed(
    a: CompiledRule, b: CompiledRule, history: list[Attempt], card: int
) -> Counterexample:
    """The counterexample, judged again through the public `accepts`."""
    played = FULL_DECK[card]
    return Counterexample(
        history, played.code, a.accepts(history, played), b.accepts(history, played)
    )


def sample_history(rng: random.Random, rule: CompiledRule | None, length: int) -> list[Attempt]:
    """A history as a table might make it: random cards tried, judged by `rule` (or at random
    when None), the starter always right."""
    history: list[Attempt] = []
    for _ in range(length):
        card = rng.choice(FULL_DECK)
        if not history:
            accepted = rule.accepts(history, card) if rule is not None else True
            if not accepted:
                continue
        elif rule is not None:
            accepted = rule.accepts(history, card)
        else:
            accepted = rng.random() < 0.5
        history.append(Attempt(card, accepted))
    if not history:
        history.append(Attempt(rng.choice(FULL_DECK), True))
    return history


def _sampled(a: CompiledRule, b: CompiledRule, seed: int) -> Equivalence:
    """Seeded histories after the 52 starts, which the caller has compared already."""
    rng = random.Random(seed)
    situations = len(FULL_DECK)
    judges = (a, b, None)
    for number in range(SAMPLED_HISTORIES):
        history = sample_history(rng, judges[number % 3], rng.randint(1, SAMPLED_MAX_LENGTH))
        for card in FULL_DECK:
            situations += 1
            verdict_a = a.accepts(history, card)
            verdict_b = b.accepts(history, card)
            if verdict_a != verdict_b:
                example = Counterexample(history, card.code, verdict_a, verdict_b)
                return Equivalence(False, False, situations, example)
    return Equivalence(True, False, situations, None)
