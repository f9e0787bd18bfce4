"""The marks of the browser tests, for a module's `pytestmark`: a real browser against the live
server, whose database is shared with it (so rows are committed, not rolled back)."""

import pytest

LIVE = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# For tests where a change reaches other browsers by their poll: every expect waits up to 15 s.
PATIENT = [*LIVE, pytest.mark.usefixtures("patient_expect")]
# The slow ones (`-m "not slow"` leaves them out).
SLOW = [*LIVE, pytest.mark.slow]
