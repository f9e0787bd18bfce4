"""Site-wide middleware.

- `HeadAsGetMiddleware`: HEAD is answered like GET, everywhere: a monitor, a link preview or
  `curl -I` gets the page's status and headers, without its body.
- `RequestGuardMiddleware`: a request whose path, query, form fields or cookies hold a NUL
  byte is answered 400 with a message (PostgreSQL cannot store NUL in text, so such input would
  otherwise fail deep inside a view); and every response the app makes is `Cache-Control:
  private, no-store` unless it says otherwise, so no shared cache keeps a child's or a teacher's
  page (static files are answered before this, by WhiteNoise, with their own headers).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _


class HeadAsGetMiddleware:
    """Run a HEAD request as the GET it stands for (so every `require_GET` view answers it),
    then drop the body, keeping its Content-Length."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if getattr(response, "streaming", False):
            response.streaming_content = iter(())
            return response
        if not response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        response.content = b""  # the header keeps the GET's length, as HEAD announces it
        return response


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    if any("\x00" in value for value in request.COOKIES.values()):
        return True
    for query in (request.GET, request.POST if request.method == "POST" else None):
        if query is None:
            continue
        for key, values in query.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                return True
    return False


class RequestGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _has_nul(request):
            response: HttpResponse = HttpResponseBadRequest(
                _("Your request contains a character that is not allowed (a NUL byte)."),
                content_type="text/plain; charset=utf-8",
            )
        else:
            response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response
