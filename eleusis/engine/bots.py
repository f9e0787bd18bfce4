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

Candidates are (label, rule) pairs; by default the rule language's `language_candidates()`. Bots are
deterministic: all their randomness comes from `random.Random(seed)`.

Why one long module: every strategy shares the candidate reasoning at its top (which rules
the evidence leaves); the strategies below differ in a few lines each and are compared side by
side in tests and in `validate_measures`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import cached_property
from typing import ClassVar, Generic, TypeVar

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import (
    Candidate,
    CandidateSpace,
    Equivalent,
    Observation,
    Situation,
    any_legal,
    candidate_space,
    language_candidates,
    split,
    string_accepted,
)
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
from eleusis.engine.variants.base import Action, card_order, legal_cards_in
from eleusis.engine.variants.delphi import DelphiPlayerView
from eleusis.engine.variants.express import PlayerView, TableEntry
from eleusis.engine.variants.russian import RussianPlayerView

NO_HYPOTHESIS = "no candidate rule fits the table"


def default_candidates() -> list[Candidate]:
    """The rule language's library and sentence-frame rules."""
    return list(language_candidates())


# ---------------------------------------------------------------------------------------------
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
            check = _allows(self.observation(entry, tuple(self._history), view))
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


def _allows(observation: Observation | None) -> Callable[[Rule], bool]:
    """The check a rule must pass for the observation to have happened (none: any rule)."""
    return _no_evidence if observation is None else observation.allows


def _no_evidence(rule: Rule) -> bool:
    return True


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
        self.cands = candidate_space(candidates, equivalent)
        self.evidence = self._fresh_evidence()

    @abstractmethod
    def _fresh_evidence(self) -> EvidenceT:
        """Evidence that has seen nothing yet."""


class PrefersOwnOrder:
    """Mixin for bots that hold one hypothesis: the first surviving candidate in an order of
    the bot's own (shuffled by its seed and seat), so it changes its mind only when refuted."""

    seat: int
    seed: int | str
    cands: CandidateSpace

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
    cands: CandidateSpace,
    classes: Sequence[int],
    history: tuple[Attempt, ...],
    hand: Sequence[Card],
    label: str,
    sample_size: int,
) -> Play | NoPlay:
    """The scientist's move: the card whose verdict a sample of the surviving classes disagree
    on most, or a "no play" when no class accepts any card of the hand."""
    situation = Situation(history)
    rules = [cands.rule(index) for index in _sample(classes, sample_size)]
    counts = split(rules, situation, hand)
    shares = {card: counts.share(card) for card in hand}
    if max(shares.values()) == 0.0 and not any_legal(
        (cands.rule(index) for index in classes), situation, hand
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
            if not _allows(Evidence.observation(entry, tuple(history), view))(rule):
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


# ---------------------------------------------------------------------------------------------
# Bots for the other games (docs/rules.md §2-4). They share the candidate sets above and,
# like the Express bots, see only their view and act only through actions.


class HistoryEvidence:
    """Candidates consistent with a history judged one card at a time (Delphi, the Russian
    rules): each later attempt was accepted exactly when the rule accepts it. The starter is
    evidence only when it was turned until legal. Survivors are memoised in the candidate set
    under the history seen so far, so the bots at one table share the work."""

    def __init__(self, cands: CandidateSpace, starter_is_evidence: bool) -> None:
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
            observation = None  # a starter nobody judged
            if index > 0 or self.starter_is_evidence:
                prefix = tuple(history[:index])
                observation = Observation("card", prefix, (attempt.card,), attempt.accepted)
            self.alive = self.cands.survivors(self._key, self.alive, _allows(observation))
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
        return split(rules, Situation(history), (card,)).share(card)


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

    def __init__(self, cands: CandidateSpace) -> None:
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
            check = self.observation(entry, tuple(self.history)).allows
            self.alive = self.cands.survivors(self._key, self.alive, check)
            if entry.kind == "attempt":
                self.history.extend(Attempt(card, entry.accepted) for card in entry.cards)
            elif entry.kind != "no_play":
                self.history.append(Attempt(entry.cards[0], True))
        self.entries_seen = len(table)
        return self.alive

    @staticmethod
    def observation(entry: AbbottEntry, prefix: tuple[Attempt, ...]) -> Observation:
        """What this table entry showed: a legal starter, a string judged right or wrong, a
        "no play" judged, a legal correction."""
        cards = tuple(entry.cards)
        if entry.kind == "starter":
            return Observation("start", starter=cards[0])
        if entry.kind == "attempt":
            return Observation("string", prefix, cards, entry.accepted)
        if entry.kind == "no_play":
            return Observation("no_play", prefix, cards, entry.accepted)
        return Observation("card", prefix, (cards[0],), True)

    def classes(self) -> list[int]:
        return self.cands.classes_among(self.alive)

    def best(self) -> int | None:
        """The surviving candidate whose class is largest (None when nothing survives)."""
        return self.cands.largest_class(self.alive)


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
