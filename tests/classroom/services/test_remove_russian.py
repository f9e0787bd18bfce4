"""Removing a student from a Russian table on their turn (issue 33 points 3 and 5): the removal
is a Leave in the round's log, the turn passes on, and the departed player scores nothing."""

import pytest
from django.urls import reverse

from classroom.models import Action, Assignment
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import seat_remove
from tests.classroom.views.test_teach import assignment_data
from tests.factories import seated_session

pytestmark = pytest.mark.django_db


def test_removing_the_player_whose_turn_it_is_passes_the_turn(visitors, classroom):
    visitors["teacher"].post(
        reverse("classroom:assignment_create", kwargs={"pk": classroom.pk}),
        assignment_data(variant="russian"),
    )
    assignment = Assignment.objects.get(classroom=classroom)
    table, seats = seated_session(assignment, players=3, seed=5)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    seat = next(s for s in seats if round_row.player_of(s.position) == turn)
    seat_remove(seat=seat)
    engine = engine_round(current_round(table=table))
    assert engine.state.turn != turn
    assert turn in engine.state.left
    assert Action.objects.filter(round=round_row, kind="leave").exists()
