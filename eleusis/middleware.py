"""HEAD is answered like GET, everywhere: a monitor, a link preview or `curl -I` gets the page's
status and headers, without its body."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


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
