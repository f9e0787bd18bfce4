"""The teacher's lesson pages: lesson plans, rule library, rule editor, printables."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from classroom.templatetags.play_tags import card_label
from eleusis.engine.rules import LIBRARY
from lessons.rules import comparison
from tests.classroom.conftest import student_client
from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db

PAGES = [
    "lessons:plans",
    "lessons:library",
    "lessons:editor",
    "lessons:print_frames",
    "lessons:print_guidelines",
]
HTMX_CHECK = {"HX-Request": "true", "HX-Target": "rule-check"}
HTMX_COMPARISON = {"HX-Request": "true", "HX-Target": "comparison"}


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def classroom():
    return ClassroomFactory()


@pytest.fixture
def teacher(classroom):
    client = Client()
    client.force_login(classroom.teacher)
    return client


@pytest.fixture
def visitors(classroom, teacher):
    """Clients for: anonymous, this class's student, another class's student, this class's
    teacher, a teacher with no class."""
    other_teacher = Client()
    other_teacher.force_login(TeacherFactory())
    return {
        "anonymous": Client(),
        "student": student_client(StudentFactory(classroom=classroom)),
        "other_student": student_client(StudentFactory()),
        "teacher": teacher,
        "other_teacher": other_teacher,
    }


@pytest.mark.parametrize("name", PAGES)
def test_teachers_only(visitors, name):
    url = reverse(name)
    for who in ("anonymous", "student", "other_student"):
        response = visitors[who].get(url)
        assert response.status_code == 302, who
        assert response.url.startswith(reverse("classroom:login")), who
    for who in ("teacher", "other_teacher"):
        assert visitors[who].get(url).status_code == 200, who


@pytest.mark.parametrize("name", PAGES)
def test_get_only(teacher, name):
    assert teacher.post(reverse(name)).status_code == 405


def test_nav_and_dashboard_link_to_lessons(teacher):
    plans = reverse("lessons:plans")
    page = teacher.get(reverse("classroom:dashboard")).content.decode()
    assert page.count(f'href="{plans}"') == 2  # the nav and the dashboard


def test_plans_link_to_the_library_editor_and_printables(teacher):
    page = teacher.get(reverse("lessons:plans")).content.decode()
    for name in ("lessons:library", "lessons:editor", "lessons:print_frames"):
        assert f'href="{reverse(name)}' in page
    assert "hypothesis" in page
    compare = reverse("lessons:editor") + "?rule_text=if+last+is+even"
    assert f'href="{compare}' in page and "other=el-parity-color" in page
    assert "Delphi" in page


# The library ------------------------------------------------------------------------------------


def test_library_lists_every_rule_by_difficulty(teacher):
    response = teacher.get(reverse("lessons:library"))
    page = response.content.decode()
    assert len(LIBRARY) == 26
    # One entry per rule: the 26 seed rules judge in 18 different ways (th-alternate-colors
    # and its three twins, two odd-even twins, two low-high twins, one parity-color twin).
    assert len(re.findall(r'<article class="library-rule', page)) == 18
    shown = {entry.rule.id for section in response.context["sections"] for entry in section.entries}
    for rule in LIBRARY.values():
        assert f'id="rule-{rule.id}"' in page  # a link to any of them still lands on its entry
        if rule.id in shown:
            assert escape(rule.compiled().explain()) in page
        else:
            assert f"<code>{rule.id}</code>" in page  # named on its twin's entry
    sections = [section.difficulty for section in response.context["sections"]]
    assert sections == ["easy", "medium", "hard"]
    assert page.index('id="easy"') < page.index('id="medium"') < page.index('id="hard"')


def test_library_entry_says_seed_share_and_equivalences(teacher):
    response = teacher.get(reverse("lessons:library"))
    entries = {
        entry.rule.id: entry
        for section in response.context["sections"]
        for entry in section.entries
    }
    alternate = entries["th-alternate-colors"]
    assert alternate.seed == "Thai"
    assert alternate.mean_percent == 50
    assert {rule.id for rule in alternate.same_as} == {
        "el-alternate-colors",
        "ru-alternate-colors",
        "es-alternate-colors",
    }
    assert entries["th-parity-color"].same_as == [LIBRARY["ru-parity-color"]]
    assert entries["el-parity-color"].same_as == []
    # The twins are not entries of their own: they are named, with their seed, on the first.
    assert "es-alternate-colors" not in entries and "ru-parity-color" not in entries
    spanish = next(o for o in alternate.others if o.rule.id == "es-alternate-colors")
    assert spanish.seed == "Spanish"
    page = response.content.decode()
    assert "From the Greek seed (001)" in page
    article = page[page.index('id="rule-th-alternate-colors"') :]
    article = article[: article.index("</article>")]
    assert article.count('class="other-source">From the ') == 3
    for other in alternate.others:
        assert f"From the {other.seed} seed ({other.rule.source}): {other.name}" in article
        assert f"<code>{other.rule.id}</code>" in article
        assert escape(other.description) in article
    assert "no other rule in the library" in page
    assert "on average 26.0 of 52 (50%)" in page


def test_library_links_every_rule_to_the_classroom_assign_page(teacher):
    assign = reverse("classroom:assign_rule")
    page = teacher.get(reverse("lessons:library")).content.decode()
    assert page.count(f'href="{assign}?library_rule=') == 18  # one per entry


# The editor -------------------------------------------------------------------------------------


def test_editor_check_explains_the_rule(teacher):
    url = reverse("lessons:editor")
    response = teacher.get(url, {"rule_text": "color != last.color"}, headers=HTMX_CHECK)
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="rule-check"')
    assert escape(LIBRARY["th-alternate-colors"].compiled().explain()) in page
    assert "<form" not in page


def test_editor_check_shows_the_error_with_line_and_column(teacher):
    url = reverse("lessons:editor")
    text = "color != last.color and\n  colour == red"
    response = teacher.get(url, {"rule_text": text}, headers=HTMX_CHECK)
    page = response.content.decode()
    assert "Not a rule yet:" in page
    assert "line 2, column 3" in page
    assert "did you mean" in page


def test_editor_check_warns_about_a_strict_rule(teacher):
    response = teacher.get(
        reverse("lessons:editor"), {"rule_text": "rank == last.rank + 1"}, headers=HTMX_CHECK
    )
    assert "Too strict" in response.content.decode()


def test_editor_page_without_javascript_shows_check_and_comparison(teacher):
    response = teacher.get(
        reverse("lessons:editor"),
        {"rule_text": "parity != last.parity", "other": "el-odd-even"},
    )
    page = response.content.decode()
    assert '<form id="rule-editor"' in page
    assert escape(LIBRARY["th-odd-even"].compiled().explain()) in page
    assert "The same rule." in page


def _comparison(teacher, rule_text, other=None):
    """The editor's comparison of `rule_text` with `other` (none given: no second rule), as the
    page's htmx request asks for it."""
    query = {"rule_text": rule_text} if other is None else {"rule_text": rule_text, "other": other}
    response = teacher.get(reverse("lessons:editor"), query, headers=HTMX_COMPARISON)
    return response.content.decode()


