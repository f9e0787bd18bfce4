"""The database itself holds the invariants, and a student row holds no personal data."""

import pytest
from django.db import DataError, IntegrityError, transaction

from classroom.models import Student
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


def test_a_student_row_has_no_field_for_email_surname_birth_date_or_address():
    names = {field.name for field in Student._meta.concrete_fields}
    assert names == {"id", "classroom", "nickname", "picture_password", "created_at"}
    for field in Student._meta.concrete_fields:
        assert field.get_internal_type() not in {
            "EmailField",
            "GenericIPAddressField",
            "IPAddressField",
            "DateField",
        }


def test_nicknames_are_unique_in_a_class_whatever_the_case():
    student = StudentFactory(nickname="Ana")
    with pytest.raises(IntegrityError), transaction.atomic():
        StudentFactory(classroom=student.classroom, nickname="ANA")


def test_the_same_nickname_may_be_used_in_two_classes():
    StudentFactory(nickname="Ana")
    StudentFactory(nickname="Ana")
    assert Student.objects.filter(nickname="Ana").count() == 2


@pytest.mark.parametrize("code", ["ABCDE0", "abcdef", "ACD47", "ACDEFGH", "OOOOOO", "ACD 47"])
def test_join_codes_outside_the_alphabet_are_refused_by_the_database(code):
    # PostgreSQL refuses a too-long value for the column before the check (DataError).
    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        ClassroomFactory(join_code=code)


def test_join_codes_are_unique():
    classroom = ClassroomFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        ClassroomFactory(join_code=classroom.join_code)


@pytest.mark.parametrize("password", ["cat-dog", "cat-dog-unicorn", "", "cat-dog-fish-sun"])
def test_picture_passwords_are_three_known_pictures(password):
    with pytest.raises(IntegrityError), transaction.atomic():
        StudentFactory(picture_password=password)


def test_blank_names_are_refused_by_the_database():
    with pytest.raises(IntegrityError), transaction.atomic():
        ClassroomFactory(name="")
    with pytest.raises(IntegrityError), transaction.atomic():
        StudentFactory(nickname="")
