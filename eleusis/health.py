"""/healthz: whether the database, the cache and the broker answer, within two seconds.

Each service is asked at once in its own thread, and whatever has not answered after
`DEADLINE_SECONDS` is reported as a timeout, so a hung service cannot hold the answer.

- 200 `ok`: everything answers.
- 200 `degraded`: the database answers but the cache or the broker does not. Pages and moves
  still work (the cache is skipped, bots wait and are re-driven by the beat sweep); the body
  says which service is degraded and how.
- 503 `unavailable`: the database does not answer; the app cannot serve.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable

import redis
from django.conf import settings
from django.core.cache import caches
from django.db import connections
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from eleusis.cache import ResilientRedisCache, cache_is_degraded
from eleusis.celery import app as celery_app
from eleusis.web.client import proxy_unconfigured

DEADLINE_SECONDS = 1.0


def _database() -> str:
    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()  # this thread ends now; its connection must not outlive it
    return "ok"


def _cache() -> str:
    cache = caches["default"]
    if not isinstance(cache, ResilientRedisCache):  # local memory, in development
        value = uuid.uuid4().hex
        cache.set("healthz", value, timeout=5)
        return "ok" if cache.get("healthz") == value else "error: the cache lost a value"
    # Ask Redis itself: the app's own cache calls swallow errors by design.
    client = cache._cache.get_client(write=True)
    client.ping()
    try:
        client.set(cache.make_and_validate_key("healthz"), b"1", ex=5)
    except redis.ReadOnlyError:
        return "degraded: read-only"
    if cache_is_degraded():
        return "ok (recovering)"
    return "ok"


def _broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    url = celery_app.conf.broker_url or ""
    if url.startswith(("redis://", "rediss://", "unix://")):
        client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        try:
            client.ping()
        finally:
            client.close()
        return "ok"
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=1)
    return "ok"


CHECKS: dict[str, Callable[[], str]] = {
    "database": _database,
    "cache": _cache,
    "broker": _broker,
}
# Without these the app does not serve; the others only make it slower or the bots wait.
ESSENTIAL = {"database"}


def _run(checks: dict[str, Callable[[], str]]) -> dict[str, str]:
    report: dict[str, str] = {}

    def run(name: str, check: Callable[[], str]) -> None:
        try:
            report[name] = check()
        except Exception as error:  # a health check reports every failure, whatever its kind
            report[name] = f"error: {type(error).__name__}"

    threads = {
        name: threading.Thread(target=run, args=(name, check), daemon=True)
        for name, check in checks.items()
    }
    for thread in threads.values():
        thread.start()
    deadline = time.monotonic() + DEADLINE_SECONDS
    for name, thread in threads.items():
        thread.join(max(0.0, deadline - time.monotonic()))
        if thread.is_alive():
            report.setdefault(name, f"error: no answer within {DEADLINE_SECONDS} s")
    return {name: report[name] for name in checks}


@never_cache
@require_GET
def healthz(request):
    start = time.perf_counter()
    report: dict[str, object] = dict(_run(CHECKS))
    if proxy_unconfigured(request):
        # Every limit would count the proxy's address for everyone (eleusis/web/client.py).
        report["proxy"] = "X-Forwarded-For arrives but TRUSTED_PROXIES is unset"
    failing = [name for name, state in report.items() if not str(state).startswith(("ok", "eager"))]
    if any(name in ESSENTIAL for name in failing):
        status, code = "unavailable", 503
    elif failing:
        status, code = "degraded", 200
    else:
        status, code = "ok", 200
    report["status"] = status
    if failing:
        report["degraded"] = failing
    response = JsonResponse(report, status=code)
    # How long the checks took in the app, apart from any wait in the server's queue.
    response["Server-Timing"] = f"checks;dur={(time.perf_counter() - start) * 1e3:.1f}"
    return response
