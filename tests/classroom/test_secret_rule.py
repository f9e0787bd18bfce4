"""The secret rule of a live round reaches no student: every URL of the site, requested by a
student at the table with every object id of the game, GET and POST, as a page and as an htmx
fragment, is searched for the rule's text."""

import html
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from classroom.access import STUDENT_SESSION_KEY
from classroom.models import Student
from classroom.selectors.games import current_round
from tests.factories import live_table

pytestmark = pytest.mark.django_db

# A rule whose text cannot appear by chance on a page.
SECRET = "if last is diamonds then suit != diamonds else rank >= 1"


def _patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def _fill(route: str, ids: list[int], code: str) -> str:
    path = re.sub(r"<str:code>", code, route)
    path = re.sub(r"<int:\w+>", str(ids[0]), path)
    path = re.sub(r"<[^>]+>", "x", path)
    return "/" + path.lstrip("^").rstrip("$")


def _crawl(student: Student, ids: list[int], code: str, form: dict | None = None) -> list[str]:
    """What `student` gets from every URL of the site, each filled with every id of `ids` and
    the class code `code`, as a page and as an htmx fragment: GET, and POST of `form` when
    given. Signing out would end the search early (those two only redirect)."""
    client = Client()
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    routes = [
        route
        for route in _patterns()
        if not route.startswith("admin/") and route not in ("leave/", "logout/")
    ]
    assert len(routes) > 40
    bodies = []
    for route in routes:
        for object_id in ids:
            path = _fill(route, [object_id], code)
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                bodies.append(client.get(path, **headers).content.decode(errors="replace"))
                if form is not None:
                    response = client.post(path, form, **headers)
                    bodies.append(response.content.decode(errors="replace"))
    return bodies


def _express_table():
    table, seats = live_table(rule_text=SECRET)
    return table, seats[0]


def _delphi_table():
    table, seats = live_table(
        players=3, rule_text=SECRET, seed=3, title="Delphi", table_size=4, variant="delphi"
    )
    return table, seats[0]


def _students_deal_table():
    """A student deals and writes the rule; the search runs as another student at the table."""
    from classroom.services.games import round_deal_by_student
    from tests.classroom.views.test_golden_game import students_deal_table
    from tests.factories import deal_order

    table, seats = students_deal_table(players=3)
    seats = deal_order(table, seats)  # the dealer drawn by lot first
    round_deal_by_student(seat=seats[0], rule_text=SECRET, seed=3)
    return table, seats[1]


@pytest.mark.parametrize("game", [_express_table, _delphi_table, _students_deal_table])
def test_no_response_to_a_student_contains_the_secret_rule(game):
    table, seat = game()
    round_row = current_round(table=table)
    assert round_row.rule_text == SECRET and round_row.status == "playing"
    session = table.session
    ids = sorted(
        {
            table.pk,
            session.pk,
            session.assignment.pk,
            round_row.pk,
            session.assignment.classroom.pk,
            seat.student.pk,
            seat.pk,
        }
    )
    form = {"op": "guess", "round": round_row.pk, "guess": "x", "rule_text": "x"}
    bodies = _crawl(seat.student, ids, session.assignment.classroom.join_code, form)

    assert sum(1 for body in bodies if "table-live" in body) > 0  # the table page was reached
    leaks = [body for body in bodies if SECRET in body or html.escape(SECRET) in body]
    assert leaks == []
