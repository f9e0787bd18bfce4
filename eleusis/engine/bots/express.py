"""The bots of Eleusis Express (docs/rules.md §1), registered by name in `BOTS`: they read
the table of their `PlayerView` as evidence (`Evidence`) and choose a play, a "no play" or a
guess by their strategy (see the package's docstring).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import replace
from functools import cached_property

from eleusis.engine.bots.core import (
    NO_HYPOTHESIS,
    PrefersOwnOrder,
    SeatedBot,
    allows,
    by_rank,
    informative_move,
)
from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import (
    Candidate,
    CandidateSpace,
    Equivalent,
    Observation,
    Situation,
    split,
)
from eleusis.engine.variants.actions import Guess, NoPlay, Play
from eleusis.engine.variants.base import Action
from eleusis.engine.variants.express import PlayerView, TableEntry

# Evidence: what the table says about a rule, read from a player's view only. Each game's table
# becomes the inference core's observations; the candidate space keeps the survivors.


class Evidence:
    """Tests candidates against the table as a player sees it, one table entry at a time.

    The survivors after each entry are kept in the candidate space's memo under everything
    public up to that entry, so that the bots at one table (or a bot made afresh each move)
    share the work instead of repeating it."""

    def __init__(self, cands: CandidateSpace) -> None:
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
            check = allows(self.observation(entry, tuple(self._history), view))
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
    def observation(
        entry: TableEntry, prefix: tuple[Attempt, ...], view: PlayerView
    ) -> Observation | None:
        """What this table entry showed about the rule (None: nothing)."""
        if entry.kind == "starter":
            if view.starter_mode != "until_legal":
                return None
            rejected = tuple(set(view.starter_rejected))
            return Observation("start", cards=rejected, starter=entry.cards[0])
        if entry.kind == "no_play":
            return Observation("no_play", prefix, tuple(entry.cards), entry.accepted)
        return Observation("card", prefix, (entry.cards[0],), entry.accepted)

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
            card: bool(rule.accepts(history, card)) for card in sorted(set(view.hand), key=by_rank)
        }

    def _guess_once(self, index: int, view: PlayerView) -> Guess | None:
        """Guess the candidate, unless this bot has already said it this round."""
        text = self.cands.guess_text(index)
        if any(guess.player == self.seat and guess.text == text for guess in view.guesses):
            return None
        return Guess(self.seat, text)


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
        card = rng.choice(sorted(view.hand, key=by_rank))
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
            card = rng.choice(sorted(view.hand, key=by_rank))
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
            card = rng.choice(sorted(view.hand, key=by_rank))
            return Play(self.seat, card, hypothesis=NO_HYPOTHESIS, prediction=None)
        best = self.cands.largest_class(self.evidence.alive)
        assert best is not None
        hand = sorted(set(view.hand), key=by_rank)
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
            rules = [self.cands.rule(index) for index in classes]
            counts = split(rules, Situation(self.evidence.history()), set(view.hand))
            if any(counts.divides(card) for card in counts.accepting):
                return None
        return self._guess_once(classes[0], view)


class WasonPositiveBot(ConfirmationBot):
    """The Wason trap: starts from the narrowest idea that fits the table (the one accepting
    the fewest cards, ties in an order of its own) and plays only cards it expects accepted,
    so a rule broader than its idea never refutes it; it moves on when a card or a wrong guess
    does."""

    name = "wason-positive"

    @cached_property
    def preference(self) -> dict[int, int]:
        shuffled = super().preference
        width = self.cands.breadth
        order = sorted(range(len(self.cands.candidates)), key=lambda i: (width(i), shuffled[i]))
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
            if not allows(Evidence.observation(entry, tuple(history), view))(rule):
                return number
            if entry.kind != "no_play":
                history.append(Attempt(entry.cards[0], entry.accepted))
        return -1

    def _index_of(self, label: str) -> int | None:
        return _labels(self.cands).get(label)


_LABELS: dict[int, tuple[CandidateSpace, dict[str, int]]] = {}


def _labels(cands: CandidateSpace) -> dict[str, int]:
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
