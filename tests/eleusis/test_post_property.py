"""Issue 38: no input answers 500. Hypothesis posts generated values into every field of every
POST endpoint of the site, as the teacher, a student of the table and an anonymous visitor:
every answer is below 500, and every refusal (4xx) leaves the database as it was.

The fields are read from the code itself (every form class of the apps, and every
`request.POST` name a view reads), so a new field is tried without editing this test. The values
mix the world's own (a round's id and version, a card in a hand, a table's id) with what broke
the site once ("²", "𝟙", 5,000 digits, NUL bytes) and text Hypothesis makes up. Slow: about a
minute; the count of requests is printed."""

import inspect
import re
from pathlib import Path

import pytest
from django import forms
from django.conf import settings
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from classroom import delphi_forms, game_forms, teach_forms
from classroom import forms as classroom_forms
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import assignment_create, lobby_join, session_open
from tests.eleusis.db_state import database_state
from tests.eleusis.routes import routes as site_routes
from tests.factories import ClassroomFactory, StudentFactory, seated_session, student_client

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROOT = Path(settings.BASE_DIR)
SKIPPED_ROUTES = ("admin/",)
NASTY = [
    "²", "𝟙", "١", "²S", "𝟙0H", "1" * 5000, "-1", "0", "99999999999", "1e9", "NaN", "\x00",
    "", " ", "true", "\u202e", "S" * 10_001, "<script>", "new", "ZZ", "10H", "QD",
]  # fmt: skip


def _form_fields() -> set[str]:
    names = set()
    for module in (classroom_forms, game_forms, delphi_forms, teach_forms):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, forms.BaseForm) and hasattr(cls, "base_fields"):
                names.update(cls.base_fields)
    read = re.compile(r"""request\.POST(?:\.get\(|\[|\.getlist\()\s*["'](\w+)["']""")
    for folder in ("classroom", "lessons", "eleusis"):
        for path in (ROOT / folder).rglob("*.py"):
            names.update(read.findall(path.read_text()))
    # Django's own forms (log in, password reset and change) and the dynamic fields.
    names.update(["username", "password", "email", "new_password1", "new_password2"])
    names.update(["password1", "password2", "picture_1", "picture_2", "picture_3"])
    return names


def _world():
    """One class with a live table of each game, and sacrificial objects for the endpoints
    that delete."""
    classroom = ClassroomFactory()
    tables = []
    for variant, options in [
        ("express", {"students_deal": True, "config": {"dealer": "person"}}),
        ("express", {}),
        ("delphi", {}),
        ("russian", {}),
        ("abbott", {}),
    ]:
        assignment = assignment_create(
            classroom=classroom,
            title=f"Mystery {len(tables)}",
            rule_text="" if options.get("students_deal") else "color != last.color",
            variant=variant,
            table_size=4,
            **options,
        )
        table, seats = seated_session(assignment, players=3, seed=5 + len(tables))
        tables.append((table, seats))
    late = StudentFactory(classroom=classroom)
    lobby_join(session=tables[1][0].session, student=late)
    spare = StudentFactory(classroom=classroom)
    lobby = session_open(assignment=tables[1][0].session.assignment)
    spare_class = ClassroomFactory(teacher=classroom.teacher)
    return classroom, tables, late, spare, lobby, spare_class


def _ids(classroom, tables, late, spare, lobby, spare_class):
    rounds = [current_round(table=table) for table, _ in tables]
    seats = [seat for _, table_seats in tables for seat in table_seats]
    return {
        "tables": [table.pk for table, _ in tables],
        "sessions": [table.session_id for table, _ in tables] + [lobby.pk],
        "assignments": [table.session.assignment_id for table, _ in tables],
        "classes": [classroom.pk],
        "deleted classes": [spare_class.pk],  # a class deleted is not the world's
        "students": [spare.pk, late.pk],
        "seats": [seat.pk for seat in seats],
        "rounds": [r.pk for r in rounds if r is not None],
        "hypotheses": [1],
    }


