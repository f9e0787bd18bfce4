"""The review's data: a session's people, its finished rounds with their stored insight, and the
hypotheses its students logged, each read in a bounded number of queries whatever the class
size (the session's seats: one; its rounds with their insight: one; its hypotheses: one).

Nothing here computes a measure; it reads `RoundInsight.results` (see eleusis/engine/insight and
docs/measures.md) and the names of the seats.

Names: with `hide_names` every student is "Student 1", "Student 2"... numbered in a fixed order
(by table, then seat), the same numbers the CSV export uses as pseudonyms.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from classroom.games import analysed_ids
from classroom.models import GameSession, Hypothesis, Round, RoundInsight, Seat
from classroom.secret_rules import secret_rule
from classroom.selectors.rounds import replay_round
from eleusis.engine.history import Attempt
from eleusis.engine.insight import PlayInsight, RoundLog, round_log
from eleusis.engine.insight import RoundInsight as RoundMeasures
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import ExpressRound
from eleusis.engine.variants import Round as EngineRound

# Games whose rounds the insight analyses (the others have their own report, e.g. Delphi).
ANALYSED_VARIANTS = analysed_ids()


@dataclass
class Person:
    seat: Seat | None  # None for the class as a whole
    pseudonym: str
    name: str  # the nickname, or the pseudonym when names are hidden
    number: int = 0  # the pseudonym's number: the stable order of the students

    @property
    def is_student(self) -> bool:
        return self.seat is not None and bool(self.seat.student_id)

    @property
    def seat_pk(self) -> int:
        """The seat's id, for a person at a seat (never the class as a whole)."""
        assert self.seat is not None
        return self.seat.pk


@dataclass(frozen=True)
class PlayOnPage:
    """A play as a review page shows it: the engine's measures of it (`measured`, whose fields
    a template reads through this object), who made it, and what the page adds: the hypothesis
    row logged with it, the class idea it belongs to, its anchor."""

    measured: PlayInsight
    person: Person | None = None
    action_id: int | None = None
    row: LoggedHypothesis | None = None
    idea: Any = None
    anchor: str = ""
    relation: str = ""  # the idea's relation to the rule at this play (ideas.Ideas.relation_at)
    relation_label: str = ""

    def __getattr__(self, name: str) -> Any:
        if name == "measured":  # not set yet (a copy being made): no recursion
            raise AttributeError(name)
        return getattr(self.measured, name)


@dataclass
class RoundReview:
    round: Round
    insight: RoundInsight | None
    people: dict[int, Person]  # engine player -> person
    chart: Any = None  # charts.Chart, built on demand
    rows: list[Any] = field(default_factory=list)  # charts.ChartRow per play, for its table

    @property
    def not_buildable(self) -> bool:
        """The round's rule is a library rule the sentence builder cannot state (the review
        warns: students could log it only in words)."""
        text = self.round.rule_text.strip()
        return bool(text) and any(
            entry.text == text and not entry.buildable for entry in LIBRARY.values()
        )

    @property
    def results(self) -> dict[str, Any] | None:
        """The stored results: current, or, while they are computed again (after a mark),
        the previous ones, so the page keeps its numbers until the new ones replace them."""
        if self.insight is None or self.insight.status == RoundInsight.Status.FAILED:
            return None
        return self.insight.results

    @cached_property
    def measures(self) -> RoundMeasures | None:
        """The stored results read back as the engine's typed measures (None: none yet)."""
        results = self.results
        return RoundMeasures.from_dict(results) if results else None

    @property
    def current(self) -> bool:
        return self.insight is not None and self.insight.status == RoundInsight.Status.DONE

    @property
    def plays(self) -> list[PlayInsight]:
        measures = self.measures
        return list(measures.plays) if measures else []

    @property
    def solved_at(self) -> int | None:
        results = self.results
        return results.get("solved_at") if results else None

    @property
    def failed(self) -> bool:
        return self.insight is not None and self.insight.status == RoundInsight.Status.FAILED

    @cached_property
    def action_of_play(self) -> dict[int, int]:
        """The stored action's id of each play number."""
        results = self.results
        if not results:
            return {}
        return {number: action for number, action in enumerate(results["actions"], start=1)}


