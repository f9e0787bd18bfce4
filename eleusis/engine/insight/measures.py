"""The measures of a round, for every play of every player (`docs/measures.md`).

`analyse_round(log, secret)` reads a `RoundLog` and answers, per play:
- the held hypothesis: the one logged with the play, else the player's last one, carried
  forward (`carried`), and how it was logged (`sentence`, `words`, `carried`, `none`);
- its balanced agreement with the secret rule (`agreement`); for free text, the teacher's mark
  (right 1, partly 0.5, wrong 0) stands in;
- whether it is the rule from here on (`right`) and whether it explained every card on the
  table at that moment (`fits`);
- the prediction, whether it was right and whether it matched the held hypothesis;
- the test: positive (the hypothesis said the card would be accepted) or negative, and whether
  the outcome refuted it; the response to a refutation (`changed` / `kept`);
- whether the player kept an idea a card they had already seen contradicted (`kept_refuted`);
- the expected information of the choice against the best and worst in hand ("no choice" when
  all were alike) and the information the play actually gave (`realised_bits`);
- the ideal observer's candidates before and after the play, from a fixed pool.
Per player: when their held hypothesis reached the rule and stayed there (`reached_at`,
`found`), how far behind the observer that was (`lag`), and the totals the review shows.

A round whose secret rule is in words only (a student dealer who judged by hand, `secret` None)
is analysed from what the dealer judged: every hypothesis is checked against the table's
evidence (fits, tests, refutations, predictions, information); the measures that compare a
hypothesis with the exact rule (agreement, right, found, lag, the observer's solution) are left
unknown, and the round says so (`exact_rule` False, `NEEDS_EXACT_RULE`).

Why one long module: every measure of docs/measures.md is computed in one pass over a round,
play by play; the measures share that pass's state (the held hypothesis, the candidates left).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from eleusis.engine.history import Attempt
from eleusis.engine.inference import (
    CandidateSpace,
    Information,
    Situation,
    candidate_space,
    information,
)
from eleusis.engine.insight.agreement import METHOD, Agreement, agreement, is_rule_from
from eleusis.engine.insight.candidates import resolve
from eleusis.engine.insight.log import Hypothesis, PlayRecord, RoundLog
from eleusis.engine.insight.observer import Judge, Observer
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.rules.equivalence import equivalence

MARKS: dict[str, float] = {"right": 1.0, "partly": 0.5, "wrong": 0.0}
# The measures that compare a hypothesis with the secret rule itself: unknown for a rule in words.
NEEDS_EXACT_RULE = ("agreement", "right", "found", "reached_at", "lag", "final_agreement")
SECRET_LABEL = "the secret rule"
FORMAT_VERSION = 4  # 3: `right` decided exactly (None: undecided); 4: choice weighted by spread
MIN_TESTS = 3  # a share of negative tests is given from this many tests on


@dataclass(frozen=True)
class PlayInsight:
    number: int
    entry: int
    player: int
    kind: str
    cards: tuple[str, ...]
    accepted: bool
    correction: str | None
    hypothesis: str | None  # what was logged with this play, verbatim
    logged: str  # "sentence", "words", "carried" or "none"
    held: str | None  # the hypothesis in force, stated or carried, verbatim
    held_from: int | None  # the play number where the held hypothesis was stated
    checkable: str | None  # the rule text the held hypothesis was read as
    mark: str | None
    agreement: Agreement | None
    agreement_source: str | None  # "checkable", "teacher" or None
    # The held hypothesis is the rule, as far as the rest of the round can tell, or the teacher
    # marked it right.
    right: bool | None
    fits: bool | None
    prediction: bool | None
    prediction_right: bool | None
    prediction_consistent: bool | None
    test: str | None  # "positive" or "negative"
    refuted: bool | None
    response: str | None  # "changed" or "kept", after a refutation
    kept_refuted: bool
    contradicted_when_logged: bool
    information: Information | None
    candidates_before: int
    candidates_after: int

    @property
    def carried(self) -> bool:
        return self.logged == "carried"

    @property
    def share(self) -> float | None:
        return self.agreement.share if self.agreement is not None else None

    @property
    def realised_bits(self) -> float:
        return self.information.realised if self.information is not None else 0.0

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayInsight:
        """The play as `to_dict` stored it (a key an older record lacks reads as unknown)."""
        agreement, information = data.get("agreement"), data.get("information")
        return cls(
            **{name: data.get(name) for name in _PLAY_OPTIONAL},
            number=data["number"],
            entry=data.get("entry", 0),
            player=data["player"],
            kind=data["kind"],
            cards=tuple(data.get("cards", ())),
            accepted=data["accepted"],
            logged=data.get("logged", "none"),
            agreement=Agreement.from_dict(agreement) if agreement else None,
            kept_refuted=bool(data.get("kept_refuted")),
            contradicted_when_logged=bool(data.get("contradicted_when_logged")),
            information=Information.from_dict(information) if information else None,
            candidates_before=data.get("candidates_before", 0),
            candidates_after=data.get("candidates_after", 0),
        )

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
            "logged": self.logged,
            "carried": self.carried,
            "held": self.held,
            "held_from": self.held_from,
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
            "kept_refuted": self.kept_refuted,
            "contradicted_when_logged": self.contradicted_when_logged,
            "information": self.information.to_dict() if self.information else None,
            "realised_bits": round(self.realised_bits, 4),
            "candidates_before": self.candidates_before,
            "candidates_after": self.candidates_after,
        }


# PlayInsight's fields that are None when a record does not say.
_PLAY_OPTIONAL = (
    "correction",
    "hypothesis",
    "held",
    "held_from",
    "checkable",
    "mark",
    "agreement_source",
    "right",
    "fits",
    "prediction",
    "prediction_right",
    "prediction_consistent",
    "test",
    "refuted",
    "response",
)


@dataclass(frozen=True)
class PlayerInsight:
    player: int
    plays: int
    hypotheses: int  # plays with a hypothesis logged
    carried: int  # plays with a carried hypothesis
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
    choices: int  # plays where the choices in hand differed
    mean_information: float | None  # mean relative information over the plays with a choice
    mean_realised_bits: float | None
    guessed: bool

    @property
    def found(self) -> bool:
        """Their hypothesis reached the rule and stayed there, or their guess of the rule was
        judged right (by the rule language or by the dealer) and won the round."""
        return self.reached_at is not None or self.guessed

    @property
    def plays_behind(self) -> float | None:
        """Plays behind the evidence: 0 when the hypothesis reached the rule with or before the
        evidence. Why not negative: a sound hypothesis held before the evidence rules out the
        last alternative is not a worse (nor a lucky) score, and "plays behind" cannot be
        below 0."""
        return None if self.lag is None else float(max(0, self.lag))

    @property
    def prediction_accuracy(self) -> float | None:
        return self.predictions_right / self.predictions if self.predictions else None

    @property
    def negative_share(self) -> float | None:
        """None below `MIN_TESTS` tests: a share of one or two tests says nothing."""
        return self.negative_tests / self.tests if self.tests >= MIN_TESTS else None

    @property
    def logged_share(self) -> float | None:
        return self.hypotheses / self.plays if self.plays else None

    def value(self, measure: str) -> float | None:
        """The value of a measure of `catalog.MEASURES` for this player, as a number."""
        if measure == "found":
            return float(self.found)
        if measure == "choice_information":
            return self.mean_information
        if measure == "realised_bits":
            return self.mean_realised_bits
        if measure == "lag":
            return self.plays_behind
        raw = getattr(self, measure)
        return None if raw is None else float(raw)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerInsight:
        """The player's totals as `to_dict` stored them (missing counts read as 0)."""
        values: dict[str, Any] = {}
        for name, kind in cls.__annotations__.items():
            if kind == "int":
                values[name] = data.get(name) or 0
            elif kind == "bool":
                values[name] = bool(data.get(name))
            else:
                values[name] = data.get(name)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        for name in ("mean_information", "mean_realised_bits", "final_agreement"):
            if data[name] is not None:
                data[name] = round(data[name], 4)
        data["found"] = self.found
        data["prediction_accuracy"] = self.prediction_accuracy
        data["negative_share"] = self.negative_share
        data["logged_share"] = self.logged_share
        return data


