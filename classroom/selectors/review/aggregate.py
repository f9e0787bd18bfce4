"""The session's review: each student's totals over their rounds, the class's, the students ×
plays grid and the order a teacher sorts it in. Reads what `data` loaded; no query of its own.

Why one long module: the per-student totals, the class's totals and the grid are one pass over
the same insight records, sorted by the same measure keys.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from classroom.models import GameSession
from classroom.selectors.review.data import (
    ANALYSED_VARIANTS,
    LoggedHypothesis,
    Person,
    RoundReview,
    round_review,
    session_hypotheses,
    session_people,
    session_rounds,
)
from classroom.selectors.review.free_text import FreeTextGroup, free_text_groups
from classroom.selectors.review.guesses import GuessRow, session_guesses
from classroom.selectors.review.ideas import (
    BROAD,
    NARROW,
    OVERLAP,
    RULE,
    UNDECIDED,
    Ideas,
    class_ideas,
    explained,
    suggested_idea,
)
from eleusis.engine.insight import PlayerInsight, PlayInsight, catalog
from eleusis.engine.insight.measures import MIN_TESTS

SUMMED = (
    "predictions",
    "predictions_right",
    "tests",
    "negative_tests",
    "refutations",
    "changed_after_refutation",
    "kept_after_refutation",
    "kept_refuted",
)


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


# A grid cell: what the student held at a play, and what the play showed -----------------------

WORDS, MARKED_WRONG, NONE = "words", "wrong", "none"
CELL_LETTERS = {
    RULE: "R",
    NARROW: "N",
    BROAD: "B",
    OVERLAP: "O",
    UNDECIDED: "?",
    MARKED_WRONG: "W",
    WORDS: "T",
    NONE: "–",
}
MARK_STATES = {"right": RULE, "partly": OVERLAP, "wrong": MARKED_WRONG}


def state_labels() -> dict[str, str]:
    return {
        RULE: _("the rule (or marked right)"),
        NARROW: _("too narrow"),
        BROAD: _("too broad"),
        OVERLAP: _("overlapping (or marked partly right)"),
        UNDECIDED: _("the app cannot tell whether it is the rule"),
        MARKED_WRONG: _("words marked wrong"),
        WORDS: _("words, not marked yet"),
        NONE: _("no hypothesis"),
    }


def legend() -> list[tuple[str, str, str]]:
    """(state, letter, meaning) of every cell state, for the grid's legend."""
    return [(state, CELL_LETTERS[state], label) for state, label in state_labels().items()]


@dataclass
class Cell:
    review: RoundReview
    number: int  # the table's play number
    state: str
    hypothesis: str | None
    negative_test: bool
    wrong_prediction: bool
    guess: bool
    carried: bool
    first_of_round: bool

    @property
    def letter(self) -> str:
        letter = CELL_LETTERS[self.state]
        return letter.lower() if self.carried else letter

    @property
    def anchor(self) -> str:
        return f"r{self.review.round.pk}-p{self.number}"

    @property
    def description(self) -> str:
        parts = [
            _("%(table)s, round %(round)s, play %(play)s")
            % {
                "table": self.review.round.table,
                "round": self.review.round.number,
                "play": self.number,
            },
            state_labels()[self.state],
        ]
        if self.carried:
            parts.append(_("carried from an earlier play"))
        if self.negative_test:
            parts.append(_("negative test"))
        if self.wrong_prediction:
            parts.append(_("wrong prediction"))
        if self.guess:
            parts.append(_("guessed the rule"))
        return "; ".join(parts)


