"""The packed snapshot: what goes in comes out, through the database, and a value the app
cannot read is rebuilt from the log instead of failing the page."""

import pytest
from django.db import connection

from classroom.models import Round
from classroom.models.fields import pack, unpack
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.rounds import round_act
from eleusis.engine.variants import Play
from tests.factories import live_table

pytestmark = pytest.mark.django_db


def test_json_ready_data_comes_back_as_the_json_module_would_give_it():
    data = {"hands": [["KD", "10C"], []], "gauss": None, "ratio": 0.5, "scores": {0: 3, 1: -1}}

    assert unpack(pack(data)) == {**data, "scores": {"0": 3, "1": -1}}


def _played_round():
    table, seats = live_table()
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    round_act(
        round_id=round_row.pk, action=Play(turn, engine.state.hands[turn][0]), seat=seats[turn]
    )
    return Round.objects.get(pk=round_row.pk)


def test_the_snapshot_is_stored_packed_and_read_back_whole():
    round_row = _played_round()

    with connection.cursor() as cursor:
        cursor.execute("SELECT snapshot FROM classroom_round WHERE id = %s", [round_row.pk])
        (stored,) = cursor.fetchone()

    assert unpack(stored) == round_row.snapshot
    assert len(bytes(stored)) * 2 < len(str(round_row.snapshot))
    assert engine_round(round_row).to_json() == round_row.snapshot


def test_a_snapshot_the_app_cannot_read_is_rebuilt_from_the_log(caplog):
    round_row = _played_round()
    expected = round_row.snapshot
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE classroom_round SET snapshot = %s WHERE id = %s", [b"not packed", round_row.pk]
        )

    damaged = Round.objects.get(pk=round_row.pk)

    assert damaged.snapshot is None
    assert "could not be read" in caplog.text
    assert engine_round(damaged).to_json() == expected
