"""One convention for a form the person got wrong, on a full page and under htmx.

htmx 2 swaps only 2xx answers. So a refusal the person can fix (a form error, a move the game
does not allow now) is answered with the same page or fragment, the message in it and the field
marked (`error_field`), with `refusal_status(request)`: 200 for htmx, so the fragment is swapped
in where the form was, and 400 for a full page, so that a plain form post still says "bad
request". A request the page itself cannot make (a malformed or forged one) is a bare 400 that
htmx leaves unswapped; a stale page is a 409. docs/architecture.md states the same.
"""

from __future__ import annotations

from django.http import HttpRequest


def refusal_status(request: HttpRequest, status: int = 400) -> int:
    """The status of an answer that shows the person what to fix: 200 under htmx (which swaps
    only 2xx answers), `status` (400) for a full page."""
    return 200 if getattr(request, "htmx", False) else status
