"""The nickname filter: blanks, length, characters and obvious abuse in the app's languages."""

import pytest

from classroom.nicknames import nickname_is_abusive, nickname_normalize, nickname_problem


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("  Ana  ", "Ana"), ("Ana   Maria", "Ana Maria"), ("Ｊｏｓé", "José"), ("\tBen\n", "Ben")],
)
def test_normalize_trims_and_collapses_spaces(raw, expected):
    assert nickname_normalize(raw) == expected


@pytest.mark.parametrize(
    "nickname",
    [
        "Ana",
        "José",
        "Αλέξης",
        "Маша",
        "สมชาย",
        "Li Wei",
        "Anne-Marie",
        "R2D2",
        "Cassandra",
        "Dickens",
        "Peacock",
        "Computadora",
        "reputation",
        "หีบ",
        "class",
        "Mary-Ann",
    ],
)
def test_ordinary_nicknames_pass(nickname):
    assert nickname_problem(nickname) is None


@pytest.mark.parametrize(
    "nickname",
    [
        "fuck",
        "F u c k",
        "sh1t",
        "BigShit",
        "big ass",
        "Mat_ass",  # en
        "puta",
        "mierda",
        "Cabrón",
        "gilipollas",  # es
        "Πουτάνα",
        "ΜΑΛΑΚΑΣ",
        "γαμώ",  # el
        "Сука",
        "ёбаный",
        "блять",
        "хуй",  # ru
        "ควย",
        "เหี้ย",
        "หี",  # th
    ],
)
def test_obvious_abuse_is_refused(nickname):
    assert nickname_is_abusive(nickname)
    assert nickname_problem(nickname) == "Please choose a kinder nickname."


@pytest.mark.parametrize(
    ("nickname", "message"),
    [
        ("", "Please type a nickname."),
        ("A", "A nickname needs at least 2 characters."),
        ("A" * 21, "A nickname can have at most 20 characters."),
        ("😀😀", "Use letters, numbers, spaces, dashes or dots only."),
        ("<b>Ana</b>", "Use letters, numbers, spaces, dashes or dots only."),
        ("---", "A nickname needs at least one letter or number."),
    ],
)
def test_problems_are_explained(nickname, message):
    assert nickname_problem(nickname) == message


# Look-alike nicknames (issue 38 point 7): compared by their confusable skeleton -------------


@pytest.mark.django_db
@pytest.mark.parametrize("lookalike", ["ѕ01", "ς01", "s٠١", "s01.", "S01", "S 01", "s0１"])
def test_a_nickname_that_looks_like_a_classmates_is_refused(lookalike):
    from django.core.exceptions import ValidationError

    from classroom.services.classes import student_join, student_rename
    from tests.factories import ClassroomFactory, StudentFactory

    classroom = ClassroomFactory()
    StudentFactory(classroom=classroom, nickname="s01")
    other = StudentFactory(classroom=classroom, nickname="Ben")

    with pytest.raises(ValidationError) as refused:
        student_join(classroom=classroom, nickname=lookalike)
    assert "s01" in refused.value.messages[0].casefold()
    with pytest.raises(ValidationError):
        student_rename(student=other, nickname=lookalike)
    assert classroom.students.count() == 2


@pytest.mark.django_db
def test_names_that_only_share_letters_are_still_welcome_and_a_list_of_lookalikes_is_refused():
    from django.core.exceptions import ValidationError

    from classroom.services.classes import student_join, students_precreate
    from tests.factories import ClassroomFactory, StudentFactory

    classroom = ClassroomFactory()
    StudentFactory(classroom=classroom, nickname="s01")
    for nickname in ("s02", "so", "Маша", "Миша", "José", "Jose", "Αλέξης", "Anne-Marie Li"):
        student_join(classroom=classroom, nickname=nickname)
    with pytest.raises(ValidationError) as refused:
        students_precreate(classroom=classroom, nicknames=["Ola", "Оla"])  # Cyrillic О
    assert "is in the list twice" in refused.value.messages[0]
