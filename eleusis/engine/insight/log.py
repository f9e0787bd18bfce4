"""A round's log as the review reads it: every play with the hand it came from and the table it
was played on, the evidence the table gave, and the wrong guesses.

`round_log(round_)` replays a finished (or running) round of Eleusis Express action by action,
so that each play knows the player's hand at that moment, which the final state has forgotten.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Literal

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.inference import Observation
from eleusis.engine.variants.actions import Guess, NoPlay, Play, Verdict
from eleusis.engine.variants.base import GuessJudge, IllegalActionError
from eleusis.engine.variants.express import ExpressRound, TableEntry
from eleusis.engine.variants.express.state import ExpressState, GuessRecord


@dataclass(frozen=True)
class Hypothesis:
    """What a player logged: their words, the checkable form (rule text, a library id or a
    frame sentence) when there is one, and the teacher's mark on free text
    (`right`, `partly`, `wrong`)."""

    text: str | None = None
    checkable: str | None = None
    mark: str | None = None

    @property
    def logged(self) -> bool:
        return bool(self.text or self.checkable)


@dataclass(frozen=True)
class PlayRecord:
    """One play or "no play" of a player, with what they knew and held at that moment.

    `number` counts the table's plays and "no play"s from 1; `entry` is the table entry index.
    `cards` is the card played, or the hand shown for a "no play"; `accepted` whether the card
    was right / the declaration was right. `evidence_before` counts the evidence items the table
    had given before this play (see `Evidence`), `evidence_after` after it (a wrong "no play"
    also brings its correction)."""

    number: int
    entry: int
    player: int
    kind: Literal["play", "no_play"]
    cards: tuple[Card, ...]
    accepted: bool
    hand: tuple[Card, ...]
    history: tuple[Attempt, ...]
    hypothesis: Hypothesis
    prediction: bool | None
    evidence_before: int
    evidence_after: int
    correction: Card | None = None

    @property
    def card(self) -> Card | None:
        return self.cards[0] if self.kind == "play" else None


@dataclass(frozen=True)
class Evidence:
    """One thing the table showed about the rule.

    - `start`: the starter was legal and the cards turned before it (`cards`) were not;
    - `card`: `cards[0]` played after `history` was `accepted` (plays and corrections);
    - `no_play`: a hand `cards` shown after `history`; `accepted` = no card of it was legal;
    - `guess`: a guess `text` was judged wrong."""

    kind: Literal["start", "card", "no_play", "guess"]
    history: tuple[Attempt, ...] = ()
    cards: tuple[Card, ...] = ()
    accepted: bool = True
    text: str = ""
    starter: Card | None = None

    @cached_property
    def observation(self) -> Observation | None:
        """The table's observation for the inference core (None for a guess)."""
        if self.kind == "guess":
            return None
        return Observation(self.kind, self.history, self.cards, self.accepted, self.starter)


@dataclass(frozen=True)
class RoundLog:
    players: int
    plays: tuple[PlayRecord, ...]
    evidence: tuple[Evidence, ...]
    history: tuple[Attempt, ...]
    guessed_by: int | None
    end_reason: str | None
    guesses: tuple[GuessRecord, ...] = ()  # every judged guess, in order

    def with_hypotheses(self, hypotheses: dict[int, Hypothesis]) -> RoundLog:
        """The same log with the hypotheses of some plays (by table entry) replaced, as the
        classroom stores them (words, checkable form and the teacher's mark)."""
        plays = tuple(
            replace(play, hypothesis=hypotheses[play.entry]) if play.entry in hypotheses else play
            for play in self.plays
        )
        return replace(self, plays=plays)


def round_log(round_: ExpressRound) -> RoundLog:
    """Replay `round_` from its seed and actions and collect its plays and evidence.

    The replay's guesses take the judgements they had (`_recorded_judge`). Why: judging a guess
    again is an equivalence proof (enumeration or the SMT solver), two thirds of a replay's
    cost, and the round already holds the answer. Should the replay not end as the round did,
    it is made again with the round's own judge."""
    try:
        log = _round_log(round_, _recorded_judge(round_))
    except IllegalActionError:
        log = None
    state = round_.state
    if log is None or (log.guesses, log.end_reason, len(log.history)) != (
        tuple(state.guesses),
        state.end_reason,
        len(state.history),
    ):
        log = _round_log(round_, round_.judge_guess)
    return log


