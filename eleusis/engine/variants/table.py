"""Cards on the table, for every game: the order hands are shown in, the legal cards of a hand,
the deal, every card in play (for the checks that no card is lost), and the layout of the
mainline with the rejected cards under it. `base` names them too, with the rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from eleusis.engine.cards import SUITS, Card
from eleusis.engine.history import Attempt, History


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: suits in the order ♠ ♥ ♦ ♣, then rank."""
    return SUITS.index(card.suit), card.rank


def legal_cards_in(cards: Iterable[Card], accepts: Callable[[Card], object]) -> list[Card]:
    """The distinct `cards` that `accepts` takes, in `card_order`: when a dealer corrects a wrong
    "no play" it takes the first, so the choice is deterministic."""
    return sorted((card for card in set(cards) if accepts(card)), key=card_order)


def deal(stock: list[Card], players: int, hand_size: int) -> list[list[Card]]:
    """Deal `hand_size` cards to each of `players` hands from the top of `stock`, one card at a
    time round the table, seat 0 first."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(hand_size):
        for hand in hands:
            hand.append(stock.pop(0))
    return hands


def cards_in_play(history: Iterable[Attempt], *piles: Iterable[Card]) -> list[Card]:
    """Every card of the history, then every card of `piles` in turn (for `table_cards`)."""
    cards = [attempt.card for attempt in history]
    for pile in piles:
        cards.extend(pile)
    return cards


# ---------------------------------------------------------------------------------------------
# The layout: the mainline, each rejected attempt under the mainline card it was tried after.


@dataclass(frozen=True, slots=True)
class LayoutColumn:
    """One mainline card and the groups of cards rejected while it was the last one."""

    card: Card
    sideline: tuple[tuple[Card, ...], ...] = ()


def layout_of(history: History, groups: Sequence[int] | None = None) -> list[LayoutColumn]:
    """The layout of a history. `groups` optionally gives how many consecutive rejected
    attempts form one group (Abbott's strings); by default every rejected card is its own group.
    A rejection before any mainline card has no column to sit under and is not shown."""
    columns: list[tuple[Card, list[tuple[Card, ...]]]] = []
    sizes = list(groups) if groups is not None else []
    index = 0
    while index < len(history):
        attempt = history[index]
        if attempt.accepted:
            columns.append((attempt.card, []))
            index += 1
            continue
        size = sizes.pop(0) if sizes else 1
        group = tuple(a.card for a in history[index : index + size])
        if columns:
            columns[-1][1].append(group)
        index += size
    return [LayoutColumn(card, tuple(sideline)) for card, sideline in columns]
