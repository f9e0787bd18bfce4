"""Forms: clear messages, normalised values."""

import pytest

from classroom.forms import (
    ClassroomForm,
    JoinForm,
    NicknamesForm,
    PictureSigninForm,
    TeacherSignupForm,
)

pytestmark = pytest.mark.django_db


def test_join_form_normalises_code_and_nickname():
    form = JoinForm({"code": " acd-479 ", "nickname": "  Ana   Maria "})
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {"code": "ACD479", "nickname": "Ana Maria"}


@pytest.mark.parametrize("code", ["ACD47", "ACD4790", "ACD470", "OIL123"])
def test_join_form_refuses_codes_outside_the_alphabet(code):
    form = JoinForm({"code": code, "nickname": "Ana"})
    assert not form.is_valid()
    assert form.errors["code"] == ["A class code has 6 letters and numbers, like ACD 479."]


def test_nicknames_form_gives_the_non_blank_lines():
    form = NicknamesForm({"nicknames": "Ana\r\n\r\n  \nBen\n"})
    assert form.is_valid()
    assert form.cleaned_data["nicknames"] == ["Ana", "Ben"]


def test_picture_form_gives_the_keys_in_order():
    form = PictureSigninForm({"picture_1": "sun", "picture_2": "cat", "picture_3": "sun"})
    assert form.is_valid()
    assert form.picture_keys() == ["sun", "cat", "sun"]
    form = PictureSigninForm({"picture_1": "sun", "picture_2": "dragon"})
    assert not form.is_valid()
    assert form.errors["picture_2"] == ["Pick one of the pictures shown."]
    assert form.errors["picture_3"] == ["Pick a picture here."]


def test_classroom_form_requires_a_name():
    form = ClassroomForm({"name": ""})
    assert form.errors["name"] == ["Please give the class a name."]


def test_signup_form_requires_an_email():
    form = TeacherSignupForm(
        {"username": "t", "password1": "a-long-pass-123", "password2": "a-long-pass-123"}
    )
    assert form.errors["email"] == ["Please give an email address for password resets."]
