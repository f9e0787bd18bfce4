"""The turns of Abbott/Howell Eleusis, docs/rules.md §2: an attempt (a card or a string) or a
"no play", judged by the rule or, with a prophet in office, awaiting the prophet; the penalty
draws, expulsion, and who plays next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.variants.abbott.config import (
    NO_PLAY_PENALTY,
    NO_PLAY_SHRINK,
    PENALTY_PER_CARD,
    AbbottConfig,
)
from eleusis.engine.variants.abbott.state import AbbottEntry, AbbottPending, AbbottState
from eleusis.engine.variants.actions import Leave, NoPlay, Play, PlayString
from eleusis.engine.variants.base import (
    EndReason,
    Event,
    IllegalActionError,
    Logged,
    Refusal,
    TurnPassed,
    move,
    precondition,
)
from eleusis.engine.variants.events import (
    AttemptJudged,
    AwaitingProphet,
    CardCorrected,
    Expelled,
    NoPlayDeclared,
    PenaltyDrawn,
    PlayerLeft,
    ProphetLeft,
)
from eleusis.engine.variants.hands import HandRound

CARDS_NOT_IN_HAND = Refusal("cards_not_in_hand", "{cards} are not all in player {player}'s hand")
EMPTY_STRING = Refusal("empty_string", "a string needs at least one card")
WAITING_FOR_PROPHET = Refusal(
    "waiting_for_prophet", "waiting for the prophet's judgement: no {action} until then"
)


@dataclass(frozen=True)
class Settling:
    """How a move is settled, the same for an attempt and a "no play": `armed`, a wrong move
    expels (decided when the move was made); `exempt`, the prophet judged it wrong, so its
    player takes no penalty; `prophet_said`, the prophet's verdict when one judged."""

    logged: Logged
    armed: bool
    exempt: bool = False
    prophet_said: bool | None = None

    def entry(self, player: int, kind: str, cards: list[Card], accepted: bool) -> AbbottEntry:
        """The move's line in the table's log."""
        logged = self.logged
        return AbbottEntry(
            player, kind, cards, accepted, self.prophet_said, logged.hypothesis, logged.prediction
        )


