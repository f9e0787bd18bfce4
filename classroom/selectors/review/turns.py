"""The review of a game the insight does not read (Abbott/Howell, the Russian rules): it opens
with the replay of its rounds, shows each round's scores and the totals over the rounds (the
sources score a game over several hands: docs/rules.md §2 and §4), the predictions the students
got right, and says which of the review's measures do not apply, and why.

The replay is the engine's: the round rebuilt from its stored actions up to a play, so what it
shows is what the table showed then. A step is one play of a card, a string or "no play", with
whatever judged it (a prophet's verdict, the dealer's correction) before the next play.

A student's page (`student_turns`) lists their plays round by round: the cards, right or wrong,
the hypothesis (logged, or carried from their earlier play in the round), the prediction and
whether it came true, and their score in the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from classroom.games import ids_where
from classroom.models import Action, GameSession, Round, Seat
from classroom.selectors.games import GameTotals, game_totals, seat_score
from classroom.selectors.review.data import LoggedHypothesis, Person
from classroom.selectors.rounds import engine_round, replay_round
from eleusis.engine.cards import Card
from eleusis.engine.variants.base import LayoutColumn, layout_of

# The actions that are a play (a step of the replay); the others (a verdict, becoming prophet,
# the end) belong to the play before them.
PLAY_KINDS = ("play", "play_string", "no_play")

# The review's measures (docs/measures.md) that have no value for these games, and why: the
# insight reads a round one card and one verdict at a time against the candidate rules, and here a
# string is judged as a whole (which card was wrong is never said), a prophet judges in the
# dealer's place, and a wrong card comes back into play. Predictions and logged hypotheses need
# no insight: they are counted from the plays.
NOT_APPLICABLE = (
    (
        _("Found the rule, and plays behind the evidence"),
        _("they need the play after which the evidence left only the rule, card by card"),
    ),
    (
        _("Agreement with the rule"),
        _("it is measured on tables the rule builds one card at a time"),
    ),
    (
        _("Negative tests, and keeping a refuted idea"),
        _("a string is judged as a whole: no single card's verdict refutes or confirms an idea"),
    ),
    (
        _("Information gained"),
        _("they weigh one card's verdict against the candidate rules; a string shares its verdict"),
    ),
)


@dataclass(frozen=True)
class Replay:
    layout: list[LayoutColumn]
    step: int
    steps: int
    current: dict[str, Any] | None
    shown: list[dict[str, Any]]  # the plays so far, latest first


def _card_texts(payload: dict[str, Any]) -> tuple[str, ...]:
    """The cards a play put down, in order, as printed ("Q♦"): one, a string, or none."""
    codes = payload.get("cards") or ([payload["card"]] if payload.get("card") else [])
    return tuple(str(Card.parse(code)) for code in codes)


def _cards(payload: dict[str, Any]) -> list[str]:
    texts = _card_texts(payload)
    return [" ".join(texts)] if texts else []


def _verdict(actions: list[Action]) -> tuple[bool | None, bool]:
    """What judged a play (its own events and those of the actions that followed it before the
    next play): accepted (or a right "no play"), and whether a prophet fell over it."""
    accepted = None
    fell = False
    for action in actions:
        for event in action.events:
            if accepted is None and "accepted" in event:
                accepted = bool(event["accepted"])
            elif accepted is None and "correct" in event and "hand" in event:
                accepted = bool(event["correct"])
            fell = fell or event.get("kind") == "prophet_fell"
    return accepted, fell


@dataclass(frozen=True)
class Play:
    number: int
    action: Action
    accepted: bool | None
    prophet_fell: bool

    @property
    def hypothesis(self) -> str:
        row = getattr(self.action, "hypothesis", None)
        return (row.text if row else "") or self.action.payload.get("hypothesis") or ""

    @property
    def prediction(self) -> bool | None:
        return self.action.payload.get("prediction")


def _plays(actions: list[Action]) -> tuple[list[Play], list[int]]:
    """A round's plays in order, each with its verdict, and where each starts in `actions`."""
    starts = [index for index, action in enumerate(actions) if action.kind in PLAY_KINDS]
    plays = []
    for number, start in enumerate(starts, start=1):
        end = starts[number] if number < len(starts) else len(actions)
        plays.append(Play(number, actions[start], *_verdict(actions[start:end])))
    return plays, starts


def round_replay(round_row: Round, people: dict[int, Person], step: int) -> Replay:
    """The round as it stood after `step` plays (clamped to the round), with those plays."""
    actions = list(round_row.actions.select_related("hypothesis").order_by("seq"))
    plays, starts = _plays(actions)
    step = max(0, min(step, len(plays)))
    shown = [
        {
            "number": play.number,
            "kind": "no_play" if play.action.kind == "no_play" else "play",
            "person": people.get(play.action.seat_id) if play.action.seat_id else None,
            "cards": _cards(play.action.payload),
            "accepted": play.accepted,
            "prophet_fell": play.prophet_fell,
            "hypothesis": play.hypothesis,
            "prediction": play.prediction,
        }
        for play in plays[:step]
    ]
    upto = starts[step] if step < len(starts) else len(actions)
    state: Any = replay_round(round_row, upto=upto).state  # a game with a mainline
    layout = layout_of(state.history, getattr(state, "groups", None))
    return Replay(layout, step, len(plays), shown[-1] if shown else None, shown[::-1])