@dataclass(frozen=True)
class RoundInsight:
    plays: tuple[PlayInsight, ...]
    players: tuple[PlayerInsight, ...]
    candidates: int  # the observer's pool
    # The play after which only rules that agree with the secret remain: equivalent to it, or
    # indistinguishable from it on every table the rest of the round can build.
    solved_at: int | None
    guessed_by: int | None
    end_reason: str | None
    exact_rule: bool = True  # False: the rule was in words only (NEEDS_EXACT_RULE unknown)

    @property
    def most_informative_wrong(self) -> int | None:
        """The rejected card that eliminated the most candidates (realised bits), the
        earliest among equals: its play number."""
        wrong = [p for p in self.plays if p.kind == "play" and not p.accepted]
        if not wrong:
            return None
        return max(wrong, key=lambda p: (p.realised_bits, -p.number)).number

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundInsight:
        """The round's measures as `to_dict` stored them (what a review page reads)."""
        return cls(
            tuple(PlayInsight.from_dict(play) for play in data.get("plays", ())),
            tuple(PlayerInsight.from_dict(player) for player in data.get("players", ())),
            data.get("candidates", 0),
            data.get("solved_at"),
            data.get("guessed_by"),
            data.get("end_reason"),
            data.get("exact_rule", True),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "plays": [play.to_dict() for play in self.plays],
            "players": [player.to_dict() for player in self.players],
            "candidates": self.candidates,
            "solved_at": self.solved_at,
            "guessed_by": self.guessed_by,
            "end_reason": self.end_reason,
            "most_informative_wrong": self.most_informative_wrong,
            "agreement_method": METHOD,
            "exact_rule": self.exact_rule,
            "needs_exact_rule": [] if self.exact_rule else list(NEEDS_EXACT_RULE),
        }


