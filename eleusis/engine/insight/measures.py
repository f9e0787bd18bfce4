"""The measures of a round, for every play of every player (issue 6, measures 1–7).

`analyse_round(log, secret)` reads a `RoundLog` and answers, per play:
1. agreement of the player's hypothesis with the secret rule (too narrow / too broad apart);
   for free text, the teacher's mark (right 1, partly 0.5, wrong 0) stands in;
2. whether the hypothesis explained every card on the table at that moment (`fits`);
3. whether the prediction was right, and whether it matched the player's own hypothesis;
4. the test: positive (the hypothesis said the card would be accepted) or negative (it said
   rejected), and whether the outcome refuted the hypothesis;
5. the response to refutation: when the table had refuted the player's previous hypothesis
   since they logged it, did they change it (`changed`) or keep it (`kept`)?
6. the information of the play relative to the best and worst choice in hand;
7. the ideal observer's candidates before and after the play.
Per player: when their hypothesis reached the rule (and stayed there), how far behind the
observer that was (`lag`, in plays of the table: negative means ahead of the evidence, a lucky
or bold hypothesis), and the totals the review shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from eleusis.engine.history import Attempt
from eleusis.engine.insight.agreement import Agreement, agreement, agrees_from
from eleusis.engine.insight.candidates import CandidatePool, resolve
from eleusis.engine.insight.log import PlayRecord, RoundLog
from eleusis.engine.insight.observer import Information, Judge, Observer, Situation, information
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.rules.equivalence import equivalence

MARKS: dict[str, float] = {"right": 1.0, "partly": 0.5, "wrong": 0.0}
SECRET_LABEL = "the secret rule"


@dataclass(frozen=True)
class PlayInsight:
    number: int
    entry: int
    player: int
    kind: str
    cards: tuple[str, ...]
    accepted: bool
    correction: str | None
    hypothesis: str | None
    checkable: str | None  # the rule text the hypothesis was read as
    mark: str | None
    agreement: Agreement | None
    agreement_source: str | None  # "checkable", "teacher" or None
    # The hypothesis is the rule, as far as the rest of the round can tell (`agrees_from`), or
    # the teacher marked it right.
    right: bool | None
    fits: bool | None
    prediction: bool | None
    prediction_right: bool | None
    prediction_consistent: bool | None
    test: str | None  # "positive" or "negative"
    refuted: bool | None
    response: str | None  # "changed" or "kept", after a refutation
    information: Information | None
    candidates_before: int
    candidates_after: int

    @property
    def share(self) -> float | None:
        return self.agreement.share if self.agreement is not None else None

    @property
    def kept_refuted(self) -> bool:
        return self.fits is False

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "entry": self.entry,
            "player": self.player,
            "kind": self.kind,
            "cards": list(self.cards),
            "accepted": self.accepted,
            "correction": self.correction,
            "hypothesis": self.hypothesis,
            "checkable": self.checkable,
            "mark": self.mark,
            "agreement": self.agreement.to_dict() if self.agreement else None,
            "agreement_source": self.agreement_source,
            "right": self.right,
            "fits": self.fits,
            "prediction": self.prediction,
            "prediction_right": self.prediction_right,
            "prediction_consistent": self.prediction_consistent,
            "test": self.test,
            "refuted": self.refuted,
            "response": self.response,
            "information": self.information.to_dict() if self.information else None,
            "candidates_before": self.candidates_before,
            "candidates_after": self.candidates_after,
        }


@dataclass(frozen=True)
class PlayerInsight:
    player: int
    plays: int
    hypotheses: int  # plays with a hypothesis logged
    reached_at: int | None  # the table's play number from which the hypothesis stayed right
    lag: int | None  # reached_at - observer's solved_at
    final_agreement: float | None
    predictions: int
    predictions_right: int
    predictions_consistent: int
    tests: int
    negative_tests: int
    refutations: int
    changed_after_refutation: int
    kept_after_refutation: int
    kept_refuted: int
    mean_information: float | None  # mean relative information
    guessed: bool

    @property
    def prediction_accuracy(self) -> float | None:
        return self.predictions_right / self.predictions if self.predictions else None

    @property
    def negative_share(self) -> float | None:
        return self.negative_tests / self.tests if self.tests else None

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["prediction_accuracy"] = self.prediction_accuracy
        data["negative_share"] = self.negative_share
        return data


@dataclass(frozen=True)
class RoundInsight:
    plays: tuple[PlayInsight, ...]
    players: tuple[PlayerInsight, ...]
    candidates: int  # the observer's pool
    # The play after which only rules that agree with the secret remain: equivalent to it, or
    # indistinguishable from it on every table the secret can build (`Agreement.in_play`).
    solved_at: int | None
    guessed_by: int | None
    end_reason: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "plays": [play.to_dict() for play in self.plays],
            "players": [player.to_dict() for player in self.players],
            "candidates": self.candidates,
            "solved_at": self.solved_at,
            "guessed_by": self.guessed_by,
            "end_reason": self.end_reason,
        }


@dataclass
class _Analysis:
    """Caches for one analysis: compiled hypotheses, agreements, sameness of hypotheses."""

    secret: CompiledRule
    resolve: Callable[[str], CompiledRule | None]
    agreements: dict[int, Agreement] = field(default_factory=dict)
    same: dict[tuple[int, int], bool] = field(default_factory=dict)
    right_since: dict[int, int] = field(default_factory=dict)

    def rule(self, play: PlayRecord) -> CompiledRule | None:
        hypothesis = play.hypothesis
        for text in (hypothesis.checkable, hypothesis.text):
            if text:
                rule = self.resolve(text)
                if rule is not None:
                    return rule
        return None

    def agreement(self, rule: CompiledRule) -> Agreement:
        if id(rule) not in self.agreements:
            self.agreements[id(rule)] = agreement(rule, self.secret)
        return self.agreements[id(rule)]

    def right_from(self, rule: CompiledRule, history: tuple[Attempt, ...]) -> bool:
        """`agrees_from`, remembered: a rule that agrees from some moment of the round on
        agrees at every later moment (a later table continues the earlier one)."""
        since = self.right_since.get(id(rule))
        if since is not None and len(history) >= since:
            return True
        if agrees_from(rule, self.secret, history):
            self.right_since[id(rule)] = min(len(history), since or len(history))
            return True
        return False

    def equal(self, a: CompiledRule, b: CompiledRule) -> bool:
        if a is b:
            return True
        key = (id(a), id(b))
        if key not in self.same:
            self.same[key] = bool(equivalence(a, b).equivalent)
        return self.same[key]


def analyse_round(
    log: RoundLog,
    secret: CompiledRule,
    *,
    pool: CandidatePool | None = None,
    resolver: Callable[[str], CompiledRule | None] = resolve,
) -> RoundInsight:
    """Every measure of every play of `log`, whose secret rule is `secret`. `pool`: the
    candidates the observer starts from (by default the library and the sentence frames); the
    round's checkable hypotheses and the secret are added to a copy of it."""
    analysis = _Analysis(secret, resolver)
    candidates = (pool if pool is not None else CandidatePool.build()).copy()
    hypothesis_rules = [analysis.rule(play) for play in log.plays]
    candidates.add(SECRET_LABEL, secret)
    for play, rule in zip(log.plays, hypothesis_rules, strict=True):
        if rule is not None:
            candidates.add(play.hypothesis.checkable or play.hypothesis.text or "", rule)
    judge = Judge(log.evidence, resolver)
    observer = Observer.start(candidates, judge)

    def solved(history: tuple[Attempt, ...]) -> bool:
        alive = observer.alive
        return bool(alive) and all(
            candidates.rule(index) is secret or agrees_from(candidates.rule(index), secret, history)
            for index in alive
        )

    plays: list[PlayInsight] = []
    solved_at: int | None = None
    last_own: dict[int, tuple[PlayRecord, CompiledRule | None, bool | None]] = {}
    for play, rule in zip(log.plays, hypothesis_rules, strict=True):
        observer.advance(play.evidence_before)
        before = len(observer.alive)
        info = information(observer.rules(), play.history, play.hand, play.card)
        observer.advance(play.evidence_after)
        if solved_at is None and solved(_history_after(log, play)):
            solved_at = play.number
        fits = judge.fits(rule, play.evidence_before) if rule is not None else None
        plays.append(
            _play_insight(
                play,
                rule,
                analysis,
                fits,
                _response(play, rule, last_own.get(play.player), judge, analysis),
                info,
                before,
                len(observer.alive),
            )
        )
        last_own[play.player] = (play, rule, fits)
    players = tuple(
        _player_insight(seat, [p for p in plays if p.player == seat], solved_at, log.guessed_by)
        for seat in range(log.players)
    )
    return RoundInsight(
        tuple(plays), players, len(candidates), solved_at, log.guessed_by, log.end_reason
    )


