"""Reading settings from the environment, with a clear error for a malformed value."""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, *, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, *, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean: use 1/0, true/false, yes/no.")


def env_list(name: str, *, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def redis_url_for_process(url: str) -> str:
    """The Redis URL this process should use. Parallel test processes (pytest-xdist names them
    gw0, gw1, … in PYTEST_XDIST_WORKER) each take the next database number, so that one test's
    cache.clear() never wipes another process's counters, stamps or task queue. Any other
    process, and a URL without a database number, is left as it is."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not (url and worker.startswith("gw") and worker[2:].isdigit()):
        return url
    base, _, db = url.rstrip("/").rpartition("/")
    if not (base.startswith("redis") and db.isdigit()):
        return url
    return f"{base}/{(int(db) + 1 + int(worker[2:])) % 16}"
