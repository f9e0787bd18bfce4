"""The resilient cache's memory of failures, as a process sees it."""

from eleusis import cache as resilient


def test_a_failure_is_remembered_until_it_is_forgotten():
    resilient._breaker.fail("get", OSError("connection refused"))
    assert resilient.cache_is_degraded()

    resilient.forget_cache_failures()

    assert not resilient.cache_is_degraded()
