"""The private Django APIs the code relies on (docs/architecture.md, "Django internals"), one test
each: at a Django upgrade, a test here fails where a change would break the code, before a class
does. Each test checks the name and the behaviour the code uses, not only that it exists."""

from __future__ import annotations

import inspect

import pytest
from django.contrib.sessions.backends import cached_db
from django.core.cache import caches
from django.db import connection
from django.db.models.query import get_related_populators
from django.test.utils import CaptureQueriesContext

from classroom.models import Seat
from eleusis.cache import ResilientRedisCache, _ReusedClient

pytestmark = pytest.mark.django_db


def _seats_query():
    return Seat.objects.select_related("student", "table__session__assignment").filter(table_id=1)


def test_the_compiler_gives_what_compiled_query_reads():
    """eleusis/web/compiled.py: `query.get_compiler`, `as_sql` setting `select`, `klass_info`,
    `annotation_col_map`, `col_count`, `has_extra_select`, and `get_converters` /
    `apply_converters` with the columns of `select`."""
    compiler = _seats_query().query.get_compiler(connection=connection)
    sql, params = compiler.as_sql()
    assert "SELECT" in sql and list(params) == [1]
    klass_info = compiler.klass_info
    assert klass_info["model"] is Seat
    assert isinstance(klass_info["select_fields"], list) and klass_info["select_fields"][0] == 0
    assert klass_info["related_klass_infos"]  # select_related's models, for the populators
    assert compiler.col_count == len(compiler.select)
    assert compiler.has_extra_select is False
    assert compiler.annotation_col_map == {}
    column = compiler.select[0][0]
    assert column.target.attname == "id"
    converters = compiler.get_converters([col[0] for col in compiler.select])
    assert isinstance(converters, dict)
    assert list(compiler.apply_converters([], converters)) == []


def test_related_populators_are_built_from_the_compilers_reads():
    """eleusis/web/compiled.py builds select_related objects as ModelIterable does."""
    assert list(inspect.signature(get_related_populators).parameters) == [
        "klass_info",
        "select",
        "db",
    ]
    compiler = _seats_query().query.get_compiler(connection=connection)
    compiler.as_sql()
    populators = get_related_populators(compiler.klass_info, compiler.select, "default")
    assert populators and all(callable(p.populate) for p in populators)


def test_cached_db_keeps_the_session_dict_under_its_prefix():
    """classroom/live.py reads a student's session from the cache itself, under
    `cached_db.KEY_PREFIX` + the session key, as the dict of its data."""
    store = cached_db.SessionStore()
    store["who"] = "s01"
    store.save()
    assert cached_db.KEY_PREFIX == "django.contrib.sessions.cached_db"
    cached = caches["default"].get(cached_db.KEY_PREFIX + store.session_key)
    assert cached == {"who": "s01"}


def test_a_session_reads_a_given_session_cache_without_loading():
    """classroom/live.py:use_polled_session hands a session the data already read, through
    `_session_cache`: the session then reads neither the cache nor the database."""
    store = cached_db.SessionStore()
    store["who"] = "s01"
    store.save()
    fresh = cached_db.SessionStore(session_key=store.session_key)
    assert not hasattr(fresh, "_session_cache")
    fresh._session_cache = {"who": "given"}
    caches["default"].delete(cached_db.KEY_PREFIX + store.session_key)
    with CaptureQueriesContext(connection) as queries:
        assert fresh["who"] == "given"
    assert len(queries) == 0


def test_the_redis_cache_builds_its_client_from_class():
    """eleusis/cache.py swaps Django's Redis client class through `RedisCache._class`; the client
    gives its pool by `_get_connection_pool(write)` and makes clients with `_client`;
    eleusis/health.py reaches the client through `cache._cache.get_client(write=True)`. None of
    this connects: no Redis server is needed."""
    cache = ResilientRedisCache("redis://127.0.0.1:1/0", {})
    client = cache._cache
    assert isinstance(client, _ReusedClient)
    pool = client._get_connection_pool(True)
    assert pool is client._get_connection_pool(True)
    import redis

    assert client._client is redis.Redis
    made = client.get_client(write=True)
    assert isinstance(made, redis.Redis) and made is client.get_client(write=True)
    assert made.connection_pool is pool
    assert cache.make_and_validate_key("healthz").endswith("healthz")


def test_the_postgresql_backend_asks_is_usable_as_it_is_overridden():
    """eleusis/postgresql/base.py overrides `DatabaseWrapper.is_usable` and reads psycopg's
    `info.transaction_status` and `fileno()` of the connection."""
    from django.db.backends.postgresql import base

    from eleusis.postgresql.base import DatabaseWrapper

    assert issubclass(DatabaseWrapper, base.DatabaseWrapper)
    assert "is_usable" in vars(base.BaseDatabaseWrapper) or hasattr(
        base.DatabaseWrapper, "is_usable"
    )
    assert list(inspect.signature(base.DatabaseWrapper.is_usable).parameters) == ["self"]
    if connection.vendor != "postgresql":
        return
    connection.ensure_connection()
    raw = connection.connection
    assert isinstance(raw.fileno(), int)
    from psycopg import pq

    assert raw.info.transaction_status in set(pq.TransactionStatus)
    assert connection.is_usable()
