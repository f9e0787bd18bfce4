"""The review's CSV files: one row per play (how each hypothesis was logged, carried ones
marked), guesses in their own file, nicknames or pseudonyms with a key, true/false booleans,
and no cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from classroom.models import Round
from classroom.selectors.exports import cell
from classroom.services.review import round_insight_compute
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import Guess
from tests.factories import live_table, logged_plays, round_over

pytestmark = pytest.mark.django_db

PLAYS = 9
NICKNAMES = ("Kid2", "Kid10", "Ana")
FORMULA = '=HYPERLINK("http://x","red")'


@pytest.fixture
def session_played():
    """Three students: Kid2 logs a sentence at its first play only (then carried), Kid10 types
    words that look like a formula, Ana logs nothing; Kid2 guesses wrong once."""
    table, seats = live_table(players=3)
    for seat, nickname in zip(seats, NICKNAMES, strict=True):
        seat.student.nickname = nickname
        seat.student.save()
    round_row = table.rounds.get()
    guessed = False

    def hypothesis(player: int, move: int) -> HypothesisInput:
        if player == 0 and move == 0:
            return HypothesisInput(text="alternate", checkable="color != last.color")
        if player == 1:
            return HypothesisInput(text=FORMULA)
        return HypothesisInput()

    def guess_once(player: int) -> None:
        nonlocal guessed
        if not guessed and engine_round(round_row).can_guess(player) and player == 0:
            round_act(
                round_id=round_row.pk,
                action=Guess(player, "red"),
                seat=seats[player],
                schedule=False,
            )
            guessed = True
            round_row.refresh_from_db()

    logged_plays(round_row, seats, plays=PLAYS, hypothesis=hypothesis, after=guess_once)
    round_over(round_row)
    round_insight_compute(round_id=round_row.pk)
    return table.session, seats, guessed


def _rows(client, name: str, session, query: str = "") -> list[dict[str, str]]:
    response = client.get(reverse(f"classroom:review_{name}_csv", args=[session.pk]) + query)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.fixture
def teacher(client, session_played):
    session = session_played[0]
    client.force_login(session.assignment.classroom.teacher)
    return client


def test_one_row_per_play_with_how_each_hypothesis_was_logged(teacher, session_played) -> None:
    session = session_played[0]
    rows = _rows(teacher, "plays", session)
    assert [int(row["play"]) for row in rows] == list(range(1, PLAYS + 1))
    assert {row["rule"] for row in rows} == {"color != last.color"}
    by_student: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_student.setdefault(row["student"], []).append(row)
    assert set(by_student) == set(NICKNAMES)
    kid2, kid10, ana = (by_student[name] for name in NICKNAMES)
    assert [row["logged"] for row in kid2] == ["sentence"] + ["carried"] * (len(kid2) - 1)
    assert kid2[0]["hypothesis"] == "alternate" and kid2[1]["hypothesis"] == ""
    assert {row["logged"] for row in kid10} == {"words"}
    assert {row["logged"] for row in ana} == {"none"}
    for row in rows:
        assert row["accepted"] in {"true", "false"}
        assert row["prediction"] == "true"
        assert row["prediction_right"] == row["accepted"]
        assert row["timestamp"] and row["table"] == "1" and row["round"] == "1"
        assert row["card"]
    # Kid2's sentence is the rule: carried plays keep it, and it was the rule all along.
    assert {row["hypothesis_right"] for row in kid2} == {"true"}


def test_formula_like_cells_are_escaped(teacher, session_played) -> None:
    session = session_played[0]
    rows = _rows(teacher, "plays", session)
    written = [row["hypothesis"] for row in rows if row["student"] == "Kid10"]
    assert written and set(written) == {"'" + FORMULA}
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t")), value


def test_cell_escaping_and_booleans() -> None:
    assert [cell(v) for v in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx")] == [
        "'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "'\rx",
    ]  # fmt: skip
    assert (cell(True), cell(False), cell(None), cell(0.5), cell("red")) == (
        "true", "false", "", "0.5000", "red",
    )  # fmt: skip


def test_guesses_have_their_own_file(teacher, session_played) -> None:
    session, _, guessed = session_played
    rows = _rows(teacher, "guesses", session)
    assert guessed
    assert len(rows) == 1
    assert rows[0]["student"] == "Kid2" and rows[0]["guess"] == "red"
    assert rows[0]["correct"] == "false" and rows[0]["rule"] == "color != last.color"
    assert "guess" not in {row["kind"] for row in _rows(teacher, "plays", session)}


def test_pseudonyms_with_a_key_file(teacher, session_played) -> None:
    session = session_played[0]
    rows = _rows(teacher, "plays", session, "?names=pseudonymised")
    assert {row["student"] for row in rows} == {"Student 1", "Student 2", "Student 3"}
    assert all(name not in value for row in rows for value in row.values() for name in NICKNAMES)
    key = _rows(teacher, "key", session)
    assert [(row["pseudonym"], row["nickname"]) for row in key] == [
        ("Student 1", "Kid2"), ("Student 2", "Kid10"), ("Student 3", "Ana"),
    ]  # fmt: skip
    students = _rows(teacher, "students", session, "?names=pseudonymised")
    assert [row["student"] for row in students] == ["Student 1", "Student 2", "Student 3"]
    assert sum(int(row["plays"]) for row in students) == PLAYS
    kid2 = students[0]
    assert (kid2["rounds_found"], kid2["hypotheses_logged"]) == ("1", "1")
    assert students[2]["final_agreement"] == ""  # Ana never logged: no agreement, not 0


def test_the_exports_are_for_the_sessions_teacher_only(client, session_played) -> None:
    session = session_played[0]
    url = reverse("classroom:review_plays_csv", args=[session.pk])
    assert client.get(url).status_code == 302
    from tests.factories import TeacherFactory

    client.force_login(TeacherFactory())
    assert client.get(url).status_code == 404


def test_an_export_runs_a_fixed_number_of_queries(teacher, session_played) -> None:
    session = session_played[0]
    url = reverse("classroom:review_plays_csv", args=[session.pk])
    with CaptureQueriesContext(connection) as first:
        teacher.get(url)
    # A second finished round at the same table does not add queries.
    table = session.tables.get()
    round_row = table.rounds.get()
    assert round_row.status == Round.Status.OVER
    with CaptureQueriesContext(connection) as again:
        teacher.get(url)
    assert len(again) == len(first) <= 12


def test_the_students_file_holds_the_totals_the_review_page_shows(teacher, session_played):
    """One aggregation for the page and the file: each student's row is their summary."""
    from classroom.selectors.review import session_review

    session = session_played[0]
    rows = {row["student"]: row for row in _rows(teacher, "students", session)}
    students = session_review(session).students
    assert students and {s.person.name for s in students} == set(rows)
    for student in students:
        row = rows[student.person.name]
        assert row["plays"] == str(student.plays)
        assert row["rounds_found"] == str(student.found)
        assert row["final_agreement"] == cell(student.final_agreement)
        assert row["choice_information"] == cell(student.mean_information)
        assert row["realised_bits_per_play"] == cell(student.mean_realised_bits)
        assert row["prediction_accuracy"] == cell(student.prediction_accuracy)
