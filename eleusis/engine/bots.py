"""Simulated players that act like students: through the same actions, seeing only their view.

At every play or "no play" a bot records a hypothesis (the label of a candidate rule) and a
prediction (will the card be accepted? is the declaration right?) in the action itself, like a
student logging their thinking. Registered by name in `BOTS`:

- `random`: plays a random card; its hypothesis is a random candidate, its prediction a coin.
- `confirmation`: holds one hypothesis consistent with the table and plays cards it says are
  right (confirmation bias); guesses it once it has survived a couple of its own plays.
- `falsifier`: like `confirmation`, but sometimes plays a card its hypothesis says is wrong,
  to test it.
- `scientist`: keeps every candidate rule still consistent with the table, grouped into
  classes of equivalent rules, plays the card whose verdict the surviving classes disagree on
  most, and guesses when one class is left, or when no card in its hand could tell the
  surviving classes apart any more (some rules differ only on tables the secret rule never
  makes, such as "same parity as two cards back" under "alternate parity").
- `wason-positive`: the Wason trap: starts from the narrowest idea that fits and plays only
  cards it expects accepted; `wason-negative`: the same start, half its plays negative tests.
- `perseverator`: like `confirmation`, but keeps logging a refuted idea for a few plays.
- `non-logger`: plays like the scientist and logs no hypothesis.

Candidates are (label, rule) pairs; by default the rule language's `candidate_rules()`. Bots are
deterministic: all their randomness comes from `random.Random(seed)`.

Why one long module: every strategy shares the candidate reasoning at its top (which rules
the evidence leaves); the strategies below differ in a few lines each and are compared side by
side in tests and in `validate_measures`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import ClassVar, Generic, TypeVar

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.variants.abbott import AbbottEntry, AbbottPlayerView, AbbottRound
from eleusis.engine.variants.actions import (
    BecomeProphet,
    Guess,
    NoPlay,
    Play,
    PlayString,
    Predict,
    ProphetJudgement,
)
from eleusis.engine.variants.base import Action, card_order, legal_cards_in, rule_text
from eleusis.engine.variants.delphi import DelphiPlayerView
from eleusis.engine.variants.express import PlayerView, TableEntry
from eleusis.engine.variants.russian import RussianPlayerView

Candidate = tuple[str, Rule]
Equivalent = Callable[[Rule, Rule], bool]

NO_HYPOTHESIS = "no candidate rule fits the table"


def default_candidates() -> list[Candidate]:
    """The rule language's library and sentence-frame rules."""
    from eleusis.engine.rules import candidate_rules

    return list(candidate_rules())


def language_equivalent(a: Rule, b: Rule) -> bool:
    """The rule language's exact check; rules it did not compile are equal only to themselves."""
    from eleusis.engine.rules import CompiledRule, equivalence

    if isinstance(a, CompiledRule) and isinstance(b, CompiledRule):
        return bool(equivalence(a, b).equivalent)
    return a is b


# ---------------------------------------------------------------------------------------------
# Candidate classes: rules that judge every history alike are one hypothesis.


_PROBE_COUNT = 160


@cache
def _probes() -> tuple[tuple[tuple[Attempt, ...], Card], ...]:
    """Fixed random histories and cards on which rules are compared before any exact check."""
    rng = random.Random("eleusis-bot-probes")
    probes = []
    for index in range(_PROBE_COUNT):
        length = index % 5
        history = tuple(
            Attempt(rng.choice(FULL_DECK), index_in == 0 or rng.random() < 0.7)
            for index_in in range(length)
        )
        probes.append((history, rng.choice(FULL_DECK)))
    return tuple(probes)


def _fingerprint(rule: Rule) -> tuple[bool, ...]:
    return tuple(bool(rule.accepts(history, card)) for history, card in _probes())


