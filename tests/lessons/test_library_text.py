"""The library's text (issue 19): "The seed says" quotes the source in translation, marked as
such; the app's own reading sits apart in "How the app reads it", marked as the app's; the
difficulty follows the seeds' own grouping."""

import re
from html import escape

import pytest
from django.test import Client
from django.urls import reverse

from eleusis.engine.rules import LIBRARY
from tests.factories import TeacherFactory

pytestmark = pytest.mark.django_db

SEEDS = {"000": "Thai", "001": "Greek", "002": "Russian", "003": "Spanish"}


@pytest.fixture
def page():
    client = Client()
    client.force_login(TeacherFactory())
    return client.get(reverse("lessons:library")).content.decode()


def _article(page: str, rule_id: str) -> str:
    start = page.index(f'id="rule-{rule_id}"')
    return page[start : page.index("</article>", start)]


def _dd(article: str, css: str) -> str:
    start = article.index(f'<dd class="{css}">')
    return article[start : article.index("</dd>", start)]


def _quoted(page: str, rule_id: str, css: str) -> str:
    """Where the page shows what a rule's seed says (`seed-says`) or the app's reading of it
    (`app-reading`): its entry, or, for a rule that judges like an earlier one, its line on
    that rule's entry."""
    article = _article(page, rule_id)
    if article.startswith(f'id="rule-{rule_id}" class="other-source"'):
        return article[: article.index("</li>")]
    return _dd(article, css)


def test_every_seed_says_line_is_a_quotation_marked_as_translated(page):
    for rule in LIBRARY.values():
        says = _quoted(page, rule.id, "seed-says")
        assert '<blockquote class="seed-quote">' in says, rule.id
        assert f"“{escape(rule.description, quote=False)}”" in says.replace("&#x27;", "'"), rule.id
        assert f"(translated from the {SEEDS[rule.source]} seed)" in says, rule.id


def test_every_reading_of_the_app_is_marked_as_the_apps(page):
    for rule in LIBRARY.values():
        article = _article(page, rule.id)
        reading = _quoted(page, rule.id, "app-reading")
        if '<dd class="app-reading">' in reading:
            assert article.index('<dd class="app-reading">') > article.index("How the app reads it")
        assert "The app&#x27;s reading" in reading or "The app's reading" in reading, rule.id
        if rule.reading:
            assert escape(rule.reading, quote=False) in reading.replace("&#x27;", "'"), rule.id
        # The reading never hides inside the quotation.
        assert not rule.reading or rule.reading not in rule.description


def test_the_apps_decisions_are_readings_not_the_seeds_words():
    sum_two = LIBRARY["th-sum-two"]
    assert "♣" not in sum_two.description and "club" not in sum_two.description
    assert "left blank in the seed" in sum_two.description
    assert "♣" in sum_two.reading and "J, Q and K counting 10" in sum_two.reading
    assert "wrap" not in LIBRARY["th-near-rank"].description
    assert "No wrap-around" in LIBRARY["th-near-rank"].reading
    assert "rank" not in LIBRARY["ru-rank-mod-4"].description
    assert "rank" in LIBRARY["ru-rank-mod-4"].reading
    assert "starter" not in LIBRARY["el-three-red-three-black"].description
    assert "starter opens the first run" in LIBRARY["el-three-red-three-black"].reading
    for rule in LIBRARY.values():  # no quotation carries the app's own words for its choices
        assert not re.search(r"\bthe app\b", rule.description, re.I), rule.id


def test_the_greek_seeds_six_easy_rules_are_easy_and_its_hard_ones_hard():
    easy = [
        "el-alternate-colors",
        "el-suit-cycle",
        "el-three-red-three-black",
        "el-odd-even",
        "el-low-high",
        "el-step-up-1-3",
    ]
    hard = ["el-parity-color", "el-same-color-or-rank", "el-black-down-red-up"]
    assert [LIBRARY[rule_id].difficulty for rule_id in easy] == ["easy"] * 6
    assert [LIBRARY[rule_id].difficulty for rule_id in hard] == ["hard"] * 3
