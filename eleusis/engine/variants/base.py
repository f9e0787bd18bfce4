"""What every game of the Eleusis family shares: actions, events, rounds, and the registry.

A round is a state machine in the manner of python-chess's `Board`: it is created from a config,
a seed and a secret rule, and changed only by `Round.apply(action)`, which validates the action,
changes the state, records the action and returns the events it caused. Replaying the recorded
actions from the same config, seed and rule rebuilds the state exactly (`Round.replay`), and the
state can be written to JSON and read back (`Round.to_json`, `Round.from_json`).

Each game is a `Round` subclass registered by name in `VARIANTS` (python-chess style), so code
outside a variant never asks `if variant == ...`: it looks the class up with `variant_class`.

A game lists its moves once, as methods marked `@move(ActionClass)`; `Round.apply` finds the
method by the action's class, and refuses an action the game has not (`Round.unsupported`).
Cards on the table (the deal, the layout) are in `table`, the hand games' machinery in `hands`,
every game's events in `events`.

Why one long module: the shared machinery every game subclasses (refusals, actions, events, the
views' fields, the round, the registry); each part is small, and they change together when a
game is added.
"""

from __future__ import annotations

import copy
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable
from dataclasses import Field, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, ClassVar, Protocol, Self, TypedDict, TypeVar

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, History, Rule
from eleusis.engine.variants import codec
from eleusis.engine.variants.codec import JSON
from eleusis.engine.variants.table import (
    LayoutColumn,
    card_order,
    cards_in_play,
    deal,
    layout_of,
    legal_cards_in,
)


class EndReason(StrEnum):
    """How a round ended. The values are what the log, the snapshot and `Round.end_reason`
    store (a round ended before this enum existed stored the same strings)."""

    GUESSED = "guessed"  # Express: a player guessed the rule
    HAND_EMPTIED = "hand_emptied"  # Express, Abbott/Howell: a player ran out of cards
    STOCK_EXHAUSTED = "stock_exhausted"  # Express, Abbott/Howell: the stock ran out
    EVERYONE_LEFT = "everyone_left"  # Express: no player is left at the table
    DECK_FINISHED = "deck_finished"  # Delphi: every card has been on show
    SHED_ALL = "shed_all"  # Russian rules: a player shed every card
    BLOCKED = "blocked"  # Russian rules: nobody can play
    ALL_EXPELLED = "all_expelled"  # Abbott/Howell: every player but the prophet was expelled
    DEALER = "ended by the dealer"  # an `End` action without a reason of its own
    TEACHER = "ended by the teacher"
    DEALER_LEFT = "the dealer left the table"
    TURN_LIMIT = "turn limit"  # bots played as many actions as a simulation allows


class Refusal(str):
    """Why the rules refuse an action: the English message template (a `str`, so tests can
    `format` and compare it) with a stable `code`, so that a user interface can say the same in
    the user's language from its own table of codes, with the same parameters."""

    code: str

    def __new__(cls, code: str, template: str) -> Refusal:
        refusal = super().__new__(cls, template)
        refusal.code = code
        return refusal


class IllegalActionError(ValueError):
    """An action that the rules do not allow now. `code` and `params` say why, for a user
    interface's message table; the message is the English text, naming the action's input.

    Raised as `IllegalActionError(NOT_YOUR_TURN, player=2, turn=0)`. A plain string is a refusal
    with no code yet (`code == "other"`): interfaces show its English words."""

    def __init__(self, refusal: str, **params: Any) -> None:
        self.code = refusal.code if isinstance(refusal, Refusal) else "other"
        self.params = params
        super().__init__(refusal.format(**params) if params else str(refusal))


# Messages that several games give alike (each game's module names them too, for its tests).
NOT_YOUR_TURN = Refusal("not_your_turn", "not your turn: player {player} plays after player {turn}")
CARD_NOT_IN_HAND = Refusal("card_not_in_hand", "{card} is not in player {player}'s hand")
UNKNOWN_ACTION = Refusal("unknown_action", "unknown action kind {kind!r}: expected one of {known}")
UNREADABLE_ACTION = Refusal("unreadable_action", "cannot read {kind!r} action {data!r}: {error}")
WORDS_NEED_THE_DEALER = Refusal(
    "words_need_the_dealer", "only the dealer can judge {card} under a rule in words"
)
GUESS_UNREADABLE = Refusal(
    "guess_unreadable", "the guess {text!r} is not a rule the app can read: {error}"
)
NO_RULE_TO_JUDGE = Refusal("no_rule_to_judge", "this round has no rule for the app to judge by")
NO_SUCH_PLAYER = Refusal("no_such_player", "no player {player}: this round has players 0 to {last}")
ROUND_OVER = Refusal("round_over", "the round is over ({reason}): {action} is not possible")
PLAYER_LEFT = Refusal("player_left", "player {player} has left this round")
RULE_NOT_JUDGEABLE = Refusal(
    "rule_not_judgeable", "the app can deal only a rule it can judge: give a compiled rule"
)


