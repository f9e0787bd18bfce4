"""The review's CSV exports: every play, every guess, the students' measures, and the key
that turns pseudonyms back into nicknames.

- `plays.csv`: one row per play or "no play" of every finished round: the rule (the rounds are
  over), when, table, round, play number, student, card, accepted, the hypothesis verbatim, how
  it was logged (`sentence` built with the sentence builder, `words` typed freely, `carried`:
  nothing logged, an earlier hypothesis stands, `none`), the prediction, then the measures of
  the play when the round is analysed (see docs/measures.md).
- `guesses.csv`: one row per guess at the rule, with whether it was right.
- `students.csv`: one row per student with their measures over the session.
- `key.csv`: pseudonym → nickname, for an export made with pseudonyms.

Students are named by nickname for the teacher's own export; with `pseudonymised` they are
"Student 1", "Student 2"... in a fixed order (by table, then seat), the numbers of the key
file. Booleans are `true`/`false`, an unknown value is empty, and every cell that starts with
`=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so that a spreadsheet does
not run it as a formula (OWASP, "CSV Injection").

A fixed number of queries whatever the size of the session: the seats, the rounds with their
insight, the play and guess actions, the hypotheses.
"""

from __future__ import annotations

import csv
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch

from classroom.models import Action, GameSession, Hypothesis, Round, RoundInsight, Seat
from classroom.selectors.review import Person, session_people

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

PLAY_COLUMNS = (
    "rule",
    "timestamp",
    "table",
    "round",
    "play",
    "student",
    "kind",
    "card",
    "accepted",
    "hypothesis",
    "logged",
    "prediction",
    "prediction_right",
    "checkable",
    "test",
    "agreement",
    "hypothesis_right",
    "kept_refuted",
    "information_relative",
    "realised_bits",
    "candidates_before",
    "candidates_after",
)

GUESS_COLUMNS = ("rule", "timestamp", "table", "round", "student", "guess", "correct")

KEY_COLUMNS = ("pseudonym", "nickname", "table", "seat")

STUDENT_COLUMNS = (
    "session",
    "student",
    "rounds",
    "plays",
    "hypotheses_logged",
    "rounds_found",
    "final_agreement",
    "predictions",
    "prediction_accuracy",
    "tests",
    "negative_tests",
    "negative_share",
    "plays_keeping_refuted",
    "choice_information",
    "realised_bits_per_play",
    "mean_lag",
    "guessed",
)


def cell(value: Any) -> str:
    """One CSV cell: booleans true/false, None empty, floats to 4 places, and text that a
    spreadsheet would read as a formula escaped with a leading quote."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = f"{value:.4f}" if isinstance(value, float) else str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


def write_rows(out: Any, columns: Iterable[str], rows: Iterable[Iterable[Any]]) -> None:
    """Write a header and rows to a file-like `out`, every cell through `cell`."""
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([cell(value) for value in row])


@dataclass
class _Round:
    row: Round
    results: dict[str, Any] | None
    plays: list[Action]
    guesses: list[Action]
    judged: list[bool | None]  # per play action, from the events (when not analysed)
    guesses_right: list[bool | None]


def _rounds(session: GameSession) -> list[_Round]:
    """The session's finished rounds with their insight, play and guess actions (3 queries)."""
    rounds = list(
        Round.objects.filter(table__session=session, status=Round.Status.OVER)
        .select_related("table", "insight")
        .prefetch_related(
            Prefetch(
                "actions",
                queryset=Action.objects.order_by("seq").select_related("hypothesis"),
                to_attr="ordered_actions",
            )
        )
        .order_by("table__number", "number")
    )
    out = []
    for round_row in rounds:
        insight = getattr(round_row, "insight", None)
        results = (
            insight.results
            if insight is not None and insight.status == RoundInsight.Status.DONE
            else None
        )
        actions: list[Action] = round_row.ordered_actions  # type: ignore[attr-defined]
        plays = [a for a in actions if a.kind in ("play", "no_play")]
        guesses = [a for a in actions if a.kind == "guess"]
        judged: list[bool | None] = []
        guesses_right: list[bool | None] = []
        for action in actions:
            for event in action.events or ():
                if event.get("kind") == "played":
                    judged.append(bool(event.get("accepted")))
                elif event.get("kind") == "no_play_judged":
                    judged.append(bool(event.get("correct")))
                elif event.get("kind") == "guess_judged":
                    guesses_right.append(bool(event.get("correct")))
        judged += [None] * (len(plays) - len(judged))
        guesses_right += [None] * (len(guesses) - len(guesses_right))
        out.append(_Round(round_row, results, plays, guesses, judged, guesses_right))
    return out


def _hypothesis(action: Action) -> Hypothesis | None:
    try:
        return action.hypothesis
    except Hypothesis.DoesNotExist:
        return None


def _name(people: dict[int, Person], seat_id: int | None, pseudonymised: bool) -> str:
    person = people.get(seat_id) if seat_id is not None else None
    if person is None:
        return ""
    return person.pseudonym if pseudonymised else person.name


