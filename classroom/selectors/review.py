"""Reads for the review pages: a session's stored insight turned into what the pages, the
charts and the CSV files show. Nothing here computes a measure; it reads `RoundInsight.results`
(see eleusis/engine/insight) and the names of the seats.

Names: with `hide_names` every student is "Student 1", "Student 2"... numbered in a fixed order
(by table, then seat), the same numbers the CSV export uses as pseudonyms.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom.models import GameSession, Hypothesis, Round, RoundInsight, Seat
from eleusis.engine.cards import Card

# Chart geometry, in SVG user units.
CHART_WIDTH = 640
CHART_HEIGHT = 220
MARGIN_LEFT = 44
MARGIN_RIGHT = 52
MARGIN_TOP = 12
MARGIN_BOTTOM = 34
SERIES_CLASSES = 6  # .series-0 ... .series-5 in site.css


@dataclass
class Person:
    seat: Seat | None  # None for the class as a whole
    pseudonym: str
    name: str  # the nickname, or the pseudonym when names are hidden


@dataclass
class Point:
    x: float
    y: float
    play: int
    value: str


@dataclass
class Series:
    person: Person
    css: str
    points: list[Point]

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


@dataclass
class Bar:
    x: float
    y: float
    width: float
    height: float
    play: int
    count: int


@dataclass
class Tick:
    position: float
    label: str


@dataclass
class Chart:
    """A convergence chart: each student's agreement per play of the table (lines, left axis)
    beside the ideal observer's candidate count (bars, right axis, log scale)."""

    width: int
    height: int
    series: list[Series]
    bars: list[Bar]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    count_ticks: list[Tick]
    solved_x: float | None
    plot_left: int = MARGIN_LEFT
    plot_right: int = CHART_WIDTH - MARGIN_RIGHT
    plot_top: int = MARGIN_TOP
    plot_bottom: int = CHART_HEIGHT - MARGIN_BOTTOM


@dataclass
class RoundReview:
    round: Round
    insight: RoundInsight | None
    people: dict[int, Person]  # engine player -> person
    chart: Chart | None = None
    rows: list[dict[str, Any]] = field(default_factory=list)  # per play, for the table

    @property
    def results(self) -> dict[str, Any] | None:
        if self.insight is None or self.insight.status != RoundInsight.Status.DONE:
            return None
        return self.insight.results

    @property
    def plays(self) -> list[dict[str, Any]]:
        results = self.results
        return results["plays"] if results else []


@dataclass
class StudentSummary:
    person: Person
    rounds: int = 0
    plays: int = 0
    hypotheses: int = 0  # plays with a hypothesis logged (0: never logged, the page shows —)
    found: int = 0  # rounds where their hypothesis reached the rule
    lags: list[int] = field(default_factory=list)
    predictions: int = 0
    predictions_right: int = 0
    tests: int = 0
    negative_tests: int = 0
    refutations: int = 0
    changed_after_refutation: int = 0
    kept_after_refutation: int = 0
    kept_refuted: int = 0
    information: list[float] = field(default_factory=list)
    final_agreements: list[float] = field(default_factory=list)
    guessed: int = 0

    def add(self, player: dict[str, Any]) -> None:
        self.rounds += 1
        self.plays += player["plays"]
        self.hypotheses += player.get("hypotheses", 0)
        self.found += player["reached_at"] is not None
        if player["lag"] is not None:
            self.lags.append(player["lag"])
        for name in (
            "predictions",
            "predictions_right",
            "tests",
            "negative_tests",
            "refutations",
            "changed_after_refutation",
            "kept_after_refutation",
            "kept_refuted",
        ):
            setattr(self, name, getattr(self, name) + player[name])
        if player["mean_information"] is not None:
            self.information.append(player["mean_information"])
        if player["final_agreement"] is not None:
            self.final_agreements.append(player["final_agreement"])
        self.guessed += bool(player["guessed"])

    @property
    def prediction_accuracy(self) -> float | None:
        return _ratio(self.predictions_right, self.predictions)

    @property
    def negative_share(self) -> float | None:
        return _ratio(self.negative_tests, self.tests)

    @property
    def mean_lag(self) -> float | None:
        return statistics.mean(self.lags) if self.lags else None

    @property
    def mean_information(self) -> float | None:
        return statistics.mean(self.information) if self.information else None

    @property
    def final_agreement(self) -> float | None:
        return statistics.mean(self.final_agreements) if self.final_agreements else None


@dataclass
class Prompt:
    title: str
    text: str


@dataclass
class SessionReview:
    session: GameSession
    rounds: list[RoundReview]
    students: list[StudentSummary]
    class_total: StudentSummary
    prompts: list[Prompt]
    done: int
    total: int
    failed: list[RoundReview]

    @property
    def complete(self) -> bool:
        return self.done + len(self.failed) >= self.total

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 100


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that reads digits as numbers: "Kid2" before "Kid10", "Student 9" before
    "Student 10"."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.casefold())
        for part in re.split(r"(\d+)", text)
        if part
    )


# People -----------------------------------------------------------------------------------------


