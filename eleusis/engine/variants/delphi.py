"""Delphi (Martin D. Kruskal, 1965), docs/rules.md §3: the whole-class prediction game.

Nobody holds a hand. The app (the dealer, "oracle") turns one 52-card deck card by card. The
first card is the starter; each later card is turned up for everyone to see, every player shows a
"true" / "false" token (`Predict`), and the card is placed: on the mainline if the secret rule
accepts it, on the sideline if not. A right prediction wins one chip from the dealer; a wrong one
gives the dealer all of the player's chips. After the last card every pair of players settles
the difference of their chips, and the dealer scores the sum of all the winnings (`settle`).

Decisions beyond docs/rules.md, each documented here and tested:
- The seed's dealer simply turns up the first card: by default (`starter="flip"`) the starter
  is placed on the mainline whatever the rule says. `starter="until_legal"` turns cards until
  one is legal, the illegal ones going to the bottom of the deck (they are turned again later).
- The card is placed as soon as every player has predicted. The dealer may place it earlier
  with `Reveal` (a student is away): whoever has not predicted neither wins nor loses.
- A token once shown stays: a player predicts once per card. Other players' tokens for the
  card on show stay hidden until it is placed (the seed's tokens are shown together).
- Chips start at 0. The dealer's chip count (chips taken less chips paid) is shown but does not
  score: the dealer's score is the settlement's sum, as in the seed's example.
- The round ends when the deck is used up ("deck_finished") or the dealer ends it (`End`).
- A student who arrives after the deal joins the round in progress (`Join`) as its next
  player: they predict from the card on show on, start with no chips like everyone did, and
  are settled with the others; they had no token for the cards placed before.
- A player who leaves or is removed (`Leave`) predicts no more: a token they showed for the card
  on show is void, the card is placed once everyone still in has predicted, and the settlement
  is among those still in. They score less than everyone still in, so they cannot win the
  round; the round ends if nobody is left.
- A student oracle may keep their rule in words only (a `WrittenRule`, the seed's way: the
  oracle judges). Then the oracle places each card with a `Verdict` (right: mainline), when they
  choose: every player who has predicted by then wins or loses as usual; the card is not placed
  by itself once everyone has predicted, and `Reveal` is refused (only the oracle knows where
  the card goes). The starter is turned up as it comes (`starter="until_legal"` needs the app).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from eleusis.engine.cards import Card, build_stock
from eleusis.engine.history import Attempt
from eleusis.engine.variants.actions import Join, Leave, Predict, Reveal, Verdict
from eleusis.engine.variants.base import (
    EndReason,
    Event,
    IllegalActionError,
    LayoutColumn,
    Refusal,
    Round,
    RoundState,
    RoundView,
    Scores,
    WrittenRule,
    cards_in_play,
    layout_of,
    move,
    precondition,
    register_variant,
    rule_text,
)
from eleusis.engine.variants.events import (
    CardPlaced,
    CardTurned,
    DelphiEnded,
    PlayerJoined,
    PlayerLeft,
    Predicted,
    StarterPlaced,
)

ALREADY_PREDICTED = Refusal(
    "already_predicted", "player {player} has already shown a token for {card}"
)
NOTHING_TO_PREDICT = Refusal(
    "nothing_to_predict", "no card is on show: there is nothing to predict"
)
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Delphi has no {kind!r} action")
ORACLE_PLACES = Refusal(
    "oracle_places", "the oracle's rule is in words: the oracle places the card on show"
)
APP_PLACES = Refusal("app_places", "the app places the cards by the oracle's rule")
TOO_MANY_PLAYERS = Refusal("too_many_players", "a round of Delphi takes at most {limit} players")
MAX_PLAYERS = 500

DelphiStarter = Literal["flip", "until_legal"]


def settle(chips: Sequence[int]) -> Scores:
    """The seed's settlement: every pair of players settles the difference of their chips; the
    dealer scores the sum of all winnings. 19, 16, 3 chips give 19, 10, −29 and the dealer 32."""
    total = sum(chips)
    players = tuple(len(chips) * own - total for own in chips)
    ordered = sorted(chips)
    # Sum over pairs of |a − b|: each chip count is the larger one against everyone below it.
    dealer = sum(value * (2 * index - len(ordered) + 1) for index, value in enumerate(ordered))
    return Scores(players, dealer)


@dataclass(frozen=True, slots=True)
class DelphiConfig:
    starter: DelphiStarter = "flip"

    def __post_init__(self) -> None:
        if self.starter not in ("flip", "until_legal"):
            raise ValueError(f"starter {self.starter!r} is not one of flip, until_legal")


# ---------------------------------------------------------------------------------------------
# State and views


@dataclass
class Placement:
    """One turned card, where it went, every player's token and chips after the settlement."""

    card: Card
    accepted: bool
    predictions: list[bool | None]
    hypotheses: list[str | None]
    chips: list[int]


