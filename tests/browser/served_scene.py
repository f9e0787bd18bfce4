"""A class ready to play, written into the database of an app served apart from the tests (the
README's `make run`): a teacher, four students at a table of one game (Express unless a game id
is given: abbott, russian, delphi) dealt and started, and a signed-in session for each. Run as
`python -m tests.browser.served_scene [GAME]` with the served app's DATABASE_URL (and REDIS_URL
when it has one); prints what the browsers need as JSON."""

from __future__ import annotations

import json
import os
import sys


def main(game: str = "express") -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from classroom.services.games import (
        assignment_create,
    )
    from tests.browser.signed_in import student_session_key
    from tests.factories import ALTERNATE_COLORS, ClassroomFactory, StudentFactory, started_session

    classroom = ClassroomFactory()
    students = [StudentFactory(classroom=classroom, nickname=f"Kid{n}") for n in range(1, 5)]
    assignment = assignment_create(
        classroom=classroom, title="Week 3", rule_text=ALTERNATE_COLORS, table_size=4, variant=game
    )
    session, (table,) = started_session(assignment, students=students, seed=7)

    student_sessions = [student_session_key(student) for student in students]
    client = Client()
    client.force_login(classroom.teacher)
    print(
        json.dumps(
            {
                "cookie": settings.SESSION_COOKIE_NAME,
                "students": student_sessions,
                "teacher": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "table": reverse("classroom:table", args=[table.pk]),
                "live": reverse("classroom:session_live", args=[session.pk]),
            }
        )
    )


if __name__ == "__main__":
    main(*sys.argv[1:2])
