"""The review's charts as SVG geometry: a round's convergence chart (each student's agreement
per play beside the ideal observer's candidates left), computed here and drawn by
templates/classroom/review/_chart.html. Only numbers: no Django, no query."""

from __future__ import annotations

import math
from dataclasses import dataclass

from classroom.selectors.review.data import Person, RoundReview
from eleusis.engine.insight import RoundInsight as RoundMeasures

# Chart geometry, in SVG user units.
CHART_WIDTH = 640
CHART_HEIGHT = 220
MARGIN_LEFT = 44
MARGIN_RIGHT = 52
MARGIN_TOP = 12
MARGIN_BOTTOM = 34
SERIES_CLASSES = 6  # .series-0 ... .series-5 in site.css


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


@dataclass(frozen=True)
class ChartRow:
    """One play in the chart's accessible table."""

    number: int
    person: Person | None
    agreement: float | None
    candidates: int


def convergence_chart(measures: RoundMeasures, people: dict[int, Person]) -> Chart | None:
    plays = measures.plays
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

    most = max(max(p.candidates_before for p in plays), 2)
    scale = math.log(most)

    def bar_height(candidates: int) -> float:
        return 0.0 if candidates <= 0 else (1 + math.log(candidates)) / (1 + scale) * (bottom - top)

    bars = [
        Bar(
            x_of(p.number) - step * 0.3,
            bottom - bar_height(p.candidates_after),
            step * 0.6,
            bar_height(p.candidates_after),
            p.number,
            p.candidates_after,
        )
        for p in plays
    ]
    series = []
    for player, person in sorted(people.items()):
        points = [
            Point(x_of(p.number), y_of(p.agreement.share), p.number, f"{p.agreement.share:.0%}")
            for p in plays
            if p.player == player and p.agreement is not None
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
    solved = measures.solved_at
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


def _chart_rows(measures: RoundMeasures, people: dict[int, Person]) -> list[ChartRow]:
    """The chart's numbers, one row per play, for the accessible table beside it."""
    return [
        ChartRow(p.number, people.get(p.player), p.share, p.candidates_after)
        for p in measures.plays
    ]


def chart_round(review: RoundReview) -> RoundReview:
    """Fill a round's chart and the rows of its accessible table, once."""
    measures = review.measures
    if measures is not None and review.chart is None:
        review.chart = convergence_chart(measures, review.people)
        review.rows = _chart_rows(measures, review.people)
    return review
