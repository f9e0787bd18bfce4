"""Eleusis Express (John Golden), docs/rules.md §1, with every variant of the seeds.

Seats are numbered from 0 at the dealer's left; play goes left (seat 0, 1, 2, ...). The dealer
holds no hand and is either the app, which judges by the rule, or a person, for whom the round
records a pending judgement and waits for a `Verdict` action.

Decisions beyond docs/rules.md, each documented here and tested:
- The stock "runs out" when a card must be drawn and none is left. With `stock_exhaustion="end"`
  the draw is not made and the round ends ("stock_exhausted"); with `"reshuffle_deck"` a newly
  shuffled 52-card deck becomes the stock and the draw goes on.
- A guess is allowed right after the guesser's own right play or right "no play", until the
  next play, "no play" or bought hint. One guess per such moment.
- While a judgement is pending (a person dealer's verdict, or a free-text guess), nothing but
  the `Verdict`, a dealer hint or `End` may happen.
- When the app corrects a wrong "no play", it takes the lowest legal card of the hand (in the
  order ♠ ♥ ♦ ♣, then rank), so the choice is deterministic.
- A bought hint does not block play: the request waits in `hint_requests` until the dealer
  answers it with a `DealerHint`. The dealer may hint unprompted at any moment (the Greek seed:
  a dealer who sees that nobody finds the rule starts giving hints); the Thai condition that
  every player has had the same number of turns is the setting `hints_after_equal_turns`.
- With `guess_turn` (the Thai way: the guess belongs to the guesser's turn), a player whose play
  or "no play" was right decides before anyone else moves: `Guess` or `PassGuess`. Until then
  the turn stays with them; a wrong guess passes it on. Without it, the chance to guess lasts
  until the next move, as before.
- `SkipTurn`, the dealer's: a player deciding whether to guess passes; otherwise the player
  whose turn it is loses the turn (they are away). A skipped turn is not counted as a turn.

Why one long module: it is one game's whole state machine (config, actions, events, state,
views and scoring); its rules read top to bottom in the order of docs/rules.md §1, and splitting
them would scatter one turn's logic over several files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from eleusis.engine.cards import Card, build_stock
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.variants.actions import (
    BuyHint,
    DealerHint,
    Guess,
    Leave,
    NoPlay,
    PassGuess,
    Play,
    SkipTurn,
    Verdict,
)
from eleusis.engine.variants.base import (
    CARD_NOT_IN_HAND,
    NOT_YOUR_TURN,
    Action,
    Awaiting,
    CardJudgement,
    CardsEvent,
    CardTaken,
    EndReason,
    Event,
    GuessJudge,
    IllegalActionError,
    LayoutColumn,
    NoPlayJudgement,
    PlayerEvent,
    Refusal,
    RoundOver,
    Scores,
    TurnPassed,
    card_order,
    deal,
    log_seen_by,
    move,
    register_variant,
)
from eleusis.engine.variants.codec import JSONDataclass
from eleusis.engine.variants.game import GAME_OVER, GameRound, SeatedGame
from eleusis.engine.variants.hands import HandRound, HandState

# ---------------------------------------------------------------------------------------------
# Messages of IllegalActionError, importable by tests and by the UI's translations
# (NOT_YOUR_TURN and CARD_NOT_IN_HAND are shared with the other games, from `base`).

PLAYER_LEFT = Refusal("player_left", "player {player} has left this round")
WAITING_FOR_VERDICT = Refusal(
    "waiting_for_verdict", "waiting for the dealer's verdict on the {what}: no {action} until then"
)
NO_VERDICT_PENDING = Refusal(
    "no_verdict_pending", "nothing awaits the dealer's verdict: there is nothing to judge"
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
GUESS_OR_PASS_FIRST = Refusal(
    "guess_or_pass_first", "player {player} decides first: guess the rule or pass"
)
NOTHING_TO_PASS = Refusal(
    "nothing_to_pass", "player {player} has no guess to pass: it is not their moment to guess"
)
VERDICT_NEEDS_CARD = Refusal(
    "verdict_needs_card",
    'the "no play" of player {player} was wrong: '
    "name the legal card the dealer takes from the hand",
)
VERDICT_NO_CARD = Refusal("verdict_no_card", "a verdict on the {what} names no card (got {card})")
UNSUPPORTED_ACTION = Refusal("unsupported_action", "Eleusis Express has no {kind!r} action")


# ---------------------------------------------------------------------------------------------
# Config


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


# ---------------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True)
class StarterTurned(Event):
    """The dealer turned a card for the starter: accepted, or to the bottom of the stock."""

    kind = "starter_turned"
    card: Card
    accepted: bool


class Played(CardJudgement):
    kind = "played"


@dataclass(frozen=True)
class Drew(Event):
    """A card from the stock into a hand. Reasons: wrong_play, wrong_no_play, new_hand,
    wrong_guess, hint."""

    kind = "drew"
    player: int
    card: Card
    reason: str


class NoPlayJudged(NoPlayJudgement):
    kind = "no_play_judged"


class Corrected(CardTaken):
    kind = "corrected"


class HandReturned(CardsEvent):
    """A hand went to the bottom of the stock after a right "no play"."""

    kind = "hand_returned"


@dataclass(frozen=True)
class GuessJudged(PlayerEvent):
    kind = "guess_judged"
    text: str
    correct: bool


class AwaitingVerdict(Awaiting):
    """The dealer must judge something before play goes on."""

    kind = "awaiting_verdict"


class HintRequested(PlayerEvent):
    kind = "hint_requested"


@dataclass(frozen=True)
class HintGiven(Event):
    kind = "hint_given"
    text: str
    requested_by: int | None


@dataclass(frozen=True)
class GuessPassed(PlayerEvent):
    """The player let the chance to guess go (`skipped`: the dealer passed for them)."""

    kind = "guess_passed"
    skipped: bool


@dataclass(frozen=True)
class PlayerLeft(PlayerEvent):
    """A player left the round; `returned` cards of their hand went under the stock."""

    kind = "player_left"
    returned: int


class TurnSkipped(PlayerEvent):
    """The dealer moved play past a player who is away."""

    kind = "turn_skipped"


@dataclass(frozen=True)
class DeckShuffledIn(Event):
    """The stock ran out and a fresh 52-card deck became the stock."""

    kind = "deck_shuffled_in"
    decks_used: int


class RoundEnded(RoundOver):
    kind = "round_ended"


# ---------------------------------------------------------------------------------------------
# State


@dataclass
class TableEntry:
    """One line of the table's log. `kind`: starter, play, no_play (cards = the hand shown,
    accepted = the declaration was right) or correction (the card the dealer took)."""

    player: int | None
    cards: list[Card]
    accepted: bool
    kind: str
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class Pending:
    """What awaits the dealer's verdict: a starter card (on top of the stock), a play (the card
    still in the hand), a "no play", or a free-text guess."""

    what: Literal["starter", "play", "no_play", "guess"]
    player: int | None = None
    card: Card | None = None
    text: str | None = None
    hypothesis: str | None = None
    prediction: bool | None = None


@dataclass
class GuessRecord:
    player: int
    text: str
    checkable: bool
    correct: bool


@dataclass
class HintRecord:
    text: str
    requested_by: int | None


@dataclass
class ExpressState(HandState):
    table: list[TableEntry] = field(default_factory=list)
    starter_rejected: list[Card] = field(default_factory=list)
    turn: int = 0
    turns_taken: list[int] = field(default_factory=list)
    guess_window: int | None = None
    deciding: int | None = None  # with `guess_turn`: the player to guess or pass
    pending: Pending | None = None
    hint_bought: bool = False
    hint_requests: list[int] = field(default_factory=list)
    hints: list[HintRecord] = field(default_factory=list)
    guesses: list[GuessRecord] = field(default_factory=list)
    guessed_by: int | None = None
    emptied_by: int | None = None
    decks_used: int = 0
    left: list[int] = field(default_factory=list)  # players out of the round (Leave)


# ---------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class PendingView:
    what: str
    player: int | None
    card: Card | None
    text: str | None


@dataclass(frozen=True, slots=True)
class PlayerView(JSONDataclass):
    """What one player may see: no other hand, no stock order, no secret rule, no other
    player's hypotheses."""

    player: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]
    table: tuple[TableEntry, ...]
    starter_rejected: tuple[Card, ...]
    turn: int
    can_guess: bool
    pending: PendingView | None
    hint_requests: tuple[int, ...]
    hints: tuple[str, ...]
    guesses: tuple[GuessRecord, ...]
    scores: Scores
    starter_mode: str
    over: bool
    end_reason: str | None
    deciding: int | None = None


