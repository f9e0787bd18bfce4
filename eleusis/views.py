import logging
import sys
from functools import cache

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

FAVICON = settings.BASE_DIR / "static" / "img" / "favicon.svg"


@require_GET
def home(request):
    return render(request, "home.html")


@cache
def _favicon() -> bytes:
    return FAVICON.read_bytes()


@require_GET
@cache_control(max_age=60 * 60 * 24, public=True)
def favicon(request):
    """/favicon.ico, which browsers ask for whatever the page says: the app's icon (SVG)."""
    return HttpResponse(_favicon(), content_type="image/svg+xml")


# Errors ----------------------------------------------------------------------------------------

# A database that is restarting or unreachable: the request can be retried in a few seconds.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
RETRY_AFTER_SECONDS = 5


def server_error(request):
    """handler500. A database outage is a 503 with a retry message (the app recovers by itself
    when the database is back); anything else is a plain 500 page. Neither touches the database
    or the session, which may be what failed."""
    error = sys.exc_info()[1]
    unavailable = isinstance(error, DATABASE_UNAVAILABLE)
    if unavailable:
        title = _("Back in a moment")
        message = _(
            "The app cannot reach its database just now. Nothing you did is lost: try again in "
            "a few seconds."
        )
        status = 503
        logger.warning("database unavailable: %s", error)
    else:
        title = _("Something went wrong")
        message = _("The app met an error. Try again; if it happens again, tell your teacher.")
        status = 500
    body = loader.render_to_string("errors/unavailable.html", {"title": title, "message": message})
    response = HttpResponse(body, status=status)
    if unavailable:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "private, no-store"
    return response
