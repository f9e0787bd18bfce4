"""The demo teacher gets a demo class with students; running it again changes nothing."""

import pytest

from classroom.demo import DEMO_NICKNAMES, demo_create
from classroom.models import Classroom, Student

pytestmark = pytest.mark.django_db


def test_demo_create_is_idempotent_and_makes_a_class_with_students():
    first = demo_create()
    classroom = Classroom.objects.get(teacher__username=first.username)
    assert 4 <= classroom.students.count() <= 6
    assert set(classroom.students.values_list("nickname", flat=True)) == set(DEMO_NICKNAMES)
    code = classroom.join_code
    second = demo_create()
    assert Classroom.objects.count() == 1
    assert Student.objects.count() == len(DEMO_NICKNAMES)
    assert Classroom.objects.get().join_code == code
    lines = "\n".join(second.lines())
    assert "/login/" in lines and f"/join/{code}/" in lines and "Ana" in lines


def test_the_demo_seeds_a_table_of_bots_for_every_other_game():
    """Abbott/Howell, the Russian rules and Delphi: a live session each, one table of bots
    whose round is dealt (Express has its own two tables)."""
    from classroom.demo import DEMO_TITLES, demo_create
    from classroom.games import GAMES
    from classroom.models import Assignment
    from classroom.selectors.games import current_round

    demo_create(password="x" * 12)
    demo_create(password="x" * 12)  # idempotent
    games = set()
    for title in DEMO_TITLES:
        (assignment,) = Assignment.objects.filter(title=title)
        (table,) = [t for s in assignment.sessions.all() for t in s.tables.all()]
        assert table.seats.exists() and all(seat.bot for seat in table.seats.all())
        assert current_round(table=table).variant == assignment.variant
        games.add(assignment.variant)
    assert games == set(GAMES) - {"express"}
