"""What a table showed about the secret rule, and whether a rule agrees with it.

Every game's table reduces to a few kinds of observation:
- `start`: the starter was legal and the cards turned down before it (`cards`) were not;
- `card`: `cards[0]`, tried after `history`, was `accepted` (a play, a correction, a card on
  show in Delphi, a card the Russian dealer judged);
- `no_play`: the hand `cards` was shown after `history`; `accepted` means no card of it was
  legal (the declaration was right);
- `string`: the cards of an Abbott/Howell string, tried in turn after `history`, were
  `accepted` (every one legal) or not.

A rule is consistent with an observation when, had it been the secret, the table would have
shown the same thing (`Observation.allows`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference.situation import Situation

Kind = Literal["start", "card", "no_play", "string"]


@dataclass(frozen=True)
class Observation:
    kind: Kind
    history: tuple[Attempt, ...] = ()
    cards: tuple[Card, ...] = ()
    accepted: bool = True
    starter: Card | None = None

    @cached_property
    def situation(self) -> Situation:
        return Situation(self.history)

    def allows(self, rule: Rule) -> bool:
        """Whether the table would have shown this with `rule` as its secret."""
        situation = self.situation
        if self.kind == "card":
            return situation.accepts(rule, self.cards[0]) == self.accepted
        if self.kind == "no_play":
            legal = any(situation.accepts(rule, card) for card in set(self.cards))
            return legal != self.accepted
        if self.kind == "start":
            assert self.starter is not None
            return situation.accepts(rule, self.starter) and not any(
                situation.accepts(rule, card) for card in self.cards
            )
        return string_accepted(rule, self.history, self.cards) == self.accepted


def string_accepted(rule: Rule, history: Sequence[Attempt], cards: Sequence[Card]) -> bool:
    """Whether `rule` accepts every card of a string in turn."""
    line = list(history)
    for card in cards:
        if not rule.accepts(tuple(line), card):
            return False
        line.append(Attempt(card, True))
    return True
