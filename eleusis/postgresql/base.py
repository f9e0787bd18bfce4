"""Django's PostgreSQL backend, with a health check that costs no round trip while the
connection is quiet.

With `conn_health_checks`, Django asks the server `SELECT 1` before a request's first query on a
connection kept from an earlier request, so that a connection the server closed (a restart, a
terminated backend) is replaced at once instead of failing that request. On a class's server that
is one round trip more for every poll that finds a change and every play. But a server that closes
a connection says so on its socket: the socket turns readable (the end of the stream, or the
server's last message). So while nothing is waiting on the socket of an idle connection, the
connection is as the last request left it; only when something is there, or the connection is
not idle, is the server asked as Django asks it.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq

_ANY_NEWS = getattr(select, "POLLIN", 0) | getattr(select, "POLLPRI", 0)
_ANY_NEWS |= getattr(select, "POLLERR", 0) | getattr(select, "POLLHUP", 0)


def _socket_is_quiet(fileno: int) -> bool:
    """Whether nothing waits to be read on the socket: no data, no end of stream, no error."""
    if not hasattr(select, "poll"):  # no poll() here: say "not sure", and ask the server
        return False
    poller = select.poll()
    poller.register(fileno, _ANY_NEWS)
    return not poller.poll(0)


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed:
            return False
        idle = connection.info.transaction_status == pq.TransactionStatus.IDLE
        if idle and _socket_is_quiet(connection.fileno()):
            return True
        return super().is_usable()