def _path(route: str, ids: dict, code: str, pick) -> str:
    kind_of = {"tables": "tables", "sessions": "sessions", "assignments": "assignments"}
    kind_of.update({"classes": "classes", "students": "students", "seats": "seats"})

    def one(match: re.Match) -> str:
        name = match.group(1)
        if name == "code":
            return pick([code, "XXXXXX"])
        if name == "seat_pk":
            return str(pick(ids["seats"]))
        if name == "round_pk":
            return str(pick(ids["rounds"]))
        if name == "hypothesis_pk":
            return str(pick(ids["hypotheses"]))
        before = route[: match.start()].rstrip("/").rsplit("/", 1)[-1]
        if route.endswith("/delete/") and before == "classes":
            return str(pick(ids["deleted classes"]))
        return str(pick([*ids.get(kind_of.get(before, ""), [1]), 999999]))

    path = re.sub(r"<(?:\w+:)?(\w+)>", one, route)
    return "/" + path


def test_no_generated_post_answers_500_and_no_refusal_changes_anything():
    world = _world()
    classroom, tables = world[0], world[1]
    ids = _ids(*world)
    code = classroom.join_code
    fields = sorted(_form_fields())
    routes = [r for r in site_routes() if not r.startswith(SKIPPED_ROUTES)]
    cards = sorted(
        {
            card.code
            for table, _ in tables
            if current_round(table=table) is not None
            for hand in getattr(engine_round(current_round(table=table)).state, "hands", ())
            for card in hand
        }
    )
    own = [str(n) for values in ids.values() for n in values]
    own += [str(r.version) for t, _ in tables if (r := current_round(table=t))] + cards
    own += ["play", "no_play", "verdict", "hint", "yes", "no", "accepted", "arrival", "new"]
    value = st.one_of(
        st.sampled_from(NASTY),
        st.sampled_from(own),
        st.text(max_size=20),
        st.integers(-(2**70), 2**70).map(str),
    )
    form = st.fixed_dictionaries({}, optional={name: value for name in fields})
    players = [_to_move(table, seats).student for table, seats in tables]
    visitors = {
        "anonymous": lambda choice: Client(),
        "teacher": lambda choice: _teacher(classroom),
        # The student to move at one of the tables (each game's own).
        "student": lambda choice: student_client(choice.choice(players)),
    }
    counts = {"requests": 0, "refused": 0, "routes": set()}
    errors = []

    @hypothesis_settings(
        max_examples=4,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=form, choice=st.randoms(use_true_random=False))
    def post(route, visitor, data, choice):
        client = visitors[visitor](choice)
        path = _path(route, ids, code, choice.choice)
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            before = database_state()
            response = client.post(path, data, **headers)
            counts["requests"] += 1
            status = response.status_code
            if status != 405:
                counts["routes"].add(route)
            if status >= 500:
                errors.append((visitor, path, data, status))
            elif 400 <= status < 500 and status != 405:
                counts["refused"] += 1
                if database_state() != before:
                    errors.append((visitor, path, data, status, "changed"))

    for route in routes:
        for visitor in visitors:
            post(route, visitor)
    print(
        f"\n{counts['requests']} generated POST requests to {len(counts['routes'])} endpoints "
        f"({len(routes)} URL patterns) as {len(visitors)} visitors, {len(fields)} fields; "
        f"{counts['refused']} refused; {len(errors)} errors"
    )
    assert errors == []
    assert counts["requests"] > 1000


def _teacher(classroom):
    client = Client()
    client.force_login(classroom.teacher)
    return client


def _to_move(table, seats):
    round_row = current_round(table=table)
    if round_row is None:
        return seats[0]
    state = engine_round(round_row).state
    turn = getattr(state, "turn", None)
    by_position = {seat.position: seat for seat in seats}
    return by_position.get(turn, seats[0]) if isinstance(turn, int) else seats[0]
