"""The PostgreSQL backend's health check: no round trip while a connection is quiet, and a
connection the server closed is still found out and replaced (on a real server)."""

import time

import psycopg
import pytest
from django.db import connection

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "the PostgreSQL backend is tested on PostgreSQL: set DATABASE_URL=postgres://..."
        )


def _server_statements(monkeypatch) -> list[str]:
    """The statements `is_usable` sends the server from now on (through the real cursor)."""
    sent: list[str] = []
    real_cursor = connection.connection.cursor

    def cursor(*args, **kwargs):
        real = real_cursor(*args, **kwargs)
        execute = real.execute

        def counted(query, *rest, **options):
            sent.append(str(query))
            return execute(query, *rest, **options)

        real.execute = counted
        return real

    monkeypatch.setattr(connection.connection, "cursor", cursor)
    return sent


def test_a_quiet_connection_is_usable_without_asking_the_server(monkeypatch):
    connection.ensure_connection()
    sent = _server_statements(monkeypatch)

    assert connection.is_usable()
    assert sent == []


def test_a_connection_the_server_closed_is_found_out_and_replaced():
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    settings = connection.settings_dict
    other = psycopg.connect(
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
        user=settings["USER"],
        dbname=connection.settings_dict["NAME"],
        autocommit=True,
    )
    try:
        other.execute("SELECT pg_terminate_backend(%s)", (pid,))
        # The server ends the backend a moment later: wait until it is gone (and so has closed
        # its socket), as a request after a restart would find it.
        deadline = time.monotonic() + 10
        while other.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone():
            assert time.monotonic() < deadline, "the server did not end the backend"
            time.sleep(0.01)
    finally:
        other.close()

    assert not connection.is_usable()
    # As Django does at a request's first query: the closed connection gives way to a new one.
    connection.health_check_enabled, connection.health_check_done = True, False
    connection.close_if_health_check_failed()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid


def test_a_connection_inside_a_transaction_is_asked_as_django_asks_it(monkeypatch):
    connection.ensure_connection()
    connection.set_autocommit(False)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        sent = _server_statements(monkeypatch)
        assert connection.is_usable()
        assert sent == ["SELECT 1"]
    finally:
        connection.rollback()
        connection.set_autocommit(True)
