"""A round of Eleusis Express, docs/rules.md §1: the deal, the starter, the turns (a play, a
"no play", the dealer's verdicts and skips, a player leaving), the draws and the scores; the
guesses and hints are in `guesses`.
"""

from __future__ import annotations

from dataclasses import replace

from eleusis.engine.cards import Card, build_stock
from eleusis.engine.history import Attempt
from eleusis.engine.variants.actions import Leave, NoPlay, Play, SkipTurn, Verdict
from eleusis.engine.variants.base import (
    CARD_NOT_IN_HAND,
    SPECTATOR,
    EndReason,
    Event,
    IllegalActionError,
    Logged,
    Refusal,
    Scores,
    TurnPassed,
    deal,
    log_seen_by,
    move,
    precondition,
    register_variant,
)
from eleusis.engine.variants.events import (
    AwaitingVerdict,
    Corrected,
    DeckShuffledIn,
    Drew,
    HandReturned,
    NoPlayJudged,
    Played,
    PlayerLeft,
    RoundEnded,
    StarterTurned,
    TurnSkipped,
)
from eleusis.engine.variants.express.config import MAX_PLAYERS, ExpressConfig
from eleusis.engine.variants.express.guesses import GuessesAndHints
from eleusis.engine.variants.express.state import (
    DealerView,
    ExpressState,
    Pending,
    PendingView,
    PlayerView,
    TableEntry,
)

NO_VERDICT_PENDING = Refusal(
    "no_verdict_pending", "nothing awaits the dealer's verdict: there is nothing to judge"
)
GUESS_OR_PASS_FIRST = Refusal(
    "guess_or_pass_first", "player {player} decides first: guess the rule or pass"
)
VERDICT_NEEDS_CARD = Refusal(
    "verdict_needs_card",
    'the "no play" of player {player} was wrong: '
    "name the legal card the dealer takes from the hand",
)
VERDICT_NO_CARD = Refusal("verdict_no_card", "a verdict on the {what} names no card (got {card})")
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Eleusis Express has no {kind!r} action")