def play_rows(session: GameSession, *, pseudonymised: bool = False) -> Iterator[list[Any]]:
    """One row per play or "no play" of every finished round (see PLAY_COLUMNS)."""
    people = session_people(session, hide_names=False)
    for item in _rounds(session):
        round_row = item.row
        measured = item.results["plays"] if item.results else []
        if len(measured) != len(item.plays):
            measured = []
        held: dict[int | None, bool] = {}
        for index, action in enumerate(item.plays):
            row = _hypothesis(action)
            text = (row.text or row.checkable) if row is not None else ""
            if row is not None and text:
                logged = "sentence" if row.checkable else "words"
                held[action.seat_id] = True
            else:
                logged = "carried" if held.get(action.seat_id) else "none"
            payload = action.payload or {}
            play = measured[index] if measured else None
            accepted = play["accepted"] if play else item.judged[index]
            prediction = payload.get("prediction")
            information = (play or {}).get("information") or {}
            agreement = (play or {}).get("agreement") or {}
            yield [
                round_row.rule_text,
                action.created_at.isoformat(),
                round_row.table.number,
                round_row.number,
                index + 1,
                _name(people, action.seat_id, pseudonymised),
                action.kind,
                payload.get("card", "") if action.kind == "play" else "",
                accepted,
                text,
                logged,
                prediction,
                None if prediction is None or accepted is None else prediction == accepted,
                play.get("checkable") if play else None,
                play.get("test") if play else None,
                agreement.get("share"),
                play.get("right") if play else None,
                play.get("kept_refuted") if play else None,
                information.get("relative"),
                play.get("realised_bits") if play else None,
                play.get("candidates_before") if play else None,
                play.get("candidates_after") if play else None,
            ]


def guess_rows(session: GameSession, *, pseudonymised: bool = False) -> Iterator[list[Any]]:
    """One row per guess at the rule in every finished round (see GUESS_COLUMNS)."""
    people = session_people(session, hide_names=False)
    for item in _rounds(session):
        for action, correct in zip(item.guesses, item.guesses_right, strict=True):
            yield [
                item.row.rule_text,
                action.created_at.isoformat(),
                item.row.table.number,
                item.row.number,
                _name(people, action.seat_id, pseudonymised),
                (action.payload or {}).get("text", ""),
                correct,
            ]


def key_rows(session: GameSession) -> Iterator[list[Any]]:
    """Pseudonym → nickname for every student seat of the session (see KEY_COLUMNS)."""
    people = session_people(session, hide_names=False)
    for person in people.values():
        seat: Seat | None = person.seat
        if seat is None or not seat.student_id:
            continue
        yield [person.pseudonym, seat.name, seat.table.number, seat.position + 1]


@dataclass
class _Totals:
    rounds: int = 0
    plays: int = 0
    hypotheses: int = 0
    found: int = 0
    predictions: int = 0
    predictions_right: int = 0
    tests: int = 0
    negative_tests: int = 0
    kept_refuted: int = 0
    guessed: int = 0
    final_agreements: list[float] = field(default_factory=list)
    information: list[float] = field(default_factory=list)
    realised: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)

    def add(self, player: dict[str, Any]) -> None:
        self.rounds += 1
        self.plays += player["plays"]
        self.hypotheses += player.get("hypotheses", 0)
        self.found += player["reached_at"] is not None
        for name in ("predictions", "predictions_right", "tests", "negative_tests"):
            setattr(self, name, getattr(self, name) + player[name])
        self.kept_refuted += player["kept_refuted"]
        self.guessed += bool(player["guessed"])
        for values, name in (
            (self.final_agreements, "final_agreement"),
            (self.information, "mean_information"),
            (self.realised, "mean_realised_bits"),
            (self.lags, "lag"),
        ):
            if player.get(name) is not None:
                values.append(player[name])


def _mean(values: list[float]) -> float | None:
    return statistics.mean(values) if values else None


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def student_rows(session: GameSession, *, pseudonymised: bool = True) -> Iterator[list[Any]]:
    """One row per student who played in an analysed round, with their measures over the
    session (see STUDENT_COLUMNS), in the order of the pseudonyms."""
    people = session_people(session, hide_names=False)
    totals: dict[int, _Totals] = {}
    for item in _rounds(session):
        if item.results is None:
            continue
        seats = item.results.get("seats", {})
        for player in item.results["players"]:
            seat_id = seats.get(str(player["player"]))
            person = people.get(seat_id) if seat_id is not None else None
            if person is None or person.seat is None or not person.seat.student_id:
                continue
            if player["plays"]:
                totals.setdefault(seat_id, _Totals()).add(player)
    order = list(people)
    for seat_id in sorted(totals, key=order.index):
        t = totals[seat_id]
        yield [
            session.pk,
            _name(people, seat_id, pseudonymised),
            t.rounds,
            t.plays,
            t.hypotheses,
            t.found,
            _mean(t.final_agreements),
            t.predictions,
            _ratio(t.predictions_right, t.predictions),
            t.tests,
            t.negative_tests,
            _ratio(t.negative_tests, t.tests),
            t.kept_refuted,
            _mean(t.information),
            _mean(t.realised),
            _mean(t.lags),
            t.guessed,
        ]
