"""The site's CSP middleware: django-csp's headers, with the site's policy built once."""

import pytest
from csp.constants import NONCE
from csp.decorators import csp_exempt, csp_update
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from eleusis.middleware import CSPMiddleware

_REPORT_ONLY = {"DIRECTIVES": {"default-src": ["'self'"], "report-uri": "/csp-report/"}}


def _headers(middleware_class, view, path: str = "/somewhere/") -> dict[str, str]:
    request = RequestFactory().get(path)
    middleware = middleware_class(view)
    response = middleware(request)
    return {name: value for name, value in response.items() if "Content-Security" in name}


def _page(request):
    return HttpResponse("<p>a page</p>")


def test_a_page_gets_the_headers_django_csp_gives_it():
    ours = _headers(CSPMiddleware, _page)

    assert ours == _headers(DjangoCSPMiddleware, _page)
    assert "default-src 'self'" in ours["Content-Security-Policy"]


@override_settings(CONTENT_SECURITY_POLICY_REPORT_ONLY=_REPORT_ONLY)
def test_a_report_only_policy_is_sent_beside_the_enforced_one():
    ours = _headers(CSPMiddleware, _page)

    assert ours == _headers(DjangoCSPMiddleware, _page)
    assert "report-uri /csp-report/" in ours["Content-Security-Policy-Report-Only"]


def test_the_policy_follows_the_settings_when_they_change():
    middleware = CSPMiddleware(_page)
    before = middleware(RequestFactory().get("/"))["Content-Security-Policy"]

    with override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": ["'none'"]}}):
        changed = middleware(RequestFactory().get("/"))["Content-Security-Policy"]

    assert "default-src 'self'" in before
    assert changed == "default-src 'none'"


def test_a_view_that_brings_its_own_policy_gets_it():
    @csp_update({"img-src": ["https://example.org"]})
    def updated(request):
        return HttpResponse("<p>a page with pictures</p>")

    ours = _headers(CSPMiddleware, updated)

    assert ours == _headers(DjangoCSPMiddleware, updated)
    assert "https://example.org" in ours["Content-Security-Policy"]


def test_an_exempt_view_gets_no_policy():
    exempt = csp_exempt()(_page)

    assert _headers(CSPMiddleware, exempt) == {}


@override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"script-src": ["'self'", NONCE]}})
def test_a_nonce_used_by_the_page_is_in_its_policy():
    def with_nonce(request):
        return HttpResponse(f'<script nonce="{request.csp_nonce}"></script>')

    request = RequestFactory().get("/")
    response = CSPMiddleware(with_nonce)(request)

    assert f"'nonce-{request._csp_nonce}'" in response["Content-Security-Policy"]


def test_a_nonce_asked_for_after_the_header_is_written_is_an_error():
    from csp.exceptions import CSPNonceError

    request = RequestFactory().get("/")
    CSPMiddleware(_page)(request)

    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)
