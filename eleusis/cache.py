"""A Redis cache that a request never waits on for long and never fails because of.

Everything the app keeps in the cache can be lost: sessions are also in the database
(`cached_db`), live stamps are remade (one extra render), throttle counters start again. So when
Redis is down, hung or refuses writes, every cache call here logs the error and answers as a
miss: `get` gives the default, `set`/`add`/`delete` do nothing, `incr` counts 0.

Short socket timeouts bound the wait for a hung Redis, and after an error the cache stays
"open" (skipped, as if empty) for `RETRY_SECONDS` in this process, so a class's requests do not
each wait for the timeout: one request per process tries again when that time is up.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger("eleusis.cache")

RETRY_SECONDS = 2.0


class _Breaker:
    """When the last error happened in this process."""

    def __init__(self) -> None:
        self.failed_at = 0.0
        self.failures = 0

    def is_open(self) -> bool:
        return bool(self.failed_at) and time.monotonic() - self.failed_at < RETRY_SECONDS

    def fail(self, operation: str, error: Exception) -> None:
        first = not self.failed_at
        self.failed_at = time.monotonic()
        self.failures += 1
        if first:
            logger.warning("cache unavailable (%s: %s); serving without it", operation, error)
        else:
            logger.info("cache still unavailable (%s: %s)", operation, type(error).__name__)

    def succeed(self) -> None:
        if self.failed_at:
            logger.warning("cache available again after %s failed calls", self.failures)
        self.failed_at = 0.0
        self.failures = 0


_breaker = _Breaker()


def cache_is_degraded() -> bool:
    """Whether this process saw the cache fail in the last `RETRY_SECONDS` (for /healthz and
    for writers that would otherwise wait on the same Redis, such as the broker)."""
    return _breaker.is_open()


def forget_cache_failures() -> None:
    """Try the cache at the next call, whatever failed before (a test starting: one test's
    stalled Redis call must not leave the next test without a cache for `RETRY_SECONDS`)."""
    _breaker.failed_at = 0.0
    _breaker.failures = 0


def _guarded(default: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def wrap(method: Callable[..., Any]) -> Callable[..., Any]:
        name = method.__name__

        @functools.wraps(method)
        def call(self: ResilientRedisCache, *args: Any, **kwargs: Any) -> Any:
            if _breaker.is_open():
                return default(args, kwargs) if callable(default) else default
            try:
                result = method(self, *args, **kwargs)
            except (RedisError, OSError) as error:
                _breaker.fail(name, error)
                return default(args, kwargs) if callable(default) else default
            if _breaker.failed_at:
                _breaker.succeed()
            return result

        return call

    return wrap


def _get_default(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return kwargs.get("default", args[1] if len(args) > 1 else None)


class _ReusedClient(RedisCacheClient):
    """Django's client, keeping one `redis.Redis` per connection pool: Django makes a new one for
    every call, and building it (its table of response callbacks) cost more than the round trip
    of an idle poll. A `redis.Redis` takes its connections from the pool, so it is safe to share
    between threads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, each call guarded as the module says."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ReusedClient

    get = _guarded(_get_default)(RedisCache.get)
    set = _guarded(None)(RedisCache.set)
    add = _guarded(False)(RedisCache.add)
    touch = _guarded(False)(RedisCache.touch)
    delete = _guarded(False)(RedisCache.delete)
    get_many = _guarded({})(RedisCache.get_many)
    set_many = _guarded(lambda args, kwargs: [])(RedisCache.set_many)
    delete_many = _guarded(None)(RedisCache.delete_many)
    has_key = _guarded(False)(RedisCache.has_key)
    incr = _guarded(0)(RedisCache.incr)
    clear = _guarded(False)(RedisCache.clear)
