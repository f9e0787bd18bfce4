"""Every page of every game, as its teacher and as a student at the table, mid-round and after
the round: none answers a server error and none draws a part as "cannot be shown" (which a
page does when one of its tables fails, logging the error). A page of one game that only works
for another shows here."""

import logging
import re

import pytest
from django.test import Client

from classroom.access import STUDENT_SESSION_KEY
from classroom.selectors.games import current_round
from classroom.services.games import assignment_create
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.games import GAMES
from eleusis.engine.variants import End
from tests.eleusis.routes import routes as site_routes
from tests.factories import ALTERNATE_COLORS, ClassroomFactory, minds_move, started_session

pytestmark = pytest.mark.django_db

SKIPPED = ("admin/", "leave/", "logout/", "account/delete/")


def _student(student) -> Client:
    client = Client()
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    return client


def _moves(table, game: str, count: int) -> None:
    """`count` moves of the game's bots at the table, through the move service."""
    record = GAMES[game]
    minds = list(record.seat(["scientist"], 4, current_round(table=table).seed))
    for _ in range(count):
        minds_move(table, record, minds)


def _paths(ids: list[int], code: str):
    for route in site_routes():
        if route.startswith(SKIPPED) or route in SKIPPED:
            continue
        if "<int:" not in route:
            continue
        for object_id in ids:
            path = re.sub(r"<str:code>", code, route)
            path = re.sub(r"<int:\w+>", str(object_id), path)
            yield "/" + re.sub(r"<[^>]+>", "x", path)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_of_every_game_draws_every_table(game, caplog):
    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="Week 3", rule_text=ALTERNATE_COLORS, variant=game
    )
    session, (table,) = started_session(assignment, students=4, seed=5)
    _moves(table, game, 6)
    teacher = Client()
    teacher.force_login(classroom.teacher)
    seat = table.seats.select_related("student").first()
    visitors = {"teacher": teacher, "student": _student(seat.student)}
    problems = []
    for moment in ("mid-round", "after the round"):
        round_row = current_round(table=table)
        ids = sorted({table.pk, session.pk, assignment.pk, round_row.pk, seat.pk, classroom.pk})
        for name, client in visitors.items():
            for path in _paths(ids, classroom.join_code):
                for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                    caplog.clear()
                    with caplog.at_level(logging.ERROR):
                        response = client.get(path, **headers)
                    body = response.content.decode(errors="replace")
                    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
                    if response.status_code >= 500 or "cannot be shown" in body or errors:
                        problems.append((moment, name, path, response.status_code, errors[:1]))
        if moment == "mid-round" and not engine_round(round_row).is_over:
            round_act(round_id=round_row.pk, action=End(reason="teacher"))
    assert problems == []
