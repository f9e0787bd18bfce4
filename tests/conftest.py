"""Shared fixtures. Factories live in tests/factories.py."""

import os

import pytest

REDIS_URL = os.environ.get("REDIS_URL", "")


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
