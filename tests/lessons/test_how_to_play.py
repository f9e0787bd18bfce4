"""The "How to play" page (issue 19): open to students and teachers, the rules and scoring of
each game with the dealer's incentive, linked from the table and the lesson plans; the
rule-making card's number convention and advice; the age range of the lesson plans."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.classroom.conftest import student_client
from tests.factories import TeacherFactory, live_table

pytestmark = pytest.mark.django_db


def _teacher() -> Client:
    client = Client()
    client.force_login(TeacherFactory())
    return client


def test_how_to_play_is_open_to_everyone_and_says_each_game_and_its_scoring():
    url = reverse("lessons:how_to_play")
    _table, seats = live_table(players=3)
    for client in (Client(), student_client(seats[0].student), _teacher()):
        response = client.get(url)
        assert response.status_code == 200
    page = Client().get(url).content.decode()
    for heading in (
        "Eleusis Express",
        "Scoring and the end of the game",
        "Delphi",
        "Abbott/Howell",
        "Russian Eleusis",
    ):
        assert f">{heading}</h2>" in page
    for anchor in ("express", "delphi", "abbott", "russian"):
        assert f'id="{anchor}"' in page
    assert "+6 for guessing the rule; +3 for getting rid of every card." in page
    assert "The dealer scores as much as the best player of the round." in page
    assert "You score best when someone finds your rule, but not at once" in page
    assert "until everyone has dealt once" in page


@pytest.mark.parametrize("variant", ["express", "abbott", "russian", "delphi"])
def test_every_games_table_links_to_its_own_rules(variant):
    """Issue 35, point 1: "How to play" is reachable from every table page of each game."""
    url = reverse("lessons:how_to_play")
    rule = "color != last.color"
    table, seats = live_table(players=3, variant=variant, rule_text=rule, config={})
    table_page = student_client(seats[0].student).get(reverse("classroom:table", args=[table.pk]))
    assert f'href="{url}#{variant}"' in table_page.content.decode()


def test_the_lesson_plans_link_to_how_to_play():
    url = reverse("lessons:how_to_play")
    plans = _teacher().get(reverse("lessons:plans")).content.decode()
    assert f'href="{url}"' in plans


def test_the_lesson_plans_make_only_the_sources_claims():
    plans = _teacher().get(reverse("lessons:plans")).content.decode()
    assert "primary-school teachers could show the scientific method" in plans
    for claim in ("10–14 year olds", "short enough for one lesson", "secondary school"):
        assert claim not in plans


def test_a_timed_lesson_plan_for_each_game_with_joining_the_end_of_time_and_discussion():
    """Issue 35, point 7."""
    plans = _teacher().get(reverse("lessons:plans")).content.decode()
    for heading in (
        "First lesson (about 50 minutes)",
        "A lesson of Abbott/Howell (about 50 minutes)",
        "A lesson of the Russian rules (about 45 minutes)",
        "A lesson of Delphi (about 40 minutes)",
    ):
        assert f">{heading}</h2>" in plans
    assert plans.count(">Joining (5 minutes)</h3>") == 4
    assert plans.count(">Discussion (10 minutes)</h3>") == 4
    assert plans.count("When time is up") >= 4


def test_the_rule_making_card_has_the_number_convention_and_the_greek_advice():
    card = _teacher().get(reverse("lessons:print_guidelines")).content.decode()
    assert "A = 1, 2–10 as printed, J = 11, Q = 12, K = 13, unless your rule says otherwise" in card
    assert "J, Q and K count 10" in card
    assert "make a small change to one of them" in card