@dataclass(frozen=True)
class _Held:
    """A player's hypothesis in force: where it was stated, its rule, and what it was."""

    hypothesis: Hypothesis
    rule: CompiledRule | None
    number: int
    kept_refuted: bool
    contradicted: bool


@dataclass
class _Analysis:
    """Caches for one analysis: compiled hypotheses, agreements, sameness of hypotheses."""

    secret: CompiledRule | None  # None: the rule is in words only
    resolve: Callable[[str], CompiledRule | None]
    agreements: dict[int, Agreement] = field(default_factory=dict)
    same: dict[tuple[int, int], bool] = field(default_factory=dict)
    right_since: dict[int, int] = field(default_factory=dict)

    def rule(self, hypothesis: Hypothesis) -> CompiledRule | None:
        """The rule a stated hypothesis was built as: only its checkable form is read (a word
        typed freely, even "red", is free text)."""
        return self.resolve(hypothesis.checkable) if hypothesis.checkable else None

    def agreement(self, rule: CompiledRule) -> Agreement:
        assert self.secret is not None
        if id(rule) not in self.agreements:
            self.agreements[id(rule)] = agreement(rule, self.secret)
        return self.agreements[id(rule)]

    def right_from(self, rule: CompiledRule, history: tuple[Attempt, ...]) -> bool | None:
        """`is_rule_from` (exact; None: undecided), remembered: a rule that is the rule from
        some moment of the round on is the rule at every later moment (a later table
        continues the earlier one)."""
        assert self.secret is not None
        since = self.right_since.get(id(rule))
        if since is not None and len(history) >= since:
            return True
        answer = is_rule_from(rule, self.secret, history)
        if answer:
            self.right_since[id(rule)] = min(len(history), since or len(history))
        return answer

    def equal(self, a: CompiledRule, b: CompiledRule) -> bool:
        if a is b:
            return True
        key = (id(a), id(b))
        if key not in self.same:
            self.same[key] = bool(equivalence(a, b).equivalent)
        return self.same[key]


_POOLS: dict[tuple[int, str], tuple[CandidateSpace, CandidateSpace]] = {}


def round_pool(pool: CandidateSpace | None, secret: CompiledRule) -> CandidateSpace:
    """The fixed candidate space of a review with the round's secret rule in it (added only
    when no candidate is equivalent to it); what the players logged is never added. Remembered
    per space and rule text."""
    base = pool if pool is not None else candidate_space()
    key = (id(base), secret.text)
    known = _POOLS.get(key)
    if known is None or known[0] is not base:
        with_secret = base
        if base.find(secret) is None:
            with_secret = base.with_candidate(SECRET_LABEL, secret)
        known = _POOLS[key] = (base, with_secret)
        if len(_POOLS) > 64:
            _POOLS.pop(next(iter(_POOLS)))
    return known[1]