class UnknownVariantError(KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:
        return str(self.args[0])


# ---------------------------------------------------------------------------------------------
# Actions and events: frozen dataclasses with a `kind`, registered so that JSON can find them.

_ACTIONS: dict[str, type[Action]] = {}
_EVENTS: dict[str, type[Event]] = {}


class Action:
    """Something a player or the dealer does. Subclasses are frozen dataclasses with a `kind`."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            if cls.kind in _ACTIONS:
                raise TypeError(f"two action classes share the kind {cls.kind!r}")
            _ACTIONS[cls.kind] = cls

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"kind": self.kind}
        data.update(codec.dump(self))
        return data

    @staticmethod
    def from_json(data: dict[str, JSON]) -> Action:
        fields = dict(data)
        kind = fields.pop("kind", None)
        if kind not in _ACTIONS:
            raise IllegalActionError(UNKNOWN_ACTION, kind=kind, known=", ".join(sorted(_ACTIONS)))
        try:
            action: Action = codec.load_dataclass(_ACTIONS[kind], fields)
        except ValueError as error:
            raise IllegalActionError(UNREADABLE_ACTION, kind=kind, data=data, error=error) from None
        return action


class Event:
    """Something that happened as a consequence of an action. Frozen dataclasses with a `kind`."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            if cls.kind in _EVENTS:
                raise TypeError(f"two event classes share the kind {cls.kind!r}")
            _EVENTS[cls.kind] = cls

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"kind": self.kind}
        data.update(codec.dump(self))
        return data

    @staticmethod
    def from_json(data: dict[str, JSON]) -> Event:
        fields = dict(data)
        kind = fields.pop("kind", None)
        if kind not in _EVENTS:
            raise codec.CodecError(f"unknown event kind {kind!r}")
        event: Event = codec.load_dataclass(_EVENTS[kind], fields)
        return event


@dataclass(frozen=True)
class End(Action):
    """The dealer ends the round now (time is up, or everyone agrees). Every game takes it
    (`Round`), so it stands here; `actions` names it with the others."""

    kind = "end"
    reason: str = EndReason.DEALER


def action_kinds() -> dict[str, type[Action]]:
    return dict(_ACTIONS)


# ---------------------------------------------------------------------------------------------
# Guessing: a checkable guess is rule text that the app compares with the secret rule at once.

GuessJudge = Callable[[Rule | None, str], bool | None]
"""Says whether guess text states the secret rule: True, False, or None when it cannot tell
(the secret rule has no text, as when a person deals a rule the language cannot say). Raises
`IllegalActionError` when the text is not a rule at all."""


def rule_text(rule: Rule | None) -> str | None:
    """The secret rule's own text, when it has one (compiled rules do)."""
    text = getattr(rule, "text", None)
    return text if isinstance(text, str) else None


@dataclass(frozen=True, slots=True)
class WrittenRule:
    """A secret rule in words that only a person can judge (rounds with a person dealing).
    Asking it for a verdict is a mistake: the round waits for the dealer's `Verdict` instead."""

    text: str

    def accepts(self, history: History, card: Card) -> bool:
        raise IllegalActionError(WORDS_NEED_THE_DEALER, card=card)


# A game that reshuffles a new deck in when the stock runs out has no bound on the copies.
UNBOUNDED_COPIES = 1_000


def _guess_judge_for(config: Any) -> GuessJudge:
    """The language's guess judge for a round dealt from `config.decks` decks (two if unsaid;
    no bound when a new deck is shuffled in as the stock runs out)."""
    decks = getattr(config, "decks", 2)
    copies = decks if isinstance(decks, int) else 2
    if getattr(config, "stock_exhaustion", None) == "reshuffle_deck":
        copies = UNBOUNDED_COPIES
    return functools.partial(language_guess_judge, copies=copies)


