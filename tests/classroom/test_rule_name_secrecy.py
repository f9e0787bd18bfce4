"""No page a student can reach names the rule: a game assigned the way a teacher does it (from
the library's "Assign this rule", keeping the title the form offers) and the demo's games are
crawled, every URL with every object id, as a student at the table, as a page and as an htmx
fragment, for the rule's library name, its description and its explanation."""

import html

import pytest
from django.urls import reverse

from classroom.demo import DEMO_RULE_ID, demo_create
from classroom.models import Assignment, Student
from classroom.selectors.games import current_round
from classroom.services.games import assignment_create, session_seat, session_start
from classroom.services.rounds import engine_round
from classroom.teach_forms import rule_check
from classroom.templatetags.play_tags import card_label
from eleusis.engine.rules import LIBRARY
from tests.classroom.test_secret_rule import _crawl
from tests.classroom.views.test_teach import assignment_data
from tests.factories import StudentFactory, lobby_session

pytestmark = pytest.mark.django_db


def _secrets(rule_id: str) -> list[str]:
    rule = LIBRARY[rule_id]
    return [rule.name, rule.description, rule_check(rule.text).explanation]


def _leaks(bodies: list[str], secrets: list[str]) -> list[str]:
    return [
        secret
        for secret in secrets
        if any(secret in body or html.escape(secret) in body for body in bodies)
    ]


@pytest.mark.parametrize("rule_id", ["el-black-down-red-up", "th-alternate-colors"])
def test_a_game_assigned_from_the_library_names_no_rule_to_students(visitors, classroom, rule_id):
    teacher = visitors["teacher"]
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    offered = teacher.get(url, {"library_rule": rule_id}).context["form"]["title"].value()
    assert (
        teacher.post(url, assignment_data(library_rule=rule_id, title=offered)).status_code == 302
    )
    assignment = Assignment.objects.get()
    students = [StudentFactory(classroom=classroom) for _ in range(3)]
    session = lobby_session(assignment, students=students)
    # The lobby, before the start.
    ids = [session.pk, assignment.pk, classroom.pk]
    bodies = _crawl(students[0], ids, classroom.join_code)
    assert any(offered in body for body in bodies)  # the lobby and home page were reached
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=5)
    round_row = current_round(table=table)
    seat = table.seats.get(student=students[0])
    ids = sorted({table.pk, session.pk, assignment.pk, round_row.pk, classroom.pk, seat.pk})
    bodies += _crawl(students[0], ids, classroom.join_code)
    assert any("table-live" in body for body in bodies)  # the table was reached
    assert _leaks(bodies, _secrets(rule_id)) == []


def test_the_demo_names_no_rule_to_its_students():
    demo_create()
    ana = Student.objects.get(nickname="Ana")
    seat = ana.seats.select_related("table__session__assignment").get()
    table = seat.table
    ids = sorted(
        {
            table.pk,
            table.session.pk,
            table.session.assignment.pk,
            current_round(table=table).pk,
            ana.classroom.pk,
            seat.pk,
        }
    )
    bodies = _crawl(ana, ids, ana.classroom.join_code)
    assert any("table-live" in body for body in bodies)
    secrets = _secrets(DEMO_RULE_ID) + _secrets("th-odd-even")
    assert _leaks(bodies, secrets) == []


def test_the_projector_names_no_rule_and_shows_no_hand(visitors, classroom):
    rule = LIBRARY["el-black-down-red-up"]
    assignment = assignment_create(
        classroom=classroom, title="Week 3", rule_text=rule.text, library_rule_id=rule.id
    )
    session = lobby_session(assignment, students=4)
    url = reverse("classroom:session_projector", kwargs={"pk": session.pk})
    teacher = visitors["teacher"]
    lobby_page = teacher.get(url).content.decode()
    assert "projector-code" in lobby_page
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=5)
    bodies = [
        teacher.get(url).content.decode(),
        teacher.get(url, HTTP_HX_REQUEST="true").content.decode(),
    ]
    assert all("projector-table-1" in body for body in bodies)
    # The button says the shortcut that works (Alt+N), the header names no teacher's login.
    page = bodies[0]
    assert "Hide names (Alt+N)" in page and 'aria-keyshortcuts="Alt+N"' in page
    assert "key N" not in page and session.assignment.classroom.teacher.get_username() not in page
    assert _leaks(bodies, [rule.text, *_secrets(rule.id)]) == []
    hands = engine_round(current_round(table=table)).dealer_view().hands
    layout_cards = {
        str(c.card) for c in engine_round(current_round(table=table)).dealer_view().layout
    }
    in_hands_only = {
        f'aria-label="{label}"'
        for hand in hands
        for card in hand
        if str(card) not in layout_cards
        for label in [card_label(card)]
    }
    assert not any(label in body for body in bodies for label in in_hands_only)
    # Only the session's teacher sees it.
    for name in ("anonymous", "student", "other_teacher"):
        assert visitors[name].get(url).status_code in (302, 403, 404)