def _recorded_judge(round_: ExpressRound) -> GuessJudge:
    """A guess judge that answers each guess of `round_`, in order, as it was answered: the
    recorded judgement, or None (a person judged) when a `Verdict` followed it."""
    answers: list[bool | None] = []
    records = iter(round_.state.guesses)
    actions = round_.actions
    for index, action in enumerate(actions):
        if not isinstance(action, Guess):
            continue
        record = next(records, None)
        if not action.checkable or action.redacted:
            continue  # the judge is not asked
        awaited = index + 1 < len(actions) and isinstance(actions[index + 1], Verdict)
        answers.append(None if awaited or record is None else record.correct)
    queue = iter(answers)

    def judge(_secret: object, _text: str) -> bool | None:
        return next(queue, None)

    return judge


# A play awaiting its entry on the table, by player: the table's length, the hand and the
# history before it, and the evidence gathered so far.
Pending = dict[int, tuple[int, tuple[Card, ...], tuple[Attempt, ...], int]]


def _round_log(round_: ExpressRound, judge_guess: GuessJudge) -> RoundLog:
    fresh = type(round_)(
        round_.config, round_.seed, round_.rule, round_.players, judge_guess=judge_guess
    )
    state = fresh.state
    evidence: list[Evidence] = []
    if round_.config.starter == "until_legal" and state.history:
        evidence.append(
            Evidence("start", cards=tuple(state.starter_rejected), starter=state.history[0].card)
        )
    plays: list[PlayRecord] = []
    pending: Pending = {}
    for action in round_.actions:
        entries_before = len(state.table)
        guesses_before = len(state.guesses)
        if isinstance(action, Play | NoPlay):
            pending[action.player] = (
                entries_before,
                tuple(state.hands[action.player]),
                tuple(state.history),
                len(evidence),
            )
        fresh.apply(action)
        for guess in state.guesses[guesses_before:]:
            if not guess.correct:
                evidence.append(Evidence("guess", text=guess.text, accepted=False))
        for index in range(entries_before, len(state.table)):
            _add_entry(state, index, evidence, plays, pending)
    return RoundLog(
        players=round_.players,
        plays=tuple(plays),
        evidence=tuple(evidence),
        history=tuple(state.history),
        guessed_by=state.guessed_by,
        end_reason=state.end_reason,
        guesses=tuple(state.guesses),
    )


def _add_entry(
    state: ExpressState,
    index: int,
    evidence: list[Evidence],
    plays: list[PlayRecord],
    pending: Pending,
) -> None:
    """The table's entry `index` as evidence and, for a play or a "no play", as the play of its
    player (`pending` holds what they had before it); a correction amends the play before."""
    entry = state.table[index]
    prefix = tuple(_history_before(state.table, index))
    if entry.kind == "play":
        evidence.append(Evidence("card", prefix, (entry.cards[0],), entry.accepted))
    elif entry.kind == "correction":
        evidence.append(Evidence("card", prefix, (entry.cards[0],), True))
        plays[-1] = replace(plays[-1], correction=entry.cards[0], evidence_after=len(evidence))
        return
    elif entry.kind == "no_play":
        evidence.append(Evidence("no_play", prefix, tuple(entry.cards), entry.accepted))
    else:
        return
    assert entry.player is not None
    start, hand, history, before = pending.pop(entry.player)
    assert start <= index
    plays.append(
        PlayRecord(
            number=len(plays) + 1,
            entry=index,
            player=entry.player,
            kind="play" if entry.kind == "play" else "no_play",
            cards=tuple(entry.cards),
            accepted=entry.accepted,
            hand=hand,
            history=history,
            hypothesis=Hypothesis(entry.hypothesis, entry.hypothesis),
            prediction=entry.prediction,
            evidence_before=before,
            evidence_after=len(evidence),
        )
    )


def _history_before(table: Sequence[TableEntry], index: int) -> list[Attempt]:
    """The attempts on the table before entry `index` (a "no play" adds none)."""
    return [
        Attempt(entry.cards[0], entry.accepted)
        for entry in table[:index]
        if entry.kind in ("starter", "play", "correction")
    ]
