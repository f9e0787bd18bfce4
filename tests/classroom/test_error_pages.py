"""The pages around the games speak the reader's language too (issue 36, point 5): the 404 and
500 pages, the library rule's name on the assignment page, and Django's own messages on the Thai
sign-up page (Django has no Thai for them: classroom/auth_strings.py)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from classroom.services.games import assignment_create
from eleusis.engine.rules import LIBRARY

LANGUAGES = ("es", "el", "ru", "th")


def _text(body: str) -> str:
    body = re.sub(r"<script.*?</script>|<style.*?</style>", "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", body))


def _titled_in(response, language: str, *, status: int, title: str, english: tuple[str, ...]):
    """The error page answers `status` with `title` in `language`, and none of `english`
    (Django's own words or ours untranslated)."""
    assert response.status_code == status
    page = _text(response.content.decode())
    with translation.override(language):
        translated = translation.gettext(title)
    assert translated != title and translated in page
    assert [words for words in english if words in page] == []


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_404_page_is_in_the_readers_language(client, language):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    english = ("Not Found", "no page at this address")
    _titled_in(response, language, status=404, title="Page not found", english=english)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_500_page_is_in_the_readers_language(client, language):
    client.raise_request_exception = False
    with override_settings(ROOT_URLCONF="tests.classroom.broken_urls"):
        response = client.get("/broken/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 500
    page = _text(response.content.decode())
    assert "Something went wrong" not in page and "met an error" not in page
    assert f'lang="{language}"' in response.content.decode()


@pytest.mark.django_db
def test_the_library_rules_name_is_translated_on_the_assignment_page(visitors, classroom):
    rule = LIBRARY["el-black-down-red-up"]
    assignment = assignment_create(
        classroom=classroom, title="Week 3", rule_text=rule.text, library_rule_id=rule.id
    )
    url = reverse("classroom:assignment_detail", kwargs={"pk": assignment.pk})
    page = _text(visitors["teacher"].get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    with translation.override("ru"):
        name = translation.gettext(rule.name)
    assert name != rule.name
    assert name in page and rule.name not in page


SIGNUP_ENGLISH = (
    "Required. 150 characters or fewer",
    "Your password can’t be too similar",
    "Your password must contain at least",
    "Your password can’t be a commonly used password",
    "Your password can’t be entirely numeric",
    "Enter the same password as before",
    "The two password fields didn’t match",
    "This password is too common",
    "This password is entirely numeric",
    "This password is too short",
    "Enter a valid username",
)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_up_page_has_no_english_from_django(client, language):
    url = reverse("classroom:signup")
    pages = [client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()]
    for username, password in (("a b", "1234"), ("ab", "12345678"), ("ab", "password")):
        data = {"username": username, "email": "x@school.example"}
        data.update(password1=password, password2=password + ("" if username == "ab" else "5"))
        pages.append(client.post(url, data, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    text = "\n".join(_text(page) for page in pages)
    assert [english for english in SIGNUP_ENGLISH if english in text] == []
    if language == "th":
        assert "รหัสผ่านนี้เป็นตัวเลขทั้งหมด" in text and "รหัสผ่านทั้งสองช่องไม่ตรงกัน" in text


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_form_from_an_old_page_is_refused_in_the_readers_language(language):
    """A form sent without its CSRF cookie (a page left open, a device that lost its cookie)."""
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("classroom:join"), {}, HTTP_ACCEPT_LANGUAGE=language)
    english = ("CSRF verification failed", "Forbidden")
    _titled_in(response, language, status=403, title="This page is out of date", english=english)
