"""One convention for refusals under htmx: 200 so the fragment with the message is swapped in,
400 for a full page (eleusis/web/htmx.py)."""

from django.test import RequestFactory
from django_htmx.middleware import HtmxDetails

from eleusis.web.htmx import refusal_status


def _request(htmx: bool):
    request = RequestFactory().post("/", **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
    request.htmx = HtmxDetails(request)
    return request


def test_a_refusal_is_swapped_by_htmx_and_a_bad_request_for_a_full_page():
    assert refusal_status(_request(htmx=True)) == 200
    assert refusal_status(_request(htmx=False)) == 400
    assert refusal_status(_request(htmx=False), 409) == 409
    assert refusal_status(_request(htmx=True), 409) == 200
