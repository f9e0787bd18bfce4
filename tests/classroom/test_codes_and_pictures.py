"""Join codes are easy to read aloud; picture passwords are three different known pictures."""

import pytest

from classroom.codes import (
    JOIN_CODE_ALPHABET,
    join_code_display,
    join_code_is_well_formed,
    join_code_normalize,
    join_code_random,
)
from classroom.pictures import (
    PICTURES,
    PICTURES_BY_KEY,
    picture_password_matches,
    picture_password_pictures,
    picture_password_random,
)


def test_the_alphabet_leaves_out_look_alikes():
    for confusable in "0O1IL2Z5S8BUV":
        assert confusable not in JOIN_CODE_ALPHABET


def test_random_codes_are_well_formed():
    codes = {join_code_random() for _ in range(200)}
    assert all(join_code_is_well_formed(code) for code in codes)
    assert len(codes) > 190


@pytest.mark.parametrize(("typed", "code"), [("acd 479", "ACD479"), (" acd-479 ", "ACD479")])
def test_codes_are_normalised_as_typed(typed, code):
    assert join_code_normalize(typed) == code


def test_codes_are_shown_in_two_groups():
    assert join_code_display("ACD479") == "ACD 479"


def test_there_are_nine_to_twelve_pictures_each_with_emoji_and_label():
    assert 9 <= len(PICTURES) <= 12
    for picture in PICTURES:
        assert picture.emoji and str(picture.label)


def test_random_picture_passwords_are_three_different_pictures():
    for _ in range(50):
        keys = picture_password_random().split("-")
        assert len(keys) == 3
        assert len(set(keys)) == 3
        assert all(key in PICTURES_BY_KEY for key in keys)


def test_matching_is_in_order():
    assert picture_password_matches(stored="cat-dog-sun", keys=["cat", "dog", "sun"])
    assert not picture_password_matches(stored="cat-dog-sun", keys=["dog", "cat", "sun"])
    assert [p.key for p in picture_password_pictures("cat-dog-sun")] == ["cat", "dog", "sun"]
