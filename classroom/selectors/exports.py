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
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch

from classroom.models import Action, GameSession, Hypothesis, Round, RoundInsight, Seat
from classroom.selectors.review import Person, session_people
from classroom.selectors.review.aggregate import StudentSummary
from eleusis.engine.insight import RoundInsight as RoundMeasures

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


Row = dict[str, Any]


def write_rows(out: Any, columns: Iterable[str], rows: Iterable[Mapping[str, Any]]) -> None:
    """Write a header and rows (each a mapping from column to value, no other keys) to a
    file-like `out`, every cell through `cell`."""
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="raise")
    writer.writeheader()
    for row in rows:
        writer.writerow({column: cell(value) for column, value in row.items()})


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
        actions: list[Action] = round_row.ordered_actions
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


def play_rows(session: GameSession, *, pseudonymised: bool = False) -> Iterator[Row]:
    """One row per play or "no play" of every finished round (see PLAY_COLUMNS)."""
    people = session_people(session, hide_names=False)
    for item in _rounds(session):
        round_row = item.row
        measured = RoundMeasures.from_dict(item.results).plays if item.results else ()
        if len(measured) != len(item.plays):
            measured = ()
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
            accepted = play.accepted if play else item.judged[index]
            information = play.information if play else None
            prediction = payload.get("prediction")
            yield {
                "rule": round_row.rule_text,
                "timestamp": action.created_at.isoformat(),
                "table": round_row.table.number,
                "round": round_row.number,
                "play": index + 1,
                "student": _name(people, action.seat_id, pseudonymised),
                "kind": action.kind,
                "card": payload.get("card", "") if action.kind == "play" else "",
                "accepted": accepted,
                "hypothesis": text,
                "logged": logged,
                "prediction": prediction,
                "prediction_right": (
                    None if prediction is None or accepted is None else prediction == accepted
                ),
                "checkable": play.checkable if play else None,
                "test": play.test if play else None,
                "agreement": play.share if play else None,
                "hypothesis_right": play.right if play else None,
                "kept_refuted": play.kept_refuted if play else None,
                "information_relative": information.relative if information else None,
                "realised_bits": round(play.realised_bits, 4) if play else None,
                "candidates_before": play.candidates_before if play else None,
                "candidates_after": play.candidates_after if play else None,
            }


def guess_rows(session: GameSession, *, pseudonymised: bool = False) -> Iterator[Row]:
    """One row per guess at the rule in every finished round (see GUESS_COLUMNS)."""
    people = session_people(session, hide_names=False)
    for item in _rounds(session):
        for action, correct in zip(item.guesses, item.guesses_right, strict=True):
            yield {
                "rule": item.row.rule_text,
                "timestamp": action.created_at.isoformat(),
                "table": item.row.table.number,
                "round": item.row.number,
                "student": _name(people, action.seat_id, pseudonymised),
                "guess": (action.payload or {}).get("text", ""),
                "correct": correct,
            }


def key_rows(session: GameSession) -> Iterator[Row]:
    """Pseudonym → nickname for every student seat of the session (see KEY_COLUMNS)."""
    people = session_people(session, hide_names=False)
    for person in people.values():
        seat: Seat | None = person.seat
        if seat is None or not seat.student_id:
            continue
        yield {
            "pseudonym": person.pseudonym,
            "nickname": seat.name,
            "table": seat.table.number,
            "seat": seat.position + 1,
        }


def student_rows(session: GameSession, *, pseudonymised: bool = True) -> Iterator[Row]:
    """One row per student who played in an analysed round, with their measures over the
    session (see STUDENT_COLUMNS), in the order of the pseudonyms: the totals the review's
    pages show (`StudentSummary`)."""
    people = session_people(session, hide_names=False)
    totals: dict[int, StudentSummary] = {}
    for item in _rounds(session):
        if item.results is None:
            continue
        seats = item.results.get("seats", {})
        for player in RoundMeasures.from_dict(item.results).players:
            seat_id = seats.get(str(player.player))
            person = people.get(seat_id) if seat_id is not None else None
            if person is None or person.seat is None or not person.seat.student_id:
                continue
            if player.plays:
                totals.setdefault(seat_id, StudentSummary(person)).add(player)
    order = list(people)
    for seat_id in sorted(totals, key=order.index):
        t = totals[seat_id]
        yield {
            "session": session.pk,
            "student": _name(people, seat_id, pseudonymised),
            "rounds": t.rounds,
            "plays": t.plays,
            "hypotheses_logged": t.hypotheses,
            "rounds_found": t.found,
            "final_agreement": t.final_agreement,
            "predictions": t.predictions,
            "prediction_accuracy": t.prediction_accuracy,
            "tests": t.tests,
            "negative_tests": t.negative_tests,
            "negative_share": t.negative_share,
            "plays_keeping_refuted": t.kept_refuted,
            "choice_information": t.mean_information,
            "realised_bits_per_play": t.mean_realised_bits,
            "mean_lag": t.mean_lag,
            "guessed": t.guessed,
        }
