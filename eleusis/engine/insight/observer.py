"""Judging rules against the evidence of a round, and the ideal observer.

The ideal observer keeps every candidate rule still consistent with what the table has shown
(every card and its verdict, every "no play", the starter, every guess judged wrong) and reads
nothing else: not the hands, not the secret. After each play it knows how many candidates
remain; it has found the rule once only rules equivalent to the secret remain. What a card, a
"no play" or the starter says about a rule is the inference core's (`Observation.allows`); a
wrong guess rules out the guessed rule's equivalents.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eleusis.engine.history import Rule
from eleusis.engine.inference import CandidateSpace, fingerprint
from eleusis.engine.insight.log import Evidence
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.rules.equivalence import equivalence


class Judge:
    """Checks rules against evidence items, with the prepared situations and the rules of
    wrong guesses cached."""

    def __init__(self, evidence: Sequence[Evidence], resolve: Callable[[str], CompiledRule | None]):
        self.evidence = evidence
        self._guess_rules: dict[int, tuple[CompiledRule, bytes] | None] = {}
        self._resolve = resolve
        self._equal: dict[tuple[int, int], bool] = {}
        self._first_failure: dict[int, int] = {}
        self._first_card_failure: dict[int, int] = {}

    def _guess(self, item: int) -> tuple[CompiledRule, bytes] | None:
        if item not in self._guess_rules:
            rule = self._resolve(self.evidence[item].text)
            self._guess_rules[item] = (rule, fingerprint(rule)) if rule is not None else None
        return self._guess_rules[item]

    def consistent(self, rule: Rule, item: int, rule_signature: bytes | None = None) -> bool:
        """Whether `rule` agrees with evidence item `item`."""
        observation = self.evidence[item].observation
        if observation is not None:
            return observation.allows(rule)
        guess = self._guess(item)
        if guess is None or not isinstance(rule, CompiledRule):
            return True
        guessed, guessed_signature = guess
        if (rule_signature or fingerprint(rule)) != guessed_signature:
            return True
        key = (id(rule), item)
        if key not in self._equal:
            self._equal[key] = bool(equivalence(rule, guessed).equivalent)
        return not self._equal[key]

    def first_failure(self, rule: CompiledRule) -> int:
        """The first evidence item `rule` contradicts (len(evidence) when none does)."""
        key = id(rule)
        if key not in self._first_failure:
            sig = fingerprint(rule)
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

    space: CandidateSpace
    judge: Judge
    alive: list[int]
    applied: int = 0

    @classmethod
    def start(cls, space: CandidateSpace, judge: Judge) -> Observer:
        return cls(space, judge, list(range(len(space))))

    def advance(self, items: int) -> None:
        """Apply the evidence up to item `items` (exclusive)."""
        space, consistent = self.space, self.judge.consistent
        for item in range(self.applied, items):
            self.alive = [
                index
                for index in self.alive
                if consistent(space.rule(index), item, space.fingerprints[index])
            ]
        self.applied = max(self.applied, items)

    def rules(self) -> list[Rule]:
        return [self.space.rule(index) for index in self.alive]
