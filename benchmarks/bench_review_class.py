"""What the teacher's review of a whole class costs: the overview (summary, the class's ideas,
free text, prompts, the 30-row grid, 24 folded charts), a student's timeline, and a Delphi
report, cold (the first request of a fresh process, every round already analysed by the worker)
and warm, with the number of SQL queries of each page.

    .venv/bin/python benchmarks/bench_review_class.py [--students 30] [--rounds 3] [--plays 50]

The default is the class of issue 34: 30 students, 8 tables, 4 rounds of up to 50 plays (about
1,200 plays); each page prints its wall time and the CPU time of the process for it (the cold
overview's CPU time is the figure the issue asks under 1 s). Then "Mark all like this" on the
most held group of words: the stored insights of the rounds it touches take the new marks in
the request (`eleusis.engine.insight.with_marks`; before, each round was analysed again: in
the request under `make run`, 6.6 s for 24 rounds).

Builds the session once through the engine and the services (tests/factories.py
`class_session`: 8 tables of four, bots of several strategies and scripted students) on a
throw-away SQLite database (DATABASE_URL honoured if set), then times the pages in a fresh
process. Prints figures; asserts nothing.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _setup_django(migrate: bool) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
    import django

    django.setup()
    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)


def _build(students: int, rounds: int, plays: int) -> dict[str, int]:
    from tests.factories import class_session, delphi_session

    start = time.perf_counter()
    session, _roles = class_session(students=students, rounds=rounds, plays=plays)
    built = time.perf_counter() - start
    delphi = delphi_session(students=students, cards=30)
    seat = session.tables.first().seats.first()
    from classroom.models import Action

    played = Action.objects.filter(
        round__table__session=session, kind__in=("play", "play_string", "no_play")
    ).count()
    print(
        f"built {students} students, {session.tables.count()} tables, "
        f"{rounds * session.tables.count()} rounds, {played} plays (played and analysed) "
        f"in {built:.1f} s"
    )
    return {"session": session.pk, "seat": seat.pk, "delphi": delphi.pk}


def _serve(ids: dict[str, int], repeat: int) -> None:
    """In a fresh process: time each page cold, then warm, with its query count."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    setup_test_environment()  # the test client's host is allowed, as in the tests

    from classroom.models import GameSession

    clients = {}
    for key in ("session", "delphi"):
        session = GameSession.objects.select_related("assignment__classroom__teacher").get(
            pk=ids[key]
        )
        clients[key] = Client()
        clients[key].force_login(session.assignment.classroom.teacher)
    pages = {
        "review (overview + grid)": f"/teach/sessions/{ids['session']}/review/",
        "review sorted by a measure": f"/teach/sessions/{ids['session']}/review/?sort=negative",
        "a student's timeline": f"/teach/sessions/{ids['session']}/review/students/{ids['seat']}/",
        "Delphi report": f"/teach/sessions/{ids['delphi']}/review/",
    }
    for name, url in pages.items():
        client = clients["delphi" if name.startswith("Delphi") else "session"]
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        cold, cold_cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == 200, (url, response.status_code)
        warm = []
        for _ in range(repeat):
            start = time.perf_counter()
            client.get(url)
            warm.append(time.perf_counter() - start)
        with CaptureQueriesContext(connection) as queries:  # a later request's queries
            client.get(url)
        print(
            f"{name:<28} cold {cold * 1e3:7.0f} ms ({cold_cpu * 1e3:5.0f} ms CPU)   warm median "
            f"{statistics.median(warm) * 1e3:6.0f} ms   {len(queries.captured_queries):3d} queries"
            f"   {len(response.content) / 1024:5.0f} KiB"
        )
    _time_marking(clients["session"], ids["session"])


def _time_marking(client: Any, session_pk: int) -> None:
    """ "Mark all like this" on the most held group of words: the request, the insights of the
    rounds it touches updated inside it."""
    from classroom.models import GameSession
    from classroom.selectors.review import session_review

    review = session_review(GameSession.objects.get(pk=session_pk))
    if not review.free_text:
        print("marking a group of words: no group in this class")
        return
    group = review.free_text[0]
    start, cpu = time.perf_counter(), time.process_time()
    response = client.post(
        f"/teach/sessions/{session_pk}/review/ideas/mark/",
        {"words": group.key, "mark": "right", "rule": group.rule_text},
    )
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    assert response.status_code == 302, response.status_code
    rounds = len({h.round_id for h in group.hypotheses})
    print(
        f"{'marking a group of words':<28} {wall * 1e3:7.0f} ms ({used * 1e3:5.0f} ms CPU)   "
        f"{group.plays} sentences in {rounds} rounds, their insights updated in the request"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--plays", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _setup_django(migrate=False)
        _serve(json.loads(args.serve), args.repeat)
        return
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)  # eager tasks: every round is analysed as it ends
    _setup_django(migrate=True)
    ids = _build(args.students, args.rounds, args.plays)
    subprocess.run(
        [sys.executable, __file__, "--serve", json.dumps(ids), "--repeat", str(args.repeat)],
        check=True,
        env=os.environ,
    )


if __name__ == "__main__":
    main()