@dataclass
class StudentSummary:
    person: Person
    rounds: int = 0
    plays: int = 0
    found: int = 0  # rounds where their hypothesis reached the rule
    found_rounds: int = 0  # rounds whose rule could tell (not a rule in words only)
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
    hypotheses: int = 0
    bits: float = 0.0  # realised bits, summed over plays
    bits_plays: int = 0
    cells: list[Cell] = field(default_factory=list)
    values: list[tuple[str, str]] = field(default_factory=list)  # (sort key, printed measure)

    def add(self, player: PlayerInsight, *, exact_rule: bool = True) -> None:
        """Count one round's totals of the student (as the engine measured them). A round whose
        rule was in words only (`exact_rule` False) does not count for "found"."""
        self.rounds += 1
        self.plays += player.plays
        if exact_rule:
            self.found_rounds += 1
            self.found += player.found
        self.hypotheses += player.hypotheses
        if player.mean_realised_bits is not None:
            self.bits += player.mean_realised_bits * player.plays
            self.bits_plays += player.plays
        if player.plays_behind is not None:
            self.lags.append(int(player.plays_behind))
        for name in SUMMED:
            setattr(self, name, getattr(self, name) + getattr(player, name))
        if player.mean_information is not None:
            self.information.append(player.mean_information)
        if player.final_agreement is not None:
            self.final_agreements.append(player.final_agreement)
        self.guessed += player.guessed

    @property
    def prediction_accuracy(self) -> float | None:
        return _ratio(self.predictions_right, self.predictions)

    @property
    def negative_share(self) -> float | None:
        """None below `MIN_TESTS` tests (docs/measures.md)."""
        return _ratio(self.negative_tests, self.tests) if self.tests >= MIN_TESTS else None

    @property
    def mean_lag(self) -> float | None:
        return statistics.mean(self.lags) if self.lags else None

    @property
    def mean_information(self) -> float | None:
        return statistics.mean(self.information) if self.information else None

    @property
    def final_agreement(self) -> float | None:
        return statistics.mean(self.final_agreements) if self.final_agreements else None

    @property
    def mean_realised_bits(self) -> float | None:
        return self.bits / self.bits_plays if self.bits_plays else None

    @property
    def logged_share(self) -> float | None:
        return _ratio(self.hypotheses, self.plays)

    @property
    def found_share(self) -> float | None:
        return _ratio(self.found, self.found_rounds)


# Sorting: every measure the teacher's pages show, by name (the `?sort=` of the page) --------


@dataclass(frozen=True)
class SortKey:
    name: str
    label: Any
    value: Callable[[StudentSummary], Any]
    descending: bool  # the natural order: best first
    measure: str | None = None  # the insight's measure id (docs/measures.md), if one
    shows: str = "number"  # how a value is printed: number, percent, share, decimal

    def display(self, student: StudentSummary) -> str:
        if self.name == "found":  # no idea logged and no guess: no "found" (docs/measures.md)
            if not (student.hypotheses or student.guessed) or not student.found_rounds:
                return "—"
            return f"{student.found} / {student.found_rounds}"
        value = self.value(student)
        if value is None:
            return "—"
        if self.shows == "percent":
            return f"{value:.0%}"
        if self.shows == "decimal":
            return number_format(value, 2)  # "0,97" in Spanish, "0.97" in English
        return str(value)