@register_variant
class ExpressRound(GuessesAndHints):
    """A round of Eleusis Express. Create with `ExpressRound(config, seed, rule, players)`."""

    name = "express"
    config_class = ExpressConfig
    state_class = ExpressState
    end_event = RoundEnded
    unsupported = UNSUPPORTED_ACTION

    config: ExpressConfig
    state: ExpressState

    # -- setup ------------------------------------------------------------------------------

    def validate_setup(self) -> None:
        if not 1 <= self.players <= MAX_PLAYERS:
            raise ValueError(f"{self.players} players: Eleusis Express takes 1 to {MAX_PLAYERS}")
        needed = self.players * self.config.hand_size + 1
        if needed > self.config.decks * 52:
            raise ValueError(
                f"{self.players} hands of {self.config.hand_size} and a starter need {needed} "
                f"cards, more than {self.config.decks} deck(s) hold"
            )
        if self.config.dealer == "app":
            self._require_judgeable_rule()

    def setup(self) -> list[Event]:
        state = self.state
        state.stock = build_stock(self.config.decks, self.rng)
        state.decks_used = self.config.decks
        state.hands = deal(state.stock, self.players, self.config.hand_size)
        state.turns_taken = [0] * self.players
        if self.config.first_player == "random":
            state.turn = self.rng.randrange(self.players)
        events: list[Event] = []
        self._turn_starter(events)
        return events

    def _turn_starter(self, events: list[Event]) -> None:
        state = self.state
        if self.config.starter == "flip":
            self._accept_starter(events)
            return
        if self.config.dealer == "person":
            state.pending = Pending("starter", card=state.stock[0])
            events.append(AwaitingVerdict("starter", None))
            return
        for card in self._bury_until_legal(state.stock, "in the stock"):
            self._starter_rejected(card, events)
        self._accept_starter(events)

    def _accept_starter(self, events: list[Event]) -> None:
        card = self.state.stock.pop(0)
        self.state.history.append(Attempt(card, True))
        self.state.table.append(TableEntry(None, [card], True, "starter"))
        events.append(StarterTurned(card, True))

    def _reject_starter(self, events: list[Event]) -> None:
        card = self.state.stock.pop(0)
        self.state.stock.append(card)
        self._starter_rejected(card, events)

    def _starter_rejected(self, card: Card, events: list[Event]) -> None:
        """`card`, turned for the starter, has gone to the bottom of the stock."""
        self.state.starter_rejected.append(card)
        events.append(StarterTurned(card, False))

    # -- actions ----------------------------------------------------------------------------

    @move(Leave)
    def _leave(self, action: Leave, events: list[Event]) -> None:
        self.check_player(action.player)
        state = self.state
        player = action.player
        if state.pending is not None and state.pending.player == player:
            state.pending = None  # a move of theirs still to be judged is void
        hand = state.hands[player]
        returned = len(hand)
        state.stock.extend(hand)  # under the stock (index 0 is the top)
        hand.clear()
        state.left.append(player)
        state.left_holding.append(returned)
        state.hint_requests = [p for p in state.hint_requests if p != player]
        events.append(PlayerLeft(player, returned))
        if len(state.left) >= self.players:
            self._end(EndReason.EVERYONE_LEFT, events)
            return
        if state.deciding == player:
            state.deciding = None
            state.guess_window = None
        if state.turn == player and state.pending is None:
            self._next_turn(events)

    def _turn(self) -> int:
        return self.state.turn

    def _check_free(self, action: str) -> None:
        self._check_no_verdict_awaited(action)
        if self.state.deciding is not None:
            raise IllegalActionError(GUESS_OR_PASS_FIRST, player=self.state.deciding)

    @precondition(Play)
    def _can_play(self, action: Play) -> None:
        self._check_turn(action.player, "play")
        if action.card not in self.state.hands[action.player]:
            raise IllegalActionError(CARD_NOT_IN_HAND, card=action.card, player=action.player)

    @move(Play)
    def _play(self, action: Play, events: list[Event]) -> None:
        self.state.guess_window = None
        if self.config.dealer == "person":
            self.state.pending = Pending(
                "play", action.player, action.card, None, action.hypothesis, action.prediction
            )
            events.append(AwaitingVerdict("play", action.player))
            return
        accepted = self.judge(self.state.history, action.card)
        self._resolve_play(action.player, action.card, accepted, action, events)

    def _resolve_play(
        self,
        player: int,
        card: Card,
        accepted: bool,
        logged: Logged,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        hand.remove(card)
        state.history.append(Attempt(card, accepted))
        state.table.append(
            TableEntry(player, [card], accepted, "play", logged.hypothesis, logged.prediction)
        )
        state.turns_taken[player] += 1
        events.append(Played(player, card, accepted))
        if accepted:
            if not hand:
                state.emptied_by = player
                self._end(EndReason.HAND_EMPTIED, events)
                return
            if self._open_guess(player):
                return
        elif not self._draw(player, "wrong_play", events):
            return
        self._next_turn(events)

    @move(SkipTurn)
    def _skip_turn(self, action: SkipTurn, events: list[Event]) -> None:
        state = self.state
        self._check_no_verdict_awaited("skip")
        if state.deciding is not None:
            self._close_guess(state.deciding, skipped=True, events=events)
            return
        state.guess_window = None
        events.append(TurnSkipped(state.turn))
        self._next_turn(events)

    @precondition(NoPlay)
    def _can_declare(self, action: NoPlay) -> None:
        self._check_turn(action.player, '"no play"')

    @move(NoPlay)
    def _no_play(self, action: NoPlay, events: list[Event]) -> None:
        self.state.guess_window = None
        if self.config.dealer == "person":
            self.state.pending = Pending(
                "no_play", action.player, None, None, action.hypothesis, action.prediction
            )
            events.append(AwaitingVerdict("no_play", action.player))
            return
        legal = self.legal_cards(action.player)
        self._resolve_no_play(
            action.player,
            not legal,
            legal[0] if legal else None,
            action,
            events,
        )

    def _resolve_no_play(
        self,
        player: int,
        correct: bool,
        legal_card: Card | None,
        logged: Logged,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        state.table.append(
            TableEntry(player, list(hand), correct, "no_play", logged.hypothesis, logged.prediction)
        )
        state.turns_taken[player] += 1
        events.append(NoPlayJudged(player, tuple(hand), correct))
        if not correct:
            assert legal_card is not None
            self._take_from_hand(player, legal_card)
            state.table.append(TableEntry(player, [legal_card], True, "correction"))
            events.append(Corrected(player, legal_card))
            if not self._draw(player, "wrong_no_play", events):
                return
        else:
            returned = self._return_hand(player)
            events.append(HandReturned(player, tuple(returned)))
            if len(returned) == 1:
                state.emptied_by = player
                self._end(EndReason.HAND_EMPTIED, events)
                return
            for _ in range(len(returned) - 1):
                self._draw(player, "new_hand", events)
            if self._open_guess(player):
                return
        self._next_turn(events)

    @move(Verdict)
    def _verdict(self, action: Verdict, events: list[Event]) -> None:
        state = self.state
        pending = state.pending
        if pending is None:
            raise IllegalActionError(NO_VERDICT_PENDING)
        needs_card = pending.what == "no_play" and not action.correct
        if needs_card:
            assert pending.player is not None
            if action.card is None:
                raise IllegalActionError(VERDICT_NEEDS_CARD, player=pending.player)
            if action.card not in state.hands[pending.player]:
                raise IllegalActionError(CARD_NOT_IN_HAND, card=action.card, player=pending.player)
        elif action.card is not None:
            raise IllegalActionError(VERDICT_NO_CARD, what=pending.what, card=action.card)
        state.pending = None
        if pending.what == "starter":
            if action.correct:
                self._accept_starter(events)
            else:
                self._reject_starter(events)
                self._turn_starter(events)
        elif pending.what == "play":
            assert pending.player is not None and pending.card is not None
            self._resolve_play(
                pending.player,
                pending.card,
                action.correct,
                pending,
                events,
            )
        elif pending.what == "no_play":
            assert pending.player is not None
            self._resolve_no_play(
                pending.player,
                action.correct,
                action.card,
                pending,
                events,
            )
        else:
            assert pending.player is not None and pending.text is not None
            self._resolve_guess(pending.player, pending.text, False, action.correct, events)

    # -- helpers ----------------------------------------------------------------------------

    def _draw(self, player: int, reason: str, events: list[Event]) -> bool:
        """Draw one card into a hand. False (and the round over) when the stock has run out
        and the round ends on that."""
        state = self.state
        if not state.stock:
            if self.config.stock_exhaustion == "end":
                self._end(EndReason.STOCK_EXHAUSTED, events)
                return False
            state.stock = build_stock(1, self.rng)
            state.decks_used += 1
            events.append(DeckShuffledIn(state.decks_used))
        card = state.stock.pop(0)
        state.hands[player].append(card)
        events.append(Drew(player, card, reason))
        return True

    def _next_turn(self, events: list[Event]) -> None:
        """The next player who has not left."""
        for _ in range(self.players):
            self.state.turn = (self.state.turn + 1) % self.players
            if self.state.turn not in self.state.left:
                break
        self.state.hint_bought = False
        events.append(TurnPassed(self.state.turn))

    def _on_end(self) -> None:
        self.state.guess_window = None
        self.state.deciding = None
        self.state.pending = None

    # -- reading ----------------------------------------------------------------------------

    def scores(self) -> Scores:
        """base − cards in hand, +6 for guessing the rule, +3 for emptying the hand; the dealer
        scores as much as the best player. A player who left (or was removed) is not counted
        as having shed their cards: they score base − the cards they gave back, and always
        less than everyone still in the round, so they cannot win it (docs/rules.md §2)."""
        state = self.state
        base = self.config.base_score
        players = [
            base
            - len(hand)
            + (6 if state.guessed_by == seat else 0)
            + (3 if state.emptied_by == seat else 0)
            for seat, hand in enumerate(state.hands)
        ]
        staying = [score for seat, score in enumerate(players) if seat not in state.left]
        for seat, returned in zip(state.left, state.left_holding, strict=True):
            players[seat] = base - returned
            if staying:
                players[seat] = min(players[seat], min(staying) - 1)
        return Scores(tuple(players), max(staying, default=0))

    def _pending_view(self) -> PendingView | None:
        pending = self.state.pending
        if pending is None:
            return None
        return PendingView(pending.what, pending.player, pending.card, pending.text)

    def view(self, player: int) -> PlayerView:
        state = self.state
        return PlayerView(
            **self.seen_from(player),
            table=log_seen_by(state.table, player),
            starter_rejected=tuple(state.starter_rejected),
            turn=state.turn,
            can_guess=self.can_guess(player),
            pending=self._pending_view(),
            hint_requests=tuple(state.hint_requests),
            hints=tuple(hint.text for hint in state.hints),
            guesses=tuple(state.guesses),
            starter_mode=self.config.starter,
            deciding=state.deciding,
        )

    def spectator_view(self) -> PlayerView:
        """What someone at the table who is not in the round sees (a student seated after the
        deal, who plays from the next round): what every player sees (the layout, the hand
        counts, the scores, the hints and guesses), no hand and nobody's hypotheses. Its
        `player` is `SPECTATOR`, no player of the round."""
        return replace(
            self.view(0),
            player=SPECTATOR,
            hand=(),
            table=log_seen_by(self.state.table, SPECTATOR),
            can_guess=False,
        )

    def dealer_view(self) -> DealerView:
        state = self.state
        return DealerView(
            **self.seen_by_dealer(),
            table=tuple(state.table),
            starter_rejected=tuple(state.starter_rejected),
            turn=state.turn,
            guess_window=state.guess_window,
            pending=self._pending_view(),
            hint_requests=tuple(state.hint_requests),
            hints=tuple(hint.text for hint in state.hints),
            guesses=tuple(state.guesses),
            turns_taken=tuple(state.turns_taken),
            decks_used=state.decks_used,
            deciding=state.deciding,
        )
