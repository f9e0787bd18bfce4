"""Who may open the teachers' pages, for both apps: a logged-in teacher (a Django user)."""

from collections.abc import Callable

from django.contrib.auth.decorators import login_required

LOGIN_URL_NAME = "classroom:login"


def teacher_required(view: Callable) -> Callable:
    """Only for a logged-in teacher; others are sent to the log-in page (and back after)."""
    return login_required(view, login_url=LOGIN_URL_NAME)
