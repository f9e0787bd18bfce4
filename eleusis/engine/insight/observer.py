"""Judging rules against the evidence of a table, fast, and the ideal observer.

The ideal observer keeps every candidate rule still consistent with what the table has shown
(every card and its verdict, every "no play", the starter, every guess judged wrong) and reads
nothing else: not the hands, not the secret. After each play it knows how many candidates
remain; it has found the rule once only rules equivalent to the secret remain.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.insight.candidates import CandidatePool, signature
from eleusis.engine.insight.log import Evidence
from eleusis.engine.rules.compiler import CompiledRule, card_index
from eleusis.engine.rules.equivalence import equivalence


class Situation:
    """A table as the compiled rules read it, prepared once for many rules and cards."""

    __slots__ = ("back", "position", "previous", "previous_accepted")

    def __init__(self, history: Sequence[Attempt]) -> None:
        self.back = [card_index(a.card) for a in reversed(history) if a.accepted]
        self.position = len(self.back) + 1
        last = history[-1] if history else None
        self.previous = card_index(last.card) if last is not None else -1
        self.previous_accepted = last.accepted if last is not None else True

    def accepts(self, rule: CompiledRule, card: Card) -> bool:
        index = card_index(card)
        if not self.back:
            return rule.judge_start(index)
        return rule.judge(index, self.back, self.previous, self.previous_accepted, self.position)


class Judge:
    """Checks rules against evidence items, with the prepared situations and the rules of
    wrong guesses cached."""

    def __init__(self, evidence: Sequence[Evidence], resolve: Callable[[str], CompiledRule | None]):
        self.evidence = evidence
        self._situations: dict[int, Situation] = {}
        self._guess_rules: dict[int, tuple[CompiledRule, bytes] | None] = {}
        self._resolve = resolve
        self._equal: dict[tuple[int, int], bool] = {}
        self._first_failure: dict[int, int] = {}
        self._first_card_failure: dict[int, int] = {}

    def situation(self, item: int) -> Situation:
        if item not in self._situations:
            self._situations[item] = Situation(self.evidence[item].history)
        return self._situations[item]

    def _guess(self, item: int) -> tuple[CompiledRule, bytes] | None:
        if item not in self._guess_rules:
            rule = self._resolve(self.evidence[item].text)
            self._guess_rules[item] = (rule, signature(rule)) if rule is not None else None
        return self._guess_rules[item]

    def consistent(
        self, rule: CompiledRule, item: int, rule_signature: bytes | None = None
    ) -> bool:
        """Whether `rule` agrees with evidence item `item`."""
        evidence = self.evidence[item]
        if evidence.kind == "card":
            return self.situation(item).accepts(rule, evidence.cards[0]) == evidence.accepted
        if evidence.kind == "no_play":
            situation = self.situation(item)
            legal = any(situation.accepts(rule, card) for card in set(evidence.cards))
            return legal != evidence.accepted
        if evidence.kind == "start":
            assert evidence.starter is not None
            start = card_index(evidence.starter)
            return rule.judge_start(start) and not any(
                rule.judge_start(card_index(card)) for card in evidence.cards
            )
        guess = self._guess(item)
        if guess is None:
            return True
        guessed, guessed_signature = guess
        if (rule_signature or signature(rule)) != guessed_signature:
            return True
        key = (id(rule), item)
        if key not in self._equal:
            self._equal[key] = bool(equivalence(rule, guessed).equivalent)
        return not self._equal[key]

    def first_failure(self, rule: CompiledRule) -> int:
        """The first evidence item `rule` contradicts (len(evidence) when none does)."""
        key = id(rule)
        if key not in self._first_failure:
            sig = signature(rule)
            failure = len(self.evidence)
            for item in range(len(self.evidence)):
                if not self.consistent(rule, item, sig):
                    failure = item
                    break
            self._first_failure[key] = failure
        return self._first_failure[key]

    def fits(self, rule: CompiledRule, items: int) -> bool:
        """Whether `rule` explains the first `items` evidence items."""
        return self.first_failure(rule) >= items

    def first_card_failure(self, rule: CompiledRule) -> int:
        """The first card or "no play" (not the starter, not a guess) that `rule` contradicts
        (len(evidence) when none does)."""
        key = id(rule)
        if key not in self._first_card_failure:
            failure = len(self.evidence)
            for item, evidence in enumerate(self.evidence):
                if evidence.kind in ("card", "no_play") and not self.consistent(rule, item):
                    failure = item
                    break
            self._first_card_failure[key] = failure
        return self._first_card_failure[key]

    def contradicted_by_cards(self, rule: CompiledRule, items: int) -> bool:
        """Whether a card or "no play" among the first `items` evidence items contradicts
        `rule` (the starter alone does not)."""
        return self.first_card_failure(rule) < items


@dataclass
class Observer:
    """The candidates still consistent with the evidence applied so far."""

    pool: CandidatePool
    judge: Judge
    alive: list[int]
    applied: int = 0

    @classmethod
    def start(cls, pool: CandidatePool, judge: Judge) -> Observer:
        return cls(pool, judge, list(range(len(pool))))

    def advance(self, items: int) -> None:
        """Apply the evidence up to item `items` (exclusive)."""
        for item in range(self.applied, items):
            self.alive = [
                index
                for index in self.alive
                if self.judge.consistent(self.pool.rule(index), item, self.pool.signatures[index])
            ]
        self.applied = max(self.applied, items)

    def rules(self) -> list[CompiledRule]:
        return [self.pool.rule(index) for index in self.alive]


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
    rules: Sequence[CompiledRule],
    history: Sequence[Attempt],
    hand: Sequence[Card],
    played: Card | None,
) -> Information | None:
    """The expected information of playing `played` (None: declaring "no play") from `hand`
    after `history`, among `rules`. The choices are every distinct card in hand and the
    declaration."""
    if not rules or not hand:
        return None
    situation = Situation(history)
    cards = list(dict.fromkeys(hand))
    accepting = {card: 0 for card in cards}
    none_legal = 0
    for rule in rules:
        legal = False
        for card in cards:
            if situation.accepts(rule, card):
                accepting[card] += 1
                legal = True
        none_legal += not legal
    total = len(rules)
    options = {card: entropy(count / total) for card, count in accepting.items()}
    declaration = entropy(none_legal / total)
    bits = options[played] if played is not None else declaration
    values = [*options.values(), declaration]
    best, worst = max(values), min(values)
    relative = None if best - worst < NO_CHOICE else (bits - worst) / (best - worst)
    return Information(bits, best, worst, relative)