def session_people(session: GameSession, *, hide_names: bool) -> dict[int, Person]:
    """Every seat of the session by id, with a stable pseudonym."""
    seats = Seat.objects.filter(table__session=session).select_related("student", "table")
    people: dict[int, Person] = {}
    number = 0
    for seat in sorted(seats, key=lambda s: (s.table.number, s.position)):
        if seat.student_id:
            number += 1
            pseudonym = _("Student %(number)s") % {"number": number}
        else:
            pseudonym = _("Bot (table %(table)s, seat %(seat)s)") % {
                "table": seat.table.number,
                "seat": seat.position + 1,
            }
        people[seat.pk] = Person(seat, pseudonym, pseudonym if hide_names else seat.name)
    return people


# The session ----------------------------------------------------------------------------------


def session_rounds(session: GameSession) -> list[Round]:
    return list(
        Round.objects.filter(table__session=session, status=Round.Status.OVER)
        .select_related("table", "insight")
        .defer("snapshot")  # the engine state: large, and the review does not read it
        .order_by("table__number", "number")
    )


def round_review(round_row: Round, people: dict[int, Person]) -> RoundReview:
    # Read with the round (`session_rounds` joins it): one query for a whole session.
    try:
        insight: RoundInsight | None = round_row.insight
    except RoundInsight.DoesNotExist:
        insight = None
    review = RoundReview(round_row, insight, {})
    results = review.results
    if results is None:
        return review
    for player, seat_id in results["seats"].items():
        if seat_id in people:
            review.people[int(player)] = people[seat_id]
    review.chart = convergence_chart(results, review.people)
    review.rows = _chart_rows(results, review.people)
    return review


def session_review(session: GameSession, *, hide_names: bool = False) -> SessionReview:
    people = session_people(session, hide_names=hide_names)
    rounds = [round_review(r, people) for r in session_rounds(session)]
    summaries: dict[int, StudentSummary] = {}
    class_total = StudentSummary(Person(None, _("The class"), _("The class")))
    for review in rounds:
        results = review.results
        if results is None:
            continue
        for player in results["players"]:
            person = review.people.get(player["player"])
            if person is None or person.seat is None or not person.seat.student_id:
                continue
            if not player["plays"]:
                continue
            summaries.setdefault(person.seat.pk, StudentSummary(person)).add(player)
            class_total.add(player)
    students = sorted(summaries.values(), key=lambda s: natural_key(s.person.name))
    done = sum(1 for r in rounds if r.results is not None)
    failed = [
        r
        for r in rounds
        if r.insight is not None and r.insight.status == RoundInsight.Status.FAILED
    ]
    return SessionReview(
        session,
        rounds,
        students,
        class_total,
        discussion_prompts(rounds, students),
        done,
        len(rounds),
        failed,
    )


# Charts -----------------------------------------------------------------------------------------


def convergence_chart(results: dict[str, Any], people: dict[int, Person]) -> Chart | None:
    plays = results["plays"]
    if not plays:
        return None
    left, right = MARGIN_LEFT, CHART_WIDTH - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, CHART_HEIGHT - MARGIN_BOTTOM
    count = len(plays)
    step = (right - left) / count

    def x_of(number: int) -> float:
        return left + step * (number - 0.5)

    def y_of(share: float) -> float:
        return bottom - share * (bottom - top)

    most = max(max(p["candidates_before"] for p in plays), 2)
    scale = math.log(most)

    def bar_height(candidates: int) -> float:
        return 0.0 if candidates <= 0 else (1 + math.log(candidates)) / (1 + scale) * (bottom - top)

    bars = [
        Bar(
            x_of(p["number"]) - step * 0.3,
            bottom - bar_height(p["candidates_after"]),
            step * 0.6,
            bar_height(p["candidates_after"]),
            p["number"],
            p["candidates_after"],
        )
        for p in plays
    ]
    series = []
    for player, person in sorted(people.items()):
        points = [
            Point(
                x_of(p["number"]),
                y_of(p["agreement"]["share"]),
                p["number"],
                f"{p['agreement']['share']:.0%}",
            )
            for p in plays
            if p["player"] == player and p["agreement"] is not None
        ]
        if points:
            series.append(Series(person, f"series-{player % SERIES_CLASSES}", points))
    every = max(1, math.ceil(count / 12))
    x_ticks = [Tick(x_of(n), str(n)) for n in range(1, count + 1) if n == 1 or n % every == 0]
    y_ticks = [Tick(y_of(v), f"{v:.0%}") for v in (0.0, 0.25, 0.5, 0.75, 1.0)]
    count_ticks = [
        Tick(bottom - bar_height(c), str(c))
        for c in sorted({1, 10, 100, 1000, most})
        if c <= most and (c == most or c * 3 <= most or c == 1)
    ]
    solved = results["solved_at"]
    return Chart(
        CHART_WIDTH,
        CHART_HEIGHT,
        series,
        bars,
        x_ticks,
        y_ticks,
        count_ticks,
        x_of(solved) if solved else None,
    )


