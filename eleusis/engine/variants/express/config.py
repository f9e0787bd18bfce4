"""The settings of Eleusis Express, docs/rules.md §1."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from eleusis.engine.variants.codec import JSONDataclass

StarterMode = Literal["until_legal", "flip"]
FirstPlayer = Literal["left", "random"]
StockExhaustion = Literal["end", "reshuffle_deck"]
DealerKind = Literal["app", "person"]
DealerAssignment = Literal["rotate", "winner"]

HAND_SIZES = (10, 12, 14)
MAX_PLAYERS = 8


@dataclass(frozen=True, slots=True)
class ExpressConfig(JSONDataclass):
    """The settings of docs/rules.md §1. The base score equals `hand_size`."""

    decks: int = 2
    hand_size: int = 12
    starter: StarterMode = "until_legal"
    first_player: FirstPlayer = "left"
    stock_exhaustion: StockExhaustion = "end"
    wrong_guess_penalty: bool = False
    buying_hints: bool = False
    dealer: DealerKind = "app"
    dealer_assignment: DealerAssignment = "rotate"
    # The Thai variant: an unprompted hint only when every player has had as many turns.
    hints_after_equal_turns: bool = False
    # The Thai way: after a right play the player guesses or passes before the next one moves.
    guess_turn: bool = False

    def __post_init__(self) -> None:
        if self.hand_size not in HAND_SIZES:
            raise ValueError(f"hand size {self.hand_size} is not one of 10, 12, 14")
        if self.decks < 1:
            raise ValueError(f"{self.decks} decks: a round needs at least one deck")
        choices: dict[str, tuple[str, ...]] = {
            "starter": ("until_legal", "flip"),
            "first_player": ("left", "random"),
            "stock_exhaustion": ("end", "reshuffle_deck"),
            "dealer": ("app", "person"),
            "dealer_assignment": ("rotate", "winner"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"{name} {getattr(self, name)!r} is not one of {', '.join(allowed)}"
                )

    @property
    def base_score(self) -> int:
        return self.hand_size
