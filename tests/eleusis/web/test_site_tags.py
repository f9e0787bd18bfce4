"""The shared frame's tags: the language picker's options."""

import re

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from eleusis.web.site_tags import language_options


def _options(html: str) -> list[tuple[str, str, bool]]:
    """(value, name, selected) of each option."""
    found = re.findall(r'<option value="([^"]*)" lang="\1"( selected)?>([^<]*)</option>', html)
    return [(value, name, bool(selected)) for value, selected, name in found]


def test_each_language_is_named_in_itself_and_the_pages_own_is_selected():
    options = _options(language_options("el"))

    assert [value for value, _name, _selected in options] == ["en", "es", "el", "ru", "th"]
    assert ("el", "Ελληνικά", True) in options
    assert ("ru", "Русский", False) in options
    assert [value for value, _name, selected in options if selected] == ["el"]


@override_settings(LANGUAGES=[("en", "English"), ("es", "Spanish")])
def test_the_options_follow_the_settings():
    assert [value for value, _name, _selected in _options(language_options("es"))] == ["en", "es"]


@pytest.mark.django_db
def test_a_page_offers_every_language_with_its_own_selected(client):
    with translation.override("es"):
        html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="es").content.decode()

    picker = html.split('id="language-select"', 1)[1].split("</select>", 1)[0]
    options = _options(picker)
    assert len(options) == 5
    assert [value for value, _name, selected in options if selected] == ["es"]
