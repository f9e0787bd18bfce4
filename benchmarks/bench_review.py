"""What opening the review costs: a finished session of 30 and of 120 students, cold and warm.

    .venv/bin/python benchmarks/bench_review.py [--students 30 120] [--plays 40]

For each size, a session of that many students who each made about `--plays` plays (bots play
for them, two hypotheses logged in three plays, see `tests.factories.played_session`) is
written to a throw-away SQLite database (DATABASE_URL honoured if set) and every round is
analysed, as the worker does when a round ends (timed apart: that is the worker's work, not
the page's). Then a fresh Python process opens the teacher's review overview: its first
request is the cold one (new process: nothing cached, templates not yet loaded); the median of
the next five is the warm one. The number of database queries of a request is printed too.
Asserts nothing: these are figures to read.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
    import django

    django.setup()


def build(students: int, plays: int) -> tuple[int, int, float]:
    """Write and analyse the session; (session id, teacher id, analysis seconds)."""
    _setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from classroom.models import Round
    from classroom.services.review import round_insight_compute
    from tests.factories import played_session

    session = played_session(students=students, plays=plays, analyse=False)
    start = time.perf_counter()
    for round_id in Round.objects.filter(table__session=session).values_list("pk", flat=True):
        round_insight_compute(round_id=round_id)
    seconds = time.perf_counter() - start
    return session.pk, session.assignment.classroom.teacher_id, seconds


def visit(session_id: int, teacher_id: int) -> dict[str, float]:
    """In a fresh process: the first (cold) and later (warm) requests of the overview."""
    _setup_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from classroom.models import User

    client = Client(SERVER_NAME="localhost")
    client.force_login(User.objects.get(pk=teacher_id))
    url = reverse("classroom:review_session", args=[session_id])
    start = time.perf_counter()
    response = client.get(url)
    cold = time.perf_counter() - start
    assert response.status_code == 200, response.status_code
    warm = []
    for _ in range(5):
        start = time.perf_counter()
        client.get(url)
        warm.append(time.perf_counter() - start)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return {
        "cold": cold,
        "warm": statistics.median(warm),
        "queries": len(queries),
        "bytes": len(response.content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[30, 120])
    parser.add_argument("--plays", type=int, default=40, help="plays per student")
    parser.add_argument("--visit", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.visit:
        print(json.dumps(visit(*args.visit)))
        return
    for students in args.students:
        env = dict(os.environ)
        if "DATABASE_URL" not in os.environ:
            env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/review.sqlite3"
        built = subprocess.run(
            [sys.executable, "-c", _BUILD, str(students), str(args.plays)],
            env=env, cwd=ROOT, check=True, capture_output=True, text=True,
        )  # fmt: skip
        session_id, teacher_id, analysis = json.loads(built.stdout.strip().splitlines()[-1])
        seen = subprocess.run(
            [sys.executable, __file__, "--visit", str(session_id), str(teacher_id)],
            env=env, cwd=ROOT, check=True, capture_output=True, text=True,
        )  # fmt: skip
        figures = json.loads(seen.stdout.strip().splitlines()[-1])
        print(
            f"{students:>4} students x {args.plays} plays: review cold {figures['cold']:.2f} s, "
            f"warm {figures['warm'] * 1000:.0f} ms, {figures['queries']} queries, "
            f"{figures['bytes'] // 1024} KiB; the worker's analysis of every round {analysis:.1f} s"
        )


_BUILD = (
    "import json, sys; sys.path.insert(0, '.');"
    "from benchmarks.bench_review import build;"
    "print(json.dumps(build(int(sys.argv[1]), int(sys.argv[2]))))"
)


if __name__ == "__main__":
    main()
