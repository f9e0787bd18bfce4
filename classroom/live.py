"""Change stamps for live pages: a poll that finds nothing new costs one cache read.

Every write that a table's page shows calls `table_changed` once its transaction commits; the
stamp is a fresh token, so a poll compares the token it holds with the current one and answers
204 (nothing to swap) when they match. A missing stamp (cache restarted, evicted) is simply
made anew: the next poll re-renders once, which is always correct.
"""

import uuid

from django.conf import settings
from django.core.cache import cache

_TABLE = "live:table:{}"
_SESSION = "live:session:{}"
# A stamp lives this long. Should a write fail to replace it (Redis refusing writes, or away
# when the write was made), a poll may answer "no change" at most this long after the change.
STAMP_TIMEOUT = settings.LIVE_STAMP_SECONDS


def _fresh() -> str:
    return uuid.uuid4().hex[:12]


def _stamp(key: str) -> str:
    stamp = cache.get(key)
    if stamp is None:
        cache.add(key, _fresh(), STAMP_TIMEOUT)  # two first polls at once agree on one stamp
        stamp = cache.get(key) or _fresh()
    return stamp


def table_stamp(table_id: int) -> str:
    return _stamp(_TABLE.format(table_id))


def session_stamp(session_id: int) -> str:
    return _stamp(_SESSION.format(session_id))


def table_changed(table_id: int) -> None:
    from classroom.models import Table

    cache.set(_TABLE.format(table_id), _fresh(), STAMP_TIMEOUT)
    session_id = Table.objects.filter(pk=table_id).values_list("session_id", flat=True).first()
    if session_id is not None:
        session_changed(session_id)


def session_changed(session_id: int) -> None:
    cache.set(_SESSION.format(session_id), _fresh(), STAMP_TIMEOUT)