def test_comparison_of_opposite_rules_gives_a_counterexample(teacher):
    first, second = LIBRARY["th-parity-color"], LIBRARY["el-parity-color"]
    page = _comparison(teacher, first.text, second.text)
    assert "Different rules." in page
    assert "<form" not in page
    result = comparison(first.text, second.text)
    assert not result.equivalent
    assert result.card is not None
    # The engine agrees with what the page says: each rule judges the card as reported.
    history = list(result.plays)
    assert first.compiled().accepts(history, result.card) is result.first_accepts
    assert second.compiled().accepts(history, result.card) is result.second_accepts
    assert result.first_accepts != result.second_accepts
    verdict = {True: "right", False: "wrong"}
    assert f"Your rule says: {verdict[result.first_accepts]}." in page
    assert f"The other rule says: {verdict[result.second_accepts]}." in page
    for attempt in result.plays:
        assert f'aria-label="{card_label(attempt.card)}' in page
    assert f'aria-label="{card_label(result.card)}"' in page


def test_comparison_of_the_same_rule_in_other_words(teacher):
    page = _comparison(teacher, "color != last.color", "@ru-alternate-colors")
    assert "The same rule." in page
    assert "same verdict in all 2756 situations" in page  # 52 starters, 52 × 52 pairs


def test_comparison_reports_an_error_in_the_other_rule(teacher):
    page = _comparison(teacher, "red", "suit = = hearts")
    assert "The other rule is not a rule yet:" in page
    assert "Line 1, column" in page


def test_comparison_waits_for_two_rules(teacher):
    assert "Type a second rule" in _comparison(teacher, "red")
    assert "Once your rule is a rule" in _comparison(teacher, "colour", "red")


# Printables -------------------------------------------------------------------------------------


def test_the_hypothesis_sheet_is_the_sentence_builder_on_paper(teacher):
    """Every line of the builder's "When", "Play" and "Then" with a line to write on in each
    gap, and every word that fills a gap: a sentence made on paper is one the builder makes."""
    from eleusis.engine.rules.builder import PARTS_BY_ID

    page = teacher.get(reverse("lessons:print_frames")).content.decode()
    assert "print-page" in page
    lines = [
        option.label
        for part in ("if", "then", "join")
        for option in PARTS_BY_ID[part].options
        if option.id != "none"
    ]
    gaps = sum(label.count("…") for label in lines)
    assert page.count('<span class="blank"></span>') == gaps + 2  # + table and date
    for label in lines:
        assert escape(label.split("…")[0].strip()) in page
    for part in ("then-what", "then-prop", "then-ref", "then-order"):
        assert escape(PARTS_BY_ID[part].label) in page
        for option in PARTS_BY_ID[part].options:
            assert escape(option.label) in page
    assert "…" not in page.split('class="print-sheet"')[1]


def test_guidelines_card(teacher):
    page = teacher.get(reverse("lessons:print_guidelines")).content.decode()
    assert "print-page" in page
    assert "Making a secret rule" in page
    assert "12–15" in page
    assert "harder than you think" in page


def test_pages_in_another_language(teacher):
    page = teacher.get(reverse("lessons:library"), headers={"Accept-Language": "es"})
    assert page.status_code == 200
    assert page.headers["Content-Language"] == "es"


def test_assign_this_rule_opens_the_form_on_that_rule(client):
    from tests.factories import ClassroomFactory

    classroom = ClassroomFactory()
    client.force_login(classroom.teacher)
    library = client.get(reverse("lessons:library")).content.decode()
    link = reverse("classroom:assign_rule") + "?library_rule=th-suit-cycle"
    assert link in library

    form = client.get(link, follow=True).content.decode()

    assert '<option value="th-suit-cycle" selected>' in form
