"""Eleusis (Robert Abbott), full profile after Dave Howell, docs/rules.md §2.

Seats are the non-dealers (3 to 7, for 4 to 8 people), seat 0 at the dealer's left; play goes
left, skipping expelled players and the prophet. The app deals and judges by the secret rule.

- A turn is an attempt (`Play`, or `PlayString` of several cards in order), or a `NoPlay`.
  An attempt is judged as a whole: every card against the mainline as the earlier cards of the
  string leave it. All right: the cards extend the mainline. Any wrong: all of them go to the
  sideline as one group (`layout`), the mainline end does not change, and the player draws 2
  cards per card tried.
- "No play" right: the hand goes to the bottom of the stock and a new hand of 4 fewer is dealt
  (with 4 or fewer the hand empties and the round ends). Wrong: the dealer puts a legal card of
  the hand on the mainline and the declarer draws 5.
- Right after one's own turn (`prophet_window`) a player may `BecomeProphet`. While there is a
  prophet, every attempt and "no play" waits for the prophet's `ProphetJudgement`, which the app
  checks against the rule. A wrong judgement: the prophet falls (marker removed, 5 penalty
  cards, back in play, never prophet again this round), the true outcome is applied, and the
  player whose turn exposed the error gets no penalty and no expulsion for it.
- Expulsion: once 30 cards are on the table (mainline and sideline, starter included), or with
  a prophet 20 cards after the marker, a wrong attempt or a wrong "no play" expels the player
  after the normal penalty.
- The round ends when a hand is legally emptied, when every player is expelled (but perhaps the
  prophet), or when the stock cannot cover a draw (what is left is given first).

Decisions beyond docs/rules.md, each documented here and tested:
- The app is the dealer (the prophet's judgements must be checked at once); a rule in words
  cannot be dealt here.
- A rejected string enters the history as one rejected attempt per card, in order, so rules
  that look at "the previous play" see its last card; `groups` keeps it one group.
- The starter is one card turned until legal; the unsuitable cards go to the bottom of the stock
  unseen (players are not shown them, unlike Eleusis Express).
- First player: count seats from seat 0 by the starter's rank (A = 1 ... K = 13).
- To become prophet, at least two players besides the new prophet (and the dealer) must still
  be in the round, not expelled (Howell: "at least two other players besides himself").
- Expulsion is "armed" by the count when the attempt or "no play" is made (the start of the
  turn), with the threshold of the prophet in office then.
- When a prophet falls, the 5 penalty cards are given first, then the true outcome is applied.
- When the app corrects a wrong "no play" it takes the lowest legal card (♠ ♥ ♦ ♣, then rank).
- A right "no play" that empties a hand of 4 or fewer counts as emptying the hand legally (+4).
- The prophet's bonus counts every card that reached the table after the marker: +1 per
  mainline card (corrections of wrong "no play"s included), +2 per sideline card.

Why one long module: one game's whole state machine (strings, the prophet, expulsion, scoring),
kept together so that a turn reads from top to bottom as docs/rules.md §2 tells it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from eleusis.engine.cards import Card, build_stock
from eleusis.engine.history import Attempt
from eleusis.engine.variants.actions import (
    BecomeProphet,
    NoPlay,
    Play,
    PlayString,
    ProphetJudgement,
)
from eleusis.engine.variants.base import (
    CARD_NOT_IN_HAND,
    NOT_YOUR_TURN,
    Awaiting,
    CardsEvent,
    CardTaken,
    EndReason,
    Event,
    IllegalActionError,
    LayoutColumn,
    NoPlayJudgement,
    PlayerEvent,
    Refusal,
    RoundOver,
    Scores,
    TurnPassed,
    deal,
    log_seen_by,
    move,
    register_variant,
)
from eleusis.engine.variants.codec import JSONDataclass
from eleusis.engine.variants.hands import HandRound, HandState

CARDS_NOT_IN_HAND = Refusal("cards_not_in_hand", "{cards} are not all in player {player}'s hand")
EMPTY_STRING = Refusal("empty_string", "a string needs at least one card")
WAITING_FOR_PROPHET = Refusal(
    "waiting_for_prophet", "waiting for the prophet's judgement: no {action} until then"
)
NO_JUDGEMENT_PENDING = Refusal("no_judgement_pending", "nothing awaits the prophet's judgement")
JUDGEMENT_NEEDS_CARD = Refusal(
    "judgement_needs_card",
    'judging the "no play" of player {player} wrong names the legal card taken from the hand',
)
JUDGEMENT_NO_CARD = Refusal(
    "judgement_no_card", "a judgement of an attempt names no card (got {card})"
)
PROPHET_NOT_NOW = Refusal(
    "prophet_not_now", "player {player} may become prophet only right after their own turn"
)
PROPHET_TAKEN = Refusal("prophet_taken", "player {prophet} is already the prophet")
PROPHET_AGAIN = Refusal("prophet_again", "player {player} has been prophet this round already")
PROPHET_TOO_FEW = Refusal(
    "prophet_too_few",
    "player {player} cannot become prophet: at least two other players must still be in the round",
)
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Abbott/Howell Eleusis has no {kind!r} action")

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


# ---------------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class StarterChosen(Event):
    """The starter; how many unsuitable cards went to the bottom unseen; who plays first."""

    kind = "starter_chosen"
    card: Card
    unsuitable: int
    first_player: int


@dataclass(frozen=True)
class AttemptJudged(CardsEvent):
    kind = "attempt_judged"
    accepted: bool


class NoPlayDeclared(NoPlayJudgement):
    kind = "no_play_declared"


class CardCorrected(CardTaken):
    kind = "card_corrected"


@dataclass(frozen=True)
class PenaltyDrawn(CardsEvent):
    """Cards drawn from the stock: reasons wrong_attempt, wrong_no_play, new_hand, prophet_fell."""

    kind = "penalty_drawn"
    reason: str


class AwaitingProphet(Awaiting):
    kind = "awaiting_prophet"


@dataclass(frozen=True)
class ProphetNamed(PlayerEvent):
    kind = "prophet_named"
    marker: int


@dataclass(frozen=True)
class ProphetFell(PlayerEvent):
    kind = "prophet_fell"
    exposed_by: int


class Expelled(PlayerEvent):
    kind = "expelled"


class AbbottEnded(RoundOver):
    kind = "abbott_ended"


# ---------------------------------------------------------------------------------------------
# State


@dataclass
class AbbottEntry:
    """One line of the table's log. `kind`: starter, attempt (cards, accepted), no_play (cards =
    the hand shown, accepted = the declaration was right) or correction (the card taken).
    `prophet_judged`: what the prophet said, when a prophet judged it."""

    player: int | None
    kind: str
    cards: list[Card]
    accepted: bool
    prophet_judged: bool | None = None
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class AbbottPending:
    what: Literal["attempt", "no_play"]
    player: int
    cards: list[Card]
    armed: bool
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class ProphetRecord:
    player: int
    marker: int  # cards on the table when named
    fell: bool = False
    judgements: int = 0


@dataclass
class AbbottState(HandState):
    groups: list[int] = field(default_factory=list)  # size of each rejected attempt, in order
    table: list[AbbottEntry] = field(default_factory=list)
    unsuitable: list[Card] = field(default_factory=list)
    turn: int = 0
    prophet: int | None = None
    marker: int | None = None
    prophets: list[ProphetRecord] = field(default_factory=list)
    prophet_window: int | None = None
    expelled: list[bool] = field(default_factory=list)
    expulsions: list[int] = field(default_factory=list)  # seats, in the order expelled
    pending: AbbottPending | None = None
    emptied_by: int | None = None


# ---------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class AbbottPendingView:
    what: str
    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class AbbottPlayerView(JSONDataclass):
    player: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]
    table: tuple[AbbottEntry, ...]
    table_count: int
    turn: int
    prophet: int | None
    marker: int | None
    prophets: tuple[ProphetRecord, ...]
    expelled: tuple[bool, ...]
    expulsion_armed: bool
    can_become_prophet: bool
    pending: AbbottPendingView | None
    scores: Scores
    over: bool
    end_reason: str | None


@dataclass(frozen=True, slots=True)
class AbbottDealerView(JSONDataclass):
    rule_text: str | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    unsuitable: tuple[Card, ...]
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]
    table: tuple[AbbottEntry, ...]
    turn: int
    prophet: int | None
    marker: int | None
    prophets: tuple[ProphetRecord, ...]
    expelled: tuple[bool, ...]
    expulsion_armed: bool
    pending: AbbottPendingView | None
    scores: Scores
    over: bool
    end_reason: str | None


# ---------------------------------------------------------------------------------------------
# The round


@register_variant
class AbbottRound(HandRound):
    """A round of Abbott/Howell Eleusis: `AbbottRound(AbbottConfig(), seed, rule, players)`."""

    name = "abbott"
    config_class = AbbottConfig
    state_class = AbbottState
    end_event = AbbottEnded
    unsupported = UNSUPPORTED_ACTION

    config: AbbottConfig
    state: AbbottState

    # -- setup ------------------------------------------------------------------------------

    def validate_setup(self) -> None:
        if not 3 <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"{self.players} players: Abbott/Howell Eleusis takes 4 to 8 people, the dealer "
                "among them (3 to 7 players besides the dealer)"
            )
        if self.players * self.config.hand_size + 1 > self.config.decks * 52:
            raise ValueError(f"{self.config.decks} deck(s) cannot deal {self.players} hands")
        self._require_judgeable_rule()

    def setup(self) -> list[Event]:
        state = self.state
        state.stock = build_stock(self.config.decks, self.rng)
        state.hands = deal(state.stock, self.players, self.config.hand_size)
        state.expelled = [False] * self.players
        state.unsuitable = self._bury_until_legal(state.stock, "in the stock")
        starter = state.stock.pop(0)
        state.history.append(Attempt(starter, True))
        state.table.append(AbbottEntry(None, "starter", [starter], True))
        state.turn = (starter.rank - 1) % self.players
        return [StarterChosen(starter, len(state.unsuitable), state.turn)]

    # -- actions ----------------------------------------------------------------------------

    @move(Play)
    def _play(self, action: Play, events: list[Event]) -> None:
        self._attempt(action.player, (action.card,), action.hypothesis, action.prediction, events)

    @move(PlayString)
    def _play_string(self, action: PlayString, events: list[Event]) -> None:
        self._attempt(action.player, action.cards, action.hypothesis, action.prediction, events)

    def _turn(self) -> int:
        return self.state.turn

    def _check_free(self, action: str) -> None:
        if self.state.pending is not None:
            raise IllegalActionError(WAITING_FOR_PROPHET, action=action)

    def _attempt(
        self,
        player: int,
        cards: Sequence[Card],
        hypothesis: str | None,
        prediction: bool | None,
        events: list[Event],
    ) -> None:
        self._check_turn(player, "play")
        state = self.state
        if not cards:
            raise IllegalActionError(EMPTY_STRING)
        if Counter(cards) - Counter(state.hands[player]):
            shown = " ".join(str(card) for card in cards)
            raise IllegalActionError(CARDS_NOT_IN_HAND, cards=shown, player=player)
        state.prophet_window = None
        armed = self.expulsion_armed()
        if state.prophet is not None:
            state.pending = AbbottPending(
                "attempt", player, list(cards), armed, hypothesis, prediction
            )
            events.append(AwaitingProphet("attempt", player))
            return
        accepted = self.judge_string(cards)
        self._resolve_attempt(
            player, list(cards), accepted, armed, False, None, hypothesis, prediction, events
        )

    def judge_string(self, cards: Sequence[Card]) -> bool:
        """Whether the rule accepts every card of the string in turn."""
        history = list(self.state.history)
        for card in cards:
            if not self.judge(history, card):
                return False
            history.append(Attempt(card, True))
        return True

    @move(NoPlay)
    def _no_play(self, action: NoPlay, events: list[Event]) -> None:
        self._check_turn(action.player, '"no play"')
        state = self.state
        state.prophet_window = None
        armed = self.expulsion_armed()
        if state.prophet is not None:
            state.pending = AbbottPending(
                "no_play",
                action.player,
                list(state.hands[action.player]),
                armed,
                action.hypothesis,
                action.prediction,
            )
            events.append(AwaitingProphet("no_play", action.player))
            return
        legal = self.legal_cards(action.player)
        self._resolve_no_play(
            action.player,
            legal[0] if legal else None,
            armed,
            False,
            None,
            action.hypothesis,
            action.prediction,
            events,
        )

    @move(ProphetJudgement)
    def _judgement(self, action: ProphetJudgement, events: list[Event]) -> None:
        state = self.state
        pending = state.pending
        if pending is None or state.prophet is None:
            raise IllegalActionError(NO_JUDGEMENT_PENDING)
        player = pending.player
        if pending.what == "attempt":
            if action.card is not None:
                raise IllegalActionError(JUDGEMENT_NO_CARD, card=action.card)
            truth = self.judge_string(pending.cards)
            wrong = action.correct != truth
            state.pending = None
            self._count_judgement()
            if wrong and not self._fall(player, events):
                return
            self._resolve_attempt(
                player,
                pending.cards,
                truth,
                pending.armed,
                wrong,
                action.correct,
                pending.hypothesis,
                pending.prediction,
                events,
            )
            return
        if not action.correct:
            if action.card is None:
                raise IllegalActionError(JUDGEMENT_NEEDS_CARD, player=player)
            if action.card not in state.hands[player]:
                raise IllegalActionError(CARD_NOT_IN_HAND, card=action.card, player=player)
        legal = self.legal_cards(player)
        # Judged wrong: wrong if the declaration was right, or if the card named is not legal
        # (the card goes back and the dealer takes a truly legal one).
        wrong = bool(legal) if action.correct else not legal or action.card not in legal
        state.pending = None
        self._count_judgement()
        if wrong and not self._fall(player, events):
            return
        if not wrong and not action.correct:
            card: Card | None = action.card
        else:
            card = legal[0] if legal else None
        self._resolve_no_play(
            player,
            card,
            pending.armed,
            wrong,
            action.correct,
            pending.hypothesis,
            pending.prediction,
            events,
        )

    def _count_judgement(self) -> None:
        self.state.prophets[-1].judgements += 1

    def _fall(self, exposed_by: int, events: list[Event]) -> bool:
        """The prophet's judgement was wrong: marker removed, 5 penalty cards, back in play.
        False when the stock could not cover the penalty (the round is over)."""
        state = self.state
        prophet = state.prophet
        assert prophet is not None
        state.prophets[-1].fell = True
        state.prophet = None
        state.marker = None
        events.append(ProphetFell(prophet, exposed_by))
        return self._draw(prophet, PROPHET_PENALTY, "prophet_fell", events)

    def _resolve_attempt(
        self,
        player: int,
        cards: list[Card],
        accepted: bool,
        armed: bool,
        exempt: bool,
        prophet_said: bool | None,
        hypothesis: str | None,
        prediction: bool | None,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        for card in cards:
            hand.remove(card)
        state.history.extend(Attempt(card, accepted) for card in cards)
        if not accepted:
            state.groups.append(len(cards))
        state.table.append(
            AbbottEntry(
                player, "attempt", list(cards), accepted, prophet_said, hypothesis, prediction
            )
        )
        events.append(AttemptJudged(player, tuple(cards), accepted))
        if accepted:
            if not hand:
                state.emptied_by = player
                self._end(EndReason.HAND_EMPTIED, events)
                return
        elif not exempt:
            if not self._draw(player, PENALTY_PER_CARD * len(cards), "wrong_attempt", events):
                return
            if armed:
                self._expel(player, events)
        self._after_turn(player, events)

    def _resolve_no_play(
        self,
        player: int,
        legal_card: Card | None,
        armed: bool,
        exempt: bool,
        prophet_said: bool | None,
        hypothesis: str | None,
        prediction: bool | None,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        correct = legal_card is None
        state.table.append(
            AbbottEntry(
                player, "no_play", list(hand), correct, prophet_said, hypothesis, prediction
            )
        )
        events.append(NoPlayDeclared(player, tuple(hand), correct))
        if correct:
            returned = self._return_hand(player)
            if len(returned) <= NO_PLAY_SHRINK:
                state.emptied_by = player
                self._end(EndReason.HAND_EMPTIED, events)
                return
            if not self._draw(player, len(returned) - NO_PLAY_SHRINK, "new_hand", events):
                return
        else:
            assert legal_card is not None
            self._take_from_hand(player, legal_card)
            state.table.append(AbbottEntry(player, "correction", [legal_card], True))
            events.append(CardCorrected(player, legal_card))
            if not exempt:
                if not self._draw(player, NO_PLAY_PENALTY, "wrong_no_play", events):
                    return
                if armed:
                    self._expel(player, events)
        self._after_turn(player, events)

    @move(BecomeProphet)
    def _become_prophet(self, action: BecomeProphet, events: list[Event]) -> None:
        self.check_player(action.player)
        state = self.state
        problem = self.prophet_problem(action.player)
        if problem is not None:
            raise problem
        state.prophet_window = None
        state.prophet = action.player
        state.marker = len(state.history)
        state.prophets.append(ProphetRecord(action.player, state.marker))
        events.append(ProphetNamed(action.player, state.marker))

    def prophet_problem(self, player: int) -> IllegalActionError | None:
        """Why `player` may not become prophet now (None: they may)."""
        state = self.state
        if state.pending is not None:
            return IllegalActionError(WAITING_FOR_PROPHET, action="prophet")
        if state.prophet is not None:
            return IllegalActionError(PROPHET_TAKEN, prophet=state.prophet)
        if state.prophet_window != player:
            return IllegalActionError(PROPHET_NOT_NOW, player=player)
        if any(record.player == player for record in state.prophets):
            return IllegalActionError(PROPHET_AGAIN, player=player)
        others = [s for s in self.active_seats() if s != player]
        if len(others) < 2:
            return IllegalActionError(PROPHET_TOO_FEW, player=player)
        return None

    # -- helpers ----------------------------------------------------------------------------

    def active_seats(self) -> list[int]:
        """Seats that take turns: not expelled, not the prophet."""
        state = self.state
        return [s for s in range(self.players) if not state.expelled[s] and s != state.prophet]

    def expulsion_armed(self) -> bool:
        """Whether a wrong attempt or wrong "no play" made now expels the player."""
        state = self.state
        if state.marker is not None:
            return len(state.history) - state.marker >= self.config.expulsion_after_marker
        return len(state.history) >= self.config.expulsion_at

    def _expel(self, player: int, events: list[Event]) -> None:
        self.state.expelled[player] = True
        self.state.expulsions.append(player)
        events.append(Expelled(player))

    def _draw(self, player: int, count: int, reason: str, events: list[Event]) -> bool:
        """Draw `count` cards; when the stock cannot cover them, give what is left and end."""
        state = self.state
        drawn = state.stock[:count]
        del state.stock[:count]
        state.hands[player].extend(drawn)
        if drawn:
            events.append(PenaltyDrawn(player, tuple(drawn), reason))
        if len(drawn) < count:
            self._end(EndReason.STOCK_EXHAUSTED, events)
            return False
        return True

    def _after_turn(self, player: int, events: list[Event]) -> None:
        state = self.state
        active = self.active_seats()
        if not active:
            self._end(EndReason.ALL_EXPELLED, events)
            return
        state.turn = next(
            seat
            for step in range(1, self.players + 1)
            if (seat := (player + step) % self.players) in active
        )
        if not state.expelled[player] and state.prophet != player:
            state.prophet_window = player
        events.append(TurnPassed(state.turn))

    def _on_end(self) -> None:
        self.state.prophet_window = None
        self.state.pending = None

    # -- reading ----------------------------------------------------------------------------

    def prophet_bonus(self) -> int:
        """+1 per mainline card and +2 per sideline card after the marker (a prophet in office)."""
        state = self.state
        if state.marker is None:
            return 0
        after = state.history[state.marker :]
        accepted = sum(1 for attempt in after if attempt.accepted)
        return accepted + 2 * (len(after) - accepted)

    def scores(self) -> Scores:
        """H − own hand, H the largest hand; +4 for a hand emptied legally; the prophet in office
        adds the bonus. Dealer: the best player score, or with a prophet in office the lower of
        that and twice the cards on the table when the prophet was named."""
        state = self.state
        largest = max(len(hand) for hand in state.hands)
        players = tuple(
            largest
            - len(hand)
            + (EMPTY_BONUS if state.emptied_by == seat else 0)
            + (self.prophet_bonus() if state.prophet == seat else 0)
            for seat, hand in enumerate(state.hands)
        )
        best = max(players)
        dealer = best if state.marker is None else min(best, 2 * state.marker)
        return Scores(players, dealer)

    def _groups(self) -> list[int]:
        return self.state.groups

    def _pending_view(self) -> AbbottPendingView | None:
        pending = self.state.pending
        if pending is None:
            return None
        return AbbottPendingView(pending.what, pending.player, tuple(pending.cards))

    def view(self, player: int) -> AbbottPlayerView:
        state = self.state
        return AbbottPlayerView(
            **self.seen_from(player),
            table=log_seen_by(state.table, player),
            table_count=len(state.history),
            turn=state.turn,
            prophet=state.prophet,
            marker=state.marker,
            prophets=tuple(state.prophets),
            expelled=tuple(state.expelled),
            expulsion_armed=self.expulsion_armed(),
            can_become_prophet=not state.over and self.prophet_problem(player) is None,
            pending=self._pending_view(),
            **self.outcome(),
        )

    def dealer_view(self) -> AbbottDealerView:
        state = self.state
        return AbbottDealerView(
            **self.seen_by_dealer(),
            unsuitable=tuple(state.unsuitable),
            table=tuple(state.table),
            turn=state.turn,
            prophet=state.prophet,
            marker=state.marker,
            prophets=tuple(state.prophets),
            expelled=tuple(state.expelled),
            expulsion_armed=self.expulsion_armed(),
            pending=self._pending_view(),
            **self.outcome(),
        )


__all__ = [
    "CARD_NOT_IN_HAND",
    "NOT_YOUR_TURN",
    "AbbottConfig",
    "AbbottDealerView",
    "AbbottEntry",
    "AbbottPlayerView",
    "AbbottRound",
    "AbbottState",
    "ProphetRecord",
]
