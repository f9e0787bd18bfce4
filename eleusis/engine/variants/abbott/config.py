"""The settings and the fixed numbers of Abbott/Howell Eleusis, docs/rules.md §2."""

from __future__ import annotations

from dataclasses import dataclass

MAX_PLAYERS = 7
PENALTY_PER_CARD = 2
NO_PLAY_SHRINK = 4
NO_PLAY_PENALTY = 5
PROPHET_PENALTY = 5
EMPTY_BONUS = 4


@dataclass(frozen=True, slots=True)
class AbbottConfig:
    """Howell's profile: three decks, 14 cards, expulsion at 30 cards or 20 after the marker."""

    decks: int = 3
    hand_size: int = 14
    expulsion_at: int = 30
    expulsion_after_marker: int = 20

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise ValueError(f"{self.decks} decks: a round needs at least one deck")
        for name in ("hand_size", "expulsion_at", "expulsion_after_marker"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} {getattr(self, name)} must be at least 1")
