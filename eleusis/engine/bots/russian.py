"""The bots of the Russian rules (docs/rules.md §4): one card they may play, by strategy."""

from __future__ import annotations

from abc import abstractmethod

from eleusis.engine.bots.core import NO_HYPOTHESIS, HistoryBot, PrefersOwnOrder, by_rank
from eleusis.engine.variants.actions import Play
from eleusis.engine.variants.russian import RussianPlayerView


class RussianBot(HistoryBot):
    """A player of the Russian rules: plays one card it may play, with a hypothesis and a
    prediction. The dealer's starter is no evidence (nobody judged it)."""

    decision = "act"

    @abstractmethod
    def act(self, view: RussianPlayerView) -> Play:
        """A Play of one of `view.playable`."""


class RussianRandomBot(RussianBot):
    name = "random"

    def act(self, view: RussianPlayerView) -> Play:
        rng = self._rng(view.history)
        label = self.cands.label(self.cands.random_index(rng))
        card = rng.choice(sorted(view.playable, key=by_rank))
        return Play(self.seat, card, hypothesis=label, prediction=rng.random() < 0.5)


class RussianConfirmationBot(PrefersOwnOrder, RussianBot):
    """Holds the first consistent candidate in an order of its own; plays a card it says is
    right when it has one."""

    name = "confirmation"

    def act(self, view: RussianPlayerView) -> Play:
        rng = self._rng(view.history)
        index = self.preferred(self.evidence.update(view.history))
        cards = sorted(set(view.playable), key=by_rank)
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
        rng = self._rng(view.history)
        self.evidence.update(view.history)
        cards = sorted(set(view.playable), key=by_rank)
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
