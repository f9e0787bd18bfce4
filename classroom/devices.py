"""Which students have signed in on this device: a signed cookie the join and the picture
sign-in leave (`remember_student`). A device a student used before is never refused that
student's right pictures by what happens elsewhere at the school's address (classroom/throttle.py,
`picture_try_refused`). It holds student ids only, signed with SECRET_KEY, so it cannot be made
up; a device id in it keys the device's own limits."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

STUDENTS_COOKIE = "eleusis_pupils"
SALT = "classroom.devices"
MAX_AGE = 60 * 60 * 24 * 365
MAX_STUDENTS = 40  # a class's shared tablet


def _read(request: HttpRequest) -> dict:
    value = request.COOKIES.get(STUDENTS_COOKIE, "")
    if not value:
        return {}
    try:
        found = signing.loads(value, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return {}
    return found if isinstance(found, dict) else {}


def device_id(request: HttpRequest) -> str:
    """This device's id, or "" for a device that never joined or signed in here."""
    found = _read(request).get("d")
    return found if isinstance(found, str) else ""


def device_knows(request: HttpRequest, student_pk: int) -> bool:
    students = _read(request).get("s")
    return isinstance(students, list) and student_pk in students


def remember_student(request: HttpRequest, response: HttpResponse, student_pk: int) -> None:
    found = _read(request)
    students = [n for n in found.get("s", []) if isinstance(n, int) and n != student_pk]
    value = {"d": device_id(request) or secrets.token_hex(8), "s": [student_pk, *students]}
    value["s"] = value["s"][:MAX_STUDENTS]
    response.set_cookie(
        STUDENTS_COOKIE,
        signing.dumps(value, salt=SALT),
        max_age=MAX_AGE,
        httponly=True,
        secure=getattr(settings, "SESSION_COOKIE_SECURE", False),
        samesite="Lax",
    )
