"""What the pages of Abbott/Howell and the Russian rules share (play/turns.html): a game lasts
one round per player, as their sources score it, with running totals and the winner on every
page and the live view; a poll redraws the hand only when it changed, so cards ticked and an
order typed survive the others' moves."""

import pytest
from django.urls import reverse

from classroom.selectors.games import current_round, game_target
from classroom.services.games import (
    assignment_create,
    lobby_join,
    session_open,
    session_seat,
    session_start,
    table_next_round,
)
from classroom.services.rounds import round_act
from eleusis.engine.variants import End, IllegalActionError
from tests.classroom.conftest import student_client
from tests.factories import ALTERNATE_COLORS, StudentFactory

pytestmark = pytest.mark.django_db


def _table(classroom, variant):
    assignment = assignment_create(
        classroom=classroom, title="Game", rule_text=ALTERNATE_COLORS, variant=variant
    )
    session = session_open(assignment=assignment)
    for _ in range(4):
        lobby_join(session=session, student=StudentFactory(classroom=classroom))
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=3)
    return table


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_a_game_is_one_round_per_player_with_totals_and_a_winner(variant, visitors, classroom):
    table = _table(classroom, variant)
    assert game_target(table=table) == 4
    student = student_client(table.seats.get(position=0).student)
    page = reverse("classroom:table", args=[table.pk])
    for number in range(1, 5):
        round_act(round_id=current_round(table=table).pk, action=End("time is up"))
        body = student.get(page).content.decode()
        live = (
            visitors["teacher"]
            .get(reverse("classroom:session_live", args=[table.session.pk]))
            .content.decode()
        )
        if number < 4:
            assert f"Rounds played: {number} of 4." in body and "Running totals" in body
            assert f"Rounds played: {number} of 4." in live
            table_next_round(table=table)
    assert "The game is over." in body and "Winner" in body
    assert "The game is over" in live
    with pytest.raises(IllegalActionError):
        table_next_round(table=table)


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_a_poll_redraws_the_hand_only_when_it_changed(variant, classroom):
    table = _table(classroom, variant)
    round_row = current_round(table=table)
    seat = table.seats.get(position=round_row.position_of(1))
    client = student_client(seat.student)
    url = reverse("classroom:table", args=[table.pk])
    full = client.get(url).content.decode()
    assert 'id="act-form"' in full and "#act-form:abort" in full
    hand = full.split("&amp;hand=", 1)[1].split('"', 1)[0]
    same = client.get(url, {"mode": "player", "hand": hand}, HTTP_HX_REQUEST="true")
    assert 'id="table-live"' in same.content.decode()
    assert 'id="hand-panel"' not in same.content.decode()
    stale = client.get(url, {"mode": "player", "hand": "old"}, HTTP_HX_REQUEST="true")
    assert 'id="hand-panel" class="hand-panel" hx-swap-oob="true"' in stale.content.decode()
