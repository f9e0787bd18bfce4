"""Services for classes and students: what they write, and what they refuse."""

import pytest
from django.core.exceptions import ValidationError

from classroom.codes import join_code_is_well_formed
from classroom.models import Classroom, Student
from classroom.services import classes as services
from classroom.services.classes import (
    classroom_create,
    classroom_delete,
    classroom_rename,
    classroom_rotate_code,
    student_join,
    student_remove,
    student_rename,
    student_reset_pictures,
    students_precreate,
)
from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


def test_classroom_create_gives_a_well_formed_unique_code():
    teacher = TeacherFactory()
    first = classroom_create(teacher=teacher, name="  5B   science ")
    second = classroom_create(teacher=teacher, name="6A")
    assert first.name == "5B science"
    assert first.teacher == teacher
    assert join_code_is_well_formed(first.join_code)
    assert first.join_code != second.join_code


def test_classroom_create_retries_when_a_code_is_taken(monkeypatch):
    taken = ClassroomFactory(join_code="ACDEFG")
    codes = iter(["ACDEFG", "ACDEFG", "HJKMNP"])
    monkeypatch.setattr(services, "join_code_random", lambda: next(codes))
    classroom = classroom_create(teacher=taken.teacher, name="Another")
    assert classroom.join_code == "HJKMNP"


@pytest.mark.parametrize(("name", "code"), [("   ", "blank"), ("x" * 101, "too_long")])
def test_classroom_create_refuses_bad_names(name, code):
    with pytest.raises(ValidationError) as error:
        classroom_create(teacher=TeacherFactory(), name=name)
    assert error.value.code == code
    assert not Classroom.objects.exists()


def test_classroom_rename():
    classroom = ClassroomFactory(name="Old")
    classroom_rename(classroom=classroom, name="New")
    classroom.refresh_from_db()
    assert classroom.name == "New"


def test_rotating_the_code_changes_it_and_keeps_the_students():
    student = StudentFactory()
    classroom = student.classroom
    old = classroom.join_code
    classroom_rotate_code(classroom=classroom)
    classroom.refresh_from_db()
    assert classroom.join_code != old
    assert join_code_is_well_formed(classroom.join_code)
    assert list(classroom.students.all()) == [student]


def test_classroom_delete_removes_its_students():
    student = StudentFactory()
    classroom_delete(classroom=student.classroom)
    assert not Classroom.objects.exists()
    assert not Student.objects.exists()


def test_student_join_gives_a_picture_password():
    classroom = ClassroomFactory()
    student = student_join(classroom=classroom, nickname="  Ana ")
    assert student.nickname == "Ana"
    assert len(student.picture_password.split("-")) == 3


@pytest.mark.parametrize(
    ("nickname", "message"),
    [
        ("ana", "Someone in this class is already called “ana”."),
        ("", "Please type a nickname."),
        ("shit", "Please choose a kinder nickname."),
    ],
)
def test_student_join_refuses(nickname, message):
    student = StudentFactory(nickname="Ana")
    with pytest.raises(ValidationError) as error:
        student_join(classroom=student.classroom, nickname=nickname)
    assert error.value.messages == [message]
    assert Student.objects.count() == 1


@pytest.mark.parametrize(
    ("first", "second"), [("Άννα", "ΆΝΝΑ"), ("Маша", "МАША"), ("Straße", "STRASSE")]
)
def test_duplicates_are_found_in_every_alphabet(first, second):
    student = StudentFactory(nickname=first)
    with pytest.raises(ValidationError) as error:
        student_join(classroom=student.classroom, nickname=second)
    assert error.value.code == "taken"


def test_student_join_turns_a_race_on_the_nickname_into_a_message(monkeypatch):
    student = StudentFactory(nickname="Ana")
    # The check passes (as if the other request had not committed yet); the constraint catches it.
    monkeypatch.setattr(services, "_nickname_clean", lambda **kwargs: "ANA")
    with pytest.raises(ValidationError) as error:
        student_join(classroom=student.classroom, nickname="ANA")
    assert error.value.code == "taken"


def test_students_precreate_makes_all_of_them():
    classroom = ClassroomFactory()
    created = students_precreate(classroom=classroom, nicknames=["Ana", "", "  Ben ", "Cleo"])
    assert [student.nickname for student in created] == ["Ana", "Ben", "Cleo"]
    assert classroom.students.count() == 3
    assert len({student.picture_password for student in created}) >= 1


def test_students_precreate_is_all_or_nothing_and_names_every_problem():
    classroom = StudentFactory(nickname="Dora").classroom
    with pytest.raises(ValidationError) as error:
        students_precreate(classroom=classroom, nicknames=["Ana", "ana", "dora", "x", "Ben"])
    assert error.value.messages == [
        "“ana” is in the list twice.",
        "dora: Someone in this class is already called “dora”.",
        "x: A nickname needs at least 2 characters.",
    ]
    assert list(classroom.students.values_list("nickname", flat=True)) == ["Dora"]


def test_students_precreate_needs_at_least_one_and_at_most_the_limit():
    classroom = ClassroomFactory()
    with pytest.raises(ValidationError):
        students_precreate(classroom=classroom, nicknames=["", "  "])
    with pytest.raises(ValidationError) as error:
        students_precreate(
            classroom=classroom, nicknames=[f"kid {n}" for n in range(services.PRECREATE_MAX + 1)]
        )
    assert error.value.code == "too_many"
    assert not classroom.students.exists()


def test_student_rename_allows_a_change_of_case_of_the_same_name():
    student = StudentFactory(nickname="ana")
    student_rename(student=student, nickname="Ana")
    student.refresh_from_db()
    assert student.nickname == "Ana"


def test_student_rename_refuses_a_classmate_s_name():
    student = StudentFactory(nickname="Ana")
    other = StudentFactory(classroom=student.classroom, nickname="Ben")
    with pytest.raises(ValidationError):
        student_rename(student=other, nickname="ANA")
    other.refresh_from_db()
    assert other.nickname == "Ben"


def test_student_remove():
    student = StudentFactory()
    student_remove(student=student)
    assert not Student.objects.exists()


def test_student_reset_pictures_changes_them():
    student = StudentFactory(picture_password="cat-dog-sun")
    student_reset_pictures(student=student)
    student.refresh_from_db()
    assert student.picture_password != "cat-dog-sun"
    assert len(student.picture_password.split("-")) == 3
