"""Demo data for a newcomer: idempotent, so `make run` can call it every time."""

import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from classroom.codes import join_code_display
from classroom.games import abbott
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
    _demo_abbott(classroom)
    pictures = ", ".join(str(p.label) for p in picture_password_pictures(ana.picture_password))
    notes = [
        f"  Demo class: {classroom.name}, code {join_code_display(classroom.join_code)}"
        f" (students join at {base_url()}/join/{classroom.join_code}/)",
        "  Demo students: " + ", ".join(student.nickname for student in students),
        f"  Play as Ana: sign in at {base_url()}/signin/{classroom.join_code}/ with"
        f" the pictures {pictures}",
        "  A live session is on: bots play at table 1; table 2 waits for Ana.",
        f"  {DEMO_ABBOTT}: four bots play strings; any of them may become prophet.",
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
        mode=Assignment.Mode.SOLO,
    )


DEMO_ABBOTT = "Strings and prophets (Abbott/Howell)"


def _demo_abbott(classroom: Classroom) -> None:
    """A live Abbott/Howell session (docs/rules.md §2): four bots play at one table (Ana keeps
    her one seat, at the Express table). Made once; later runs leave it as it is."""
    if Assignment.objects.filter(classroom=classroom, title=DEMO_ABBOTT).exists():
        return
    rule = library_rule(DEMO_RULE_ID)
    assignment = assignment_create(
        classroom=classroom,
        title=DEMO_ABBOTT,
        rule_text=rule.text,
        library_rule_id=rule.id,
        variant=abbott.GAME.id,
        config={},
        table_size=4,
    )
    session = session_open(assignment=assignment)
    bots = list(abbott.GAME.engine.bot_names)
    table_create(session=session, bots=[bots[-1], bots[0], bots[-1], bots[0]])
    session_start(session=session, seed=11)
