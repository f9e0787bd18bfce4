"""The candidate space: the rules a player or an observer may still believe, grouped into
classes of equivalent rules.

The rule language's candidates (`language_candidates()`) are the library (by id) and the
sentence builder's pool (by sentence), one rule per equivalence class. Which rules survive that
deduplication is fixed by the library and the pool, and finding it takes seconds (millions of
verdicts), so it is stored in `candidates.json` beside this module, keyed by a digest of those
inputs; a process (a web worker about to let a bot play) only compiles the survivors.
`write_candidates_file()` writes it anew (tests/engine/inference/test_space.py says how when it
is stale).

A `CandidateSpace` holds candidates as (label, rule), their run-time fingerprints and their
classes; `candidate_space()` is the language's, built once per process and shared by the bots
and the review's ideal observer, so both reason over the same space. `survivors` filters
candidates by an observation's check, memoised under everything public that led there.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from eleusis.engine.history import Rule
from eleusis.engine.inference import stored
from eleusis.engine.inference.situation import fingerprint, thorough_probes
from eleusis.engine.rules.builder import lets_nothing_through
from eleusis.engine.rules.compiler import CompiledRule, compile_rule
from eleusis.engine.rules.equivalence import equivalence
from eleusis.engine.rules.library import LIBRARY
from eleusis.engine.rules.pool import pool_entries

logger = logging.getLogger(__name__)

Candidate = tuple[str, Rule]
Equivalent = Callable[[Rule, Rule], bool]


def language_equivalent(a: Rule, b: Rule) -> bool:
    """The rule language's exact check; rules it did not compile are equal only to themselves."""
    if isinstance(a, CompiledRule) and isinstance(b, CompiledRule):
        return bool(equivalence(a, b).equivalent)
    return a is b


_MEMO_LIMIT = 50_000


