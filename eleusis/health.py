"""/healthz: whether the database, the cache and the broker answer."""

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from eleusis.celery import app as celery_app


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _cache() -> str:
    cache.set("healthz", "ok", timeout=5)
    if cache.get("healthz") != "ok":
        raise RuntimeError("the cache did not keep a value")
    return "ok"


def _broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)
    return "ok"


CHECKS = {"database": _database, "cache": _cache, "broker": _broker}


@never_cache
@require_GET
def healthz(request):
    report = {}
    healthy = True
    for name, check in CHECKS.items():
        try:
            report[name] = check()
        except Exception as error:  # a health check reports every failure, whatever its kind
            report[name] = f"error: {type(error).__name__}"
            healthy = False
    report["status"] = "ok" if healthy else "unavailable"
    return JsonResponse(report, status=200 if healthy else 503)
