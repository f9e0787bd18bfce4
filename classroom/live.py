"""Change stamps for live pages: a poll that finds nothing new costs one cache read.

Every write that a table's page shows calls `table_changed` once its transaction commits; the
stamp is a fresh token, so a poll compares the token it holds with the current one and answers
204 (nothing to swap) when they match. A missing stamp (cache restarted, evicted) is simply
made anew: the next poll re-renders once, which is always correct.
"""

import re
import uuid
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import parse_qsl

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.http.cookie import parse_cookie

_TABLE = "live:table:{}"
_SESSION = "live:session:{}"
# A stamp lives this long. Should a write fail to replace it (Redis refusing writes, or away
# when the write was made), a poll may answer "no change" at most this long after the change.
STAMP_TIMEOUT = settings.LIVE_STAMP_SECONDS
_Read = TypeVar("_Read")


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
    _set_stamps({table_id: stamp or _fresh()}, session_id)


def session_changed(session_id: int) -> None:
    _set_stamps({}, session_id)


def tables_changed(table_ids, session_id: int | None = None) -> None:
    """`table_changed` for several tables at once (a change to what every table of a session
    shows, or to a student seated at several)."""
    _set_stamps({table_id: _fresh() for table_id in table_ids}, session_id)


def _set_stamps(tables: dict[int, str], session_id: int | None) -> None:
    """The tables' new stamps, and a fresh one for the session: one round trip for all."""
    stamps = {_TABLE.format(table_id): stamp for table_id, stamp in tables.items()}
    if session_id is not None:
        stamps[_SESSION.format(session_id)] = _fresh()
    if stamps:
        cache.set_many(stamps, STAMP_TIMEOUT)


def stamped_read(session_id: int, read: Callable[[], _Read]) -> tuple[_Read, str]:
    """`read()` (what a polled page of the session shows), and the session's stamp as it was
    before it: a change committed while the page is drawn then shows at the next poll, instead
    of the page showing the state before it under that change's stamp. The stamp is empty when
    the session had none: one is made for the next poll, which draws the page again."""
    stamp = cache.get(_SESSION.format(session_id))
    found = read()
    if not isinstance(stamp, str):
        session_stamp(session_id)
        stamp = ""
    return found, stamp


# What a table's polls read between two changes ------------------------------------------------
#
# After a move, each of the other players' pages polls with the stamp it held, finds the table
# changed, and draws it again from the same rows. The first of those polls reads them and keeps
# them under the table's stamp (as its idle check read it, before the rows: so the rows are at
# least as new as the change the stamp stands for); the others take them from there. A change
# sets a new stamp, so a new key; a write that forgot `table_changed` shows at most
# `SHARED_READ_SECONDS` late (the idle poll's 204 can hide it for as long as a stamp lives).

_SHARED_READ = "live:read:{}:{}:{}"
SHARED_READ_SECONDS = min(5, STAMP_TIMEOUT)


def polled_stamp(request, table_id: int) -> str | None:
    """The table's stamp as the idle-poll check read it for this request, before any view code
    ran: the request is a student's poll of that table that found a change. None otherwise."""
    found = getattr(request, "_live_polled", None)
    return found[1] if found is not None and found[0] == table_id else None


def shared_read(name: str, table_id: int, stamp: str, read: Callable[[], _Read]) -> _Read:
    """`read()` once per table change for every poll that finds it (see above): `stamp` is
    `polled_stamp`'s. The result is pickled into the cache: each request gets its own copy.
    Without the cache, read each time."""
    key = _SHARED_READ.format(name, table_id, stamp)
    found = cache.get(key)
    if found is None:
        found = read()
        cache.set(key, found, SHARED_READ_SECONDS)
    return found


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

    from classroom.student_session import STUDENT_SESSION_KEY

    session_cache_key = KEY_PREFIX + session_key
    table_key = _TABLE.format(table_id)
    found = cache.get_many([session_cache_key, table_key])
    session = found.get(session_cache_key)
    current = found.get(table_key)
    if not isinstance(session, dict):
        session = None
    idle = session is not None and STUDENT_SESSION_KEY in session and current == stamp
    return idle, current, session


# What `IdleTablePollApp` read of a poll it passed on to Django, in the request's environ:
# (table id, the table's stamp, the session key, the session's data), so that nothing below
# reads the same keys again.
POLL_READ = "eleusis.table_poll"


def _poll_read(request, table_id: int, current: str | None, session_key: str, session) -> None:
    if current is not None:  # the view draws the page for this stamp
        request._live_table_stamps = {table_id: current}
        request._live_polled = (table_id, current)
    if isinstance(session, dict):  # the view need not read it again
        request._live_session = (session_key, session)


