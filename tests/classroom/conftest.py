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


# The keys of `visitors`, and a mark that runs a test once as each of them.
VISITORS = ["anonymous", "student", "other_student", "teacher", "other_teacher"]
each_visitor = pytest.mark.parametrize("visitor", VISITORS)


def each_guarded_view(guarded):
    """A mark that runs a test as each visitor for each `(method, name, target, data,
    ok_status)` of `guarded`: a view, what it acts on, what is sent and what the teacher gets."""

    def mark(test):
        by_view = pytest.mark.parametrize(
            ("method", "name", "target", "data", "ok_status"),
            guarded,
            ids=[f"{view[0]}-{view[1]}" for view in guarded],
        )
        return each_visitor(by_view(test))

    return mark


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
