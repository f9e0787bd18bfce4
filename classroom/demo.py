"""Demo data for a newcomer: idempotent, so `make run` can call it every time."""

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

DEMO_USERNAME = "demo-teacher"
DEMO_PASSWORD = "eleusis-demo"


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


def demo_create() -> DemoResult:
    user_model = get_user_model()
    teacher, created = user_model.objects.get_or_create(
        username=DEMO_USERNAME, defaults={"first_name": "Demo", "email": "demo@example.com"}
    )
    if created or not teacher.check_password(DEMO_PASSWORD):
        teacher.set_password(DEMO_PASSWORD)
        teacher.save(update_fields=["password"])
    return DemoResult(username=DEMO_USERNAME, password=DEMO_PASSWORD)