def language_guess_judge(secret: Rule | None, text: str, copies: int = 2) -> bool | None:
    """Judge a guess with the rule language: compile it and check equivalence with the secret,
    for a game dealt with `copies` of each card (its decks: a guess that no dealable history
    tells from the secret is right). None (a person judges, as for a guess in words) when the
    secret rule is not one the language can say, or when the equivalence could not be decided
    within its time limit."""
    from eleusis.engine.rules import CompiledRule, RuleSyntaxError, compile_rule, equivalence

    secret_text = rule_text(secret)
    if secret is None or secret_text is None:
        return None
    try:
        guessed = compile_rule(text)
    except RuleSyntaxError as error:
        raise IllegalActionError(GUESS_UNREADABLE, text=text, error=error) from None
    if isinstance(secret, CompiledRule):
        secret_rule = secret
    else:
        try:
            secret_rule = compile_rule(secret_text)
        except RuleSyntaxError:
            return None
    return equivalence(guessed, secret_rule, copies=copies).equivalent


# ---------------------------------------------------------------------------------------------
# Rounds and the registry.

ConfigT = TypeVar("ConfigT")


@dataclass(frozen=True, slots=True)
class Scores:
    """A round's scores: one per player seat, and the dealer's."""

    players: tuple[int, ...]
    dealer: int


# ---------------------------------------------------------------------------------------------
# Events that several games share. A game whose event has its own kind subclasses the shape
# here and names the kind: stored rounds know their events by kind, so a kind never changes.


@dataclass(frozen=True)
class PlayerEvent(Event):
    """Something that happened to one player: the shape of most events. A game's event of this
    shape names its kind and adds its own fields after `player`."""

    player: int


@dataclass(frozen=True)
class CardsEvent(PlayerEvent):
    """Cards that went to or from one player (a string judged, cards drawn, a hand returned)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Awaiting(Event):
    """A verdict awaited before play goes on: on `what`, by whom (the dealer's, the prophet's)."""

    what: str
    player: int | None


class TurnPassed(PlayerEvent):
    kind = "turn_passed"


@dataclass(frozen=True)
class RoundOver(Event):
    """The round ended: why, and the final scores. `Round._end` records the game's subclass."""

    reason: str
    scores: Scores


@dataclass(frozen=True)
class CardJudgement(PlayerEvent):
    """A player's card was judged: accepted on the mainline, or not."""

    card: Card
    accepted: bool


@dataclass(frozen=True)
class NoPlayJudgement(PlayerEvent):
    """A "no play" declaration, the hand shown, and whether it was right."""

    hand: tuple[Card, ...]
    correct: bool


@dataclass(frozen=True)
class CardTaken(PlayerEvent):
    """The dealer took a legal card from a wrong "no play" and put it on the mainline."""

    card: Card


# ---------------------------------------------------------------------------------------------
# What the views share: the table's log with other players' thinking hidden, and the outcome.


class Thinking(Protocol):
    """A dataclass entry of a table's log that carries its player's hypothesis and prediction."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def player(self) -> int | None: ...

    @property
    def hypothesis(self) -> str | None: ...

    @property
    def prediction(self) -> bool | None: ...


ThinkingT = TypeVar("ThinkingT", bound=Thinking)


class Logged(Protocol):
    """A move as its player logged it, for the table's log: the action itself, or what keeps it
    while a verdict or a judgement is awaited."""

    @property
    def hypothesis(self) -> str | None: ...

    @property
    def prediction(self) -> bool | None: ...


# The `player` of a spectator's view (a game's `spectator_view`: someone at the table who is
# not in the round, as a student seated after the deal): no player of the round.
SPECTATOR = -1


def log_seen_by(log: Iterable[ThinkingT], player: int) -> tuple[ThinkingT, ...]:
    """The log as `player` sees it: their own hypotheses and predictions, nobody else's."""
    return tuple(
        entry
        if entry.player == player or (entry.hypothesis is None and entry.prediction is None)
        else _unthought(entry)
        for entry in log
    )


def _unthought(entry: ThinkingT) -> ThinkingT:
    """A copy of `entry` without its hypothesis and prediction, as `replace` would make it. A
    log's entries keep their fields in a dict, copied here at a fraction of `replace`'s cost
    (every view of a round copies most of its log: a play's answer, several dozen entries)."""
    kept = getattr(entry, "__dict__", None)
    if kept is None:  # slots: no dict to copy
        return replace(entry, hypothesis=None, prediction=None)
    copied = object.__new__(type(entry))
    copied.__dict__.update(kept, hypothesis=None, prediction=None)
    return copied


class Outcome(TypedDict):
    """The fields of `RoundView` as `Round.outcome` gives them, for a view's constructor."""

    scores: Scores
    over: bool
    end_reason: str | None


