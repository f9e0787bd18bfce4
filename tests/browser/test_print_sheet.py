"""The hypothesis sheet prints on one A4 page per student (issue 35, point 7), in every language
the app speaks (the longest words decide)."""

import re

import pytest

from tests.browser.marks import LIVE
from tests.browser.signed_in import teacher_page
from tests.factories import TeacherFactory

pytestmark = LIVE


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("language", ["en", "es", "el", "ru", "th"])
def test_the_hypothesis_sheet_prints_on_one_a4_page(new_page, live_server, language):
    page = teacher_page(new_page, live_server, TeacherFactory())
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto("/lessons/print/frames/")
    page.emulate_media(media="print")
    pdf = page.pdf(prefer_css_page_size=True)
    if language != "en":  # the sheet is in the student's language
        assert page.locator("h1").inner_text() != "My hypothesis"
    assert _pages(pdf) == 1