_SORT_KEYS = (
    SortKey("name", gettext_lazy("Student"), lambda s: natural_key(s.person.name), False),
    SortKey("plays", gettext_lazy("Plays"), lambda s: s.plays, True),
    SortKey(
        "found",
        gettext_lazy("Found the rule (rounds)"),
        lambda s: s.found_share if s.hypotheses or s.guessed else None,
        True,
        "found",
    ),
    SortKey(
        "agreement",
        gettext_lazy("Agreement with the rule"),
        lambda s: s.final_agreement,
        True,
        "final_agreement",
        shows="percent",
    ),
    SortKey(
        "predictions",
        gettext_lazy("Predictions right"),
        lambda s: s.prediction_accuracy,
        True,
        "prediction_accuracy",
        shows="percent",
    ),
    SortKey(
        "negative",
        gettext_lazy("Negative tests"),
        lambda s: s.negative_share,
        True,
        "negative_share",
        shows="percent",
    ),
    SortKey(
        "kept",
        gettext_lazy("Kept a refuted idea (plays)"),
        lambda s: s.kept_refuted if s.hypotheses else None,
        False,
        "kept_refuted",
    ),
    SortKey(
        "choice",
        gettext_lazy("Choice of card (0–1)"),
        lambda s: s.mean_information,
        True,
        "choice_information",
        shows="decimal",
    ),
    SortKey(
        "bits",
        gettext_lazy("Information gained (bits per play)"),
        lambda s: s.mean_realised_bits,
        True,
        "realised_bits",
        shows="decimal",
    ),
    SortKey(
        "logged",
        gettext_lazy("Hypotheses logged"),
        lambda s: s.logged_share,
        True,
        "logged_share",
        shows="percent",
    ),
    SortKey(
        "lag",
        gettext_lazy("Plays behind the evidence"),
        lambda s: round(s.mean_lag, 1) if s.mean_lag is not None else None,
        False,
        "lag",
    ),
)


def _free_text(
    hypotheses: dict[int, LoggedHypothesis], rounds: list[RoundReview], ideas: Ideas
) -> list[FreeTextGroup]:
    """The groups of words, each one rule's, that rule said in words, and the class's idea the
    words say when the app knows their phrasing."""
    rules = {review.round.pk: review.round.rule_text for review in rounds}
    groups = free_text_groups(hypotheses, rules)
    for group in groups:
        group.rule = explained(group.rule_text) if group.rule_text else ""
        group.suggested = suggested_idea(group.text, group.rule_text, ideas)
    return groups


def _shown(key: SortKey) -> bool:
    if key.measure is None:
        return True
    try:
        return catalog.shown(key.measure)
    except KeyError:
        return False


SORT_KEYS = {key.name: key for key in _SORT_KEYS if _shown(key)}
DEFAULT_SORT = "name"


def sort_students(
    students: list[StudentSummary], sort: str, descending: bool | None = None
) -> tuple[list[StudentSummary], str, bool]:
    """The students in the order of a measure; students without a value last, ties by name.
    Unknown names sort by name. Returns the list, the key used and its direction."""
    key = SORT_KEYS.get(sort) or SORT_KEYS[DEFAULT_SORT]
    down = key.descending if descending is None else descending
    known = [s for s in students if key.value(s) is not None]
    unknown = [s for s in students if key.value(s) is None]
    known.sort(key=lambda s: natural_key(s.person.name))
    known.sort(key=key.value, reverse=down)
    unknown.sort(key=lambda s: natural_key(s.person.name))
    return known + unknown, key.name, down


# The session ---------------------------------------------------------------------------------


@dataclass
class SessionReview:
    session: GameSession
    rounds: list[RoundReview]
    students: list[StudentSummary]
    class_total: StudentSummary
    ideas: Ideas
    free_text: list[FreeTextGroup]
    hypotheses: dict[int, LoggedHypothesis]
    done: int
    total: int
    failed: list[RoundReview]
    prompts: list[Any] = field(default_factory=list)
    # The class headline counts rounds, as its label says: rounds whose rule could tell
    # (checkable, with a student playing) and those where a student found the rule.
    rounds_found: int = 0
    rounds_checkable: int = 0
    guesses: list[GuessRow] = field(default_factory=list)  # every guess at the rule

    @property
    def complete(self) -> bool:
        return self.done + len(self.failed) >= self.total

    @property
    def several_rules(self) -> bool:
        """Whether the session's rounds had more than one rule: then each idea and group of
        words says the rule it was held under."""
        return len({review.round.rule_text for review in self.rounds}) > 1

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 100

    @property
    def most_plays(self) -> int:
        return max((len(s.cells) for s in self.students), default=0)

    @property
    def rule_texts(self) -> list[str]:
        return sorted({r.round.rule_text for r in self.rounds if r.round.rule_text})

    @property
    def rule_words(self) -> list[str]:
        """The rules of the rounds dealt in words only (a student dealer who judged by hand)."""
        return sorted({r.round.rule_words for r in self.rounds if not r.round.rule_text})


