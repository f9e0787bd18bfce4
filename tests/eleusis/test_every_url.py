"""Every URL of the site, asked by every kind of visitor with well-formed and malformed input:
never a server error, and every page it answers is accessible in the ways a parser can check
(a language, labelled form fields, named buttons, images with alt text, one main landmark)."""

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from classroom.access import STUDENT_SESSION_KEY
from classroom.selectors.games import current_round
from tests.eleusis.routes import routes as site_routes
from tests.factories import TeacherFactory, live_table

pytestmark = pytest.mark.django_db

GARBAGE = [
    {},
    {"op": "play", "round": "not-a-number", "card": "ZZ", "paused": "maybe", "correct": "?"},
    {"op": "\x00", "rule_text": "colour != (", "hint": "x" * 5000, "method": "sideways"},
]


def _paths(ids, code):
    for route in site_routes():
        if route.startswith("admin/") or route in ("leave/", "logout/", "account/delete/"):
            continue
        for object_id in ids:
            path = re.sub(r"<str:code>", code, route)
            path = re.sub(r"<int:\w+>", str(object_id), path)
            yield "/" + re.sub(r"<[^>]+>", "x", path)


def _visitors(table, seats):
    def student(seat):
        client = Client()
        session = client.session
        session[STUDENT_SESSION_KEY] = seat.student.pk
        session.save()
        return client

    teacher, other_teacher = Client(), Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    other_teacher.force_login(TeacherFactory())
    _stranger_table, stranger_seats = live_table(players=3)
    return {
        "anonymous": Client(),
        "student": student(seats[0]),
        "other_student": student(stranger_seats[0]),
        "teacher": teacher,
        "other_teacher": other_teacher,
    }


def test_no_url_answers_any_visitor_with_a_server_error():
    table, seats = live_table()
    round_row = current_round(table=table)
    session = table.session
    ids = sorted({table.pk, session.pk, session.assignment.pk, round_row.pk, seats[0].pk, 999999})
    code = session.assignment.classroom.join_code
    errors = []
    for name, client in _visitors(table, seats).items():
        for path in _paths(ids, code):
            for data in GARBAGE:
                for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                    for method in ("get", "post"):
                        status = getattr(client, method)(path, data, **headers).status_code
                        if status >= 500:
                            errors.append((name, method, path, data, status))
    assert errors == []


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems, self.labels, self.fields, self.mains, self.lang = [], set(), [], 0, None
        self._button = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "main":
            self.mains += 1
        if tag == "label" and attrs.get("for"):
            self.labels.add(attrs["for"])
        if tag == "img" and "alt" not in attrs:
            self.problems.append(f"img without alt: {attrs.get('src')}")
        if tag in ("input", "select", "textarea") and attrs.get("type") not in (
            "hidden",
            "submit",
            "button",
        ):
            self.fields.append(attrs)
        if tag == "button":
            self._button = {"attrs": attrs, "text": ""}

    def handle_data(self, data):
        if self._button is not None:
            self._button["text"] += data.strip()

    def handle_endtag(self, tag):
        if tag == "button" and self._button is not None:
            if not (self._button["text"] or self._button["attrs"].get("aria-label")):
                self.problems.append(f"button without a name: {self._button['attrs']}")
            self._button = None

    def check(self):
        for field in self.fields:
            named = field.get("aria-label") or field.get("aria-labelledby")
            if not named and field.get("id") not in self.labels and field.get("type") != "radio":
                self.problems.append(f"field without a label: {field}")
        if not self.lang:
            self.problems.append("no lang on <html>")
        if self.mains != 1:
            self.problems.append(f"{self.mains} <main> landmarks")
        return self.problems


def test_every_page_is_accessible_as_far_as_a_parser_can_tell():
    table, seats = live_table()
    session = table.session
    ids = sorted({table.pk, session.pk, session.assignment.pk, seats[0].pk})
    code = session.assignment.classroom.join_code
    problems, pages = {}, 0
    for name, client in _visitors(table, seats).items():
        for path in _paths(ids, code):
            response = client.get(path)
            html = response.content.decode()
            if response.status_code != 200 or "<html" not in html:
                continue  # not a page: a redirect, a refusal, a fragment, a file
            pages += 1
            parser = _Page()
            parser.feed(html)
            found = parser.check()
            if found:
                problems[f"{name} {path}"] = found
    assert pages > 20
    assert problems == {}