@dataclass
class DelphiState(RoundState):
    stock: list[Card] = field(default_factory=list)  # index 0 is the top
    history: list[Attempt] = field(default_factory=list)
    starter_rejected: list[Card] = field(default_factory=list)
    current: Card | None = None
    predictions: list[bool | None] = field(default_factory=list)
    hypotheses: list[str | None] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    dealer_chips: int = 0
    placements: list[Placement] = field(default_factory=list)
    left: list[int] = field(default_factory=list)  # players out of the round (Leave), in order
    joined: int = 0  # players who joined (`Join`) since the card on show was turned


@dataclass(frozen=True, slots=True)
class DelphiPlayerView(RoundView):
    player: int
    current: Card | None
    my_prediction: bool | None
    predicted: tuple[bool, ...]  # who has shown a token for the card on show
    chips: tuple[int, ...]
    dealer_chips: int
    history: tuple[Attempt, ...]
    layout: tuple[LayoutColumn, ...]
    placements: tuple[Placement, ...]
    cards_left: int
    starter_mode: str


@dataclass(frozen=True, slots=True)
class DelphiDealerView(RoundView):
    rule_text: str | None
    current: Card | None
    predictions: tuple[bool | None, ...]
    chips: tuple[int, ...]
    dealer_chips: int
    stock: tuple[Card, ...]
    history: tuple[Attempt, ...]
    layout: tuple[LayoutColumn, ...]
    placements: tuple[Placement, ...]
    starter_rejected: tuple[Card, ...]


# ---------------------------------------------------------------------------------------------
# The round