def fields_of(view: RoundView) -> dict[str, Any]:
    """A view's fields by name, to build a view that extends it: `GameView(**fields_of(seen),
    ...)` with the game's own fields after."""
    return {name.name: getattr(view, name.name) for name in fields(view)}


@dataclass(frozen=True, slots=True)
class RoundView(codec.JSONDataclass):
    """What every view of a round shows, a player's and the dealer's: the scores as they stand,
    and whether and why the round is over. A game's views subclass it (`**round.outcome()`)."""

    scores: Scores
    over: bool
    end_reason: str | None


@dataclass
class RoundState:
    """Base for a variant's mutable state. Subclasses are dataclasses of codec-friendly fields."""

    over: bool = False
    end_reason: str | None = None
    events: list[dict[str, JSON]] = field(default_factory=list)


MoveT = TypeVar("MoveT", bound=Callable[..., None])
CheckT = TypeVar("CheckT", bound=Callable[..., None])


def move(*kinds: type[Action]) -> Callable[[MoveT], MoveT]:
    """Method decorator: the method performs these actions, as `method(self, action, events)`
    appending the events it causes. `Round.apply` finds it by the action's class, so a game
    lists its moves once, where they are written; an action no method takes is refused."""

    def mark(method: MoveT) -> MoveT:
        method.__dict__["_moves"] = kinds
        return method

    return mark


def precondition(*kinds: type[Action]) -> Callable[[CheckT], CheckT]:
    """Method decorator: the method is the precondition of these actions' move, as
    `method(self, action)` raising `IllegalActionError` when the game refuses the action now and
    changing nothing. `Round.apply` calls it before the move; `Round.check` calls it alone, so
    asking whether a move is legal costs no copy of the round (python-chess's `is_legal`)."""

    def mark(method: CheckT) -> CheckT:
        method.__dict__["_checks"] = kinds
        return method

    return mark


