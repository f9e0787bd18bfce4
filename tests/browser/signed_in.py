"""Browser pages already signed in, for the browser tests: a session made on the server side and
its cookie put in the page, so a test starts where the person would be after signing in."""

from django.conf import settings
from django.contrib.sessions.backends.cached_db import SessionStore
from django.test import Client

from classroom.access import STUDENT_SESSION_KEY

# The games' pages (and the README's pictures of them) are taken at this size.
WIDE = {"width": 1100, "height": 900}


def page_with_cookie(new_page, live_server, session_key: str, **page_options):
    """A new page (`new_page(**page_options)`) that carries the session `session_key`."""
    page = new_page(**page_options)
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session_key, "url": live_server.url}
    page.context.add_cookies([cookie])
    return page


def student_session_key(student) -> str:
    """The key of a new session signed in as `student`, as their picture password leaves it."""
    session = SessionStore()
    session[STUDENT_SESSION_KEY] = student.pk
    session.create()
    return session.session_key


def student_page(new_page, live_server, student, **page_options):
    """A page signed in as `student`."""
    return page_with_cookie(new_page, live_server, student_session_key(student), **page_options)


def teacher_page(new_page, live_server, teacher, **page_options):
    """A page logged in as `teacher`."""
    client = Client()
    client.force_login(teacher)
    session_key = client.cookies[settings.SESSION_COOKIE_NAME].value
    return page_with_cookie(new_page, live_server, session_key, **page_options)
