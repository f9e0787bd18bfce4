"""Many students polling one server: latency under load, on this machine.

    .venv/bin/python benchmarks/bench_load.py [--clients 1000] [--seconds 20] [--workers 4]

Starts gunicorn on 127.0.0.1 with the project's settings (DATABASE_URL and REDIS_URL as set: the
production shape is PostgreSQL and Redis), seats `--clients` students at live tables of four, and
lets every one poll its table page every 1.5 s as the browser does (an idle poll: 204), over
keep-alive connections, for `--seconds` (the load generator shares the machine's cores). Prints
the request rate and latency percentiles; asserts nothing. All traffic stays on the loopback
interface. What a changed poll costs is in bench_web.py.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
POLL_SECONDS = 1.5


def _setup(clients: int) -> list[tuple[str, str, str]]:
    """Seat the students; returns (session cookie, table path, stamp) per client."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.sessions.backends.cached_db import SessionStore
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from classroom.access import STUDENT_SESSION_KEY
    from classroom.live import table_stamp
    from tests.factories import live_table

    out = []
    for _ in range(max(1, clients // 4)):
        table, seats = live_table(players=4)
        for seat in seats:
            session = SessionStore()
            session[STUDENT_SESSION_KEY] = seat.student.pk
            session.create()
            cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
            out.append((cookie, f"/play/tables/{table.pk}/", table_stamp(table.pk)))
    return out[:clients]


async def _client(port, cookie, path, stamp, until, latencies, statuses):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await asyncio.sleep(random.random() * POLL_SECONDS)
    try:
        while time.monotonic() < until:
            request = (
                f"GET {path}?stamp={stamp} HTTP/1.1\r\nHost: localhost\r\nHX-Request: true\r\n"
                f"Cookie: {cookie}\r\nConnection: keep-alive\r\n\r\n"
            )
            start = time.perf_counter()
            writer.write(request.encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length:
                await reader.readexactly(length)
            latencies.append(time.perf_counter() - start)
            statuses[status] = statuses.get(status, 0) + 1
            await asyncio.sleep(POLL_SECONDS)
    finally:
        writer.close()


async def _run(port, clients, seconds):
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    until = time.monotonic() + seconds
    await asyncio.gather(
        *(_client(port, c, p, s, until, latencies, statuses) for c, p, s in clients)
    )
    return latencies, statuses


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/load.sqlite3"
    os.environ.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1")
    clients = _setup(args.clients)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "eleusis.wsgi",
            "--bind",
            f"127.0.0.1:{args.port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            "gthread",
            "--threads",
            "64",
            "--keep-alive",
            "30",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=os.environ.copy(),
    )
    try:
        time.sleep(3)
        latencies, statuses = asyncio.run(_run(args.port, clients, args.seconds))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    ordered = sorted(latencies)

    def pct(p):
        return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1e3

    print(
        f"database: {os.environ['DATABASE_URL'].split(':')[0]}, cache: "
        f"{'redis' if os.environ.get('REDIS_URL') else 'local memory'}, workers: {args.workers}"
    )
    print(
        f"clients {len(clients)}, requests {len(latencies)} "
        f"({len(latencies) / args.seconds:.0f}/s), statuses {statuses}"
    )
    print(
        f"latency p50 {pct(0.50):.1f} ms  p95 {pct(0.95):.1f} ms  p99 {pct(0.99):.1f} ms  "
        f"mean {statistics.mean(latencies) * 1e3:.1f} ms"
    )


if __name__ == "__main__":
    main()