class Round(ABC):
    """One round of a game: (config, seed, rule, players) plus the actions applied so far."""

    name: ClassVar[str] = ""
    config_class: ClassVar[type[Any]]
    state_class: ClassVar[type[RoundState]]
    end_event: ClassVar[type[RoundOver]]
    unsupported: ClassVar[Refusal]  # the game's refusal of an action it does not have
    moves: ClassVar[dict[type[Action], Callable[..., None]]] = {}
    checks: ClassVar[dict[type[Action], Callable[..., None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.moves, cls.checks = {}, {}
        for klass in reversed(cls.__mro__):  # a subclass's method wins over its bases'
            for method in vars(klass).values():
                for kind in getattr(method, "_moves", ()):
                    cls.moves[kind] = method
                for kind in getattr(method, "_checks", ()):
                    cls.checks[kind] = method

    def __init__(
        self,
        config: Any,
        seed: int,
        rule: Rule | None,
        players: int,
        *,
        judge_guess: GuessJudge | None = None,
    ) -> None:
        self.config = config
        self.seed = seed
        self.rule = rule
        self.players = players
        self.judge_guess: GuessJudge = judge_guess or _guess_judge_for(config)
        self.rng = random.Random(seed)
        # The log as JSON, as it is stored, and decoded only when asked (`actions`): a round
        # read back from its snapshot for a page or a move never needs its past actions.
        self._action_data: list[dict[str, JSON]] = []
        self._actions: list[Action] | None = []
        self.state: RoundState = self.state_class()
        self.validate_setup()
        self.state.events.extend(event.to_json() for event in self.setup())

    # -- what a variant provides ------------------------------------------------------------

    @abstractmethod
    def validate_setup(self) -> None:
        """Raise ValueError when the config, rule and players cannot make a round."""

    @abstractmethod
    def setup(self) -> list[Event]:
        """Shuffle, deal and turn the starter. Called once, from the constructor."""

    def _precheck(self, action: Action) -> None:
        """Raise IllegalActionError when the game refuses `action` now, as far as its move's
        `precondition` says (a game may add what every move must meet), changing nothing."""
        if type(action) not in self.moves:
            raise IllegalActionError(self.unsupported, kind=action.kind)
        player = getattr(action, "player", None)
        if player is not None and player in getattr(self.state, "left", ()):
            raise IllegalActionError(PLAYER_LEFT, player=player)
        check = self.checks.get(type(action))
        if check is not None:
            check(self, action)

    def _apply(self, action: Action) -> list[Event]:
        """Perform one action, checked by `_precheck`, with the game's method for it (`move`);
        a refusal only the move itself can know (a guess the app cannot judge) is raised
        before anything changes."""
        events: list[Event] = []
        self.moves[type(action)](self, action, events)
        return events

    @abstractmethod
    def scores(self) -> Scores:
        """The scores as they stand (final once the round is over)."""

    @abstractmethod
    def view(self, player: int) -> Any:
        """What one player may see."""

    @abstractmethod
    def dealer_view(self) -> Any:
        """What the dealer sees: everything, the secret rule included."""

    @abstractmethod
    def table_cards(self) -> list[Card]:
        """Every card of the round wherever it is (table, hands, stock, pending): for checks."""

    # -- shared machinery -------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, in order."""
        if self._actions is None:
            self._actions = [Action.from_json(item) for item in self._action_data]
        return self._actions

    @property
    def action_count(self) -> int:
        """How many actions were applied (the round's version), without decoding them."""
        return len(self._action_data)

    def moved_on_since(self, version: int) -> bool:
        """Whether a move chosen on this round as it stood after `version` actions is out of
        date now (a page drawn then, a move checked then). In a game of turns any action since
        changes what a player may do, so any other version is out of date; a game whose
        players move at once says otherwise (Delphi)."""
        return version != self.action_count

    def count_actions(self, kinds: Collection[str], player: int) -> int:
        """How many of `player`'s actions are of these kinds: counted in their stored form, as
        decoding every action of a long round to count a few costs more than the count."""
        return sum(
            1
            for item in self._action_data
            if item["kind"] in kinds and item.get("player") == player
        )

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def end_reason(self) -> str | None:
        return self.state.end_reason

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return the events it caused. The state is unchanged if the
        action is illegal (IllegalActionError)."""
        if self.state.over:
            raise IllegalActionError(ROUND_OVER, reason=self.state.end_reason, action=action.kind)
        self._precheck(action)
        events = self._apply(action)
        self._action_data.append(action.to_json())
        if self._actions is not None:
            self._actions.append(action)
        self.state.events.extend(event.to_json() for event in events)
        return events

    def check(self, action: Action) -> IllegalActionError | None:
        """Why the rules refuse `action` now (with its code and parameters), or None when they
        allow it, this round left as it is. A move with a `precondition` is asked that alone
        (no copy: a web move asks it before storing); a move without one is asked of a copy.
        `apply` may still refuse what only the move can find (a guess the app cannot judge)."""
        if self.state.over:
            return IllegalActionError(ROUND_OVER, reason=self.state.end_reason, action=action.kind)
        try:
            self._precheck(action)
            if type(action) not in self.checks:
                copy.deepcopy(self)._apply(action)
        except IllegalActionError as refusal:
            return refusal
        return None

    def apply_all(self, actions: Iterable[Action]) -> list[Event]:
        events: list[Event] = []
        for action in actions:
            events.extend(self.apply(action))
        return events

    @classmethod
    def replay(
        cls,
        config: Any,
        seed: int,
        rule: Rule | None,
        players: int,
        actions: Iterable[Action],
        *,
        judge_guess: GuessJudge | None = None,
    ) -> Self:
        """Rebuild a round from its start and its actions."""
        round_ = cls(config, seed, rule, players, judge_guess=judge_guess)
        round_.apply_all(actions)
        return round_

    def events(self) -> list[Event]:
        """Every event since the setup, in order."""
        return [Event.from_json(data) for data in self.state.events]

    def to_json(self) -> dict[str, JSON]:
        """The whole round (not the rule object itself) as JSON-ready data."""
        version, internal, gauss = self.rng.getstate()
        return {
            "variant": self.name,
            "config": codec.dump(self.config),
            "seed": self.seed,
            "players": self.players,
            "rule_text": rule_text(self.rule),
            "rng": [version, list(internal), gauss],
            "actions": list(self._action_data),
            "state": codec.dump(self.state),
        }

    @classmethod
    def from_json(
        cls, data: dict[str, JSON], rule: Rule | None, *, judge_guess: GuessJudge | None = None
    ) -> Round:
        """Read a round written by `to_json`; the caller supplies the secret rule again."""
        variant = variant_class(data["variant"])
        if cls is not Round and not issubclass(variant, cls):
            raise codec.CodecError(f"{data['variant']!r} data is not a {cls.__name__}")
        round_ = variant.__new__(variant)
        round_.config = codec.load_dataclass(variant.config_class, data["config"])
        round_.seed = codec.load(int, data["seed"])
        round_.rule = rule
        round_.players = codec.load(int, data["players"])
        round_.judge_guess = judge_guess or _guess_judge_for(round_.config)
        round_.rng = random.Random()
        version, internal, gauss = data["rng"]
        round_.rng.setstate((version, tuple(internal), gauss))
        round_._action_data = list(data["actions"])
        round_._actions = None
        round_.state = codec.load_dataclass(variant.state_class, data["state"])
        return round_

    def outcome(self) -> Outcome:
        """The scores as they stand, and whether and why the round is over: for the views."""
        return Outcome(scores=self.scores(), over=self.state.over, end_reason=self.state.end_reason)

    def _end(self, reason: str, events: list[Event]) -> None:
        """End the round now: the variant tidies its state (`_on_end`), then its `end_event`
        records the reason and the final scores."""
        self._on_end()
        self.state.over = True
        self.state.end_reason = reason
        events.append(self.end_event(reason, self.scores()))

    @move(End)
    def _end_now(self, action: End, events: list[Event]) -> None:
        """The dealer's `End`: every game takes it, with the reason it gives."""
        self._end(action.reason, events)

    @abstractmethod
    def _on_end(self) -> None:
        """What the variant's state drops or settles as the round ends, before the scores."""

    def judge(self, history: History, card: Card) -> bool:
        """The app dealer's verdict: does the secret rule accept `card` after `history`?"""
        if self.rule is None:
            raise IllegalActionError(NO_RULE_TO_JUDGE)
        return bool(self.rule.accepts(tuple(history), card))

    def check_player(self, player: int) -> None:
        if not 0 <= player < self.players:
            raise IllegalActionError(NO_SUCH_PLAYER, player=player, last=self.players - 1)

    def _require_judgeable_rule(self) -> None:
        """For `validate_setup`: the app deals, so the secret rule must be one it can judge."""
        if self.rule is None or isinstance(self.rule, WrittenRule):
            raise ValueError(RULE_NOT_JUDGEABLE)

    def _bury_until_legal(self, stock: list[Card], where: str) -> list[Card]:
        """Turn the top of `stock` until the rule accepts it as a starter (it stays on top); the
        cards refused go to the bottom, in order, and are returned. ValueError when no card of
        the stock would do (`where` names the stock in the message)."""
        refused: list[Card] = []
        for _ in range(len(stock)):
            if self.judge((), stock[0]):
                return refused
            refused.append(stock.pop(0))
            stock.append(refused[-1])
        raise ValueError(f"no card {where} is a legal starter under this rule")


VARIANTS: dict[str, type[Round]] = {}


RoundT = TypeVar("RoundT", bound=type[Round])


def register_variant(cls: RoundT) -> RoundT:
    """Class decorator: make a Round subclass available by its `name`."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} needs a name to be registered")
    if cls.name in VARIANTS and VARIANTS[cls.name] is not cls:
        raise TypeError(f"two variants share the name {cls.name!r}")
    VARIANTS[cls.name] = cls
    return cls


def variant_class(name: str) -> type[Round]:
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnknownVariantError(
            f"unknown variant {name!r}: expected one of {', '.join(sorted(VARIANTS))}"
        ) from None


def new_round(
    variant: str,
    config: Any,
    seed: int,
    rule: Rule | None,
    players: int,
    *,
    judge_guess: GuessJudge | None = None,
) -> Round:
    """Start a round of the named variant."""
    return variant_class(variant)(config, seed, rule, players, judge_guess=judge_guess)


def config_from_json(variant: str, data: dict[str, JSON]) -> Any:
    return codec.load_dataclass(variant_class(variant).config_class, data)


__all__ = [
    "CARD_NOT_IN_HAND",
    "NOT_YOUR_TURN",
    "RULE_NOT_JUDGEABLE",
    "VARIANTS",
    "Action",
    "Attempt",
    "CardJudgement",
    "CardTaken",
    "Event",
    "GuessJudge",
    "IllegalActionError",
    "LayoutColumn",
    "Logged",
    "NoPlayJudgement",
    "Outcome",
    "Round",
    "RoundOver",
    "RoundState",
    "RoundView",
    "Scores",
    "Thinking",
    "TurnPassed",
    "UnknownVariantError",
    "WrittenRule",
    "card_order",
    "cards_in_play",
    "config_from_json",
    "deal",
    "fields_of",
    "language_guess_judge",
    "layout_of",
    "legal_cards_in",
    "log_seen_by",
    "new_round",
    "precondition",
    "register_variant",
    "rule_text",
    "variant_class",
]
