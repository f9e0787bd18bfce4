"""Live stamps, and the idle poll answered before the rest of the middleware stack."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from classroom.access import STUDENT_SESSION_KEY
from classroom.live import table_stamp
from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from tests.factories import live_table

pytestmark = pytest.mark.django_db


def _client_for(student) -> Client:
    client = Client()
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    return client


def test_an_idle_poll_is_answered_without_touching_the_database():
    table, seats = live_table()
    client = _client_for(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    client.get(url)  # the page: its session is in the cache now, as in a class
    stamp = table_stamp(table.pk)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{url}?stamp={stamp}&mode=player", HTTP_HX_REQUEST="true")

    assert response.status_code == 204
    assert len(queries) == 0
    assert "no-store" in response["Cache-Control"]


def test_a_poll_that_is_not_idle_goes_through_the_whole_stack():
    table, seats = live_table()
    client = _client_for(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    stale = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
    assert stale.status_code == 200 and 'id="table-live"' in stale.content.decode()
    # Without a student's session, even the right stamp is not "no change".
    stamp = table_stamp(table.pk)
    anonymous = Client().get(f"{url}?stamp={stamp}&mode=player", HTTP_HX_REQUEST="true")
    assert anonymous.status_code != 204


def test_a_play_reads_the_round_once_and_asks_few_queries():
    table, seats = live_table()
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    client = _client_for(seats[turn].student)
    client.get(reverse("classroom:table", args=[table.pk]))
    card = engine_round(round_row).state.hands[turn][0]
    data = {
        "op": "play",
        "round": round_row.pk,
        "seq": 0,
        "key": "k1",
        "card": card.code,
        "hypothesis": "colors alternate",
        "prediction": "accepted",
    }

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
        )

    assert response.status_code == 200
    assert "Right!" in response.content.decode() or "Wrong:" in response.content.decode()
    print(f"\n{len(queries)} queries for a play:")
    for query in queries:
        print("  ", query["sql"][:120])
    writes = [q for q in queries if q["sql"].startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 3  # the action, the hypothesis, the round
    # The round is read once for the checks, locked once for the move (without its snapshot),
    # and the answer reuses both; the game's totals read the finished rounds once more.
    rounds = [q for q in queries if q["sql"].startswith('SELECT "classroom_round"')]
    assert len(rounds) <= 4
    assert len(queries) <= 12
