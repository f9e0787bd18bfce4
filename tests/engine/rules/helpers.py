"""Writing histories compactly in tests: "AS 7H- 8D" is AS right, 7H wrong, 8D right."""

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt


def plays(text: str) -> list[Attempt]:
    attempts = []
    for word in text.split():
        rejected = word.endswith("-")
        attempts.append(Attempt(Card.parse(word.rstrip("-+")), not rejected))
    return attempts


def card(text: str) -> Card:
    return Card.parse(text)
