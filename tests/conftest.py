"""Shared fixtures. Factories live in tests/factories.py."""

import os

import pytest

from eleusis.env import redis_url_for_process

# This test process's own Redis database (each pytest-xdist process has one; see settings).
REDIS_URL = redis_url_for_process(os.environ.get("REDIS_URL", ""))


@pytest.fixture
def redis_url() -> str:
    """The real Redis named by REDIS_URL; skipped, with the reason, where none answers."""
    if not REDIS_URL:
        pytest.skip("REDIS_URL is not set: the embedded default runs tasks eagerly")
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis answers at {REDIS_URL}: {error}")
    return REDIS_URL


@pytest.fixture(autouse=True)
def _tasks_in_process(settings):
    """Tasks run in the test's own process, whatever REDIS_URL says; the worker tests start a
    real worker and switch this off for themselves."""
    from eleusis.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = True
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _english_to_start_with():
    """Each test starts in English: a request with another Accept-Language activates that
    language in the thread (LocaleMiddleware), and it would otherwise outlive its test."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: throttle counters and live stamps left by another
    test (in this process, or in the Redis of the run) must not decide this one. Cleared before
    the test only, so no worker a test starts can lose its queue. A cache failure an earlier
    test saw (a Redis call that stalled on a busy machine) is forgotten first: the cache would
    otherwise be skipped, as if empty, for the next two seconds."""
    from django.core.cache import cache

    from eleusis.cache import forget_cache_failures

    forget_cache_failures()
    cache.clear()
