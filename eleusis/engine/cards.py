"""Playing cards: values, notation, decks.

A card is a value: two physical queens of diamonds from two decks are equal and judge the same.
Where the game needs to tell physical cards apart (counting that no card is lost), it counts
multisets of values, never identities.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum


class CardError(ValueError):
    """A card's notation could not be read."""


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def color(self) -> Color:
        return Color.RED if self.is_red else Color.BLACK

    @classmethod
    def parse(cls, text: str) -> Suit:
        letter = _SUIT_BY_SYMBOL.get(text, text.upper())
        try:
            return cls(letter)
        except ValueError:
            raise CardError(f"unknown suit {text!r}: use S, H, D, C or ♠ ♥ ♦ ♣") from None


class Color(Enum):
    RED = "red"
    BLACK = "black"


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_SYMBOL = {symbol: suit.value for suit, symbol in _SUIT_SYMBOLS.items()}
# Alternative glyphs people type (white suits) read as the same suits.
_SUIT_BY_SYMBOL.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_BY_NAME = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
# Index = rank: a card's code is written for every card of every snapshot, so it is a lookup.
_RANK_CODES = ("", *(_RANK_NAMES.get(rank, str(rank)) for rank in range(1, 14)))

# Suit order used for sorting hands and enumerating the deck: ♠ ♥ ♦ ♣ as in docs/rules.md.
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS: tuple[int, ...] = tuple(range(1, 14))


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card value. Rank 1 (ace) to 13 (king)."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise CardError(f"rank {self.rank} is out of range: ranks run from 1 (A) to 13 (K)")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `AS`, `10H`, `TH`, `QD`, `K♣`, `q♦` (case and surrounding space do not matter)."""
        cleaned = text.strip()
        if len(cleaned) < 2:
            raise CardError(f"cannot read card {text!r}: write a rank then a suit, like QD or 10H")
        rank_text, suit_text = cleaned[:-1].upper(), cleaned[-1]
        if rank_text in _RANK_BY_NAME:
            rank = _RANK_BY_NAME[rank_text]
        elif (
            len(rank_text) <= 2
            and rank_text.isascii()
            and rank_text.isdigit()
            and 2 <= int(rank_text) <= 10
        ):
            rank = int(rank_text)
        else:
            raise CardError(f"unknown rank {rank_text!r} in {text!r}: use A, 2–10 (or T), J, Q, K")
        return cls(rank, Suit.parse(suit_text))

    @property
    def rank_name(self) -> str:
        return _RANK_CODES[self.rank]

    @property
    def code(self) -> str:
        """ASCII notation, the form used in JSON and URLs: `QD`, `10H`."""
        # `_value_` is the suit's `value` without the enum's descriptor in between.
        return _RANK_CODES[self.rank] + self.suit._value_

    @property
    def color(self) -> Color:
        return self.suit.color

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def is_odd(self) -> bool:
        return self.rank % 2 == 1

    @property
    def is_low(self) -> bool:
        """A–7 are low, 8–K are high."""
        return self.rank <= 7

    @property
    def is_face(self) -> bool:
        return self.rank >= 11

    @property
    def value(self) -> int:
        """Counting value: J, Q, K count 10, A counts 1."""
        return min(self.rank, 10)

    def __str__(self) -> str:
        return f"{self.rank_name}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(text) for text in texts]


def build_stock(decks: int, rng: random.Random, without: Sequence[Card] = ()) -> list[Card]:
    """`decks` full decks shuffled together, less the listed cards (one copy removed for each)."""
    cards = list(FULL_DECK) * decks
    for card in without:
        cards.remove(card)
    rng.shuffle(cards)
    return cards