def _history_after(log: RoundLog, play: PlayRecord) -> tuple[Attempt, ...]:
    """The table's attempts once the play (and its correction) is on it."""
    added = 1 if play.kind == "play" else (1 if play.correction is not None else 0)
    return log.history[: len(play.history) + added]


def _verdict(rule: CompiledRule, play: PlayRecord) -> bool:
    """What the hypothesis said: the card would be accepted / the declaration would be right."""
    situation = Situation(play.history)
    if play.kind == "play":
        return situation.accepts(rule, play.cards[0])
    return not any(situation.accepts(rule, card) for card in set(play.cards))


def _play_insight(
    play: PlayRecord,
    rule: CompiledRule | None,
    analysis: _Analysis,
    fits: bool | None,
    response: str | None,
    info: Information | None,
    before: int,
    after: int,
) -> PlayInsight:
    hypothesis = play.hypothesis
    measured: Agreement | None = None
    source: str | None = None
    said: bool | None = None
    right: bool | None = None
    if rule is not None:
        measured, source = analysis.agreement(rule), "checkable"
        said = _verdict(rule, play)
        right = measured.equivalent or analysis.right_from(rule, play.history)
    elif hypothesis.mark in MARKS:
        right = hypothesis.mark == "right"
        measured = Agreement(MARKS[hypothesis.mark], 0.0, 0.0, False, right)
        source = "teacher"
    prediction = play.prediction
    return PlayInsight(
        number=play.number,
        entry=play.entry,
        player=play.player,
        kind=play.kind,
        cards=tuple(card.code for card in play.cards),
        accepted=play.accepted,
        correction=play.correction.code if play.correction else None,
        hypothesis=hypothesis.text or hypothesis.checkable,
        checkable=rule.text if rule is not None else None,
        mark=hypothesis.mark,
        agreement=measured,
        agreement_source=source,
        right=right,
        fits=fits,
        prediction=prediction,
        prediction_right=None if prediction is None else prediction == play.accepted,
        prediction_consistent=None if prediction is None or said is None else prediction == said,
        test=None if said is None else ("positive" if said else "negative"),
        refuted=None if said is None else said != play.accepted,
        response=response,
        information=info,
        candidates_before=before,
        candidates_after=after,
    )