@dataclass(frozen=True, slots=True)
class DealerView(JSONDataclass):
    """Everything, the secret rule included."""

    rule_text: str | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    layout: tuple[LayoutColumn, ...]
    history: tuple[Attempt, ...]
    table: tuple[TableEntry, ...]
    starter_rejected: tuple[Card, ...]
    turn: int
    guess_window: int | None
    pending: PendingView | None
    hint_requests: tuple[int, ...]
    hints: tuple[str, ...]
    guesses: tuple[GuessRecord, ...]
    turns_taken: tuple[int, ...]
    scores: Scores
    decks_used: int
    over: bool
    end_reason: str | None
    deciding: int | None = None


# ---------------------------------------------------------------------------------------------
# The round


@register_variant
class ExpressRound(HandRound):
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

    def _apply(self, action: Action) -> list[Event]:
        player = getattr(action, "player", None)
        if player is not None and player in self.state.left:
            raise IllegalActionError(PLAYER_LEFT, player=player)
        return super()._apply(action)

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

    def _check_no_verdict_awaited(self, action: str) -> None:
        pending = self.state.pending
        if pending is not None:
            raise IllegalActionError(WAITING_FOR_VERDICT, what=pending.what, action=action)

    @move(Play)
    def _play(self, action: Play, events: list[Event]) -> None:
        self._check_turn(action.player, "play")
        hand = self.state.hands[action.player]
        if action.card not in hand:
            raise IllegalActionError(CARD_NOT_IN_HAND, card=action.card, player=action.player)
        self.state.guess_window = None
        if self.config.dealer == "person":
            self.state.pending = Pending(
                "play", action.player, action.card, None, action.hypothesis, action.prediction
            )
            events.append(AwaitingVerdict("play", action.player))
            return
        accepted = self.judge(self.state.history, action.card)
        self._resolve_play(
            action.player, action.card, accepted, action.hypothesis, action.prediction, events
        )

    def _resolve_play(
        self,
        player: int,
        card: Card,
        accepted: bool,
        hypothesis: str | None,
        prediction: bool | None,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        hand.remove(card)
        state.history.append(Attempt(card, accepted))
        state.table.append(TableEntry(player, [card], accepted, "play", hypothesis, prediction))
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

    def _open_guess(self, player: int) -> bool:
        """After a right play or "no play": the player may guess. True when play waits for
        them to guess or pass (`guess_turn`)."""
        self.state.guess_window = player
        if self.config.guess_turn:
            self.state.deciding = player
            return True
        return False

    @move(PassGuess)
    def _pass_guess(self, action: PassGuess, events: list[Event]) -> None:
        self.check_player(action.player)
        state = self.state
        self._check_no_verdict_awaited("pass")
        if state.deciding != action.player:
            raise IllegalActionError(NOTHING_TO_PASS, player=action.player)
        self._close_guess(action.player, skipped=False, events=events)

    def _close_guess(self, player: int, *, skipped: bool, events: list[Event]) -> None:
        self.state.deciding = None
        self.state.guess_window = None
        events.append(GuessPassed(player, skipped))
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

    @move(NoPlay)
    def _no_play(self, action: NoPlay, events: list[Event]) -> None:
        self._check_turn(action.player, '"no play"')
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
            action.hypothesis,
            action.prediction,
            events,
        )

    def _resolve_no_play(
        self,
        player: int,
        correct: bool,
        legal_card: Card | None,
        hypothesis: str | None,
        prediction: bool | None,
        events: list[Event],
    ) -> None:
        state = self.state
        hand = state.hands[player]
        state.table.append(
            TableEntry(player, list(hand), correct, "no_play", hypothesis, prediction)
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

    @move(Guess)
    def _guess(self, action: Guess, events: list[Event]) -> None:
        self.check_player(action.player)
        state = self.state
        self._check_no_verdict_awaited("guess")
        if state.guess_window != action.player:
            raise IllegalActionError(GUESS_NOT_ALLOWED, player=action.player)
        correct: bool | None = None
        if action.checkable:
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

    @move(BuyHint)
    def _buy_hint(self, action: BuyHint, events: list[Event]) -> None:
        self._check_turn(action.player, "hint")
        state = self.state
        if not self.config.buying_hints:
            raise IllegalActionError(HINTS_OFF, player=action.player)
        if state.hint_bought:
            raise IllegalActionError(HINT_ALREADY_BOUGHT, player=action.player)
        if not state.stock and self.config.stock_exhaustion == "end":
            raise IllegalActionError(HINT_STOCK_EMPTY, player=action.player)
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
                pending.hypothesis,
                pending.prediction,
                events,
            )
        elif pending.what == "no_play":
            assert pending.player is not None
            self._resolve_no_play(
                pending.player,
                action.correct,
                action.card,
                pending.hypothesis,
                pending.prediction,
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
        scores as much as the best player."""
        state = self.state
        base = self.config.base_score
        players = tuple(
            base
            - len(hand)
            + (6 if state.guessed_by == seat else 0)
            + (3 if state.emptied_by == seat else 0)
            for seat, hand in enumerate(state.hands)
        )
        return Scores(players, max(players, default=0))

    def can_guess(self, player: int) -> bool:
        return self.state.guess_window == player and self.state.pending is None

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
            **self.outcome(),
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
            **self.outcome(),
        )


# ---------------------------------------------------------------------------------------------
# A game: several rounds, each person dealing in turn or by the "dealer assignment" variant.


RoundResult = GameRound


@dataclass
class ExpressGame(SeatedGame):
    """Rounds of Eleusis Express among `people` (numbered 0..people-1, in order round the
    table), each dealing in turn. The dealer of a round holds no hand; the round's seat 0 is the
    person at the dealer's left. With `dealer_assignment="winner"` whoever guessed the rule or
    emptied the hand deals next; if nobody did, the round's best player (the first from the
    dealer's left among equals). The game is over once everyone has dealt at least once."""

    config: ExpressConfig
    seed: int
    people: int
    dealer: int = 0
    results: list[GameRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 2 <= self.people <= MAX_PLAYERS + 1:
            raise ValueError(f"{self.people} people: a game needs 2 to {MAX_PLAYERS + 1}")

    def new_round(
        self, rule: Rule | None, *, judge_guess: GuessJudge | None = None
    ) -> ExpressRound:
        if self.over:
            raise IllegalActionError(GAME_OVER)
        return ExpressRound(
            self.config, self.round_seed(), rule, self.people - 1, judge_guess=judge_guess
        )

    def record(self, round_: ExpressRound) -> GameRound:
        """Add a finished round's scores and choose the next dealer."""
        result = self._add_result(round_)
        state = round_.state
        if self.config.dealer_assignment == "rotate":
            self.dealer = (self.dealer + 1) % self.people
        else:
            winner_seat = state.guessed_by if state.guessed_by is not None else state.emptied_by
            if winner_seat is None:
                players = round_.scores().players
                winner_seat = players.index(max(players))
            self.dealer = result.people[winner_seat]
        return result

    @property
    def over(self) -> bool:
        return {result.dealer for result in self.results} >= set(range(self.people))


def express_round(
    seed: int,
    rule: Rule | None,
    players: int,
    config: ExpressConfig | None = None,
    *,
    judge_guess: GuessJudge | None = None,
) -> ExpressRound:
    """Shorthand: a round with the default settings unless a config is given."""
    return ExpressRound(config or ExpressConfig(), seed, rule, players, judge_guess=judge_guess)


__all__ = [
    "CARD_NOT_IN_HAND",
    "NOT_YOUR_TURN",
    "DealerView",
    "ExpressConfig",
    "ExpressGame",
    "ExpressRound",
    "ExpressState",
    "PlayerView",
    "TableEntry",
    "TurnPassed",
    "card_order",
    "express_round",
]
