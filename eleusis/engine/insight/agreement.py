"""Measure: how far a hypothesis agrees with the secret rule, balanced.

**Situations**: the rule's own histories, a fixed, seeded sample of tables the secret rule
builds (a legal starter, then cards drawn from the whole deck and judged by the rule), and after
each, every card of the deck as the next card. The starter itself is the dealer's and left out.

**Balanced agreement** (`share`): the mean of the accept-side agreement (of the cards the rule
accepts, the share the hypothesis accepts too) and the reject-side agreement (of the cards the
rule rejects, the share the hypothesis rejects too). A rule that accepts a quarter of the cards
is not matched at 75 % by a hypothesis that rejects everything: that scores 50 %. `raw_share`
is the plain share of agreeing verdicts; `too_narrow` / `too_broad` the shares of all verdicts
where the hypothesis rejects what the rule accepts / accepts what it rejects.

**As the rule** (`as_rule`): the hypothesis judges like the rule in every situation reachable
from a legal starter, decided exactly (`is_rule`: the rule language's equivalence, or every
reachable situation walked, `rules/reachable.py`), never on the sample: it then counts as the
rule everywhere (share 1). `equivalent` is the exact check of the rule language. `exhaustive`
stays for the stored format: the shares are always sampled.

**The rule from this table on** (`is_rule_from`): the one answer the review gives to "is this
idea the rule?" at a play (`docs/measures.md`): True, False, or None when the exact check cannot
decide (then the idea is not "found").
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import Situation
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.rules.equivalence import equivalence, sample_history
from eleusis.engine.rules.reachable import same_from

RULE_HISTORIES = 120
RULE_HISTORY_MAX_LENGTH = 40
SAMPLE_SEED = 20_250_601
METHOD = "balanced"


@dataclass(frozen=True)
class Agreement:
    share: float  # balanced agreement: mean of accept-side and reject-side agreement
    too_narrow: float  # hypothesis rejects, rule accepts (share of all verdicts)
    too_broad: float  # hypothesis accepts, rule rejects (share of all verdicts)
    exhaustive: bool
    equivalent: bool
    accept_side: float = 1.0
    reject_side: float = 1.0
    raw_share: float = 1.0
    as_rule: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Agreement:
        """The agreement as `to_dict` stored it."""
        return cls(
            share=data["share"],
            too_narrow=data.get("too_narrow", 0.0),
            too_broad=data.get("too_broad", 0.0),
            exhaustive=data.get("exhaustive", False),
            equivalent=data.get("equivalent", False),
            accept_side=data.get("accept_side", 1.0),
            reject_side=data.get("reject_side", 1.0),
            raw_share=data.get("raw_share", 1.0),
            as_rule=data.get("as_rule", False),
        )

    def to_dict(self) -> dict[str, float | bool]:
        return {
            "share": round(self.share, 4),
            "accept_side": round(self.accept_side, 4),
            "reject_side": round(self.reject_side, 4),
            "raw_share": round(self.raw_share, 4),
            "too_narrow": round(self.too_narrow, 4),
            "too_broad": round(self.too_broad, 4),
            "exhaustive": self.exhaustive,
            "equivalent": self.equivalent,
            "as_rule": self.as_rule,
        }


RuleSituations = tuple[tuple[Situation, tuple[bool, ...]], ...]
_SITUATIONS: dict[str, RuleSituations] = {}


def rule_situations(secret: CompiledRule) -> RuleSituations:
    """The secret's own histories, prepared, each with the secret's verdict on every card of
    the deck; computed once per rule text."""
    known = _SITUATIONS.get(secret.text)
    if known is None:
        rng = random.Random(f"{SAMPLE_SEED}|{secret.text}")
        built = []
        for _ in range(RULE_HISTORIES):
            history = sample_history(rng, secret, rng.randint(1, RULE_HISTORY_MAX_LENGTH))
            situation = Situation(history)
            built.append((situation, tuple(situation.accepts(secret, c) for c in FULL_DECK)))
        known = _SITUATIONS[secret.text] = tuple(built)
        if len(_SITUATIONS) > 512:
            _SITUATIONS.pop(next(iter(_SITUATIONS)))
    return known


_AGREEMENTS: dict[tuple[str, str], Agreement] = {}
_AGREEMENTS_LIMIT = 20_000


def agreement(hypothesis: CompiledRule, secret: CompiledRule) -> Agreement:
    """How far `hypothesis` agrees with `secret` (see the module's decisions); remembered per
    pair of rule texts."""
    key = (hypothesis.text, secret.text)
    known = _AGREEMENTS.get(key)
    if known is None:
        known = _agreement(hypothesis, secret)
        if len(_AGREEMENTS) >= _AGREEMENTS_LIMIT:
            _AGREEMENTS.clear()
        _AGREEMENTS[key] = known
    return known


def _agreement(hypothesis: CompiledRule, secret: CompiledRule) -> Agreement:
    accepted = rejected = narrow = broad = 0
    verdicts = hypothesis.verdicts
    for situation, truths in rule_situations(secret):
        back, previous, previous2 = situation.back, situation.previous, situation.previous2
        verdict, position = situation.previous_accepted, situation.position
        says_row = verdicts(back, previous, verdict, position, previous2)
        for says, truth in zip(says_row, truths, strict=True):
            if truth:
                accepted += 1
                narrow += not says
            else:
                rejected += 1
                broad += says
    total = accepted + rejected
    if narrow == broad == 0:
        same = hypothesis is secret or _equivalent(hypothesis, secret) is True
        return Agreement(1.0, 0.0, 0.0, False, same, as_rule=same or is_rule(hypothesis, secret))
    accept_side = 1.0 - narrow / accepted if accepted else None
    reject_side = 1.0 - broad / rejected if rejected else None
    sides = [side for side in (accept_side, reject_side) if side is not None]
    return Agreement(
        share=sum(sides) / len(sides),
        too_narrow=narrow / total,
        too_broad=broad / total,
        exhaustive=False,
        equivalent=False,
        accept_side=1.0 if accept_side is None else accept_side,
        reject_side=1.0 if reject_side is None else reject_side,
        raw_share=1.0 - (narrow + broad) / total,
        as_rule=False,
    )


def as_rule(hypothesis: CompiledRule, secret: CompiledRule) -> bool:
    """Whether `hypothesis` is exactly the rule from every legal starter on (`is_rule`)."""
    return agreement(hypothesis, secret).as_rule


_EQUIVALENT: dict[tuple[str, str], bool | None] = {}


def _equivalent(hypothesis: CompiledRule, secret: CompiledRule) -> bool | None:
    """`equivalence(...).equivalent`, remembered per pair of rule texts."""
    key = (hypothesis.text, secret.text)
    if key not in _EQUIVALENT:
        if len(_EQUIVALENT) >= _AGREEMENTS_LIMIT:
            _EQUIVALENT.clear()
        _EQUIVALENT[key] = equivalence(hypothesis, secret).equivalent
    return _EQUIVALENT[key]


def is_rule(hypothesis: CompiledRule, secret: CompiledRule) -> bool:
    """Whether `hypothesis` judges like `secret` in every situation reachable from any legal
    starter (the starter's own verdict is the dealer's), decided exactly; False when that
    cannot be decided."""
    if hypothesis is secret or hypothesis.text == secret.text:
        return True
    walked = same_from(hypothesis, secret, ())
    if walked is not None:
        return walked
    return _equivalent(hypothesis, secret) is True


def is_rule_from(
    hypothesis: CompiledRule, secret: CompiledRule, history: Sequence[Attempt]
) -> bool | None:
    """Whether `hypothesis` judges like `secret` in every situation reachable from `history`
    (`rules/reachable.py`): False on a concrete difference (the table itself or a sampled
    continuation, judged by the secret), True when every reachable situation was walked or
    the two are equivalent, None when neither can be decided."""
    if hypothesis is secret or hypothesis.text == secret.text:
        return True
    if not agrees_from(hypothesis, secret, history):
        return False
    walked = same_from(hypothesis, secret, history)
    if walked is not None:
        return walked
    return True if _equivalent(hypothesis, secret) is True else None


CONTINUATIONS = 60
CONTINUATION_MAX_LENGTH = 16


def agrees_from(hypothesis: Rule, secret: CompiledRule, history: Sequence[Attempt]) -> bool:
    """Whether nothing the rest of the round could show tells the two apart: they agree on
    every card after `history` and after a fixed, seeded sample of continuations of it, each
    card tried judged by the secret. `parity == last2.parity` is right from the second card on
    under `parity != last.parity`, though the two differ on a lone starter."""
    continuations = _continuations(secret, history)
    for number in range(CONTINUATIONS + 1):
        situation, truths = continuations.table(number)
        if situation.verdicts(hypothesis) != truths:
            return False
    return True


class _Continuations:
    """The tables `agrees_from` tries after one history, each with the secret's verdict on
    every card after it. A review asks whether each rule still in play agrees with the secret
    after the same history: the tables and the secret's verdicts are drawn once for all of
    them, in the order the seeded draw gives, and only as far as a comparison has gone."""

    def __init__(self, secret: CompiledRule, history: Sequence[Attempt]) -> None:
        self.secret = secret
        self.start = list(history)
        self.rng = random.Random(SAMPLE_SEED + len(history))
        self.drawn: list[tuple[Situation, tuple[bool, ...]]] = []

    def table(self, number: int) -> tuple[Situation, tuple[bool, ...]]:
        while len(self.drawn) <= number:
            self.drawn.append(self._draw(len(self.drawn)))
        return self.drawn[number]

    def _draw(self, number: int) -> tuple[Situation, tuple[bool, ...]]:
        table = list(self.start)
        for _ in range(0 if number == 0 else self.rng.randint(1, CONTINUATION_MAX_LENGTH)):
            card = self.rng.choice(FULL_DECK)
            table.append(Attempt(card, self.secret.accepts(table, card)))
        situation = Situation(table)
        return situation, situation.verdicts(self.secret)


# Per thread (a worker reviews rounds in several threads, and a draw must not be shared while
# it is made), the last few histories' continuations: a review goes through its round's
# histories in order, each asked about by every rule still in play.
_DRAWN = threading.local()
_DRAWN_LIMIT = 8


def _continuations(secret: CompiledRule, history: Sequence[Attempt]) -> _Continuations:
    known: dict[tuple[str, tuple[Attempt, ...]], _Continuations] = _DRAWN.__dict__.setdefault(
        "known", {}
    )
    key = (secret.text, tuple(history))
    found = known.get(key)
    if found is None:
        if len(known) >= _DRAWN_LIMIT:
            known.pop(next(iter(known)))
        found = known[key] = _Continuations(secret, history)
    return found
