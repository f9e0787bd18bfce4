"""Access functions: one per guarded object; "not found" and "not yours" look the same."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.http import Http404, HttpResponse
from django.test import RequestFactory

from classroom.access import (
    STUDENT_SESSION_KEY,
    classroom_for_code,
    classroom_for_student,
    classroom_for_teacher,
    current_student,
    student_for_signin,
    student_for_teacher,
    student_required,
    student_sign_in,
    student_sign_out,
)
from tests.factories import StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


def make_request(user=None, student_id=None):
    request = RequestFactory().get("/")
    request.user = user or AnonymousUser()
    request.session = SessionStore()
    if student_id is not None:
        request.session[STUDENT_SESSION_KEY] = student_id
    return request


def test_classroom_for_teacher(student):
    classroom = student.classroom
    assert classroom_for_teacher(make_request(classroom.teacher), classroom.pk) == classroom
    for request in [make_request(TeacherFactory()), make_request()]:
        with pytest.raises(Http404):
            classroom_for_teacher(request, classroom.pk)
    with pytest.raises(Http404):
        classroom_for_teacher(make_request(classroom.teacher), classroom.pk + 1000)


def test_student_for_teacher(student):
    teacher = student.classroom.teacher
    assert student_for_teacher(make_request(teacher), student.pk) == student
    for request in [make_request(TeacherFactory()), make_request()]:
        with pytest.raises(Http404):
            student_for_teacher(request, student.pk)


def test_classroom_for_code_and_student_for_signin(student):
    classroom = student.classroom
    assert classroom_for_code(make_request(), classroom.join_code.lower()) == classroom
    assert student_for_signin(make_request(), classroom.join_code, student.pk) == student
    stranger = StudentFactory()
    with pytest.raises(Http404):
        student_for_signin(make_request(), classroom.join_code, stranger.pk)
    with pytest.raises(Http404):
        classroom_for_code(make_request(), "ZZZZZZ")


def test_current_student_reads_the_session_and_forgets_a_removed_student(student):
    assert current_student(make_request(student_id=student.pk)) == student
    assert current_student(make_request()) is None
    request = make_request(student_id=student.pk + 1000)
    assert current_student(request) is None
    assert STUDENT_SESSION_KEY not in request.session
    assert current_student(make_request(student_id="not a number")) is None


def test_classroom_for_student(student):
    assert classroom_for_student(make_request(student_id=student.pk)) == student.classroom
    with pytest.raises(Http404):
        classroom_for_student(make_request())


def test_sign_in_and_out(student):
    request = make_request()
    student_sign_in(request, student)
    assert request.session[STUDENT_SESSION_KEY] == student.pk
    assert current_student(request) == student
    student_sign_out(request)
    assert current_student(request) is None
    assert STUDENT_SESSION_KEY not in request.session


def test_student_required_sets_request_student(student):
    @student_required
    def view(request):
        return HttpResponse(request.student.nickname)

    assert view(make_request(student_id=student.pk)).content.decode() == student.nickname
    assert view(make_request()).status_code == 302