class AbbottTurns(HandRound):
    """The turns of a round of Abbott/Howell Eleusis; `AbbottRound` adds the deal, the prophet
    and the scores."""

    config: AbbottConfig
    state: AbbottState

    @precondition(Leave)
    def _can_leave(self, action: Leave) -> None:
        self.check_player(action.player)

    @move(Leave)
    def _leave(self, action: Leave, events: list[Event]) -> None:
        """A player leaves or is removed (docs/rules.md §2, the app's choice): their hand goes
        under the stock, a move of theirs awaiting the prophet is void, and the turn passes on
        if it was theirs. A prophet who leaves ends the prophecy as a fall does, without the
        penalty (nobody is left to draw it): the marker goes, the dealer (the app) judges again
        and a move awaiting the prophet's judgement is judged by the rule at once."""
        state = self.state
        player = action.player
        hand = state.hands[player]
        state.left.append(player)
        state.left_holding.append(len(hand))
        state.stock.extend(hand)  # under the stock (index 0 is the top)
        hand.clear()
        events.append(PlayerLeft(player, state.left_holding[-1]))
        if state.prophet_window == player:
            state.prophet_window = None
        pending = state.pending
        if pending is not None and pending.player == player:
            state.pending = None  # their move, still to be judged, is void
            pending = None
        if state.prophet == player:
            state.prophet = None
            state.marker = None
            events.append(ProphetLeft(player))
            if pending is not None:
                state.pending = None
                self._judge_by_the_rule(pending, events)
                return
        if not state.over and state.pending is None and state.turn == player:
            self._pass_turn_from(player, events)
        elif not state.over and not self.active_seats():
            self._end_without_players(events)

    def _judge_by_the_rule(self, pending: AbbottPending, events: list[Event]) -> None:
        """The prophet left with `pending` awaiting their judgement: the app judges it."""
        settling = Settling(pending, pending.armed)
        if pending.what == "attempt":
            accepted = self.judge_string(pending.cards)
            self._resolve_attempt(pending.player, pending.cards, accepted, settling, events)
            return
        self._resolve_no_play(pending.player, self._first_legal(pending.player), settling, events)

    def _first_legal(self, player: int) -> Card | None:
        """The card the dealer takes from a wrong "no play": the first legal one, if any."""
        legal = self.legal_cards(player)
        return legal[0] if legal else None

    def _pass_turn_from(self, player: int, events: list[Event]) -> None:
        """The turn of `player`, who left, goes to the next active seat (no prophet's window)."""
        active = self.active_seats()
        if not active:
            self._end_without_players(events)
            return
        self.state.turn = next(
            seat
            for step in range(1, self.players + 1)
            if (seat := (player + step) % self.players) in active
        )
        events.append(TurnPassed(self.state.turn))

    def _end_without_players(self, events: list[Event]) -> None:
        """Nobody is left to take a turn: everyone left, or those staying are expelled (or the
        prophet)."""
        state = self.state
        staying = [seat for seat in range(self.players) if seat not in state.left]
        everyone_left = all(seat == state.prophet for seat in staying)
        self._end(EndReason.EVERYONE_LEFT if everyone_left else EndReason.ALL_EXPELLED, events)

    @precondition(Play)
    def _can_play(self, action: Play) -> None:
        self._check_attempt(action.player, (action.card,))

    @precondition(PlayString)
    def _can_play_string(self, action: PlayString) -> None:
        self._check_attempt(action.player, action.cards)

    def _check_attempt(self, player: int, cards: Sequence[Card]) -> None:
        self._check_turn(player, "play")
        if not cards:
            raise IllegalActionError(EMPTY_STRING)
        if Counter(cards) - Counter(self.state.hands[player]):
            shown = " ".join(str(card) for card in cards)
            raise IllegalActionError(CARDS_NOT_IN_HAND, cards=shown, player=player)

    @move(Play)
    def _play(self, action: Play, events: list[Event]) -> None:
        self._attempt(action.player, (action.card,), action, events)

    @move(PlayString)
    def _play_string(self, action: PlayString, events: list[Event]) -> None:
        self._attempt(action.player, action.cards, action, events)

    def _turn(self) -> int:
        return self.state.turn

    def _check_free(self, action: str) -> None:
        if self.state.pending is not None:
            raise IllegalActionError(WAITING_FOR_PROPHET, action=action)

    def _attempt(
        self,
        player: int,
        cards: Sequence[Card],
        logged: Logged,
        events: list[Event],
    ) -> None:
        state = self.state
        state.prophet_window = None
        armed = self.expulsion_armed()
        if state.prophet is not None:
            state.pending = AbbottPending(
                "attempt", player, list(cards), armed, logged.hypothesis, logged.prediction
            )
            events.append(AwaitingProphet("attempt", player))
            return
        accepted = self.judge_string(cards)
        self._resolve_attempt(player, list(cards), accepted, Settling(logged, armed), events)

    def judge_string(self, cards: Sequence[Card]) -> bool:
        """Whether the rule accepts every card of the string in turn."""
        history = list(self.state.history)
        for card in cards:
            if not self.judge(history, card):
                return False
            history.append(Attempt(card, True))
        return True

    @precondition(NoPlay)
    def _can_declare(self, action: NoPlay) -> None:
        self._check_turn(action.player, '"no play"')

    @move(NoPlay)
    def _no_play(self, action: NoPlay, events: list[Event]) -> None:
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
        self._resolve_no_play(
            action.player, self._first_legal(action.player), Settling(action, armed), events
        )

    def _resolve_attempt(
        self,
        player: int,
        cards: list[Card],
        accepted: bool,
        settling: Settling,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        for card in cards:
            hand.remove(card)
        state.history.extend(Attempt(card, accepted) for card in cards)
        if not accepted:
            state.groups.append(len(cards))
        state.table.append(settling.entry(player, "attempt", list(cards), accepted))
        events.append(AttemptJudged(player, tuple(cards), accepted))
        if accepted:
            if not hand:
                state.emptied_by = player
                self._end(EndReason.HAND_EMPTIED, events)
                return
        elif not self._penalise(
            player, PENALTY_PER_CARD * len(cards), "wrong_attempt", settling, events
        ):
            return
        self._after_turn(player, events)

    def _resolve_no_play(
        self,
        player: int,
        legal_card: Card | None,
        settling: Settling,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        correct = legal_card is None
        state.table.append(settling.entry(player, "no_play", list(hand), correct))
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
            if not self._penalise(player, NO_PLAY_PENALTY, "wrong_no_play", settling, events):
                return
        self._after_turn(player, events)

    def _penalise(
        self, player: int, count: int, reason: str, settling: Settling, events: list[Event]
    ) -> bool:
        """A wrong move's penalty draw, then expulsion when armed; none when the prophet's wrong
        judgement exempts it. False when the stock could not cover the draw (the round is
        over)."""
        if settling.exempt:
            return True
        if not self._draw(player, count, reason, events):
            return False
        if settling.armed:
            self._expel(player, events)
        return True

    def active_seats(self) -> list[int]:
        """Seats that take turns: not expelled, not the prophet, not gone (`Leave`)."""
        state = self.state
        return [
            s
            for s in range(self.players)
            if not state.expelled[s] and s != state.prophet and s not in state.left
        ]

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
        if not state.expelled[player] and state.prophet != player and player not in state.left:
            state.prophet_window = player
        events.append(TurnPassed(state.turn))