def _cell_state(
    play: PlayInsight, review: RoundReview, ideas: Ideas, logged: LoggedHypothesis | None
) -> str:
    relation = ideas.relation_at(review, play)
    if relation is not None:
        return relation
    if play.logged == "none":
        return NONE
    mark = play.mark or (logged.mark if logged else None)
    if mark in MARK_STATES:
        return MARK_STATES[mark]
    if play.held or play.hypothesis or (logged is not None and logged.text):
        return WORDS
    return NONE


def _students_of(review: RoundReview) -> dict[int, PlayerInsight]:
    """The round's players who are students and played, by player number."""
    assert review.measures is not None
    return {
        player.player: player
        for player in review.measures.players
        if player.plays
        and (person := review.people.get(player.player)) is not None
        and person.is_student
    }


def _add_cells(
    review: RoundReview,
    summaries: dict[int, StudentSummary],
    ideas: Ideas,
    hypotheses: dict[int, LoggedHypothesis],
) -> None:
    """A cell of the grid for each play of a student of `summaries` in the round, the last one
    of each player marked when they guessed the rule."""
    assert review.measures is not None
    players = {p.player: p for p in review.measures.players}
    last_play: dict[int, Cell] = {}
    for play in review.measures.plays:
        person = review.people.get(play.player)
        if person is None or person.seat is None or person.seat.pk not in summaries:
            continue
        action = review.action_of_play.get(play.number)
        logged = hypotheses.get(action) if action is not None else None
        cell = Cell(
            review,
            play.number,
            _cell_state(play, review, ideas, logged),
            play.held or play.hypothesis,
            play.test == "negative",
            play.prediction_right is False,
            False,
            play.carried,
            play.player not in last_play,
        )
        summaries[person.seat_pk].cells.append(cell)
        last_play[play.player] = cell
    for number, cell in last_play.items():
        insight = players.get(number)
        if insight is not None and insight.guessed:
            cell.guess = True


def session_review(
    session: GameSession, *, hide_names: bool = False, refutations: bool = True
) -> SessionReview:
    people = session_people(session, hide_names=hide_names)
    rounds = [round_review(r, people) for r in session_rounds(session, variants=ANALYSED_VARIANTS)]
    hypotheses = session_hypotheses(session)
    ideas = class_ideas(rounds, hypotheses, refutations=refutations)
    summaries: dict[int, StudentSummary] = {}
    class_total = StudentSummary(Person(None, _("The class"), _("The class")))
    rounds_found = rounds_checkable = 0
    for review in rounds:
        measures = review.measures
        if measures is None:
            continue
        students = _students_of(review)
        if measures.exact_rule and students:
            rounds_checkable += 1
            rounds_found += any(player.found for player in students.values())
        for number, player in students.items():
            person = review.people[number]
            summary = summaries.setdefault(person.seat_pk, StudentSummary(person))
            summary.add(player, exact_rule=measures.exact_rule)
            class_total.add(player, exact_rule=measures.exact_rule)
        _add_cells(review, summaries, ideas, hypotheses)
    done = sum(1 for r in rounds if r.current)
    session_review = SessionReview(
        session,
        rounds,
        sorted(summaries.values(), key=lambda s: natural_key(s.person.name)),
        class_total,
        ideas,
        _free_text(hypotheses, rounds, ideas),
        hypotheses,
        done,
        len(rounds),
        [r for r in rounds if r.failed],
        rounds_found=rounds_found,
        rounds_checkable=rounds_checkable,
        guesses=session_guesses(session, people),
    )
    from classroom.selectors.review.prompts import discussion_prompts

    session_review.prompts = discussion_prompts(session_review)
    return session_review