def _chart_rows(results: dict[str, Any], people: dict[int, Person]) -> list[dict[str, Any]]:
    """The chart's numbers, one row per play, for the accessible table beside it."""
    return [
        {
            "number": p["number"],
            "person": people.get(p["player"]),
            "agreement": p["agreement"]["share"] if p["agreement"] else None,
            "candidates": p["candidates_after"],
        }
        for p in results["plays"]
    ]


# One student ------------------------------------------------------------------------------------


@dataclass
class TimelineRound:
    review: RoundReview
    plays: list[dict[str, Any]]
    player: dict[str, Any] | None
    hypotheses: dict[int, Hypothesis]  # by action id


def student_timeline(
    session: GameSession, seat: Seat, people: dict[int, Person]
) -> list[TimelineRound]:
    """Each finished round at the seat's table with this seat's plays."""
    timeline = []
    for round_row in session_rounds(session):
        if round_row.table_id != seat.table_id:
            continue
        review = round_review(round_row, people)
        results = review.results
        if results is None:
            timeline.append(TimelineRound(review, [], None, {}))
            continue
        players = [int(p) for p, s in results["seats"].items() if s == seat.pk]
        actions = results["actions"]
        plays = []
        for play in results["plays"]:
            if play["player"] in players:
                plays.append({**play, "action_id": actions[play["number"] - 1]})
        player = next((p for p in results["players"] if p["player"] in players), None)
        hypotheses = {
            h.action_id: h
            for h in Hypothesis.objects.filter(
                action_id__in=[p["action_id"] for p in plays]
            ).select_related("mark")
        }
        for play in plays:
            play["row"] = hypotheses.get(play["action_id"])
        timeline.append(TimelineRound(review, plays, player, hypotheses))
    return timeline


# Discussion prompts -----------------------------------------------------------------------------


def _named_plays(rounds: Iterable[RoundReview]) -> Iterable[tuple[RoundReview, dict[str, Any]]]:
    for review in rounds:
        for play in review.plays:
            yield review, play


def discussion_prompts(rounds: list[RoundReview], students: list[StudentSummary]) -> list[Prompt]:
    """Prompts for the next lesson from the class's own data, in Golden's spirit: wrong cards
    are data, and a test you expect to fail can teach the most."""
    prompts: list[Prompt] = []
    plays = list(_named_plays(rounds))
    fitting_but_wrong = [
        (review, play)
        for review, play in plays
        # It explained at least three plays of the table, and it was not the rule.
        if play["fits"] and play["right"] is False and play["hypothesis"] and play["number"] > 3
    ]
    if fitting_but_wrong:
        review, play = max(fitting_but_wrong, key=lambda item: item[1]["number"])
        person = review.people.get(play["player"])
        prompts.append(
            Prompt(
                _("It fitted every card, and it was still wrong"),
                _(
                    "At play %(number)s of %(table)s, %(name)s's idea “%(hypothesis)s” explained "
                    "every card on the table, yet it was not the rule. How could the class have "
                    "found out sooner? Which card would you have played to test it?"
                )
                % {
                    "number": play["number"],
                    "table": review.round.table,
                    "name": person.name if person else "?",
                    "hypothesis": play["hypothesis"],
                },
            )
        )
    # The rejected card that eliminated the most candidate rules (realised bits, see
    # docs/measures.md), the earliest among equals.
    rejected = [
        (order, review, play)
        for order, (review, play) in enumerate(plays)
        if play["kind"] == "play" and not play["accepted"] and play.get("realised_bits")
    ]
    if rejected:
        _order, review, play = max(rejected, key=lambda item: (item[2]["realised_bits"], -item[0]))
        person = review.people.get(play["player"])
        prompts.append(
            Prompt(
                _("The most informative wrong card"),
                _(
                    "%(name)s's %(card)s at play %(number)s of %(table)s was rejected, and it "
                    "told the table more than any other wrong card (%(bits)s bits): it ruled "
                    "out many rules at once. Wrong cards are data. What did it rule out?"
                )
                % {
                    "name": person.name if person else "?",
                    "card": str(Card.parse(play["cards"][0])),
                    "number": play["number"],
                    "table": review.round.table,
                    "bits": number_format(play["realised_bits"], 2),  # "0,97" in Spanish
                },
            )
        )
    testers = [s for s in students if s.negative_tests]
    if testers:
        names = ", ".join(s.person.name for s in testers)
        prompts.append(
            Prompt(
                _("Testing against your own idea"),
                ngettext(
                    "%(names)s played cards their own hypothesis said would be rejected. A test "
                    "you expect to fail can teach the most: ask what they learned from it.",
                    "%(names)s played cards their own hypotheses said would be rejected. A test "
                    "you expect to fail can teach the most: ask them what they learned from it.",
                    len(testers),
                )
                % {"names": names},
            )
        )
    keepers = [s for s in students if s.kept_refuted]
    if keepers:
        prompts.append(
            Prompt(
                _("Holding on to a refuted idea"),
                ngettext(
                    "%(count)s student kept a hypothesis after a card on the table had already "
                    "contradicted it. What makes an idea hard to give up?",
                    "%(count)s students kept a hypothesis after a card on the table had already "
                    "contradicted it. What makes an idea hard to give up?",
                    len(keepers),
                )
                % {"count": len(keepers)},
            )
        )
    return prompts