@dataclass(frozen=True)
class CandidateSpace:
    """Candidates, their fingerprints, and their equivalence classes (tuples of indices, each
    a hypothesis; `class_of[index]` is the number of a candidate's class)."""

    candidates: tuple[Candidate, ...]
    fingerprints: tuple[bytes, ...]
    classes: tuple[tuple[int, ...], ...]
    class_of: tuple[int, ...]
    equivalent: Equivalent = field(default=language_equivalent, compare=False, repr=False)
    # Survivors already worked out for a table as everyone sees it: bots at one table share them.
    memo: dict[Hashable, list[int]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def build(
        cls, candidates: Sequence[Candidate], equivalent: Equivalent | None = None
    ) -> CandidateSpace:
        """Group candidates: the same fingerprint first, then `equivalent` (by default the rule
        language's exact check) within each group."""
        same = equivalent or language_equivalent
        prints = tuple(fingerprint(rule) for _, rule in candidates)
        by_print: dict[bytes, list[list[int]]] = {}
        for index, (_, rule) in enumerate(candidates):
            groups = by_print.setdefault(prints[index], [])
            for group in groups:
                if same(candidates[group[0]][1], rule):
                    group.append(index)
                    break
            else:
                groups.append([index])
        classes = sorted(
            (tuple(group) for groups in by_print.values() for group in groups), key=min
        )
        class_of = [0] * len(candidates)
        for number, members in enumerate(classes):
            for index in members:
                class_of[index] = number
        return cls(tuple(candidates), prints, tuple(classes), tuple(class_of), same)

    def __len__(self) -> int:
        return len(self.candidates)

    def label(self, index: int) -> str:
        return self.candidates[index][0]

    def rule(self, index: int) -> Rule:
        return self.candidates[index][1]

    def guess_text(self, index: int) -> str:
        """What to say when guessing this candidate: its rule text, or its label."""
        text = getattr(self.rule(index), "text", None)
        return text if isinstance(text, str) and text else self.label(index)

    def random_index(self, rng: random.Random) -> int:
        """A candidate drawn at random (a random bot's hypothesis)."""
        return rng.randrange(len(self.candidates))

    def breadth(self, index: int) -> int:
        """How many of the fixed probes the candidate accepts: a narrow rule accepts few."""
        return sum(self.fingerprints[index])

    def find(self, rule: Rule) -> int | None:
        """The first candidate equivalent to `rule`, if the space holds one."""
        sig = fingerprint(rule)
        for index, other in enumerate(self.fingerprints):
            if other == sig and self.equivalent(self.rule(index), rule):
                return index
        return None

    def with_candidate(self, label: str, rule: Rule) -> CandidateSpace:
        """This space with `rule` added, in the class of an equivalent candidate when there is
        one, else as a class of its own."""
        index = len(self.candidates)
        found = self.find(rule)
        classes = list(self.classes)
        if found is None:
            number = len(classes)
            classes.append((index,))
        else:
            number = self.class_of[found]
            classes[number] = (*classes[number], index)
        return CandidateSpace(
            (*self.candidates, (label, rule)),
            (*self.fingerprints, fingerprint(rule)),
            tuple(classes),
            (*self.class_of, number),
            self.equivalent,
        )

    def classes_among(self, alive: Sequence[int]) -> list[int]:
        """The classes of the surviving candidates, each by its first survivor, in order."""
        seen: dict[int, int] = {}
        for index in alive:
            seen.setdefault(self.class_of[index], index)
        return list(seen.values())

    def largest_class(self, alive: Sequence[int]) -> int | None:
        """The class with the most survivors behind it, by its first survivor (the earliest
        among equals); None when nothing survives."""
        sizes: dict[int, int] = {}
        for index in alive:
            number = self.class_of[index]
            sizes[number] = sizes.get(number, 0) + 1
        classes = self.classes_among(alive)
        if not classes:
            return None
        return max(classes, key=lambda index: (sizes[self.class_of[index]], -index))

    def survivors(
        self, key: Hashable, alive: Sequence[int], check: Callable[[Rule], bool]
    ) -> list[int]:
        """The candidates of `alive` whose rule passes `check`, memoised under `key`
        (everything public that led there), so that the bots at one table share the work."""
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        known = self.memo.get(key)
        if known is None:
            known = [index for index in alive if check(self.rule(index))]
            self.memo[key] = known
        return known


# Built spaces by the identity of their candidate list and equivalence check; the entry holds on
# to both, so that an identity is never reused by another list while the entry lives.
_SPACES: dict[tuple[int, int], tuple[object, object, CandidateSpace]] = {}

# One build at a time in a process. A worker that starts has several threads wanting the space
# at once (the warm-up, the first bot moves of each pool thread): unguarded, each built its own,
# under one GIL, and a new worker's first bot move took 13-15 s instead of one build's few. The
# others now wait for the one build and share it. Re-entrant: a space builds its candidates.
_BUILDING = threading.RLock()


def candidate_space(
    candidates: Sequence[Candidate] | None = None, equivalent: Equivalent | None = None
) -> CandidateSpace:
    """A CandidateSpace, built once per candidate list and equivalence check; by default the
    rule language's (`language_candidates()`)."""
    if candidates is None and equivalent is None:
        return _language_space()
    chosen: Sequence[Candidate] = candidates if candidates is not None else language_candidates()
    key = (id(chosen), id(equivalent))
    if key not in _SPACES:
        with _BUILDING:
            if key not in _SPACES:  # another thread built it while this one waited
                _SPACES[key] = (chosen, equivalent, CandidateSpace.build(chosen, equivalent))
    return _SPACES[key][2]


# ---------------------------------------------------------------------------------------------
# The rule language's candidates.

CANDIDATES_FILE = Path(__file__).with_name("candidates.json")


_LANGUAGE: list[CandidateSpace] = []  # built or loaded once (`_BUILDING`)


def language_candidates() -> tuple[tuple[str, CompiledRule], ...]:
    """The library (by id) and the builder's pool (by sentence), one per equivalence class.

    Rules whose thorough fingerprints differ are certainly different; rules whose fingerprints
    agree are compared with `equivalence`, and one is kept only when they are proved equivalent.
    The library comes first, so a class that holds a library rule is named by its id.
    """
    return cast(tuple[tuple[str, CompiledRule], ...], _language_space().candidates)


def _language_space() -> CandidateSpace:
    """The language's space: loaded from the store (`stored`) when an earlier process of this
    engine stored it, else built, and stored for the next process."""
    if not _LANGUAGE:
        with _BUILDING:
            if not _LANGUAGE:  # another thread built it while this one waited
                space = stored.load()
                if not isinstance(space, CandidateSpace):
                    space = CandidateSpace.build(_language_candidates())
                    try:
                        stored.save(space)
                    except Exception:  # the next process builds it again
                        logger.warning("could not store the candidate space", exc_info=True)
                _LANGUAGE.append(space)
                _SPACES[(id(space.candidates), id(None))] = (space.candidates, None, space)
    return _LANGUAGE[0]


def _language_candidates() -> tuple[tuple[str, CompiledRule], ...]:
    stored = _stored_labels()
    if stored is not None:
        return tuple(
            (label, compile_rule(text)) for label, text in _candidate_entries() if label in stored
        )
    return compute_candidate_rules()


def _candidate_entries() -> list[tuple[str, str]]:
    """The library (by id) then the builder's pool (by sentence), as (label, rule text)."""
    return [(rule_id, entry.text) for rule_id, entry in LIBRARY.items()] + list(pool_entries())


def candidates_digest() -> str:
    return hashlib.sha256(json.dumps(_candidate_entries()).encode()).hexdigest()


def _stored_labels() -> set[str] | None:
    try:
        stored = json.loads(CANDIDATES_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("digest") != candidates_digest():
        return None
    return set(stored.get("labels", []))


def compute_candidate_rules() -> tuple[tuple[str, CompiledRule], ...]:
    """The deduplication itself: thorough fingerprints first, then a proof of equivalence. A
    sentence of the pool that lets no card through (the builder refuses it: "the same rank and
    a higher rank") is left out."""
    kept: list[tuple[str, CompiledRule]] = []
    by_print: dict[bytes, list[CompiledRule]] = {}
    probes = thorough_probes()
    library = set(LIBRARY)
    for label, text in _candidate_entries():
        rule = compile_rule(text)
        if label not in library and lets_nothing_through(rule):
            continue
        group = by_print.setdefault(fingerprint(rule, probes), [])
        if any(equivalence(rule, other).equivalent is True for other in group):
            continue
        group.append(rule)
        kept.append((label, rule))
    return tuple(kept)


def write_candidates_file() -> int:
    """Store the labels of the rules that survive deduplication; returns how many."""
    labels = [label for label, _rule in compute_candidate_rules()]
    data = {"digest": candidates_digest(), "labels": labels}
    CANDIDATES_FILE.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", "utf-8")
    return len(labels)