class IdleTablePollMiddleware:
    """Answer a student's idle poll (204, nothing changed) before sessions, CSRF, locale,
    authentication and the URL resolver run: a class polls every two seconds, and most polls
    find nothing new. As safe as the view's own check it replaces: a 204 says only "no change",
    to a browser that holds both a student's session and the stamp of this table's page. When
    the answer is not a plain "no change" (or the cache is down) the request goes on as usual.

    Under the WSGI server `IdleTablePollApp` has answered such polls before Django's handler;
    this middleware answers them where that wrapper does not run (ASGI, the test client), and
    hands the view what the wrapper read of the others."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        read = request.META.get(POLL_READ)
        if read is None and (poll := student_poll(request.META)) is not None:
            table_id, stamp, session_key, _secure = poll
            idle, current, session = table_poll_is_idle(table_id, stamp, session_key)
            if idle:
                response = HttpResponse(status=204)
                response["Cache-Control"] = "private, no-store"
                return response
            read = (table_id, current, session_key, session)
        if read is not None:
            _poll_read(request, *read)
        return self.get_response(request)


def student_poll(environ) -> tuple[int, str, str, bool] | None:
    """(table id, stamp, session key, over HTTPS) of what may be a student's idle poll: an
    htmx GET of a table with a stamp and a session cookie; None for any other request, and for
    a plain-HTTP request on a site that redirects to HTTPS (Django redirects it). `environ`:
    the WSGI environ, or a request's META, which holds the same keys."""
    if environ.get("REQUEST_METHOD") != "GET" or environ.get("HTTP_HX_REQUEST") != "true":
        return None
    found = _TABLE_POLL.match(environ.get("PATH_INFO", ""))
    query = environ.get("QUERY_STRING", "")
    if not found or "stamp=" not in query:
        return None
    stamp = dict(parse_qsl(query)).get("stamp")
    session_key = parse_cookie(environ.get("HTTP_COOKIE", "")).get(settings.SESSION_COOKIE_NAME)
    secure = _is_secure(environ)
    if not stamp or not session_key or (settings.SECURE_SSL_REDIRECT and not secure):
        return None
    return int(found[1]), stamp, session_key, secure


def _is_secure(environ) -> bool:
    """As `HttpRequest.is_secure`: the proxy's header when one is configured, else the
    server's scheme."""
    if settings.SECURE_PROXY_SSL_HEADER:
        header, secure_value = settings.SECURE_PROXY_SSL_HEADER
        value = environ.get(header)
        if value is not None:
            return value.split(",", 1)[0].strip() == secure_value
    return environ.get("wsgi.url_scheme") == "https"


class _Scheme:
    """All that `SecurityMiddleware.process_response` asks of a request."""

    def __init__(self, secure: bool) -> None:
        self.secure = secure

    def is_secure(self) -> bool:
        return self.secure


def _idle_headers(secure: bool) -> list[tuple[str, str]]:
    """The headers of the idle poll's 204 as the middleware stack gives it: its content type,
    `Cache-Control`, and what Django's `SecurityMiddleware` adds (HSTS over HTTPS, nosniff, the
    referrer and opener policies), worked out once by that middleware itself."""
    from django.middleware.security import SecurityMiddleware

    response = HttpResponse(status=204)
    response["Cache-Control"] = "private, no-store"
    response = SecurityMiddleware(lambda request: response).process_response(
        _Scheme(secure), response
    )
    return list(response.items())


class IdleTablePollApp:
    """WSGI: answer a student's idle poll before Django's handler, its signals and its request
    object: three quarters of a class's requests are polls that find nothing new, and on a
    small server Django's request machinery cost more than the one cache round trip that
    answers them (`IdleTablePollMiddleware` decides the same thing further in; this is the
    same check, sooner). Anything else, and a poll that is not idle, goes on to `application`
    with what was read (`POLL_READ`). A plain-HTTP request on a site that redirects to HTTPS
    goes on too, so Django redirects it."""

    def __init__(self, application) -> None:
        self.application = application
        self.headers = {secure: _idle_headers(secure) for secure in (False, True)}

    def __call__(self, environ, start_response):
        poll = student_poll(environ)
        if poll is not None:
            table_id, stamp, session_key, secure = poll
            idle, current, session = table_poll_is_idle(table_id, stamp, session_key)
            if idle:
                start_response("204 No Content", self.headers[secure])
                return []
            environ[POLL_READ] = (table_id, current, session_key, session)
        return self.application(environ, start_response)


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
