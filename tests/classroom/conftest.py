"""Fixtures for the classroom tests: the five kinds of visitor every view is tried with."""

import pytest
from django.test import Client

from classroom.access import STUDENT_SESSION_KEY
from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashers take a tenth of a second each; these tests are not about hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def student_client(student) -> Client:
    client = Client()
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    return client


@pytest.fixture
def classroom(db):
    return ClassroomFactory()


@pytest.fixture
def student(classroom):
    return StudentFactory(classroom=classroom)


@pytest.fixture
def visitors(classroom, student):
    """Clients for: anonymous, this class's student, another class's student, this teacher,
    another teacher."""
    this_teacher = Client()
    this_teacher.force_login(classroom.teacher)
    other_teacher = Client()
    other_teacher.force_login(TeacherFactory())
    return {
        "anonymous": Client(),
        "student": student_client(student),
        "other_student": student_client(StudentFactory()),
        "teacher": this_teacher,
        "other_teacher": other_teacher,
    }