@register_variant
class DelphiRound(Round):
    """A round of Delphi: `DelphiRound(DelphiConfig(), seed, rule, players)`."""

    name = "delphi"
    config_class = DelphiConfig
    state_class = DelphiState
    end_event = DelphiEnded
    unsupported = UNSUPPORTED_ACTION

    config: DelphiConfig
    state: DelphiState

    def validate_setup(self) -> None:
        if not 1 <= self.players <= MAX_PLAYERS:
            raise ValueError(f"{self.players} players: Delphi takes 1 to {MAX_PLAYERS}")
        if not self.oracle_judges:
            self._require_judgeable_rule()

    @property
    def oracle_judges(self) -> bool:
        """The oracle's rule is in words only: the oracle places each card (`Verdict`)."""
        return isinstance(self.rule, WrittenRule)

    def setup(self) -> list[Event]:
        state = self.state
        state.stock = build_stock(1, self.rng)
        state.chips = [0] * self.players
        if self.config.starter == "until_legal" and not self.oracle_judges:
            state.starter_rejected = self._bury_until_legal(state.stock, "of the deck")
        starter = state.stock.pop(0)
        state.history.append(Attempt(starter, True))
        events: list[Event] = [StarterPlaced(starter, tuple(state.starter_rejected))]
        self._turn(events)
        return events

    def _turn(self, events: list[Event]) -> None:
        state = self.state
        state.predictions = [None] * self.players
        state.hypotheses = [None] * self.players
        state.joined = 0
        if not state.stock:
            state.current = None
            self._end(EndReason.DECK_FINISHED, events)
            return
        state.current = state.stock.pop(0)
        events.append(CardTurned(state.current))

    @precondition(Predict)
    def _can_predict(self, action: Predict) -> None:
        self.check_player(action.player)
        state = self.state
        if state.current is None:
            raise IllegalActionError(NOTHING_TO_PREDICT)
        if state.predictions[action.player] is not None:
            raise IllegalActionError(ALREADY_PREDICTED, player=action.player, card=state.current)

    @move(Predict)
    def _predict(self, action: Predict, events: list[Event]) -> None:
        state = self.state
        state.predictions[action.player] = action.value
        state.hypotheses[action.player] = action.hypothesis
        events.append(Predicted(action.player))
        self._place_when_everyone_predicted(events)

    def _place_when_everyone_predicted(self, events: list[Event]) -> None:
        """The app places the card once every player still in has shown a token."""
        state = self.state
        if self.oracle_judges or state.current is None:
            return
        if all(
            value is not None or seat in state.left for seat, value in enumerate(state.predictions)
        ):
            self._reveal(events)

    @precondition(Join)
    def _can_join(self, action: Join) -> None:
        if self.players >= MAX_PLAYERS:
            raise IllegalActionError(TOO_MANY_PLAYERS, limit=MAX_PLAYERS)

    @move(Join)
    def _join(self, action: Join, events: list[Event]) -> None:
        state = self.state
        player = self.players
        self.players += 1
        state.chips.append(0)
        if state.current is not None:
            state.predictions.append(None)
            state.hypotheses.append(None)
            state.joined += 1
        events.append(PlayerJoined(player))

    @precondition(Leave)
    def _can_leave(self, action: Leave) -> None:
        self.check_player(action.player)

    @move(Leave)
    def _leave(self, action: Leave, events: list[Event]) -> None:
        """A player leaves or is removed: their token for the card on show is void, they
        predict no more, and the card is placed if everyone still in has predicted."""
        state = self.state
        player = action.player
        state.left.append(player)
        if state.predictions:
            state.predictions[player] = None
            state.hypotheses[player] = None
        events.append(PlayerLeft(player, 0))
        if len(state.left) >= self.players:
            self._end(EndReason.EVERYONE_LEFT, events)
            return
        self._place_when_everyone_predicted(events)

    @move(Reveal)
    def _reveal_now(self, action: Reveal, events: list[Event]) -> None:
        """The dealer places the card before every player has predicted."""
        if self.oracle_judges:
            raise IllegalActionError(ORACLE_PLACES)
        self._reveal(events)

    @move(Verdict)
    def _verdict(self, action: Verdict, events: list[Event]) -> None:
        """The oracle whose rule is in words places the card on show: right or wrong."""
        if not self.oracle_judges:
            raise IllegalActionError(APP_PLACES)
        self._reveal(events, accepted=action.correct)

    def _reveal(self, events: list[Event], accepted: bool | None = None) -> None:
        state = self.state
        card = state.current
        if card is None:
            raise IllegalActionError(NOTHING_TO_PREDICT)
        if accepted is None:
            accepted = self.judge(state.history, card)
        state.history.append(Attempt(card, accepted))
        for seat, value in enumerate(state.predictions):
            if value is None:
                continue
            if value == accepted:
                state.chips[seat] += 1
                state.dealer_chips -= 1
            else:
                state.dealer_chips += state.chips[seat]
                state.chips[seat] = 0
        state.placements.append(
            Placement(
                card, accepted, list(state.predictions), list(state.hypotheses), list(state.chips)
            )
        )
        events.append(CardPlaced(card, accepted, tuple(state.predictions), tuple(state.chips)))
        self._turn(events)

    def moved_on_since(self, version: int) -> bool:
        """The whole class predicts the card on show at once: a classmate's token does not
        change what a page asks (a class of 30 would otherwise see 29 of 30 tokens refused),
        only a card placed since does. The actions since the card was turned are its tokens
        and the latecomers' joins (a placement turns the next card and clears them; `End` ends
        the round)."""
        state = self.state
        tokens = sum(value is not None for value in state.predictions) + state.joined
        return not self.action_count - tokens <= version <= self.action_count

    def _on_end(self) -> None:
        state = self.state
        if state.current is not None:
            state.stock.insert(0, state.current)  # the card on show was never placed
            state.current = None

    # -- reading ----------------------------------------------------------------------------

    def scores(self) -> Scores:
        """The settlement among the players still in; one who left scores less than all of
        them (docs/rules.md §3, as §1)."""
        state = self.state
        if not state.left:
            return settle(state.chips)
        staying = [seat for seat in range(self.players) if seat not in state.left]
        among = settle([state.chips[seat] for seat in staying])
        lowest = min(among.players, default=1)
        players = [lowest - 1] * self.players
        for seat, score in zip(staying, among.players, strict=True):
            players[seat] = score
        return Scores(tuple(players), among.dealer)

    def table_cards(self) -> list[Card]:
        state = self.state
        current = [state.current] if state.current is not None else []
        return cards_in_play(state.history, state.stock, current)

    def layout(self) -> list[LayoutColumn]:
        return layout_of(self.state.history)

    def view(self, player: int) -> DelphiPlayerView:
        self.check_player(player)
        state = self.state
        return DelphiPlayerView(
            player=player,
            current=state.current,
            my_prediction=state.predictions[player] if state.predictions else None,
            predicted=tuple(value is not None for value in state.predictions),
            chips=tuple(state.chips),
            dealer_chips=state.dealer_chips,
            history=tuple(state.history),
            layout=tuple(self.layout()),
            placements=tuple(state.placements),
            cards_left=len(state.stock),
            starter_mode=self.config.starter,
            **self.outcome(),
        )

    def dealer_view(self) -> DelphiDealerView:
        state = self.state
        return DelphiDealerView(
            rule_text=rule_text(self.rule),
            current=state.current,
            predictions=tuple(state.predictions),
            chips=tuple(state.chips),
            dealer_chips=state.dealer_chips,
            stock=tuple(state.stock),
            history=tuple(state.history),
            layout=tuple(self.layout()),
            placements=tuple(state.placements),
            starter_rejected=tuple(state.starter_rejected),
            **self.outcome(),
        )


__all__ = [
    "DelphiConfig",
    "DelphiDealerView",
    "DelphiPlayerView",
    "DelphiRound",
    "DelphiState",
    "Placement",
    "settle",
]
