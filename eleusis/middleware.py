"""Site-wide request guards, before any view runs.

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
