"""How the cards of a hand split the candidate rules, and what that is worth in bits.

`split(rules, situation, cards)` counts, for each distinct card, the rules that accept it next,
and the rules that accept none of them (for which "no play" is right). The scientist bots play
the card the rules disagree on most; the review's ideal observer turns the same counts into the
expected information of a choice (`information`), each candidate equally likely.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference.situation import Situation
from eleusis.engine.rules.compiler import card_index


@dataclass(frozen=True)
class Split:
    """Of `total` rules, how many accept each card (in the order the cards were given) and how
    many accept none of them."""

    total: int
    accepting: dict[Card, int]
    none_legal: int

    def share(self, card: Card) -> float:
        """The share of the rules that accept `card`."""
        return self.accepting[card] / self.total if self.total else 0.0

    def divides(self, card: Card) -> bool:
        """Whether the rules disagree on `card` (some accept it, some do not)."""
        return 0 < self.accepting[card] < self.total


def split(rules: Sequence[Rule], situation: Situation, cards: Iterable[Card]) -> Split:
    """How the distinct `cards` split `rules` in `situation`."""
    accepting = dict.fromkeys(cards, 0)
    # Each card's deck index found once, not once per rule: a review splits hundreds of rules.
    order = list(accepting)
    indexes = [card_index(card) for card in order]
    none_legal = 0
    for rule in rules:
        legal = False
        for card, accepted in zip(order, situation.verdicts(rule, indexes), strict=True):
            if accepted:
                accepting[card] += 1
                legal = True
        none_legal += not legal
    return Split(len(rules), accepting, none_legal)


def any_legal(rules: Iterable[Rule], situation: Situation, cards: Sequence[Card]) -> bool:
    """Whether any of `rules` accepts any of `cards` next."""
    return any(situation.accepts(rule, card) for rule in rules for card in cards)


def entropy(p: float) -> float:
    """The information, in bits, of a yes/no answer that is yes with probability `p`."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


NO_CHOICE = 1e-9  # bits: choices closer than this are alike


@dataclass(frozen=True)
class Information:
    """What a play could tell and what it did tell, in bits, given the candidates still
    consistent (each equally likely).

    `bits` (also `expected`): the expected information of the choice made (a card of the hand,
    or declaring "no play"); `best` / `worst`: of the best and worst choice the hand offered;
    `relative`: where the choice sits between them (0 worst, 1 best), None when every choice
    was alike (`choice` False: "no choice"). `realised`: the information the outcome actually
    gave, log2(candidates before / candidates after), set by `with_realised`."""

    bits: float
    best: float
    worst: float
    relative: float | None
    realised: float = 0.0

    @property
    def choice(self) -> bool:
        return self.relative is not None

    def with_realised(self, before: int, after: int) -> Information:
        return replace(self, realised=realised_bits(before, after))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Information:
        """The information as `to_dict` stored it."""
        return cls(
            bits=data.get("bits", data.get("expected", 0.0)),
            best=data.get("best", 0.0),
            worst=data.get("worst", 0.0),
            relative=data.get("relative"),
            realised=data.get("realised", 0.0),
        )

    def to_dict(self) -> dict[str, float | bool | None]:
        return {
            "bits": round(self.bits, 4),
            "expected": round(self.bits, 4),
            "best": round(self.best, 4),
            "worst": round(self.worst, 4),
            "relative": None if self.relative is None else round(self.relative, 4),
            "choice": self.choice,
            "realised": round(self.realised, 4),
        }


def realised_bits(before: int, after: int) -> float:
    """log2(before / after): the bits a play gave by leaving `after` of `before` candidates."""
    if before <= 0 or after <= 0 or after >= before:
        return 0.0
    return math.log2(before / after)


def information(
    rules: Sequence[Rule],
    history: Sequence[Attempt],
    hand: Sequence[Card],
    played: Card | None,
) -> Information | None:
    """The expected information of playing `played` (None: declaring "no play") from `hand`
    after `history`, among `rules`. The choices a card is rated among are the distinct cards
    in hand; a declaration is rated among those and the declaration. Why the declaration is
    not on a card's scale: it is the least informative choice in most situations (every
    candidate accepts some card in hand), so it would stretch the scale below every card and
    rate a random card high."""
    if not rules or not hand:
        return None
    counts = split(rules, Situation(history), hand)
    options = {card: entropy(count / counts.total) for card, count in counts.accepting.items()}
    declaration = entropy(counts.none_legal / counts.total)
    bits = options[played] if played is not None else declaration
    values = [*options.values()] if played is not None else [*options.values(), declaration]
    best, worst = max(values), min(values)
    relative = None if best - worst < NO_CHOICE else (bits - worst) / (best - worst)
    return Information(bits, best, worst, relative)
