"""Demo data for a newcomer: idempotent, so `make run` can call it every time."""

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from classroom.codes import join_code_display
from classroom.models import Classroom, Student
from classroom.services.classes import classroom_create, student_join

DEMO_USERNAME = "demo-teacher"
DEMO_PASSWORD = "eleusis-demo"
DEMO_CLASS_NAME = "Demo class"
DEMO_NICKNAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")


@dataclass
class DemoResult:
    username: str
    password: str
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"  Log in at http://127.0.0.1:8000/login/ as {self.username} / {self.password}",
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


@transaction.atomic
def demo_create() -> DemoResult:
    user_model = get_user_model()
    teacher, created = user_model.objects.get_or_create(
        username=DEMO_USERNAME, defaults={"first_name": "Demo", "email": "demo@example.com"}
    )
    if created or not teacher.check_password(DEMO_PASSWORD):
        teacher.set_password(DEMO_PASSWORD)
        teacher.save(update_fields=["password"])
    classroom, students = _demo_classroom(teacher)
    notes = [
        f"  Demo class: {classroom.name}, code {join_code_display(classroom.join_code)}"
        f" (students join at http://127.0.0.1:8000/join/{classroom.join_code}/)",
        "  Demo students: " + ", ".join(student.nickname for student in students),
    ]
    return DemoResult(username=DEMO_USERNAME, password=DEMO_PASSWORD, notes=notes)
