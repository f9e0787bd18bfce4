"""What a student's poll costs: an idle poll (nothing changed) against a full table page.

    .venv/bin/python benchmarks/bench_web.py [--requests 500]

Runs the real Django stack in process (middleware, sessions, access checks, templates) on a
throw-away SQLite database, with DATABASE_URL honoured if set. Prints per-request times and the
ratio; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _setup_django() -> None:
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _timed(call, count: int) -> list[float]:
    times = []
    for _ in range(count):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def _describe(name: str, times: list[float]) -> float:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    median = statistics.median(times)
    print(f"{name:<28} median {median * 1e3:7.2f} ms   p95 {p95 * 1e3:7.2f} ms   n={len(times)}")
    return median


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=500)
    args = parser.parse_args()
    _setup_django()

    from classroom.live import table_stamp
    from tests.factories import live_table, student_client

    table, seats = live_table(players=4)
    client = student_client(seats[0].student, SERVER_NAME="localhost")
    url = f"/play/tables/{table.pk}/"
    stamp = table_stamp(table.pk)

    assert client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true").status_code == 204
    idle = _timed(lambda: client.get(url, {"stamp": stamp}, HTTP_HX_REQUEST="true"), args.requests)
    fragment = _timed(
        lambda: client.get(url, {"stamp": "stale"}, HTTP_HX_REQUEST="true"), args.requests
    )
    page = _timed(lambda: client.get(url), args.requests)

    idle_median = _describe("idle poll (204)", idle)
    fragment_median = _describe("changed poll (fragment)", fragment)
    page_median = _describe("full table page", page)
    # Server CPU of a changed poll: the process's own CPU time per request (the database's
    # work is in its own process and not counted; the database is local, so this is the app).
    cpu = []
    for _ in range(args.requests):
        start = time.process_time()
        client.get(url, {"stamp": "stale"}, HTTP_HX_REQUEST="true")
        cpu.append(time.process_time() - start)
    _describe("changed poll, CPU time", cpu)
    print(f"idle poll / full page        {idle_median / page_median:.2%}")
    print(f"fragment / full page         {fragment_median / page_median:.2%}")


if __name__ == "__main__":
    main()
