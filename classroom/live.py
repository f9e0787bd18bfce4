"""Change stamps for live pages: a poll that finds nothing new costs one cache read.

Every write that a table's page shows calls `table_changed` once its transaction commits; the
stamp is a fresh token, so a poll compares the token it holds with the current one and answers
204 (nothing to swap) when they match. A missing stamp (cache restarted, evicted) is simply
made anew: the next poll re-renders once, which is always correct.
"""

import re
import uuid

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse

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


def note_table_stamp(request, table_id: int, stamp: str) -> None:
    """The stamp this request's own write set (`table_changed(stamp=...)`): the page it draws
    shows that write's state and carries it, instead of reading the cache after the commit
    (where a later change's stamp could already be, over a board without that change)."""
    stamps = getattr(request, "_live_table_stamps", None)
    if stamps is None:
        stamps = request._live_table_stamps = {}
    stamps[table_id] = stamp


def request_table_stamp(request, table_id: int) -> str:
    """The table's stamp as this request first read it: the idle-poll middleware reads it
    before anything else, so a page carries a stamp no newer than what it shows (a change made
    meanwhile is drawn at the next poll, never missed)."""
    stamps = getattr(request, "_live_table_stamps", None)
    if stamps is None:
        stamps = request._live_table_stamps = {}
    if table_id not in stamps:
        stamps[table_id] = table_stamp(table_id)
    return stamps[table_id]


def session_stamp(session_id: int) -> str:
    return _stamp(_SESSION.format(session_id))


def new_stamp() -> str:
    """A fresh stamp for a write to hand to `table_changed`, so that the page answering the
    write can carry the very stamp the write's commit sets (see `table_changed`)."""
    return _fresh()


def table_changed(table_id: int, session_id: int | None = None, *, stamp: str = "") -> None:
    """Mark the table (and its session) changed: call it once the write has committed.

    `stamp`: the table's new stamp, made by `new_stamp` before the commit. A page that shows the
    state this write committed may carry it: any later change sets another stamp, so that
    page's next poll draws the table again; a lost write leaves the old stamp in the cache,
    which differs too."""
    from classroom.models import Table

    if session_id is None:
        session_id = Table.objects.filter(pk=table_id).values_list("session_id", flat=True).first()
    stamps = {_TABLE.format(table_id): stamp or _fresh()}
    if session_id is not None:
        stamps[_SESSION.format(session_id)] = _fresh()
    cache.set_many(stamps, STAMP_TIMEOUT)  # one round trip for both


def session_changed(session_id: int) -> None:
    cache.set(_SESSION.format(session_id), _fresh(), STAMP_TIMEOUT)


# The idle poll, before the rest of the stack ---------------------------------------------------

_TABLE_POLL = re.compile(r"^/play/tables/(\d+)/$")


def table_poll_is_idle(
    table_id: int, stamp: str, session_key: str
) -> tuple[bool, str | None, dict | None]:
    """Whether a student's poll of this table finds it as it was: the session (as the
    `cached_db` backend keeps it in the cache) belongs to a student, and the table's stamp is
    the one the page holds. One cache round trip for both. Also returns the stamp and the
    session's data as read (None: not in the cache)."""
    from django.contrib.sessions.backends.cached_db import KEY_PREFIX

    from classroom.access import STUDENT_SESSION_KEY

    session_cache_key = KEY_PREFIX + session_key
    table_key = _TABLE.format(table_id)
    found = cache.get_many([session_cache_key, table_key])
    session = found.get(session_cache_key)
    current = found.get(table_key)
    if not isinstance(session, dict):
        session = None
    idle = session is not None and STUDENT_SESSION_KEY in session and current == stamp
    return idle, current, session


class IdleTablePollMiddleware:
    """Answer a student's idle poll (204, nothing changed) before sessions, CSRF, locale,
    authentication and the URL resolver run: a class polls every two seconds, and most polls
    find nothing new. As safe as the view's own check it replaces: a 204 says only "no change",
    to a browser that holds both a student's session and the stamp of this table's page. When
    the answer is not a plain "no change" (or the cache is down) the request goes on as usual."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.cookie = settings.SESSION_COOKIE_NAME

    def __call__(self, request):
        if request.method == "GET" and request.META.get("HTTP_HX_REQUEST") == "true":
            found = _TABLE_POLL.match(request.path_info)
            stamp = request.GET.get("stamp") if found else None
            session_key = request.COOKIES.get(self.cookie) if stamp else None
            if session_key:
                table_id = int(found[1])
                idle, current, session = table_poll_is_idle(table_id, stamp, session_key)
                if idle:
                    response = HttpResponse(status=204)
                    response["Cache-Control"] = "private, no-store"
                    return response
                if current is not None:  # the view draws the page for this stamp
                    request._live_table_stamps = {table_id: current}
                if isinstance(session, dict):  # the view need not read it again
                    request._live_session = (session_key, session)
        return self.get_response(request)


def use_polled_session(request) -> None:
    """Give the request's session the data the idle-poll middleware read from the cache a moment
    ago (`cached_db` would read the same key again: one more cache round trip per changed
    poll). Before anything reads the session; nothing when the keys differ."""
    found = getattr(request, "_live_session", None)
    session = getattr(request, "session", None)
    if found is None or session is None or hasattr(session, "_session_cache"):
        return
    if session.session_key == found[0]:
        session._session_cache = found[1]
