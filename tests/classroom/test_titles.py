"""Assignment titles never give the rule away: the app's titles are neutral, a typed title that
names the rule is refused and one that uses its words needs the teacher's confirmation."""

import pytest
from django.urls import reverse

from classroom.models import Assignment
from classroom.titles import neutral_title, title_leak
from eleusis.engine.rules import LIBRARY
from tests.classroom.views.test_teach import assignment_data

pytestmark = pytest.mark.django_db


def test_a_neutral_title_names_no_rule_word():
    for rule in LIBRARY.values():
        title = neutral_title(number=7, difficulty=rule.difficulty)
        assert title == f"Mystery rule 7 · {rule.difficulty}"
        assert not title_leak(title, rule_text=rule.text, library_rule_id=rule.id)


@pytest.mark.parametrize(
    ("title", "rule_text", "library_rule_id", "name", "words"),
    [
        ("Alternate colors", "color != last.color", "th-alternate-colors", "Alternate colors", ()),
        # A written rule equal to a library rule is named by that rule's name too.
        ("alternate COLORS!", "if last is red then black else red", "", "Alternate colors", ()),
        ("Black down, red up", "x", "el-black-down-red-up", "Black down, red up", ()),
        ("The red team", "", "", "", ()),  # students deal: no rule to compare
        ("Red and black", "color != last.color", "th-alternate-colors", "", ("black", "red")),
        ("Week 3", "color != last.color", "th-alternate-colors", "", ()),
        ("Parity day", "parity != last.parity", "", "", ("parity",)),
    ],
)
def test_title_leak(title, rule_text, library_rule_id, name, words):
    rule_text = LIBRARY[library_rule_id].text if library_rule_id else rule_text
    leak = title_leak(title, rule_text=rule_text, library_rule_id=library_rule_id)
    assert (leak.name, leak.words) == (name, words)


def test_assign_this_rule_prefills_a_neutral_title(visitors, classroom):
    rule = LIBRARY["el-black-down-red-up"]
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].get(url, {"library_rule": rule.id})
    title = response.context["form"]["title"].value()
    assert title == "Mystery rule 1 · hard" == neutral_title(number=1, difficulty="hard")
    assert rule.name not in response.content.decode().split("<select")[0]
    data = assignment_data(library_rule=rule.id, title=title)
    assert visitors["teacher"].post(url, data).status_code == 302
    assert Assignment.objects.get().title == "Mystery rule 1 · hard"


def test_an_empty_title_becomes_a_neutral_one(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    written = assignment_data(title="", rule_source="written", rule_text="suit == hearts")
    assert visitors["teacher"].post(url, written).status_code == 302
    assert visitors["teacher"].post(url, assignment_data(title="  ")).status_code == 302
    titles = list(Assignment.objects.order_by("pk").values_list("title", flat=True))
    assert titles == ["Mystery rule 1", "Mystery rule 2 · easy"]


def test_a_title_naming_the_rule_is_refused_even_when_confirmed(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    data = assignment_data(title="Our alternate colors game", title_confirmed="on")
    response = visitors["teacher"].post(url, data)
    assert response.status_code == 400
    assert "names the secret rule" in response.context["form"].errors["title"][0]
    assert not Assignment.objects.exists()


def test_a_title_with_the_rules_words_needs_confirming(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].post(url, assignment_data(title="Red or black?"))
    assert response.status_code == 400
    assert "words of the secret rule (black, red)" in response.context["form"].errors["title"][0]
    assert 'name="title_confirmed"' in response.content.decode()
    assert not Assignment.objects.exists()
    confirmed = assignment_data(title="Red or black?", title_confirmed="on")
    assert visitors["teacher"].post(url, confirmed).status_code == 302
    assert Assignment.objects.get().title == "Red or black?"


@pytest.mark.parametrize(
    "title",
    ["Colores alternos", "Εναλλαγή χρωμάτων", "Чередование цветов", "สลับสี", "เกมสลับสีวันนี้"],
)
def test_a_title_naming_the_rule_in_any_language_the_app_speaks_is_refused(
    visitors, classroom, title
):
    """Issue 38: the teacher's pages are in English, the class reads Spanish, Greek, Russian or
    Thai; a title naming the rule in the class's language gives it away just the same."""
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    data = assignment_data(library_rule="th-alternate-colors", title=title)

    response = visitors["teacher"].post(url, data)

    assert response.status_code == 400
    assert "names the secret rule" in response.context["form"].errors["title"][0]
    assert not Assignment.objects.exists()
    # A written rule that judges alike is named by the library rule's names too.
    written = assignment_data(rule_source="written", rule_text="color != last.color", title=title)
    assert visitors["teacher"].post(url, written).status_code == 400
    assert title_leak(title, rule_text="color != last.color").name
