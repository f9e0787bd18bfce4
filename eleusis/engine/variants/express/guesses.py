"""What players of Eleusis Express say besides their cards: guesses of the rule (checked by
the app, or judged by the dealer) and bought or given hints, docs/rules.md §1.
"""

from __future__ import annotations

from abc import abstractmethod

from eleusis.engine.variants.actions import BuyHint, DealerHint, Guess, PassGuess
from eleusis.engine.variants.base import (
    EndReason,
    Event,
    IllegalActionError,
    Refusal,
    move,
    precondition,
)
from eleusis.engine.variants.events import (
    AwaitingVerdict,
    GuessJudged,
    GuessPassed,
    HintGiven,
    HintRequested,
)
from eleusis.engine.variants.express.config import ExpressConfig
from eleusis.engine.variants.express.state import ExpressState, GuessRecord, HintRecord, Pending
from eleusis.engine.variants.hands import HandRound

WAITING_FOR_VERDICT = Refusal(
    "waiting_for_verdict", "waiting for the dealer's verdict on the {what}: no {action} until then"
)
GUESS_NOT_ALLOWED = Refusal(
    "guess_not_allowed",
    "player {player} may not guess now: a guess comes right after one's own right play "
    'or right "no play"',
)
CANNOT_JUDGE_GUESS = Refusal(
    "cannot_judge_guess",
    "the app cannot compare a guess with this round's rule: guess in free text for the dealer",
)
HINTS_OFF = Refusal(
    "hints_off", "player {player} cannot buy a hint: buying hints is off in this round"
)
HINT_ALREADY_BOUGHT = Refusal(
    "hint_already_bought", "player {player} has already bought a hint this turn"
)
HINT_STOCK_EMPTY = Refusal(
    "hint_stock_empty", "player {player} cannot buy a hint: the stock is empty"
)
UNPROMPTED_HINT = Refusal(
    "unprompted_hint",
    "the dealer may give a hint unprompted only when every player has had the same number of "
    "turns (turns so far: {turns})",
)
EMPTY_HINT = Refusal("empty_hint", "a hint needs some text")
NOTHING_TO_PASS = Refusal(
    "nothing_to_pass", "player {player} has no guess to pass: it is not their moment to guess"
)


class GuessesAndHints(HandRound):
    """The guesses and hints of a round of Eleusis Express: `ExpressRound` adds the turns
    and the cards. A move here that passes the turn on or draws a card asks the round
    (`_next_turn`, `_draw`)."""

    config: ExpressConfig
    state: ExpressState

    @abstractmethod
    def _next_turn(self, events: list[Event]) -> None:
        """Play passes to the next player who has not left."""

    @abstractmethod
    def _draw(self, player: int, reason: str, events: list[Event]) -> bool:
        """Draw one card into a hand; False when the round ended on an empty stock."""

    def _check_no_verdict_awaited(self, action: str) -> None:
        pending = self.state.pending
        if pending is not None:
            raise IllegalActionError(WAITING_FOR_VERDICT, what=pending.what, action=action)

    def _open_guess(self, player: int) -> bool:
        """After a right play or "no play": the player may guess. True when play waits for
        them to guess or pass (`guess_turn`)."""
        self.state.guess_window = player
        if self.config.guess_turn:
            self.state.deciding = player
            return True
        return False

    @precondition(PassGuess)
    def _can_pass(self, action: PassGuess) -> None:
        self.check_player(action.player)
        self._check_no_verdict_awaited("pass")
        if self.state.deciding != action.player:
            raise IllegalActionError(NOTHING_TO_PASS, player=action.player)

    @move(PassGuess)
    def _pass_guess(self, action: PassGuess, events: list[Event]) -> None:
        self._close_guess(action.player, skipped=False, events=events)

    def _close_guess(self, player: int, *, skipped: bool, events: list[Event]) -> None:
        self.state.deciding = None
        self.state.guess_window = None
        events.append(GuessPassed(player, skipped))
        self._next_turn(events)

    @precondition(Guess)
    def _can_guess(self, action: Guess) -> None:
        self.check_player(action.player)
        self._check_no_verdict_awaited("guess")
        if self.state.guess_window != action.player:
            raise IllegalActionError(GUESS_NOT_ALLOWED, player=action.player)

    @move(Guess)
    def _guess(self, action: Guess, events: list[Event]) -> None:
        """A guess the app cannot judge where only the app judges is refused here, once
        judged (the one refusal no precondition can know cheaply)."""
        state = self.state
        correct: bool | None = None
        if action.redacted:  # the words are gone: the judgement it had
            correct = action.judged
        elif action.checkable:
            correct = self.judge_guess(self.rule, action.text)
            if correct is None and self.config.dealer == "app":
                raise IllegalActionError(CANNOT_JUDGE_GUESS)
        state.guess_window = None
        if correct is None:
            state.pending = Pending("guess", action.player, text=action.text)
            events.append(AwaitingVerdict("guess", action.player))
            return
        self._resolve_guess(action.player, action.text, action.checkable, correct, events)

    def _resolve_guess(
        self, player: int, text: str, checkable: bool, correct: bool, events: list[Event]
    ) -> None:
        state = self.state
        state.guesses.append(GuessRecord(player, text, checkable, correct))
        events.append(GuessJudged(player, text, correct))
        if correct:
            state.guessed_by = player
            self._end(EndReason.GUESSED, events)
            return
        if self.config.wrong_guess_penalty and not self._draw(player, "wrong_guess", events):
            return
        if state.deciding == player:  # the guess was their move: the turn passes on
            state.deciding = None
            self._next_turn(events)

    @precondition(BuyHint)
    def _can_buy_hint(self, action: BuyHint) -> None:
        self._check_turn(action.player, "hint")
        state = self.state
        if not self.config.buying_hints:
            raise IllegalActionError(HINTS_OFF, player=action.player)
        if state.hint_bought:
            raise IllegalActionError(HINT_ALREADY_BOUGHT, player=action.player)
        if not state.stock and self.config.stock_exhaustion == "end":
            raise IllegalActionError(HINT_STOCK_EMPTY, player=action.player)

    @move(BuyHint)
    def _buy_hint(self, action: BuyHint, events: list[Event]) -> None:
        state = self.state
        state.guess_window = None
        state.hint_bought = True
        state.hint_requests.append(action.player)
        events.append(HintRequested(action.player))
        self._draw(action.player, "hint", events)

    @move(DealerHint)
    def _dealer_hint(self, action: DealerHint, events: list[Event]) -> None:
        state = self.state
        if not action.text.strip():
            raise IllegalActionError(EMPTY_HINT)
        if state.hint_requests:
            requested_by: int | None = state.hint_requests.pop(0)
        elif self.config.hints_after_equal_turns and len(set(state.turns_taken)) > 1:
            raise IllegalActionError(UNPROMPTED_HINT, turns=state.turns_taken)
        else:
            requested_by = None
        state.hints.append(HintRecord(action.text, requested_by))
        events.append(HintGiven(action.text, requested_by))

    def can_guess(self, player: int) -> bool:
        return self.state.guess_window == player and self.state.pending is None
