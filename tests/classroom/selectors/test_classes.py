"""Selectors for classes and students."""

import pytest

from classroom.selectors.classes import (
    classroom_by_code,
    classroom_students,
    classrooms_for_teacher,
    student_by_id,
)
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


def test_classrooms_for_teacher_are_only_theirs_with_student_counts():
    mine = ClassroomFactory(name="B class")
    empty = ClassroomFactory(name="A class", teacher=mine.teacher)
    StudentFactory.create_batch(2, classroom=mine)
    ClassroomFactory()  # someone else's
    result = list(classrooms_for_teacher(teacher=mine.teacher))
    assert result == [empty, mine]
    assert [classroom.student_count for classroom in result] == [0, 2]


def test_classroom_students_are_sorted_case_insensitively():
    classroom = ClassroomFactory()
    for nickname in ["ben", "Cleo", "Ana"]:
        StudentFactory(classroom=classroom, nickname=nickname)
    StudentFactory(nickname="Aaron")  # another class
    nicknames = [s.nickname for s in classroom_students(classroom=classroom)]
    assert nicknames == ["Ana", "ben", "Cleo"]


def test_classroom_by_code_accepts_how_people_type_it():
    classroom = ClassroomFactory(join_code="ACD479")
    assert classroom_by_code(code="acd 479") == classroom
    assert classroom_by_code(code="ACD-479") == classroom
    assert classroom_by_code(code="ACD478") is None
    assert classroom_by_code(code="x" * 500) is None


def test_student_by_id():
    student = StudentFactory()
    assert student_by_id(student_id=student.pk) == student
    assert student_by_id(student_id=student.pk + 1) is None
