"""Classroom events on the teacher's pages: a broken table never takes the live view (or the
projector) down; seating twice is harmless."""

import pytest
from django.urls import reverse

from classroom.models import Round, Table
from classroom.services.games import assignment_create, session_seat, session_start
from tests.classroom.views.test_teach import teacher_of
from tests.factories import ALTERNATE_COLORS, ClassroomFactory, lobby_session

pytestmark = pytest.mark.django_db


def _session(players=6, table_size=3):
    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="Week 3", rule_text=ALTERNATE_COLORS, table_size=table_size
    )
    return lobby_session(assignment, students=players)


def test_one_broken_table_never_takes_the_live_view_down():
    session = _session()
    session_seat(session=session, method="arrival")
    session_start(session=session, seed=1)
    broken, _fine = Table.objects.filter(session=session).order_by("number")
    # A round whose log the engine can no longer replay.
    Round.objects.filter(table=broken).update(rule_text="color != (", snapshot=None)
    teacher = teacher_of(broken)
    for name in ("session_live", "session_projector"):
        url = reverse(f"classroom:{name}", kwargs={"pk": session.pk})
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = teacher.get(url, **headers)
            assert response.status_code == 200, name
            body = response.content.decode()
            assert "cannot be shown" in body
            assert body.count('class="layout"') == 1  # the other table, in full


def test_seating_twice_is_harmless():
    session = _session(players=6)
    teacher = teacher_of(Table(session=session))
    url = reverse("classroom:session_seat", kwargs={"pk": session.pk})
    for _ in range(3):
        assert teacher.post(url, {"method": "random"}).status_code == 302
    tables = Table.objects.filter(session=session)
    assert sorted(tables.values_list("number", flat=True)) == [1, 2]
    seated = [seat.student_id for table in tables for seat in table.seats.all()]
    assert len(seated) == len(set(seated)) == 6