@dataclass(frozen=True)
class StudentPlays:
    person: Person
    plays: int
    logged: int  # plays with a hypothesis
    predicted: int  # plays with a prediction
    predicted_right: int

    @property
    def prediction_share(self) -> float | None:
        return self.predicted_right / self.predicted if self.predicted else None


@dataclass(frozen=True)
class TurnsReview:
    rounds: list[Round]
    first: Round | None  # the round the page opens with, replayed
    tables: list[tuple[Any, GameTotals]]  # each table with its scores over the rounds
    students: list[StudentPlays]
    not_applicable: tuple[tuple[Any, Any], ...]  # (measures, why they have no value here)


def session_turns_review(session: GameSession, people: dict[int, Person]) -> TurnsReview:
    rounds = list(
        Round.objects.filter(table__session=session, status=Round.Status.OVER)
        .select_related("table")
        .defer("snapshot")
        .order_by("table__number", "number")
    )
    tables = []
    for table in session.tables.prefetch_related("seats__student").order_by("number"):
        if any(round_row.table_id == table.pk for round_row in rounds):
            seats = sorted(table.seats.all(), key=lambda seat: seat.position)
            tables.append((table, game_totals(table=table, seats=seats)))
    counts: dict[int, list[int]] = {}
    actions = Action.objects.filter(round__in=rounds).select_related("hypothesis")
    by_round: dict[int, list[Action]] = {}
    for action in actions.order_by("round_id", "seq"):
        by_round.setdefault(action.round_id, []).append(action)
    for round_actions in by_round.values():
        for play in _plays(round_actions)[0]:
            seat_id = play.action.seat_id
            if seat_id not in people or not people[seat_id].is_student:
                continue
            seat_counts = counts.setdefault(seat_id, [0, 0, 0, 0])
            seat_counts[0] += 1
            seat_counts[1] += bool(play.hypothesis)
            if play.prediction is not None and play.accepted is not None:
                seat_counts[2] += 1
                seat_counts[3] += play.prediction == play.accepted
    students = [
        StudentPlays(people[seat_id], *values)
        for seat_id, values in sorted(counts.items(), key=lambda item: people[item[0]].number)
    ]
    first = rounds[0] if rounds else None
    return TurnsReview(rounds, first, tables, students, NOT_APPLICABLE)


# The games this review reads: played in turns at a table, not read by the insight (Delphi, the
# whole class's game, has its own report).
TURNS_VARIANTS = ids_where(analysed=False, whole_class=False)


@dataclass(frozen=True)
class StudentPlay:
    """One of a student's plays as their review page shows it."""

    number: int  # the play's number in the round: the replay's step
    kind: str  # "play" (a card or a string of cards) or "no_play"
    cards: tuple[str, ...]  # every card put down, in order
    accepted: bool | None  # right or wrong (a "no play" declared rightly is right)
    prophet_fell: bool
    hypothesis: str  # logged with this play
    held: str  # the hypothesis in force: logged with it, or carried from their earlier play
    row: LoggedHypothesis | None  # the stored hypothesis, for the teacher's mark
    prediction: bool | None  # True: "it will be accepted"

    @property
    def carried(self) -> bool:
        return not self.hypothesis and bool(self.held)

    @property
    def prediction_right(self) -> bool | None:
        if self.prediction is None or self.accepted is None:
            return None
        return self.prediction == self.accepted


@dataclass(frozen=True)
class StudentRound:
    """A finished round at the student's table: their plays in order and their score in it
    (None when they did not sit in the round)."""

    round: Round
    plays: list[StudentPlay]
    score: int | None


def _logged(action: Action) -> LoggedHypothesis | None:
    row = getattr(action, "hypothesis", None)
    if row is None:
        return None
    mark = getattr(row, "mark", None)
    return LoggedHypothesis(
        row.pk,
        action.pk,
        action.round_id,
        row.seat_id,
        row.text,
        row.checkable,
        row.frame_id,
        row.frame_choices or {},
        mark.mark if mark else None,
        mark.reads_as if mark else "",
    )


def student_turns(session: GameSession, seat: Seat) -> list[StudentRound]:
    """Each finished round of a game played in turns at the seat's table, with the seat's plays
    (each with its verdict, hypothesis and prediction) and its score: two queries whatever the
    length of the session (the rounds, then their actions with the hypotheses and marks)."""
    rounds = list(
        Round.objects.filter(
            table_id=seat.table_id,
            table__session=session,
            status=Round.Status.OVER,
            variant__in=TURNS_VARIANTS,
        ).order_by("number")
    )
    if not rounds:
        return []
    by_round: dict[int, list[Action]] = {round_row.pk: [] for round_row in rounds}
    actions = Action.objects.filter(round__in=rounds).select_related("hypothesis__mark")
    for action in actions.order_by("round_id", "seq"):
        by_round[action.round_id].append(action)
    timeline = []
    for round_row in rounds:
        plays = []
        held = ""
        for play in _plays(by_round[round_row.pk])[0]:
            if play.action.seat_id != seat.pk:
                continue
            stated = play.hypothesis
            held = stated or held
            plays.append(
                StudentPlay(
                    number=play.number,
                    kind="no_play" if play.action.kind == "no_play" else "play",
                    cards=_card_texts(play.action.payload),
                    accepted=play.accepted,
                    prophet_fell=play.prophet_fell,
                    hypothesis=stated,
                    held=held,
                    row=_logged(play.action),
                    prediction=play.prediction,
                )
            )
        scores = engine_round(round_row).scores()
        score = seat_score(round_row, seat.position, scores.dealer, scores.players)
        timeline.append(StudentRound(round_row, plays, score))
    return timeline