def _response(
    play: PlayRecord,
    rule: CompiledRule | None,
    previous: tuple[PlayRecord, CompiledRule | None, bool | None] | None,
    judge: Judge,
    analysis: _Analysis,
) -> str | None:
    """`changed` or `kept` when the table refuted the player's previous hypothesis after they
    logged it (their own play's verdict included); None otherwise."""
    if previous is None:
        return None
    _last_play, last_rule, last_fits = previous
    if last_rule is None or not last_fits or judge.fits(last_rule, play.evidence_before):
        return None
    if rule is not None:
        return "kept" if analysis.equal(rule, last_rule) else "changed"
    if not play.hypothesis.logged:
        return None
    return "changed"


def _player_insight(
    seat: int, plays: list[PlayInsight], solved_at: int | None, guessed_by: int | None
) -> PlayerInsight:
    reached_at: int | None = None
    for play in reversed(plays):
        if not play.right:
            break
        reached_at = play.number
    predicted = [p for p in plays if p.prediction_right is not None]
    tested = [p for p in plays if p.test is not None]
    relative = [p.information.relative for p in plays if p.information is not None]
    agreements = [p.share for p in plays if p.share is not None]
    return PlayerInsight(
        player=seat,
        plays=len(plays),
        hypotheses=sum(1 for p in plays if p.hypothesis),
        reached_at=reached_at,
        lag=reached_at - solved_at if reached_at is not None and solved_at is not None else None,
        final_agreement=agreements[-1] if agreements else None,
        predictions=len(predicted),
        predictions_right=sum(1 for p in predicted if p.prediction_right),
        predictions_consistent=sum(1 for p in plays if p.prediction_consistent),
        tests=len(tested),
        negative_tests=sum(1 for p in tested if p.test == "negative"),
        refutations=sum(1 for p in plays if p.refuted),
        changed_after_refutation=sum(1 for p in plays if p.response == "changed"),
        kept_after_refutation=sum(1 for p in plays if p.response == "kept"),
        kept_refuted=sum(1 for p in plays if p.kept_refuted),
        mean_information=sum(relative) / len(relative) if relative else None,
        guessed=guessed_by == seat,
    )