@dataclass(frozen=True)
class CandidateSet:
    """Candidates and their equivalence classes (lists of indices, each a hypothesis)."""

    candidates: tuple[Candidate, ...]
    classes: tuple[tuple[int, ...], ...]
    class_of: tuple[int, ...]
    # Survivors already worked out for a table as everyone sees it: bots at one table share them.
    memo: dict[Hashable, list[int]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def build(
        cls, candidates: Sequence[Candidate], equivalent: Equivalent | None = None
    ) -> CandidateSet:
        """Group candidates: the same answers on fixed probes first, then `equivalent` (by
        default the rule language's exact check) within each group."""
        same = equivalent or language_equivalent
        by_print: dict[tuple[bool, ...], list[list[int]]] = {}
        for index, (_, rule) in enumerate(candidates):
            groups = by_print.setdefault(_fingerprint(rule), [])
            for group in groups:
                if same(candidates[group[0]][1], rule):
                    group.append(index)
                    break
            else:
                groups.append([index])
        classes = sorted(
            (tuple(group) for groups in by_print.values() for group in groups), key=min
        )
        class_of = [0] * len(candidates)
        for number, members in enumerate(classes):
            for index in members:
                class_of[index] = number
        return cls(tuple(candidates), tuple(classes), tuple(class_of))

    def label(self, index: int) -> str:
        return self.candidates[index][0]

    def rule(self, index: int) -> Rule:
        return self.candidates[index][1]

    def guess_text(self, index: int) -> str:
        """What to say when guessing this candidate: its rule text, or its label."""
        return rule_text(self.rule(index)) or self.label(index)

    def random_index(self, rng: random.Random) -> int:
        """A candidate drawn at random (a random bot's hypothesis)."""
        return rng.randrange(len(self.candidates))

    def classes_among(self, alive: Sequence[int]) -> list[int]:
        """The classes of the surviving candidates, each by its first survivor, in order."""
        seen: dict[int, int] = {}
        for index in alive:
            seen.setdefault(self.class_of[index], index)
        return list(seen.values())

    def largest_class(self, alive: Sequence[int]) -> int | None:
        """The class with the most survivors behind it, by its first survivor (the earliest
        among equals); None when nothing survives."""
        sizes: dict[int, int] = {}
        for index in alive:
            number = self.class_of[index]
            sizes[number] = sizes.get(number, 0) + 1
        classes = self.classes_among(alive)
        if not classes:
            return None
        return max(classes, key=lambda index: (sizes[self.class_of[index]], -index))

    def survivors(
        self, key: Hashable, alive: Sequence[int], check: Callable[[Rule], bool]
    ) -> list[int]:
        """The candidates of `alive` whose rule passes `check`, memoised under `key`
        (everything public that led there), so that the bots at one table share the work."""
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        known = self.memo.get(key)
        if known is None:
            known = [index for index in alive if check(self.rule(index))]
            self.memo[key] = known
        return known


# Built sets by the identity of their candidate list and equivalence check; the entry holds on
# to both, so that an identity is never reused by another list while the entry lives.
_CANDIDATE_SETS: dict[tuple[int, int], tuple[object, object, CandidateSet]] = {}


def candidate_set(
    candidates: Sequence[Candidate] | None = None, equivalent: Equivalent | None = None
) -> CandidateSet:
    """A CandidateSet, built once per candidate list and equivalence check."""
    chosen = candidates if candidates is not None else _default_candidates_cached()
    key = (id(chosen), id(equivalent))
    if key not in _CANDIDATE_SETS:
        _CANDIDATE_SETS[key] = (chosen, equivalent, CandidateSet.build(chosen, equivalent))
    return _CANDIDATE_SETS[key][2]


@cache
def _default_candidates_cached() -> tuple[Candidate, ...]:
    return tuple(default_candidates())


# ---------------------------------------------------------------------------------------------
# Evidence: what the table says about a rule, read from a player's view only.


_MEMO_LIMIT = 50_000


class Evidence:
    """Tests candidates against the table as a player sees it, one table entry at a time.

    The survivors after each entry are kept in the candidate set's memo under everything public
    up to that entry, so that the bots at one table (or a bot made afresh each move) share the
    work instead of repeating it."""

    def __init__(self, cands: CandidateSet) -> None:
        self.cands = cands
        self.alive: list[int] = list(range(len(cands.candidates)))
        self.entries_seen = 0
        self._table_alive: list[int] = self.alive
        self._history: list[Attempt] = []
        self._key: tuple[Hashable, ...] = ()

    def update(self, view: PlayerView) -> None:
        if self.entries_seen == 0:
            self._key = (view.starter_mode, tuple(view.starter_rejected))
        for entry in view.table[self.entries_seen :]:
            self._key = (self._key, entry.kind, tuple(entry.cards), entry.accepted)
            check = self._check(entry, tuple(self._history), view)
            self._table_alive = self.cands.survivors(self._key, self._table_alive, check)
            if entry.kind != "no_play":
                self._history.append(Attempt(entry.cards[0], entry.accepted))
        self.entries_seen = len(view.table)
        wrong = {self._class_of_text(guess.text) for guess in view.guesses if not guess.correct}
        wrong.discard(None)
        self.alive = (
            [i for i in self._table_alive if self.cands.class_of[i] not in wrong]
            if wrong
            else self._table_alive
        )

    @staticmethod
    def _check(
        entry: TableEntry, prefix: tuple[Attempt, ...], view: PlayerView
    ) -> Callable[[Rule], bool]:
        """What a rule must say for this table entry to have happened."""
        if entry.kind == "starter":
            if view.starter_mode != "until_legal":
                return lambda rule: True
            starter, rejected = entry.cards[0], tuple(set(view.starter_rejected))
            return lambda rule: (
                bool(rule.accepts((), starter))
                and not any(rule.accepts((), card) for card in rejected)
            )
        if entry.kind == "no_play":
            shown = tuple(set(entry.cards))
            if entry.accepted:
                return lambda rule: not any(rule.accepts(prefix, card) for card in shown)
            return lambda rule: any(rule.accepts(prefix, card) for card in shown)
        card, accepted = entry.cards[0], entry.accepted
        return lambda rule: bool(rule.accepts(prefix, card)) == accepted

    def _class_of_text(self, text: str) -> int | None:
        for index in range(len(self.cands.candidates)):
            if text in (self.cands.guess_text(index), self.cands.label(index)):
                return self.cands.class_of[index]
        return None

    def alive_classes(self) -> list[int]:
        """Surviving classes, each by its first surviving candidate, in candidate order."""
        return self.cands.classes_among(self.alive)

    def history(self) -> tuple[Attempt, ...]:
        return tuple(self._history)


# ---------------------------------------------------------------------------------------------
# Bots


EvidenceT = TypeVar("EvidenceT")


class SeatedBot(ABC, Generic[EvidenceT]):
    """What the bots of every game share: a seat, a seed, the candidate set, and the evidence
    read from the views so far (of the kind the game's table gives)."""

    name: ClassVar[str] = ""

    def __init__(
        self,
        seat: int,
        seed: int | str,
        candidates: Sequence[Candidate] | None = None,
        equivalent: Equivalent | None = None,
    ) -> None:
        self.seat = seat
        self.seed = seed
        self.cands = candidate_set(candidates, equivalent)
        self.evidence = self._fresh_evidence()

    @abstractmethod
    def _fresh_evidence(self) -> EvidenceT:
        """Evidence that has seen nothing yet."""


class PrefersOwnOrder:
    """Mixin for bots that hold one hypothesis: the first surviving candidate in an order of
    the bot's own (shuffled by its seed and seat), so it changes its mind only when refuted."""

    seat: int
    seed: int | str
    cands: CandidateSet

    @cached_property
    def preference(self) -> dict[int, int]:
        order = list(range(len(self.cands.candidates)))
        random.Random(f"{self.seed}|{self.seat}|order").shuffle(order)
        return {index: rank for rank, index in enumerate(order)}

    def preferred(self, alive: Sequence[int]) -> int | None:
        return min(alive, key=self.preference.__getitem__) if alive else None


def _sample(classes: Sequence[int], size: int) -> Sequence[int]:
    """An even sample of at most about `size` of `classes` (all of them once that few)."""
    return classes[:: max(1, -(-len(classes) // size))]


def informative_move(
    seat: int,
    rng: random.Random,
    cands: CandidateSet,
    classes: Sequence[int],
    history: tuple[Attempt, ...],
    hand: Sequence[Card],
    label: str,
    sample_size: int,
) -> Play | NoPlay:
    """The scientist's move: the card whose verdict a sample of the surviving classes disagree
    on most, or a "no play" when no class accepts any card of the hand."""
    rules = [cands.rule(index) for index in _sample(classes, sample_size)]
    shares = {
        card: sum(bool(rule.accepts(history, card)) for rule in rules) / len(rules) for card in hand
    }
    if max(shares.values()) == 0.0 and not any(
        cands.rule(index).accepts(history, card) for index in classes for card in hand
    ):
        return NoPlay(seat, hypothesis=label, prediction=True)
    lowest = min(abs(share - 0.5) for share in shares.values())
    card = rng.choice([c for c, share in shares.items() if abs(share - 0.5) == lowest])
    return Play(seat, card, hypothesis=label, prediction=shares[card] >= 0.5)


class Bot(SeatedBot[Evidence]):
    """A simulated player at one seat. `act` is asked on the bot's turn; `guess` right after
    its right play or right "no play".

    A bot's decisions depend only on its seat, its seed and the view it is shown: a bot made
    afresh before every move (as a web worker does) plays exactly like one kept for the whole
    round. What it keeps between moves is a cache of work already done, never a memory."""

    def _fresh_evidence(self) -> Evidence:
        return Evidence(self.cands)

    @abstractmethod
    def act(self, view: PlayerView) -> Action:
        """A Play or a NoPlay, carrying a hypothesis and a prediction."""

    @abstractmethod
    def guess(self, view: PlayerView) -> Guess | None:
        """A checkable guess, or None to let play go on."""

    # -- helpers ----------------------------------------------------------------------------

    def _rng(self, view: PlayerView, purpose: str) -> random.Random:
        """Randomness for one decision, fixed by the seed and the moment of the round."""
        return random.Random(
            f"{self.seed}|{self.seat}|{purpose}|{len(view.table)}|{len(view.guesses)}"
        )

    def _update(self, view: PlayerView) -> None:
        if len(view.table) < self.evidence.entries_seen:
            self.evidence = self._fresh_evidence()  # shown an earlier moment: start again
        self.evidence.update(view)

    def _verdicts(self, index: int, view: PlayerView) -> dict[Card, bool]:
        rule = self.cands.rule(index)
        history = tuple(view.history)
        return {
            card: bool(rule.accepts(history, card)) for card in sorted(set(view.hand), key=_key)
        }

    def _guess_once(self, index: int, view: PlayerView) -> Guess | None:
        """Guess the candidate, unless this bot has already said it this round."""
        text = self.cands.guess_text(index)
        if any(guess.player == self.seat and guess.text == text for guess in view.guesses):
            return None
        return Guess(self.seat, text)


def _key(card: Card) -> tuple[int, str]:
    return card.rank, card.suit.value


class RandomBot(Bot):
    name = "random"
    guess_chance = 0.15
    no_play_chance = 0.03

    def act(self, view: PlayerView) -> Action:
        rng = self._rng(view, "act")
        label = self.cands.label(self.cands.random_index(rng))
        prediction = rng.random() < 0.5
        if rng.random() < self.no_play_chance:
            return NoPlay(self.seat, hypothesis=label, prediction=prediction)
        card = rng.choice(sorted(view.hand, key=_key))
        return Play(self.seat, card, hypothesis=label, prediction=prediction)

    def guess(self, view: PlayerView) -> Guess | None:
        rng = self._rng(view, "guess")
        if rng.random() >= self.guess_chance:
            return None
        return self._guess_once(self.cands.random_index(rng), view)


class ConfirmationBot(PrefersOwnOrder, Bot):
    """Sticks to one consistent hypothesis and plays what it says is right. Its hypothesis is
    the first surviving candidate in an order of its own (shuffled by its seed), so it changes
    its mind only when the table refutes it."""

    name = "confirmation"
    test_chance = 0.0  # how often to play a card the hypothesis says is wrong
    patience = 2  # own plays the hypothesis must have led before the bot guesses it

    def hypothesis(self, view: PlayerView) -> int | None:
        self._update(view)
        return self.preferred(self.evidence.alive)

    def survived(self, view: PlayerView, index: int) -> int:
        """How many of this bot's latest plays, in a row, it made holding this hypothesis."""
        label = self.cands.label(index)
        count = 0
        for entry in reversed(view.table):
            if entry.player != self.seat or entry.kind not in ("play", "no_play"):
                continue
            if entry.hypothesis != label:
                break
            count += 1
        return count

    def act(self, view: PlayerView) -> Action:
        rng = self._rng(view, "act")
        hypothesis = self.hypothesis(view)
        if hypothesis is None:
            card = rng.choice(sorted(view.hand, key=_key))
            return Play(self.seat, card, hypothesis=NO_HYPOTHESIS, prediction=None)
        label = self.cands.label(hypothesis)
        verdicts = self._verdicts(hypothesis, view)
        right = [card for card, ok in verdicts.items() if ok]
        wrong = [card for card, ok in verdicts.items() if not ok]
        if not right:
            return NoPlay(self.seat, hypothesis=label, prediction=True)
        if wrong and rng.random() < self.test_chance:
            return Play(self.seat, rng.choice(wrong), hypothesis=label, prediction=False)
        return Play(self.seat, rng.choice(right), hypothesis=label, prediction=True)

    def guess(self, view: PlayerView) -> Guess | None:
        hypothesis = self.hypothesis(view)
        if hypothesis is None or self.survived(view, hypothesis) < self.patience:
            return None
        return self._guess_once(hypothesis, view)


class FalsifierBot(ConfirmationBot):
    """Like the confirmation-biased bot, but tests its hypothesis with cards it says are wrong."""

    name = "falsifier"
    test_chance = 0.3


class ScientistBot(Bot):
    """The ideal student: every consistent candidate in mind, the most informative card played."""

    name = "scientist"
    # How sure it is of a card is measured on an even sample of at most this many surviving
    # classes (all of them once that few are left); a "no play" is always checked on all.
    sample_size = 256

    def act(self, view: PlayerView) -> Action:
        rng = self._rng(view, "act")
        self._update(view)
        classes = self.evidence.alive_classes()
        if not classes:
            card = rng.choice(sorted(view.hand, key=_key))
            return Play(self.seat, card, hypothesis=NO_HYPOTHESIS, prediction=None)
        best = self.cands.largest_class(self.evidence.alive)
        assert best is not None
        hand = sorted(set(view.hand), key=_key)
        label = self.cands.label(best)
        return informative_move(
            self.seat,
            rng,
            self.cands,
            classes,
            self.evidence.history(),
            hand,
            label,
            self.sample_size,
        )

    def guess(self, view: PlayerView) -> Guess | None:
        """Guess when one class is left, or when no card in hand could tell the survivors
        apart any more (then the first of them: library rules come before frame rules)."""
        self._update(view)
        classes = self.evidence.alive_classes()
        if not classes:
            return None
        if len(classes) > 1:
            history = self.evidence.history()
            rules = [self.cands.rule(index) for index in classes]
            for card in set(view.hand):
                if len({bool(rule.accepts(history, card)) for rule in rules}) > 1:
                    return None
        return self._guess_once(classes[0], view)


_BREADTHS: dict[int, tuple[CandidateSet, tuple[int, ...]]] = {}


def breadths(cands: CandidateSet) -> tuple[int, ...]:
    """How many of the fixed probes each candidate accepts: a narrow rule accepts few cards.
    Computed once per candidate set."""
    known = _BREADTHS.get(id(cands))
    if known is None or known[0] is not cands:
        known = (cands, tuple(sum(_fingerprint(rule)) for _, rule in cands.candidates))
        _BREADTHS[id(cands)] = known
    return known[1]


class WasonPositiveBot(ConfirmationBot):
    """The Wason trap: starts from the narrowest idea that fits the table (the one accepting
    the fewest cards, ties in an order of its own) and plays only cards it expects accepted,
    so a rule broader than its idea never refutes it; it moves on when a card or a wrong guess
    does."""

    name = "wason-positive"

    @cached_property
    def preference(self) -> dict[int, int]:
        shuffled = super().preference
        width = breadths(self.cands)
        order = sorted(range(len(self.cands.candidates)), key=lambda i: (width[i], shuffled[i]))
        return {index: rank for rank, index in enumerate(order)}


class WasonNegativeBot(WasonPositiveBot):
    """The same narrow start, tested with cards its idea says are wrong (negative tests)."""

    name = "wason-negative"
    test_chance = 0.5


class PerseveratorBot(ConfirmationBot):
    """Holds on to its idea after the table refuted it: it keeps logging it (and playing by it)
    for `stubbornness` of its own plays after the refutation before taking the first idea that
    fits. Like every bot it reads what it held from its own logged plays: no memory needed."""

    name = "perseverator"
    stubbornness = 4

    def hypothesis(self, view: PlayerView) -> int | None:
        self._update(view)
        mine = [
            (number, entry.hypothesis)
            for number, entry in enumerate(view.table)
            if entry.player == self.seat and entry.kind in ("play", "no_play")
        ]
        label = mine[-1][1] if mine else None
        held = self._index_of(label) if label else None
        if held is not None and held not in self.evidence.alive:
            refuted = self._refuted_at(self.cands.rule(held), view)
            since = 0
            for number, logged in reversed(mine):
                if logged != label or number <= refuted:
                    break
                since += 1
            if since < self.stubbornness:
                return held
        return self.preferred(self.evidence.alive)

    @staticmethod
    def _refuted_at(rule: Rule, view: PlayerView) -> int:
        """The first table entry that contradicts `rule` (-1 when none does: a wrong guess)."""
        history: list[Attempt] = []
        for number, entry in enumerate(view.table):
            if not Evidence._check(entry, tuple(history), view)(rule):
                return number
            if entry.kind != "no_play":
                history.append(Attempt(entry.cards[0], entry.accepted))
        return -1

    def _index_of(self, label: str) -> int | None:
        return _labels(self.cands).get(label)


_LABELS: dict[int, tuple[CandidateSet, dict[str, int]]] = {}


def _labels(cands: CandidateSet) -> dict[str, int]:
    """Each label's first candidate, once per candidate set."""
    known = _LABELS.get(id(cands))
    if known is None or known[0] is not cands:
        table: dict[str, int] = {}
        for index, (label, _) in enumerate(cands.candidates):
            table.setdefault(label, index)
        known = _LABELS[id(cands)] = (cands, table)
    return known[1]


class NonLoggerBot(ScientistBot):
    """Plays and guesses like the scientist but logs no hypothesis (it still predicts)."""

    name = "non-logger"

    def act(self, view: PlayerView) -> Action:
        action = super().act(view)
        assert isinstance(action, Play | NoPlay)
        return replace(action, hypothesis=None)


BOTS: dict[str, type[Bot]] = {
    bot.name: bot
    for bot in (
        RandomBot,
        ConfirmationBot,
        FalsifierBot,
        ScientistBot,
        WasonPositiveBot,
        WasonNegativeBot,
        PerseveratorBot,
        NonLoggerBot,
    )
}


class UnknownBotError(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def make_bot(
    name: str,
    seat: int,
    seed: int | str,
    candidates: Sequence[Candidate] | None = None,
    equivalent: Equivalent | None = None,
) -> Bot:
    try:
        cls = BOTS[name]
    except KeyError:
        raise UnknownBotError(
            f"unknown bot {name!r}: expected one of {', '.join(sorted(BOTS))}"
        ) from None
    return cls(seat, seed, candidates, equivalent)


# ---------------------------------------------------------------------------------------------
# Bots for the other games (docs/rules.md §2-4). They share the candidate sets above and,
# like the Express bots, see only their view and act only through actions.


class HistoryEvidence:
    """Candidates consistent with a history judged one card at a time (Delphi, the Russian
    rules): each later attempt was accepted exactly when the rule accepts it. The starter is
    evidence only when it was turned until legal. Survivors are memoised in the candidate set
    under the history seen so far, so the bots at one table share the work."""

    def __init__(self, cands: CandidateSet, starter_is_evidence: bool) -> None:
        self.cands = cands
        self.starter_is_evidence = starter_is_evidence
        self._reset()

    def _reset(self) -> None:
        self.alive: list[int] = list(range(len(self.cands.candidates)))
        self.seen: list[Attempt] = []
        self._key: tuple[Hashable, ...] = ("history", self.starter_is_evidence)

    def update(self, history: Sequence[Attempt]) -> list[int]:
        if list(history[: len(self.seen)]) != self.seen:
            self._reset()  # shown an earlier or another table: start again
        for index in range(len(self.seen), len(history)):
            attempt = history[index]
            self._key = (self._key, attempt.card, attempt.accepted)
            if index == 0 and not self.starter_is_evidence:
                check: Callable[[Rule], bool] = _no_evidence  # a starter nobody judged
            else:
                check = _judged_as(tuple(history[:index]), attempt)
            self.alive = self.cands.survivors(self._key, self.alive, check)
            self.seen.append(attempt)
        return self.alive

    def classes(self) -> list[int]:
        """Surviving classes, each by its first surviving candidate."""
        return self.cands.classes_among(self.alive)

    def largest_class_label(self) -> str:
        best = self.cands.largest_class(self.alive)
        return NO_HYPOTHESIS if best is None else self.cands.label(best)

    def share(self, history: Sequence[Attempt], card: Card, sample: int = 256) -> float | None:
        """The share of surviving classes (an even sample) that accept `card` next."""
        classes = self.classes()
        if not classes:
            return None
        rules = [self.cands.rule(index) for index in _sample(classes, sample)]
        prefix = tuple(history)
        return sum(bool(rule.accepts(prefix, card)) for rule in rules) / len(rules)


def _judged_as(prefix: tuple[Attempt, ...], attempt: Attempt) -> Callable[[Rule], bool]:
    """What a rule must say for `attempt` to have been judged as it was after `prefix`."""
    return lambda rule: bool(rule.accepts(prefix, attempt.card)) == attempt.accepted


def _no_evidence(rule: Rule) -> bool:
    return True


class DelphiBot(SeatedBot[HistoryEvidence]):
    """A Delphi player: shows a token for the card on show, with its hypothesis."""

    def _fresh_evidence(self) -> HistoryEvidence:
        return HistoryEvidence(self.cands, starter_is_evidence=False)

    def _evidence(self, view: DelphiPlayerView) -> HistoryEvidence:
        until_legal = view.starter_mode == "until_legal"
        if self.evidence.starter_is_evidence != until_legal:
            self.evidence = HistoryEvidence(self.cands, until_legal)
        self.evidence.update(view.history)
        return self.evidence

    def _rng(self, view: DelphiPlayerView) -> random.Random:
        return random.Random(f"{self.seed}|{self.seat}|predict|{len(view.history)}")

    @abstractmethod
    def predict(self, view: DelphiPlayerView) -> Predict:
        """A token for `view.current`."""


class DelphiRandomBot(DelphiBot):
    name = "random"

    def predict(self, view: DelphiPlayerView) -> Predict:
        rng = self._rng(view)
        label = self.cands.label(self.cands.random_index(rng))
        return Predict(self.seat, rng.random() < 0.5, hypothesis=label)


class DelphiConfirmationBot(PrefersOwnOrder, DelphiBot):
    """Holds the first consistent candidate in an order of its own and predicts its verdict."""

    name = "confirmation"

    def predict(self, view: DelphiPlayerView) -> Predict:
        assert view.current is not None
        index = self.preferred(self._evidence(view).alive)
        if index is None:
            return Predict(self.seat, self._rng(view).random() < 0.5, hypothesis=NO_HYPOTHESIS)
        value = bool(self.cands.rule(index).accepts(tuple(view.history), view.current))
        return Predict(self.seat, value, hypothesis=self.cands.label(index))


class DelphiScientistBot(DelphiBot):
    """Predicts what most surviving classes of candidate rules say about the card on show."""

    name = "scientist"

    def predict(self, view: DelphiPlayerView) -> Predict:
        assert view.current is not None
        evidence = self._evidence(view)
        share = evidence.share(view.history, view.current)
        if share is None:
            return Predict(self.seat, self._rng(view).random() < 0.5, hypothesis=NO_HYPOTHESIS)
        return Predict(self.seat, share >= 0.5, hypothesis=evidence.largest_class_label())


DELPHI_BOTS: dict[str, type[DelphiBot]] = {
    bot.name: bot for bot in (DelphiRandomBot, DelphiConfirmationBot, DelphiScientistBot)
}


class RussianBot(SeatedBot[HistoryEvidence]):
    """A player of the Russian rules: plays one card it may play, with a hypothesis and a
    prediction. The dealer's starter is no evidence (nobody judged it)."""

    def _fresh_evidence(self) -> HistoryEvidence:
        return HistoryEvidence(self.cands, starter_is_evidence=False)

    def _rng(self, view: RussianPlayerView) -> random.Random:
        return random.Random(f"{self.seed}|{self.seat}|act|{len(view.history)}")

    @abstractmethod
    def act(self, view: RussianPlayerView) -> Play:
        """A Play of one of `view.playable`."""


class RussianRandomBot(RussianBot):
    name = "random"

    def act(self, view: RussianPlayerView) -> Play:
        rng = self._rng(view)
        label = self.cands.label(self.cands.random_index(rng))
        card = rng.choice(sorted(view.playable, key=_key))
        return Play(self.seat, card, hypothesis=label, prediction=rng.random() < 0.5)


class RussianConfirmationBot(PrefersOwnOrder, RussianBot):
    """Holds the first consistent candidate in an order of its own; plays a card it says is
    right when it has one."""

    name = "confirmation"

    def act(self, view: RussianPlayerView) -> Play:
        rng = self._rng(view)
        index = self.preferred(self.evidence.update(view.history))
        cards = sorted(set(view.playable), key=_key)
        if index is None:
            return Play(self.seat, rng.choice(cards), hypothesis=NO_HYPOTHESIS)
        rule, history = self.cands.rule(index), tuple(view.history)
        right = [card for card in cards if rule.accepts(history, card)]
        label = self.cands.label(index)
        if right:
            return Play(self.seat, rng.choice(right), hypothesis=label, prediction=True)
        return Play(self.seat, rng.choice(cards), hypothesis=label, prediction=False)


class RussianScientistBot(RussianBot):
    """Every consistent candidate in mind; plays the card most of them accept (the aim is to
    shed cards), the most informative among equals."""

    name = "scientist"

    def act(self, view: RussianPlayerView) -> Play:
        rng = self._rng(view)
        self.evidence.update(view.history)
        cards = sorted(set(view.playable), key=_key)
        shares = {card: self.evidence.share(view.history, card) for card in cards}
        known = {card: share for card, share in shares.items() if share is not None}
        if not known:
            return Play(self.seat, rng.choice(cards), hypothesis=NO_HYPOTHESIS)
        best = max(known.values())
        card = rng.choice([card for card, share in known.items() if share == best])
        label = self.evidence.largest_class_label()
        return Play(self.seat, card, hypothesis=label, prediction=best >= 0.5)


RUSSIAN_BOTS: dict[str, type[RussianBot]] = {
    bot.name: bot for bot in (RussianRandomBot, RussianConfirmationBot, RussianScientistBot)
}


class TableEvidence:
    """Candidates consistent with an Abbott/Howell table, entry by entry: the starter was legal,
    an accepted string was legal card by card, a rejected string was not, a right "no play"
    showed no legal card and a wrong one showed at least one, a correction was legal."""

    def __init__(self, cands: CandidateSet) -> None:
        self.cands = cands
        self._reset()

    def _reset(self) -> None:
        self.alive: list[int] = list(range(len(self.cands.candidates)))
        self.entries_seen = 0
        self.history: list[Attempt] = []
        self._key: tuple[Hashable, ...] = (AbbottRound.name,)

    def update(self, table: Sequence[AbbottEntry]) -> list[int]:
        if len(table) < self.entries_seen:
            self._reset()
        for entry in table[self.entries_seen :]:
            self._key = (self._key, entry.kind, tuple(entry.cards), entry.accepted)
            check = self._check(entry, tuple(self.history))
            self.alive = self.cands.survivors(self._key, self.alive, check)
            if entry.kind == "attempt":
                self.history.extend(Attempt(card, entry.accepted) for card in entry.cards)
            elif entry.kind != "no_play":
                self.history.append(Attempt(entry.cards[0], True))
        self.entries_seen = len(table)
        return self.alive

    @staticmethod
    def _check(entry: AbbottEntry, prefix: tuple[Attempt, ...]) -> Callable[[Rule], bool]:
        cards = tuple(entry.cards)
        if entry.kind == "starter":
            return lambda rule: bool(rule.accepts((), cards[0]))
        if entry.kind == "attempt":
            accepted = entry.accepted
            return lambda rule: string_accepted(rule, prefix, cards) == accepted
        if entry.kind == "no_play":
            shown = tuple(set(cards))
            if entry.accepted:
                return lambda rule: not any(rule.accepts(prefix, card) for card in shown)
            return lambda rule: any(rule.accepts(prefix, card) for card in shown)
        return lambda rule: bool(rule.accepts(prefix, cards[0]))

    def classes(self) -> list[int]:
        return self.cands.classes_among(self.alive)

    def best(self) -> int | None:
        """The surviving candidate whose class is largest (None when nothing survives)."""
        return self.cands.largest_class(self.alive)


def string_accepted(rule: Rule, history: Sequence[Attempt], cards: Sequence[Card]) -> bool:
    """Whether `rule` accepts every card of a string in turn."""
    line = list(history)
    for card in cards:
        if not rule.accepts(tuple(line), card):
            return False
        line.append(Attempt(card, True))
    return True


class AbbottBot(SeatedBot[TableEvidence]):
    """An Abbott/Howell player: takes turns (a card, a string or a "no play"), may become the
    prophet right after its own turn, and as prophet judges the others' attempts."""

    def _fresh_evidence(self) -> TableEvidence:
        return TableEvidence(self.cands)

    def _rng(self, view: AbbottPlayerView, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}|{self.seat}|{purpose}|{len(view.table)}")

    @abstractmethod
    def act(self, view: AbbottPlayerView) -> Action:
        """A Play, a PlayString or a NoPlay, with a hypothesis and a prediction."""

    @abstractmethod
    def prophesy(self, view: AbbottPlayerView) -> BecomeProphet | None:
        """Asked right after the bot's own turn when it may become the prophet."""

    @abstractmethod
    def judge(self, view: AbbottPlayerView) -> ProphetJudgement:
        """As prophet: the judgement of `view.pending`."""

    def _judge_by(self, rule: Rule, view: AbbottPlayerView) -> ProphetJudgement:
        pending = view.pending
        assert pending is not None
        history = tuple(view.history)
        if pending.what == "attempt":
            return ProphetJudgement(string_accepted(rule, history, pending.cards))
        legal = legal_cards_in(pending.cards, lambda card: rule.accepts(history, card))
        return ProphetJudgement(not legal, legal[0] if legal else None)


class AbbottRandomBot(AbbottBot):
    """Random cards and strings, a "no play" now and then, a prophet on a whim judging by a
    random candidate (so it falls often)."""

    name = "random"

    def act(self, view: AbbottPlayerView) -> Action:
        rng = self._rng(view, "act")
        label = self.cands.label(self.cands.random_index(rng))
        prediction = rng.random() < 0.5
        if rng.random() < 0.05:
            return NoPlay(self.seat, hypothesis=label, prediction=prediction)
        hand = sorted(view.hand, key=_key)
        length = min(len(hand), rng.choice((1, 1, 1, 1, 2, 2, 3)))
        cards = tuple(rng.sample(hand, length))
        if length == 1:
            return Play(self.seat, cards[0], hypothesis=label, prediction=prediction)
        return PlayString(self.seat, cards, hypothesis=label, prediction=prediction)

    def prophesy(self, view: AbbottPlayerView) -> BecomeProphet | None:
        if view.can_become_prophet and self._rng(view, "prophet").random() < 0.1:
            return BecomeProphet(self.seat)
        return None

    def judge(self, view: AbbottPlayerView) -> ProphetJudgement:
        rng = self._rng(view, "judge")
        return self._judge_by(self.cands.rule(self.cands.random_index(rng)), view)


class AbbottScientistBot(AbbottBot):
    """Keeps every consistent candidate; plays the most informative card while several classes
    survive, and once one class is left plays strings it says are right and takes the
    prophet's role (judging by that class)."""

    name = "scientist"
    sample_size = 256
    longest_string = 3

    def act(self, view: AbbottPlayerView) -> Action:
        rng = self._rng(view, "act")
        self.evidence.update(view.table)
        classes = self.evidence.classes()
        hand = sorted(set(view.hand), key=_key)
        if not classes:
            return Play(self.seat, rng.choice(hand), hypothesis=NO_HYPOTHESIS)
        best = self.evidence.best()
        assert best is not None
        label = self.cands.label(best)
        history = tuple(view.history)
        if len(classes) == 1:
            return self._string(self.cands.rule(best), history, list(view.hand), label)
        return informative_move(
            self.seat, rng, self.cands, classes, history, hand, label, self.sample_size
        )

    def _string(
        self, rule: Rule, history: tuple[Attempt, ...], hand: list[Card], label: str
    ) -> Action:
        """The longest run of cards (up to `longest_string`) that `rule` accepts in turn."""
        line = list(history)
        cards: list[Card] = []
        left = sorted(hand, key=card_order)
        while len(cards) < self.longest_string:
            card = next((c for c in left if rule.accepts(tuple(line), c)), None)
            if card is None:
                break
            cards.append(card)
            left.remove(card)
            line.append(Attempt(card, True))
        if not cards:
            return NoPlay(self.seat, hypothesis=label, prediction=True)
        if len(cards) == 1:
            return Play(self.seat, cards[0], hypothesis=label, prediction=True)
        return PlayString(self.seat, tuple(cards), hypothesis=label, prediction=True)

    def prophesy(self, view: AbbottPlayerView) -> BecomeProphet | None:
        if not view.can_become_prophet:
            return None
        self.evidence.update(view.table)
        return BecomeProphet(self.seat) if len(self.evidence.classes()) == 1 else None

    def judge(self, view: AbbottPlayerView) -> ProphetJudgement:
        self.evidence.update(view.table)
        best = self.evidence.best()
        if best is None:
            rng = self._rng(view, "judge")
            return self._judge_by(self.cands.rule(self.cands.random_index(rng)), view)
        return self._judge_by(self.cands.rule(best), view)


ABBOTT_BOTS: dict[str, type[AbbottBot]] = {
    bot.name: bot for bot in (AbbottRandomBot, AbbottScientistBot)
}
