"""Factories for tests, in one place (factory_boy). Append new ones below their area's heading."""

import factory
from django.contrib.auth.hashers import make_password

from classroom.codes import join_code_random
from classroom.models import Classroom, Student, User
from classroom.pictures import picture_password_random

TEACHER_PASSWORD = "a-long-teacher-password-1"

# Teachers, classes, students ----------------------------------------------------------------


class TeacherFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"teacher{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@school.example")
    password = factory.LazyFunction(lambda: make_password(TEACHER_PASSWORD))


class ClassroomFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Classroom

    teacher = factory.SubFactory(TeacherFactory)
    name = factory.Sequence(lambda n: f"Class {n}")
    join_code = factory.LazyFunction(join_code_random)


class StudentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Student

    classroom = factory.SubFactory(ClassroomFactory)
    nickname = factory.Sequence(lambda n: f"Student {n}")
    picture_password = factory.LazyFunction(picture_password_random)


# Games --------------------------------------------------------------------------------------

ALTERNATE_COLORS = "color != last.color"


def live_table(*, players: int = 4, rule_text: str = ALTERNATE_COLORS, seed: int = 7, **options):
    """A started live session with one table of `players` students; returns (table, seats)."""
    from classroom.services.games import (
        assignment_create,
        lobby_join,
        session_open,
        session_seat,
        session_start,
    )

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom,
        title="Mystery rule 1",
        rule_text=rule_text,
        table_size=max(players, 3),
        **options,
    )
    session = session_open(assignment=assignment)
    for _ in range(players):
        lobby_join(session=session, student=StudentFactory(classroom=classroom))
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=seed)
    return table, list(table.seats.select_related("student").order_by("position"))
