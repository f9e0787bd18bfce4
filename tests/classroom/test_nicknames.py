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
