"""Measure 1: how far a hypothesis agrees with the secret rule.

The share of a fixed set of situations on which the two rules give the same verdict, with the
disagreements split into "too narrow" (the hypothesis rejects a card the rule accepts) and "too
broad" (it accepts a card the rule rejects).

**Decision** on the situations: a situation is a mainline as long as the longer-sighted of the
two rules looks back, the previous play, the position and the next card, every card equally
likely. When the two rules look back a bounded number of cards and the situations that matter
are few enough, they are all enumerated by classes of cards the rules cannot tell apart (as
`equivalence` does), each weighted by how many situations it stands for, and the share is exact
(`exhaustive=True`). Otherwise a fixed, seeded sample of realistic tables is used. The starter
is the dealer's, never a player's, so starts are left out; mainlines shorter than the rules look
are rare in play and left out too. `equivalent` is the exact equivalence check, so a share of 1
on these situations with a difference elsewhere still says False. A right previous play and a
wrong one weigh the same when either rule reads the previous play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.rules.equivalence import _Plan, equivalence, plan, sample_history

SAMPLED_TABLES = 120
SAMPLED_MAX_LENGTH = 30
SAMPLE_SEED = 20_250_601


@dataclass(frozen=True)
class Agreement:
    share: float  # of situations where hypothesis and rule agree
    too_narrow: float  # hypothesis rejects, rule accepts
    too_broad: float  # hypothesis accepts, rule rejects
    exhaustive: bool
    equivalent: bool

    def to_dict(self) -> dict[str, float | bool]:
        return {
            "share": round(self.share, 4),
            "too_narrow": round(self.too_narrow, 4),
            "too_broad": round(self.too_broad, 4),
            "exhaustive": self.exhaustive,
            "equivalent": self.equivalent,
        }


def agreement(hypothesis: CompiledRule, secret: CompiledRule) -> Agreement:
    """How far `hypothesis` agrees with `secret` (see the module's decision on situations)."""
    the_plan = plan((hypothesis, secret))
    if the_plan is None:
        narrow, broad, total = _sampled(hypothesis, secret)
        exhaustive = False
    else:
        narrow, broad, total = _enumerated(hypothesis, secret, the_plan)
        exhaustive = True
    same = equivalence(hypothesis, secret).equivalent
    if same:
        return Agreement(1.0, 0.0, 0.0, exhaustive, True)
    return Agreement(
        1.0 - (narrow + broad) / total,
        narrow / total,
        broad / total,
        exhaustive,
        False,
    )


CONTINUATIONS = 60
CONTINUATION_MAX_LENGTH = 16


def agrees_from(hypothesis: CompiledRule, secret: CompiledRule, history: Sequence[Attempt]) -> bool:
    """Whether nothing the rest of the round could show tells the two apart: they agree on
    every card after `history` and after a fixed, seeded sample of continuations of it, each
    card tried judged by the secret. `parity == last2.parity` is right from the second card on
    under `parity != last.parity`, though the two differ on a lone starter."""
    rng = random.Random(SAMPLE_SEED + len(history))
    start = list(history)
    for number in range(CONTINUATIONS + 1):
        table = list(start)
        for _ in range(0 if number == 0 else rng.randint(1, CONTINUATION_MAX_LENGTH)):
            card = rng.choice(FULL_DECK)
            table.append(Attempt(card, secret.accepts(table, card)))
        for card in FULL_DECK:
            if hypothesis.accepts(table, card) != secret.accepts(table, card):
                return False
    return True


def _enumerated(
    hypothesis: CompiledRule, secret: CompiledRule, the_plan: _Plan
) -> tuple[int, int, int]:
    narrow = broad = total = 0
    cards = [(c.representative, c.weight) for c in the_plan.card]
    # A right previous play and a wrong one weigh the same, whatever the wrong card.
    wrong = sum(weight for previous, weight in the_plan.previous if previous is not None)
    previous_plays = [
        (previous, weight if previous is not None else max(wrong, 1))
        for previous, weight in the_plan.previous
    ]
    for tail_classes, tail_weight in the_plan.tails():
        if len(tail_classes) < the_plan.lookback:
            continue
        tail = [c.representative for c in tail_classes]
        for previous, previous_weight in previous_plays:
            accepted = previous is None
            previous_card = tail[0] if previous is None else previous
            for position in the_plan.positions(len(tail)):
                for card, card_weight in cards:
                    weight = tail_weight * previous_weight * card_weight
                    says = hypothesis.judge(card, tail, previous_card, accepted, position)
                    truth = secret.judge(card, tail, previous_card, accepted, position)
                    total += weight
                    if says != truth:
                        if truth:
                            narrow += weight
                        else:
                            broad += weight
    return narrow, broad, total


def _sampled(hypothesis: CompiledRule, secret: CompiledRule) -> tuple[int, int, int]:
    rng = random.Random(SAMPLE_SEED)
    narrow = broad = total = 0
    for _ in range(SAMPLED_TABLES):
        history = sample_history(rng, secret, rng.randint(2, SAMPLED_MAX_LENGTH))
        for card in FULL_DECK:
            says = hypothesis.accepts(history, card)
            truth = secret.accepts(history, card)
            total += 1
            if says != truth:
                if truth:
                    narrow += 1
                else:
                    broad += 1
    return narrow, broad, total
