"""The bots of Delphi (docs/rules.md §3): a token for the card on show, by strategy."""

from __future__ import annotations

from abc import abstractmethod

from eleusis.engine.bots.core import NO_HYPOTHESIS, HistoryBot, HistoryEvidence, PrefersOwnOrder
from eleusis.engine.variants.actions import Predict
from eleusis.engine.variants.delphi import DelphiPlayerView


class DelphiBot(HistoryBot):
    """A Delphi player: shows a token for the card on show, with its hypothesis."""

    decision = "predict"

    def _evidence(self, view: DelphiPlayerView) -> HistoryEvidence:
        until_legal = view.starter_mode == "until_legal"
        if self.evidence.starter_is_evidence != until_legal:
            self.evidence = HistoryEvidence(self.cands, until_legal)
        self.evidence.update(view.history)
        return self.evidence

    @abstractmethod
    def predict(self, view: DelphiPlayerView) -> Predict:
        """A token for `view.current`."""


class DelphiRandomBot(DelphiBot):
    name = "random"

    def predict(self, view: DelphiPlayerView) -> Predict:
        rng = self._rng(view.history)
        label = self.cands.label(self.cands.random_index(rng))
        return Predict(self.seat, rng.random() < 0.5, hypothesis=label)


class DelphiConfirmationBot(PrefersOwnOrder, DelphiBot):
    """Holds the first consistent candidate in an order of its own and predicts its verdict."""

    name = "confirmation"

    def predict(self, view: DelphiPlayerView) -> Predict:
        assert view.current is not None
        index = self.preferred(self._evidence(view).alive)
        if index is None:
            return Predict(
                self.seat, self._rng(view.history).random() < 0.5, hypothesis=NO_HYPOTHESIS
            )
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
            return Predict(
                self.seat, self._rng(view.history).random() < 0.5, hypothesis=NO_HYPOTHESIS
            )
        return Predict(self.seat, share >= 0.5, hypothesis=evidence.largest_class_label())


DELPHI_BOTS: dict[str, type[DelphiBot]] = {
    bot.name: bot for bot in (DelphiRandomBot, DelphiConfirmationBot, DelphiScientistBot)
}
