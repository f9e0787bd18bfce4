"""Demo data for a newcomer: idempotent, so `make run` can call it every time."""

import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from classroom.codes import join_code_display
from classroom.games import GAMES, abbott
from classroom.models import Assignment, Classroom, Student
from classroom.pictures import picture_password_pictures
from classroom.services.classes import classroom_create, student_join
from classroom.services.games import assignment_create, session_open, session_start, table_create
from eleusis.engine.rules import library_rule

# Neutral titles: students see them, so they never name the rule (see classroom/titles.py).
DEMO_ASSIGNMENT = "Mystery rule 1 · easy (demo)"
DEMO_RULE_ID = "th-alternate-colors"
DEMO_PRACTICE = "Mystery rule 2 · easy (practice)"
# The titles of earlier demos, which named their rules: renamed when found.
OLD_TITLES = {
    "Alternate colors (demo)": DEMO_ASSIGNMENT,
    "Odd and even (practice)": DEMO_PRACTICE,
}

DEMO_USERNAME = "demo-teacher"
DEMO_CLASS_NAME = "Demo class"
DEMO_NICKNAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")


@dataclass
class DemoResult:
    username: str
    password: str
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"  Log in at {base_url()}/login/ as {self.username} / {self.password}",
            *self.notes,
        ]


def _demo_classroom(teacher) -> tuple[Classroom, list[Student]]:
    """The demo teacher's class with its students, created once and found again after."""
    classroom = Classroom.objects.filter(teacher=teacher, name=DEMO_CLASS_NAME).first()
    if classroom is None:
        classroom = classroom_create(teacher=teacher, name=DEMO_CLASS_NAME)
    existing = {student.nickname.lower() for student in classroom.students.all()}
    for nickname in DEMO_NICKNAMES:
        if nickname.lower() not in existing:
            student_join(classroom=classroom, nickname=nickname)
    students = list(classroom.students.filter(nickname__in=DEMO_NICKNAMES))
    return classroom, students


def base_url() -> str:
    """Where the app is served: SITE_URL (`make run` sets it to the LAN address)."""
    return settings.SITE_URL or "http://127.0.0.1:8000"


@transaction.atomic
def demo_create(*, password: str | None = None) -> DemoResult:
    """Make the demo (once) and give the demo teacher a new random password, printed: served to
    the school's network, a fixed password would let anyone on the Wi-Fi in."""
    user_model = get_user_model()
    teacher, _created = user_model.objects.get_or_create(
        username=DEMO_USERNAME, defaults={"first_name": "Demo", "email": "demo@example.com"}
    )
    password = password or secrets.token_urlsafe(12)
    teacher.set_password(password)
    teacher.save(update_fields=["password"])
    classroom, students = _demo_classroom(teacher)
    ana = next(student for student in students if student.nickname == "Ana")
    _demo_games(classroom, ana)
    _demo_other_games(classroom)
    pictures = ", ".join(str(p.label) for p in picture_password_pictures(ana.picture_password))
    notes = [
        f"  Demo class: {classroom.name}, code {join_code_display(classroom.join_code)}"
        f" (students join at {base_url()}/join/{classroom.join_code}/)",
        "  Demo students: " + ", ".join(student.nickname for student in students),
        f"  Play as Ana: sign in at {base_url()}/signin/{classroom.join_code}/ with"
        f" the pictures {pictures}",
        "  A live session is on: bots play at table 1; table 2 waits for Ana.",
        "  Each other game has a live session of bots: " + "; ".join(DEMO_TITLES) + ".",
    ]
    return DemoResult(username=DEMO_USERNAME, password=password, notes=notes)


def _demo_games(classroom: Classroom, ana: Student) -> None:
    """A live session of a library rule: four bots at table 1, Ana and three bots at table 2;
    and a solo practice of a harder rule. Made once; later runs leave them as they are."""
    for old, new in OLD_TITLES.items():
        Assignment.objects.filter(classroom=classroom, title=old).update(title=new)
    if Assignment.objects.filter(classroom=classroom, title=DEMO_ASSIGNMENT).exists():
        return
    rule = library_rule(DEMO_RULE_ID)
    assignment = assignment_create(
        classroom=classroom,
        title=DEMO_ASSIGNMENT,
        rule_text=rule.text,
        library_rule_id=rule.id,
        table_size=4,
    )
    session = session_open(assignment=assignment)
    table_create(session=session, bots=["scientist", "falsifier", "confirmation", "random"])
    table_create(session=session, students=[ana], bots=["scientist", "falsifier", "random"])
    session_start(session=session, seed=7)
    practice = library_rule("th-odd-even")
    assignment_create(
        classroom=classroom,
        title=DEMO_PRACTICE,
        rule_text=practice.text,
        library_rule_id=practice.id,
        mode=str(Assignment.Mode.SOLO),
    )


# Each other game's demo session: its record's title.
DEMO_TITLES = tuple(game.demo_title for game in GAMES.values() if game.demo_title)
DEMO_ABBOTT = abbott.GAME.demo_title


def _demo_other_games(classroom: Classroom) -> None:
    """A live session of every other game (its record's `demo_title`): one table of bots, the
    game's own settings (docs/rules.md). Ana keeps her one seat, at the Express table. Each is
    made once; later runs leave it as it is."""
    rule = library_rule(DEMO_RULE_ID)
    for number, game in enumerate(GAMES.values()):
        if not game.demo_title:
            continue
        if Assignment.objects.filter(classroom=classroom, title=game.demo_title).exists():
            continue
        assignment = assignment_create(
            classroom=classroom,
            title=game.demo_title,
            rule_text=rule.text,
            library_rule_id=rule.id,
            variant=game.id,
            config={},
            table_size=4,
        )
        session = session_open(assignment=assignment)
        names = game.engine.bot_names
        table_create(session=session, bots=[names[seat % len(names)] for seat in range(4)])
        session_start(session=session, seed=11 + number)
