"""Site-wide middleware.

- `HeadAsGetMiddleware`: HEAD is answered like GET, everywhere: a monitor, a link preview or
  `curl -I` gets the page's status and headers, without its body.
- `CSPMiddleware`: django-csp's, with the site's policy built once.
- `RequestGuardMiddleware`: a request whose path, query, form fields or cookies hold a NUL
  byte is answered 400 with a message (PostgreSQL cannot store NUL in text, so such input would
  otherwise fail deep inside a view); and every response the app makes is `Cache-Control:
  private, no-store` unless it says otherwise, so no shared cache keeps a child's or a teacher's
  page (static files are answered before this, by WhiteNoise, with their own headers).
"""

from __future__ import annotations

from collections.abc import Callable

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as _DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
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


# What a view or a template may ask of django-csp for one response: its own policy, or a nonce.
_OWN_POLICY = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


class CSPMiddleware(_DjangoCSPMiddleware):
    """django-csp's middleware, but the site's policy (the settings alone) is built once per
    settings rather than at every response: the same two strings, rebuilt each time, were a
    twentieth of a changed poll's CPU. A response that brings its own policy, or a request
    whose page used a nonce, is answered by django-csp itself."""

    _built: tuple[object, object, str, str] | None = None

    def _site_policies(self) -> tuple[str, str]:
        config = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        report_only = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        built = self._built
        if built is None or built[0] is not config or built[1] is not report_only:
            built = (config, report_only, build_policy(), build_policy(report_only=True))
            self._built = built
        return built[2], built[3]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if getattr(request, "_csp_nonce", None) is not None or any(
            getattr(response, name, None) is not None for name in _OWN_POLICY
        ):
            return super().process_response(request, response)
        if settings.DEBUG and response.status_code in (404, 500):
            return response  # Django's debug pages, as django-csp leaves them
        policy, report_only = self._site_policies()
        enforced = (HEADER, policy, "_csp_exempt", "CONTENT_SECURITY_POLICY")
        reported = (
            HEADER_REPORT_ONLY,
            report_only,
            "_csp_exempt_ro",
            "CONTENT_SECURITY_POLICY_REPORT_ONLY",
        )
        for header, value, exempt, setting in (enforced, reported):
            if not value or header in response or getattr(response, exempt, False):
                continue
            excluded = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            if not request.path_info.startswith(tuple(excluded)):
                response[header] = value
        # As django-csp: a nonce asked for after the header is written is an error, not a
        # silently missing source.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