def session_people(session: GameSession, *, hide_names: bool) -> dict[int, Person]:
    """Every seat of the session by id, with a stable pseudonym."""
    seats = Seat.objects.filter(table__session=session).select_related("student", "table")
    people: dict[int, Person] = {}
    number = 0
    for seat in sorted(seats, key=lambda s: (s.table.number, s.position)):
        if seat.student_id:
            number += 1
            pseudonym = _("Student %(number)s") % {"number": number}
            name = pseudonym if hide_names else seat.name
            people[seat.pk] = Person(seat, pseudonym, name, number)
        else:
            pseudonym = _("Bot (table %(table)s, seat %(seat)s)") % {
                "table": seat.table.number,
                "seat": seat.position + 1,
            }
            people[seat.pk] = Person(seat, pseudonym, pseudonym if hide_names else seat.name, 0)
    return people


def session_rounds(session: GameSession, *, variants: tuple[str, ...] | None = None) -> list[Round]:
    """The session's finished rounds with their insight row, in one query (without the engine's
    snapshot: see `round_tables`)."""
    rounds = (
        Round.objects.filter(table__session=session, status=Round.Status.OVER)
        .select_related("table", "insight")
        .defer("snapshot")  # the engine state: large; `round_tables` reads it when needed
        .order_by("table__number", "number")
    )
    if variants is not None:
        rounds = rounds.filter(variant__in=variants)
    return list(rounds)


def _insight_of(round_row: Round) -> RoundInsight | None:
    try:
        return round_row.insight
    except RoundInsight.DoesNotExist:
        return None


def round_review(round_row: Round, people: dict[int, Person]) -> RoundReview:
    """A finished round with its insight and the person behind each engine player (the round's
    `insight` is read through the relation, so a round loaded by `session_rounds` costs no
    query)."""
    review = RoundReview(round_row, _insight_of(round_row), {})
    results = review.results
    if results is not None:
        for player, seat_id in results["seats"].items():
            if seat_id in people:
                review.people[int(player)] = people[seat_id]
    return review


@dataclass(frozen=True)
class LoggedHypothesis:
    """A hypothesis row as the review reads it (one query for the whole session)."""

    pk: int
    action_id: int
    round_id: int
    seat_id: int
    text: str
    checkable: str
    frame_id: str
    frame_choices: dict[str, str]
    mark: str | None
    reads_as: str


def session_hypotheses(session: GameSession) -> dict[int, LoggedHypothesis]:
    """Every hypothesis logged in the session's finished rounds, by action id."""
    rows = Hypothesis.objects.filter(
        action__round__table__session=session, action__round__status=Round.Status.OVER
    ).values_list(
        "pk",
        "action_id",
        "action__round_id",
        "seat_id",
        "text",
        "checkable",
        "frame_id",
        "frame_choices",
        "mark__mark",
        "mark__reads_as",
    )
    return {
        row[1]: LoggedHypothesis(
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            row[6],
            row[7] or {},
            row[8],
            row[9] or "",
        )
        for row in rows
    }


def round_engines(rounds: list[Round]) -> Iterator[tuple[Round, Any]]:
    """Each round with its engine, from the stored snapshots read in one query (the snapshot is
    current for a finished round; a round whose snapshot is not is replayed from its
    actions)."""
    snapshots = dict(
        Round.objects.filter(pk__in=[r.pk for r in rounds]).values_list("pk", "snapshot")
    )
    for round_row in rounds:
        snapshot = snapshots.get(round_row.pk)
        if snapshot and len(snapshot.get("actions", [])) == round_row.version:
            yield round_row, EngineRound.from_json(snapshot, secret_rule(round_row.rule_text))
        else:
            yield round_row, replay_round(round_row)


def round_tables(rounds: list[Round]) -> dict[int, list[tuple[int, Attempt]]]:
    """Each round's table as (entry index, attempt): the cards in the order they were placed."""
    return {
        round_row.pk: [
            (index, Attempt(entry.cards[0], entry.accepted))
            for index, entry in enumerate(getattr(engine.state, "table", []))
            if entry.kind in ("starter", "play", "correction")
        ]
        for round_row, engine in round_engines(rounds)
    }


def round_logs(rounds: list[Round]) -> dict[int, RoundLog]:
    """Each analysed round's log as the insight reads it (every card, "no play", the start and
    every wrong guess, `eleusis.engine.insight.log`), replayed by the engine."""
    return {
        round_row.pk: round_log(engine)
        for round_row, engine in round_engines(rounds)
        if isinstance(engine, ExpressRound)
    }