def analyse_round(
    log: RoundLog,
    secret: CompiledRule | None,
    *,
    pool: CandidateSpace | None = None,
    resolver: Callable[[str], CompiledRule | None] = resolve,
) -> RoundInsight:
    """Every measure of every play of `log`, whose secret rule is `secret`. `pool`: the
    candidates the observer weighs (by default the rule language's, built once per process);
    the secret is added when the pool has nothing equivalent to it, the players' hypotheses
    never are. `secret` None: the rule is in words only (see the module's docstring)."""
    analysis = _Analysis(secret, resolver)
    if secret is None:
        candidates = pool if pool is not None else candidate_space()
    else:
        candidates = round_pool(pool, secret)
    judge = Judge(log.evidence, resolver)
    observer = Observer.start(candidates, judge)
    watch = _SolvedWatch(secret, candidates, observer)
    plays: list[PlayInsight] = []
    solved_at: int | None = None
    held: dict[int, _Held] = {}
    last_rule: dict[int, tuple[CompiledRule | None, bool | None]] = {}
    for play in log.plays:
        observer.advance(play.evidence_before)
        before = len(observer.alive)
        info = information(observer.rules(), play.history, play.hand, play.card)
        observer.advance(play.evidence_after)
        after = len(observer.alive)
        if info is not None:
            info = info.with_realised(before, after)
        if solved_at is None and watch.solved(_history_after(log, play)):
            solved_at = play.number
        current, logged = _held_at(play, held.get(play.player), analysis, judge)
        if current is not None and play.hypothesis.logged:
            held[play.player] = current
        rule = current.rule if current is not None else None
        fits = judge.fits(rule, play.evidence_before) if rule is not None else None
        stated = play.hypothesis.logged
        response = _response(play, rule, stated, last_rule.get(play.player), judge, analysis)
        plays.append(
            _play_insight(play, current, logged, analysis, fits, response, info, before, after)
        )
        last_rule[play.player] = (rule, fits)
    players = tuple(
        _player_insight(seat, [p for p in plays if p.player == seat], solved_at, log.guessed_by)
        for seat in range(log.players)
    )
    return RoundInsight(
        tuple(plays),
        players,
        len(candidates),
        solved_at,
        log.guessed_by,
        log.end_reason,
        exact_rule=secret is not None,
    )


class _SolvedWatch:
    """Whether the evidence has left only the secret rule: every candidate still alive agrees
    with it from the table as it stands. The candidate that kept the round unsolved last time is
    asked first, as it most likely still disagrees, and a disagreement is found after a few
    tables where an agreeing rule needs them all."""

    def __init__(
        self, secret: CompiledRule | None, candidates: CandidateSpace, observer: Observer
    ) -> None:
        self.secret, self.candidates, self.observer = secret, candidates, observer
        self.blocking: list[int] = []

    def solved(self, history: tuple[Attempt, ...]) -> bool:
        if self.secret is None:
            return False  # only the exact rule tells when the evidence left only it
        alive = self.observer.alive
        first = [index for index in self.blocking if index in alive]
        for index in first + [index for index in alive if index not in first]:
            if not self._agrees(index, history):
                self.blocking[:] = [index]
                return False
        return bool(alive)

    def _agrees(self, index: int, history: tuple[Attempt, ...]) -> bool:
        rule, secret = self.candidates.rule(index), self.secret
        if rule is secret:
            return True
        assert secret is not None  # `solved`
        return isinstance(rule, CompiledRule) and is_rule_from(rule, secret, history) is True


def _held_at(
    play: PlayRecord, previous: _Held | None, analysis: _Analysis, judge: Judge
) -> tuple[_Held | None, str]:
    """The hypothesis in force at `play` and how it came: stated with the play (as a
    "sentence" the app reads, or in "words"), "carried" from the player's last, or "none"."""
    if not play.hypothesis.logged:
        return previous, "carried" if previous is not None else "none"
    rule = analysis.rule(play.hypothesis)
    contradicted = rule is not None and judge.contradicted_by_cards(rule, play.evidence_before)
    kept = (
        contradicted
        and previous is not None
        and previous.rule is not None
        and rule is not None
        and analysis.equal(rule, previous.rule)
    )
    stated = _Held(play.hypothesis, rule, play.number, kept, contradicted)
    return stated, "sentence" if rule is not None else "words"


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
    current: _Held | None,
    logged: str,
    analysis: _Analysis,
    fits: bool | None,
    response: str | None,
    info: Information | None,
    before: int,
    after: int,
) -> PlayInsight:
    rule = current.rule if current is not None else None
    hypothesis = current.hypothesis if current is not None else Hypothesis()
    measured: Agreement | None = None
    source: str | None = None
    said: bool | None = None
    right: bool | None = None
    if rule is not None and analysis.secret is None:
        said = _verdict(rule, play)  # checked against the table; the rule itself is unknown
    elif rule is not None:
        measured, source = analysis.agreement(rule), "checkable"
        said = _verdict(rule, play)
        right = True if measured.as_rule else analysis.right_from(rule, play.history)
        if right and measured.share < 1.0:
            # The rule from here on: nothing left to disagree on, drawn at 100 %.
            measured = replace(measured, share=1.0, accept_side=1.0, reject_side=1.0)
    elif hypothesis.mark in MARKS:
        measured, source, right = _teacher_judgement(hypothesis.mark)
    prediction = play.prediction
    stated = play.hypothesis
    return PlayInsight(
        number=play.number,
        entry=play.entry,
        player=play.player,
        kind=play.kind,
        cards=tuple(card.code for card in play.cards),
        accepted=play.accepted,
        correction=play.correction.code if play.correction else None,
        hypothesis=(stated.text or stated.checkable) if stated.logged else None,
        logged=logged,
        held=(hypothesis.text or hypothesis.checkable) if current is not None else None,
        held_from=current.number if current is not None else None,
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
        kept_refuted=current.kept_refuted if current is not None else False,
        contradicted_when_logged=current.contradicted if current is not None else False,
        information=info,
        candidates_before=before,
        candidates_after=after,
    )


