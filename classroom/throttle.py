"""Throttling of guesses (join codes, picture passwords) through the cache.

Failures are counted per key for a short window. When a key is the client's network address,
only a salted hash of it is used (HMAC with SECRET_KEY, truncated), and only in the cache, where
it expires after the window: the address itself is never stored, in the database or in logs.
"""

import hashlib
import hmac
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


@dataclass(frozen=True)
class Limit:
    scope: str
    max_failures: int
    window_seconds: int


# Wrong class codes from one device (joining or signing in).
CODE_GUESSES = Limit("code", max_failures=10, window_seconds=10 * 60)
# Wrong picture passwords for one student, from anywhere.
PICTURE_GUESSES_PER_STUDENT = Limit("pictures-student", max_failures=5, window_seconds=10 * 60)
# Wrong picture passwords from one device, for any student.
PICTURE_GUESSES_PER_CLIENT = Limit("pictures-client", max_failures=15, window_seconds=10 * 60)


def client_fingerprint(request: HttpRequest) -> str:
    """A salted, truncated hash of the client address: enough to count, useless to identify."""
    address = request.META.get("REMOTE_ADDR", "") or "unknown"
    salt = f"eleusis-throttle:{settings.SECRET_KEY}".encode()
    return hmac.new(salt, address.encode(), hashlib.sha256).hexdigest()[:24]


def _cache_key(limit: Limit, key: str) -> str:
    return f"throttle:{limit.scope}:{key}"


def throttle_is_blocked(limit: Limit, key: str) -> bool:
    return int(cache.get(_cache_key(limit, key), 0)) >= limit.max_failures


def throttle_fail(limit: Limit, key: str) -> None:
    """Count one failure; the window starts at the first failure and is not extended."""
    cache_key = _cache_key(limit, key)
    if not cache.add(cache_key, 1, timeout=limit.window_seconds):
        try:
            cache.incr(cache_key)
        except ValueError:  # expired between add and incr
            cache.add(cache_key, 1, timeout=limit.window_seconds)


def throttle_reset(limit: Limit, key: str) -> None:
    cache.delete(_cache_key(limit, key))
