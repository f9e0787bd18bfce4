"""The narrow interface between a round and its secret rule.

A rule sees the table as a history of attempts in the order they were made, the starter first,
each card with whether it was accepted. It says whether a card may come next. An empty history
asks whether a card may start the mainline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from eleusis.engine.cards import Card


@dataclass(frozen=True, slots=True)
class Attempt:
    card: Card
    accepted: bool


History = Sequence[Attempt]


class Rule(Protocol):
    """Anything that judges a card against a history: a compiled rule, or a person's verdicts."""

    def accepts(self, history: History, card: Card) -> bool: ...


def mainline(history: History) -> list[Card]:
    return [attempt.card for attempt in history if attempt.accepted]
