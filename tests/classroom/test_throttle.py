"""The throttle counts failures per key in the cache, for a window, and keeps no address."""

from django.conf import settings
from django.test import RequestFactory

from classroom.throttle import (
    Limit,
    client_fingerprint,
    throttle_fail,
    throttle_is_blocked,
    throttle_reset,
)

LIMIT = Limit("test", max_failures=3, window_seconds=60)


def test_blocks_after_the_limit_and_resets():
    for _ in range(LIMIT.max_failures - 1):
        throttle_fail(LIMIT, "k")
    assert not throttle_is_blocked(LIMIT, "k")
    throttle_fail(LIMIT, "k")
    assert throttle_is_blocked(LIMIT, "k")
    assert not throttle_is_blocked(LIMIT, "other")
    throttle_reset(LIMIT, "k")
    assert not throttle_is_blocked(LIMIT, "k")


def test_the_fingerprint_is_a_salted_hash_not_the_address():
    first = client_fingerprint(RequestFactory(REMOTE_ADDR="192.0.2.7").get("/"))
    again = client_fingerprint(RequestFactory(REMOTE_ADDR="192.0.2.7").get("/"))
    other = client_fingerprint(RequestFactory(REMOTE_ADDR="192.0.2.8").get("/"))
    assert first == again != other
    assert "192.0.2" not in first
    import hashlib

    assert first != hashlib.sha256(b"192.0.2.7").hexdigest()[:24]  # salted with SECRET_KEY
    assert settings.SECRET_KEY not in first
