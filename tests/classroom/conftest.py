"""Fixtures for the classroom tests: the five kinds of visitor every view is tried with."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory, student_client


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashers take a tenth of a second each; these tests are not about hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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


def kept_out(visitor: str, response, *, snapshot, before) -> bool:
    """Whether `visitor` (a key of `visitors`) is someone other than the class's teacher; if so,
    checks that the view sent them away (to log in, or "not found" for another teacher) and
    that `snapshot()` is still `before`."""
    if visitor in {"anonymous", "student", "other_student"}:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("classroom:login") + "?next=")
    elif visitor == "other_teacher":
        assert response.status_code == 404
    else:
        return False
    assert snapshot() == before
    return True
