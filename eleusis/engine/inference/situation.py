"""A table prepared once for judging many rules and cards, and the fixed probes that tell rules
apart.

A `Situation` is a history as a compiled rule reads it: the mainline (most recent first), the
previous play and its verdict, the verdict of the play before it (`previous2`) and the
position. `Situation(history).accepts(rule, card)` gives exactly `rule.accepts(history, card)`;
a compiled rule is judged on the prepared indexes, any other rule (a person's verdicts, a test's
rule) through its own `accepts`.

A *fingerprint* is a rule's verdicts on fixed probes (a table and a card each): rules that judge
every table alike have equal fingerprints, so rules are compared exactly only when their
fingerprints agree. `RUN_TIME_PROBES` are few and quick (the candidate space of bots and the
review); `thorough_probes()` also tries every card on each of many longer tables (the
deduplication of the candidate list, done once and stored).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.rules.compiler import DECK_INDEXES, CompiledRule, card_index
from eleusis.engine.rules.equivalence import sample_history


class Situation:
    """A table as the rules read it, prepared once for many rules and cards."""

    __slots__ = ("back", "history", "position", "previous", "previous2", "previous_accepted")

    def __init__(self, history: Sequence[Attempt]) -> None:
        self.history = tuple(history)
        self.back = [card_index(a.card) for a in reversed(self.history) if a.accepted]
        self.position = len(self.back) + 1
        last = self.history[-1] if self.history else None
        self.previous = card_index(last.card) if last is not None else -1
        self.previous_accepted = last.accepted if last is not None else True
        self.previous2 = int(self.history[-2].accepted) if len(self.history) >= 2 else -1

    def accepts(self, rule: Rule, card: Card) -> bool:
        """Whether `rule` accepts `card` next (as `rule.accepts(history, card)`)."""
        if not isinstance(rule, CompiledRule):
            return bool(rule.accepts(self.history, card))
        return self.judge(rule, card_index(card))

    def judge(self, rule: Rule, index: int) -> bool:
        """Whether `rule` accepts the card of deck index `index` next."""
        if not isinstance(rule, CompiledRule):
            return bool(rule.accepts(self.history, FULL_DECK[index]))
        if not self.back:
            return rule.judge_start(index)
        return rule.judge(
            index, self.back, self.previous, self.previous_accepted, self.position, self.previous2
        )

    def verdicts(self, rule: Rule, cards: Sequence[int] = DECK_INDEXES) -> tuple[bool, ...]:
        """The rule's verdict on each of `cards` next (deck indexes; by default the whole deck,
        in order): `judge` for each, with the situation handed over once."""
        if isinstance(rule, CompiledRule) and self.back:
            return rule.verdicts(
                self.back,
                self.previous,
                self.previous_accepted,
                self.position,
                self.previous2,
                cards,
            )
        return tuple(self.judge(rule, index) for index in cards)


Probe = tuple[Situation, Card]

RUN_TIME_PROBES = 160


@cache
def run_time_probes() -> tuple[Probe, ...]:
    """Fixed short random tables (the empty one included) with a card each."""
    rng = random.Random("eleusis-bot-probes")
    probes = []
    for index in range(RUN_TIME_PROBES):
        length = index % 5
        history = tuple(
            Attempt(rng.choice(FULL_DECK), index_in == 0 or rng.random() < 0.7)
            for index_in in range(length)
        )
        probes.append((Situation(history), rng.choice(FULL_DECK)))
    return tuple(probes)


_THOROUGH_TABLES = 48
_THOROUGH_LENGTH = 14


@cache
def thorough_probes() -> tuple[Probe, ...]:
    """Every card as a starter, then every card on each of 48 seeded tables of up to 14 plays."""
    rng = random.Random(20240601)
    start = Situation(())
    probes: list[Probe] = [(start, card) for card in FULL_DECK]
    for _ in range(_THOROUGH_TABLES):
        situation = Situation(sample_history(rng, None, rng.randint(1, _THOROUGH_LENGTH)))
        probes.extend((situation, card) for card in FULL_DECK)
    return tuple(probes)


def fingerprint(rule: Rule, probes: Sequence[Probe] | None = None) -> bytes:
    """The rule's verdicts on `probes` (by default the run-time ones), one byte each."""
    chosen = run_time_probes() if probes is None else probes
    return bytes(situation.accepts(rule, card) for situation, card in chosen)
