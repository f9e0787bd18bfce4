"""What the games played from a hand share: Eleusis Express (docs/rules.md §1) and
Abbott/Howell (§2). Both deal hands from a stock, take turns round the table, judge each card
against the history, answer a right "no play" by returning the hand under the stock and correct
a wrong one by putting a legal card of the hand on the mainline. `HandRound` holds that
machinery and the fields the views take from it; each game keeps what its rules make different
(strings, the prophet, guesses, hints, how penalties are drawn).
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.variants.base import (
    NOT_YOUR_TURN,
    IllegalActionError,
    LayoutColumn,
    Round,
    RoundState,
    RoundView,
    cards_in_play,
    fields_of,
    layout_of,
    legal_cards_in,
    rule_text,
)


@dataclass
class HandState(RoundState):
    """The state every game played from a hand has; a game's state adds its own fields."""

    stock: list[Card] = field(default_factory=list)  # index 0 is the top
    hands: list[list[Card]] = field(default_factory=list)
    history: list[Attempt] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SeatView(RoundView):
    """What a player of a hand game sees of the hands, the stock and the table; the game's
    player view extends it (`HandRound.seen_from`)."""

    player: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]


@dataclass(frozen=True, slots=True)
class TableView(RoundView):
    """What the dealer of a hand game sees of them: every hand, the stock in order, the secret
    rule; the game's dealer view extends it (`HandRound.seen_by_dealer`)."""

    rule_text: str | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]


class HandRound(Round):
    """A round of a game played from a hand. The state has `turn` (`_turn`) and the game says
    what a move must wait for (`_check_free`)."""

    state: HandState

    # -- what a game provides ---------------------------------------------------------------

    @abstractmethod
    def _turn(self) -> int:
        """Whose turn it is."""

    def _check_free(self, action: str) -> None:
        """Raise IllegalActionError when the round awaits something before `action` (a verdict,
        a judgement, a decision to guess)."""

    def _groups(self) -> list[int] | None:
        """How many rejected attempts form each group of the sideline (`layout_of`)."""
        return None

    # -- shared machinery -------------------------------------------------------------------

    def _check_turn(self, player: int, action: str) -> None:
        """Before a player's move on their turn: a seat of the round, nothing awaited, and
        their turn."""
        self.check_player(player)
        self._check_free(action)
        if player != self._turn():
            raise IllegalActionError(NOT_YOUR_TURN, player=player, turn=self._turn())

    def legal_cards(self, player: int) -> list[Card]:
        """The distinct cards of the hand the rule accepts now, in `card_order`."""
        history = self.state.history
        return legal_cards_in(self.state.hands[player], lambda card: self.judge(history, card))

    def _return_hand(self, player: int) -> list[Card]:
        """A right "no play": the hand goes to the bottom of the stock; returns its cards."""
        hand = self.state.hands[player]
        returned = list(hand)
        self.state.stock.extend(returned)
        hand.clear()
        return returned

    def _take_from_hand(self, player: int, card: Card) -> None:
        """A wrong "no play": the dealer puts `card`, legal, from the hand on the mainline."""
        self.state.hands[player].remove(card)
        self.state.history.append(Attempt(card, True))

    # -- reading ----------------------------------------------------------------------------

    def table_cards(self) -> list[Card]:
        state = self.state
        return cards_in_play(state.history, *state.hands, state.stock)

    def layout(self) -> list[LayoutColumn]:
        return layout_of(self.state.history, self._groups())

    def seen_from(self, player: int) -> dict[str, Any]:
        """The fields of `player`'s `SeatView` (a seat of the round), for the game's view."""
        self.check_player(player)
        state = self.state
        seen = SeatView(
            **self.outcome(),
            player=player,
            hand=tuple(state.hands[player]),
            hand_counts=tuple(len(hand) for hand in state.hands),
            stock_count=len(state.stock),
            layout=tuple(self.layout()),
            history=tuple(state.history),
        )
        return fields_of(seen)

    def seen_by_dealer(self) -> dict[str, Any]:
        """The fields of the dealer's `TableView`, for the game's dealer view."""
        state = self.state
        seen = TableView(
            **self.outcome(),
            rule_text=rule_text(self.rule),
            hands=tuple(tuple(hand) for hand in state.hands),
            stock=tuple(state.stock),
            layout=tuple(self.layout()),
            history=tuple(state.history),
        )
        return fields_of(seen)
