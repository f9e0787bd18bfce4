"""The candidate rules an ideal observer weighs, and reading a logged hypothesis as a rule.

The pool is the rule language's candidates (`candidate_rules()`), built once per process
(`CandidatePool.shared()`) and fixed for a review: a round adds only its secret rule, when no
candidate is equivalent to it; the hypotheses players logged are scored against the pool,
never added to it, so counts and bits compare across tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.history import Attempt
from eleusis.engine.rules.compiler import CompiledRule, compile_rule
from eleusis.engine.rules.equivalence import equivalence, sample_history
from eleusis.engine.rules.errors import RuleSyntaxError
from eleusis.engine.rules.library import LIBRARY

Candidate = tuple[str, CompiledRule]

_PROBES = 240


@cache
def _probes() -> tuple[tuple[tuple[Attempt, ...], Card], ...]:
    """Fixed tables and cards on which rules are compared before an exact check."""
    rng = random.Random("eleusis-insight-probes")
    return tuple(
        (tuple(sample_history(rng, None, rng.randint(1, 8))), rng.choice(FULL_DECK))
        for _ in range(_PROBES)
    )


def signature(rule: CompiledRule) -> bytes:
    """Verdicts on fixed probes: equivalent rules have equal signatures."""
    return bytes(bool(rule.accepts(history, card)) for history, card in _probes())


@cache
def language_candidates() -> tuple[Candidate, ...]:
    """The rule language's candidates: the library and the sentence-frame space."""
    from eleusis.engine.rules.frames import candidate_rules

    return tuple(candidate_rules())


@cache
def _labelled_texts() -> dict[str, str]:
    """Library ids and frame sentences, each with its rule text: what bots log."""
    from eleusis.engine.rules.frames import all_frame_rules

    texts = {sentence: text for sentence, text in all_frame_rules()}
    texts.update({rule_id: entry.text for rule_id, entry in LIBRARY.items()})
    return texts


@cache
def _compiled(text: str) -> CompiledRule | None:
    try:
        return compile_rule(text)
    except RuleSyntaxError:
        return None


def resolve(text: str | None) -> CompiledRule | None:
    """The rule a logged hypothesis states: rule text, a library id or a frame sentence (as bots
    and sentence frames log them); None for free text the app cannot check."""
    if not text or not text.strip():
        return None
    cleaned = text.strip()
    labelled = _labelled_texts().get(cleaned)
    return _compiled(labelled if labelled is not None else cleaned)


@dataclass
class CandidatePool:
    """Candidate rules, pairwise not known to be equivalent, with their probe signatures."""

    candidates: list[Candidate]
    signatures: list[bytes]
    _by_signature: dict[bytes, list[int]] = field(default_factory=dict)

    @classmethod
    def build(cls, base: Sequence[Candidate] | None = None) -> CandidatePool:
        chosen = language_candidates() if base is None else tuple(base)
        signatures = list(_signatures(chosen))
        pool = cls(list(chosen), signatures)
        for index, sig in enumerate(signatures):
            pool._by_signature.setdefault(sig, []).append(index)
        return pool

    @classmethod
    def shared(cls) -> CandidatePool:
        """The rule language's pool, built once per process (do not add to it: copy it)."""
        return _shared_pool()

    def copy(self) -> CandidatePool:
        return CandidatePool(
            list(self.candidates),
            list(self.signatures),
            {sig: list(indices) for sig, indices in self._by_signature.items()},
        )

    def __len__(self) -> int:
        return len(self.candidates)

    def rule(self, index: int) -> CompiledRule:
        return self.candidates[index][1]

    def find(self, rule: CompiledRule) -> int | None:
        """The index of a candidate equivalent to `rule`, if the pool holds one."""
        for index in self._by_signature.get(signature(rule), ()):
            if equivalence(self.rule(index), rule).equivalent:
                return index
        return None

    def add(self, label: str, rule: CompiledRule) -> int:
        """Add `rule` unless an equivalent candidate is there; return the candidate's index."""
        found = self.find(rule)
        if found is not None:
            return found
        sig = signature(rule)
        self.candidates.append((label, rule))
        self.signatures.append(sig)
        self._by_signature.setdefault(sig, []).append(len(self.candidates) - 1)
        return len(self.candidates) - 1

    def extend(self, rules: Iterable[Candidate]) -> None:
        for label, rule in rules:
            self.add(label, rule)


@cache
def _shared_pool() -> CandidatePool:
    return CandidatePool.build()


_SIGNATURES: dict[int, tuple[object, tuple[bytes, ...]]] = {}


def _signatures(candidates: tuple[Candidate, ...]) -> tuple[bytes, ...]:
    """Signatures of a candidate list, computed once per list (kept alive with its entry)."""
    key = id(candidates)
    if key not in _SIGNATURES:
        _SIGNATURES[key] = (candidates, tuple(signature(rule) for _, rule in candidates))
    return _SIGNATURES[key][1]