def _teacher_judgement(mark: str | None) -> tuple[Agreement | None, str | None, bool | None]:
    """What words are worth once the teacher marked them: (agreement, its source, the rule?)."""
    if mark not in MARKS:
        return None, None, None
    right = mark == "right"
    share = MARKS[mark]
    return Agreement(share, 0.0, 0.0, False, right, share, share, share, right), "teacher", right


def with_marks(insight: RoundInsight, marks: Mapping[int, str | None]) -> RoundInsight:
    """The round's insight with the teacher's marks of some hypotheses in words changed,
    without analysing the round again (`marks`: the play number where each was stated → its
    mark, None to unmark). Why it may: a mark of words changes only what the words are worth
    (their agreement, whether they are the rule) at the plays that held them, and each player's
    sums of those; the candidates, information, tests and refutations never read words. A
    "same as" reading makes words checkable: that needs `analyse_round`."""
    plays = []
    for play in insight.plays:
        stated_at = play.held_from
        if play.checkable is None and stated_at is not None and stated_at in marks:
            mark = marks[stated_at]
            agreement, source, right = _teacher_judgement(mark)
            play = replace(
                play, mark=mark, agreement=agreement, agreement_source=source, right=right
            )
        plays.append(play)
    players = []
    for player in insight.players:
        again = _player_insight(
            player.player,
            [p for p in plays if p.player == player.player],
            insight.solved_at,
            insight.guessed_by,
        )
        # Only what marks change (the rest as stored: recomputed from rounded play figures, a
        # mean could differ in its last digit).
        players.append(
            replace(
                player,
                reached_at=again.reached_at,
                lag=again.lag,
                final_agreement=again.final_agreement,
            )
        )
    return replace(insight, plays=tuple(plays), players=tuple(players))


def _response(
    play: PlayRecord,
    rule: CompiledRule | None,
    stated: bool,
    previous: tuple[CompiledRule | None, bool | None] | None,
    judge: Judge,
    analysis: _Analysis,
) -> str | None:
    """`changed` or `kept` when the table refuted the player's previous hypothesis after they
    held it (their own play's verdict included) and they state one now; None otherwise."""
    if previous is None or not stated:
        return None
    last_rule, last_fits = previous
    if last_rule is None or not last_fits or judge.fits(last_rule, play.evidence_before):
        return None
    if rule is not None:
        return "kept" if analysis.equal(rule, last_rule) else "changed"
    return "changed"


def choice_share(chosen: list[Information]) -> float | None:
    """Choice of card: of the information the best choices in hand would have given over the
    worst, the share the choices made gave; None without a choice. Why not the mean of each
    play's place between worst and best: a play whose choices differ by a hundredth of a bit
    would weigh as much as one where they differ by a bit, and its 0 or 1 is noise."""
    spread = sum(info.best - info.worst for info in chosen)
    if not chosen or spread <= 0:
        return None
    return sum(info.bits - info.worst for info in chosen) / spread


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
    chosen = [p.information for p in plays if p.information is not None and p.information.choice]
    realised = [p.realised_bits for p in plays if p.information is not None]
    agreements = [p.share for p in plays if p.share is not None]
    return PlayerInsight(
        player=seat,
        plays=len(plays),
        hypotheses=sum(1 for p in plays if p.hypothesis),
        carried=sum(1 for p in plays if p.carried),
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
        choices=len(chosen),
        mean_information=choice_share(chosen),
        mean_realised_bits=sum(realised) / len(realised) if realised else None,
        guessed=guessed_by == seat,
    )
