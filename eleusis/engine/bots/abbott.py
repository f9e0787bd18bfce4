"""The bots of Abbott/Howell Eleusis (docs/rules.md §2): the table read entry by entry
(`TableEvidence`), turns of cards, strings and "no play"s, and the prophet's role.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Hashable, Sequence

from eleusis.engine.bots.core import (
    NO_HYPOTHESIS,
    SeatedBot,
    by_rank,
    even_sample,
    informative_move,
)
from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt, Rule
from eleusis.engine.inference import (
    CandidateSpace,
    Observation,
    Situation,
    any_legal,
    split,
    string_accepted,
)
from eleusis.engine.variants.abbott import AbbottEntry, AbbottPlayerView, AbbottRound
from eleusis.engine.variants.actions import (
    BecomeProphet,
    NoPlay,
    Play,
    PlayString,
    ProphetJudgement,
)
from eleusis.engine.variants.base import Action, card_order, legal_cards_in


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
        hand = sorted(view.hand, key=by_rank)
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
    survive and a wrong move costs only cards, and once one class is left plays strings it says
    are right and takes the prophet's role (judging by that class). Once a wrong move would
    expel it (`expulsion_armed`), it plays as a person would: the card most of the surviving
    classes accept, or "no play" when none accepts any card of its hand."""

    name = "scientist"
    sample_size = 256
    longest_string = 3

    def act(self, view: AbbottPlayerView) -> Action:
        rng = self._rng(view, "act")
        self.evidence.update(view.table)
        classes = self.evidence.classes()
        hand = sorted(set(view.hand), key=by_rank)
        if not classes:
            return Play(self.seat, rng.choice(hand), hypothesis=NO_HYPOTHESIS)
        best = self.evidence.best()
        assert best is not None
        label = self.cands.label(best)
        history = tuple(view.history)
        if len(classes) == 1:
            return self._string(self.cands.rule(best), history, list(view.hand), label)
        if view.expulsion_armed:
            return self._cautious(rng, classes, history, hand, label)
        return informative_move(
            self.seat, rng, self.cands, classes, history, hand, label, self.sample_size
        )

    def _cautious(
        self,
        rng: random.Random,
        classes: Sequence[int],
        history: tuple[Attempt, ...],
        hand: Sequence[Card],
        label: str,
    ) -> Action:
        """The safest move: the card the largest share of a sample of the surviving classes
        accepts, or "no play" when no class accepts any card of the hand."""
        situation = Situation(history)
        rules = [self.cands.rule(index) for index in even_sample(classes, self.sample_size)]
        counts = split(rules, situation, hand)
        shares = {card: counts.share(card) for card in hand}
        best = max(shares.values())
        if best == 0.0 and not any_legal(
            (self.cands.rule(index) for index in classes), situation, hand
        ):
            return NoPlay(self.seat, hypothesis=label, prediction=True)
        card = rng.choice([c for c, share in shares.items() if share == best])
        return Play(self.seat, card, hypothesis=label, prediction=best >= 0.5)

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
