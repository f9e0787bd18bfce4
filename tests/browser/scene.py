"""A class in the middle of its work, for tests that visit every page of the main flows (axe,
reflow, languages): one teacher and one class with a lobby waiting, an Express table being
played (hypotheses, a wrong card, a hint), a finished round to review and replay, and a Delphi
table. `pages(scene)` lists each page with who looks at it."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.cached_db import SessionStore
from django.urls import reverse

from classroom.access import STUDENT_SESSION_KEY
from classroom.models import Round
from classroom.services.games import (
    assignment_create,
)
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import DealerHint, End, Play
from tests.factories import (
    ALTERNATE_COLORS,
    ClassroomFactory,
    StudentFactory,
    lobby_session,
    started_session,
)

NICKNAMES = ["Ana", "Ben", "Chloe", "Dev"]


@dataclass
class Scene:
    classroom: object
    teacher: object
    students: list = field(default_factory=list)
    lobby: object = None  # a session waiting in its lobby
    live: object = None  # an Express table being played
    finished: object = None  # a table whose round is over
    delphi: object = None  # a Delphi table
    live_seats: list = field(default_factory=list)
    delphi_seats: list = field(default_factory=list)


def _started(classroom, students, title, **options):
    assignment = assignment_create(
        classroom=classroom, title=title, rule_text=ALTERNATE_COLORS, table_size=4, **options
    )
    _, (table,) = started_session(assignment, students=students, seed=7)
    return table, list(table.seats.select_related("student").order_by("position"))


def _play(round_row, seats, moves, words):
    for move in range(moves):
        round_row.refresh_from_db()
        engine = engine_round(round_row)
        player = engine.state.turn
        card = engine.state.hands[player][move % 3]
        hypothesis = HypothesisInput(text=words["hypothesis"], checkable="color != last.color")
        round_act(
            round_id=round_row.pk,
            action=Play(player, card, hypothesis=hypothesis.summary, prediction=True),
            seat=seats[round_row.position_of(player)],
            hypothesis=hypothesis,
            schedule=False,
        )


# The class's own words: English ones, or (`english=False`, for tests that look for English
# left untranslated in the pages) words that are no language's.
WORDS = {
    True: {
        "class": "Class 5B",
        "teacher": "teacher5b",
        "titles": ("Colors, week 3", "Colors, week 2", "Delphi, week 4", "Colors, week 5"),
        "hypothesis": "red and black take turns",
        "hint": "Look at the colors.",
    },
    False: {
        "class": "5B",
        "teacher": "t5b",
        "titles": ("Eleusis 3", "Eleusis 2", "Delphi 4", "Eleusis 5"),
        "hypothesis": "♥♠ ♥♠ ♥♠",
        "hint": "♥ ♠ ♥ ♠ …",
    },
}


def build(*, english: bool = True) -> Scene:
    words = WORDS[english]
    classroom = ClassroomFactory(name=words["class"], teacher__username=words["teacher"])
    students = [StudentFactory(classroom=classroom, nickname=name) for name in NICKNAMES]
    scene = Scene(classroom=classroom, teacher=classroom.teacher, students=students)
    live_title, finished_title, delphi_title, lobby_title = words["titles"]

    scene.live, scene.live_seats = _started(classroom, students, live_title)
    round_row = scene.live.rounds.get()
    _play(round_row, scene.live_seats, 5, words)
    round_act(round_id=round_row.pk, action=DealerHint(words["hint"]))

    scene.finished, finished_seats = _started(classroom, students, finished_title)
    round_row = scene.finished.rounds.get()
    _play(round_row, finished_seats, 8, words)
    round_act(round_id=round_row.pk, action=End("time is up"))

    assignment = assignment_create(
        classroom=classroom,
        title=delphi_title,
        variant="delphi",
        rule_text=ALTERNATE_COLORS,
        config={"starter": "until_legal"},
    )
    _, (scene.delphi,) = started_session(assignment, students=students, seed=7)
    scene.delphi_seats = list(scene.delphi.seats.select_related("student").order_by("position"))

    lobby_assignment = assignment_create(
        classroom=classroom, title=lobby_title, rule_text=ALTERNATE_COLORS
    )
    scene.lobby = lobby_session(lobby_assignment, students=students[:2])
    return scene


def cookie_for(scene: Scene, who: str, live_server_url: str) -> dict | None:
    """A signed-in session cookie: "teacher", a student's nickname, or None for "anonymous"."""
    if who == "anonymous":
        return None
    session = SessionStore()
    if who == "teacher":
        session[SESSION_KEY] = str(scene.teacher.pk)
        session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = scene.teacher.get_session_auth_hash()
    else:
        student = next(s for s in scene.students if s.nickname == who)
        session[STUDENT_SESSION_KEY] = student.pk
    session.create()
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": session.session_key,
        "url": live_server_url,
    }


def pages(scene: Scene) -> list[tuple[str, str, str]]:
    """(name, who, path) for each page of the main flows."""
    finished_round = scene.finished.rounds.get()
    assert finished_round.status == Round.Status.OVER
    live_session = scene.live.session
    first = scene.students[0].nickname
    return [
        ("home", "anonymous", reverse("home")),
        ("join", "anonymous", reverse("classroom:join")),
        ("teacher login", "anonymous", reverse("classroom:login")),
        (
            "signin pick",
            "anonymous",
            reverse("classroom:signin_pick", args=[scene.classroom.join_code]),
        ),
        ("dashboard", "teacher", reverse("classroom:dashboard")),
        ("class page", "teacher", reverse("classroom:classroom_detail", args=[scene.classroom.pk])),
        (
            "assignment",
            "teacher",
            reverse("classroom:assignment_detail", args=[live_session.assignment.pk]),
        ),
        ("lobby (teacher)", "teacher", reverse("classroom:session_detail", args=[scene.lobby.pk])),
        ("live view", "teacher", reverse("classroom:session_live", args=[live_session.pk])),
        (
            "projector",
            "teacher",
            reverse("classroom:session_projector", args=[live_session.pk]),
        ),
        (
            "projector (lobby)",
            "teacher",
            reverse("classroom:session_projector", args=[scene.lobby.pk]),
        ),
        (
            "live view (Delphi)",
            "teacher",
            reverse("classroom:session_live", args=[scene.delphi.session.pk]),
        ),
        (
            "review",
            "teacher",
            reverse("classroom:review_session", args=[scene.finished.session.pk]),
        ),
        (
            "replay",
            "teacher",
            reverse("classroom:review_replay", args=[scene.finished.session.pk, finished_round.pk])
            + "?step=3",
        ),
        ("library", "teacher", reverse("lessons:library")),
        ("lesson plans", "teacher", reverse("lessons:plans")),
        ("rule editor", "teacher", reverse("lessons:editor")),
        ("student home", first, reverse("classroom:student_home")),
        ("lobby (student)", first, reverse("classroom:session_lobby", args=[scene.lobby.pk])),
        ("table", first, reverse("classroom:table", args=[scene.live.pk])),
        ("table (round over)", first, reverse("classroom:table", args=[scene.finished.pk])),
        ("Delphi", first, reverse("classroom:table", args=[scene.delphi.pk])),
    ]
