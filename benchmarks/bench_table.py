"""What one request at a table of four costs, in process: a play, a changed poll, a first page.

    .venv/bin/python benchmarks/bench_table.py [--requests 200] [--profile play|poll|page]
                                               [--top 25] [--dump FILE]
                                               [--kinds poll,play,page]

Seats tables of four students (tests/factories.py `live_table`) on a throw-away SQLite
database (DATABASE_URL and REDIS_URL honoured if set: PostgreSQL and Redis as in production),
with DEBUG off, then sends through Django's test client:

- a changed poll: a student's poll whose stamp is old, so the table's fragment is drawn (the
  tables take turns, each after a play, as in a class: a fresh stamp for every poll);
- a play: the student whose turn it is plays the first card of their hand, with a hypothesis
  and a prediction, as the page sends it;
- a first page: a student opening the table's page, the whole document (after a play, as
  the changed poll).

Prints, per kind: the SQL queries of one request (and their text with `--sql`), the median
and 90th percentile of this process's CPU time per request (`time.process_time`: Python,
templates, the database driver; with SQLite the database's own work too) and of wall time; on
PostgreSQL, the server's own CPU per request.
`--profile` prints cProfile's costliest functions for one kind. Figures, never asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_REFERENCE = None  # a client for the reference request
FORM_ENCODED = "application/x-www-form-urlencoded"
_HAND_KEY = re.compile(r"&amp;hand=([^&\"]*)")
_TRANSACTION = re.compile(r"^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)")


def _setup() -> None:
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/table.sqlite3"
    os.environ.setdefault("STATIC_ROOT", tempfile.mkdtemp())  # the pages' files, collected
    os.environ.update(
        DJANGO_SETTINGS_MODULE="eleusis.settings",
        DEBUG="0",
        SECRET_KEY="bench-only-" + uuid.uuid4().hex * 2,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
    )
    import django

    django.setup()
    from django.core.management import call_command

    # No `setup_test_environment()`: it makes every whole template send a signal that the test
    # client answers by copying the context, which production never pays.
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # a whole page names them


class Table:
    """A table of four and a signed-in client per seat."""

    def __init__(self, **table_options) -> None:
        """`table_options`: `live_table`'s (the game and its rule; bench_moves.py)."""
        from tests.factories import live_table, student_client

        seed = int(uuid.uuid4().int % 10**6)
        self.table, self.seats = live_table(players=4, seed=seed, **table_options)
        self.clients = [student_client(seat.student) for seat in self.seats]
        for client in self.clients:
            client.get("/favicon.ico")  # the client loads the middleware at its first request
        self.url = f"/play/tables/{self.table.pk}/"

    def turn(self):
        """(client, form data) of the player whose turn it is; None when play cannot go on."""
        from classroom.models import Round
        from classroom.selectors.rounds import engine_round

        round_row = Round.objects.filter(table=self.table).order_by("-number").first()
        engine = engine_round(round_row)
        view = engine.dealer_view()
        if view.over or view.pending is not None or view.deciding is not None:
            return None
        player = view.turn
        position = next(s.position for s in self.seats if round_row.player_of(s.position) == player)
        card = view.hands[player][0]
        return self.clients[position], {
            "op": "play",
            "round": round_row.pk,
            "seq": round_row.version,
            "key": uuid.uuid4().hex,
            "card": card.code,
            "hypothesis": "colors alternate",
            "prediction": "accepted",
        }


def _measure(
    send, count: int, profiler: cProfile.Profile | None = None, queries=None, database_cpu=None
):
    """Call `send()` (which returns a thunk to time) `count` times; `queries`: a
    CaptureQueriesContext that records the thunks' queries (and not those of `send`). Before
    each, the reference request (the favicon, through the same middleware) is timed too.
    `database_cpu`: reads the database server's CPU seconds, to charge each thunk its share
    (the kernel counts in ticks of 10 ms: only the mean over many requests means anything)."""
    cpu, wall, reference, database = [], [], [], []
    for _ in range(count):
        thunk = send()
        if thunk is None:
            continue
        c0 = time.process_time()
        _REFERENCE.get("/favicon.ico")
        reference.append(time.process_time() - c0)
        if queries is not None:
            queries.__enter__()
        if profiler is not None:
            profiler.enable()
        d0 = database_cpu() if database_cpu else 0.0
        c0, w0 = time.process_time(), time.perf_counter()
        thunk()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        database.append(database_cpu() - d0 if database_cpu else 0.0)
        if profiler is not None:
            profiler.disable()
        if queries is not None:
            queries.__exit__(None, None, None)
    return cpu, wall, reference, database


def _fig(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[int(len(ordered) * 0.9)] if ordered else 0.0
    return f"median {statistics.median(ordered) * 1e3:6.2f} ms  p90 {p90 * 1e3:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--profile", choices=("play", "poll", "page"))
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--dump", help="with --profile: also write the cProfile stats to this file")
    parser.add_argument("--sql", action="store_true", help="print the queries of one request")
    parser.add_argument(
        "--kinds", default="poll,play,page", help="which requests to time, comma-separated"
    )
    args = parser.parse_args()
    _setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    tables = [Table() for _ in range(args.tables)]
    backend = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    print(f"{args.tables} tables of four, DEBUG off, {backend}, {cache}")

    global _REFERENCE
    _REFERENCE = Client()
    state = {"i": 0}

    def move_at(index: int):
        """A thunk playing the next move at table `index` (a new table when its round is
        over or waits for a judgement)."""
        found = tables[index].turn()
        if found is None:
            tables[index] = Table()
            found = tables[index].turn()
        client, data = found
        url = f"{tables[index].url}move/"
        # Form-encoded, as htmx sends the page's form (the test client's default is multipart).
        body = urlencode(data)
        return lambda: _check(
            client.post(url, body, content_type=FORM_ENCODED, HTTP_HX_REQUEST="true"),
            "Right!|Wrong:",
        )

    def next_student():
        """(table, client): as in a class, a move at a table (not timed), then each of its four
        students in turn, each after that change."""
        index = (state["i"] // 4) % len(tables)
        if state["i"] % 4 == 0:
            move_at(index)()
        table = tables[index]
        client = table.clients[state["i"] % 4]
        state["i"] += 1
        return table, client

    hands: dict[int, str] = {}  # the hand's key each student's page last held

    def poll():
        # The student's page asks for the table with the stamp it held before the move, and
        # its hand's key: the hand is drawn again only when it changed, as in class.
        table, client = next_student()

        def send():
            url = f"{table.url}?stamp=old&mode=player&hand={hands.get(id(client), '')}"
            response = _check(client.get(url, HTTP_HX_REQUEST="true"), "table-live")
            if found := _HAND_KEY.search(response.content.decode()):
                hands[id(client)] = found[1]

        return send

    def play():
        index = state["i"] % len(tables)
        state["i"] += 1
        return move_at(index)

    def page():
        # A student opening the page (the whole document, as on arrival) after the move.
        table, client = next_student()
        return lambda: _check(client.get(table.url), "table-live")

    kinds = {"poll": ("changed poll", poll), "play": ("play", play), "page": ("first page", page)}
    for key, (name, send) in kinds.items():
        if key not in args.kinds.split(","):
            continue
        state["i"] = 0
        _measure(send, 20)  # warm: templates loaded, connections open
        queries = CaptureQueriesContext(connection)
        _measure(send, 1, queries=queries)
        statements = [q["sql"] for q in queries if not _TRANSACTION.match(q["sql"])]
        print(
            f"{name:<13} {len(statements):3d} queries (and {len(queries) - len(statements)} "
            "BEGIN/COMMIT)"
        )
        if args.sql:
            for sql in statements:
                print("     ", sql[:160])
        # Timed in CPU seconds: on a busy machine, wall time is mostly waiting for a core.
        profiler = cProfile.Profile(time.process_time) if args.profile == key else None
        state["i"] = 0
        database_cpu = (
            (lambda: _database_cpu(connection)) if connection.vendor == "postgresql" else None
        )
        cpu, wall, reference, database = _measure(
            send, args.requests, profiler, database_cpu=database_cpu
        )
        ratio = statistics.median(c / r for c, r in zip(cpu, reference, strict=True))
        print(f"  CPU  {_fig(cpu)}   ({len(cpu)} requests)")
        print(f"  wall {_fig(wall)}")
        if database_cpu is not None:
            print(
                f"  PostgreSQL's own CPU (the server process of this connection), mean "
                f"{sum(database) / len(database) * 1e3:6.2f} ms"
            )
        print(
            f"  CPU  {ratio:.1f} x the reference request (/favicon.ico through the same "
            f"middleware, timed before each: {_fig(reference)})"
        )
        if profiler is not None:
            if args.dump:
                profiler.dump_stats(args.dump)
            stats = pstats.Stats(profiler).sort_stats("cumulative")
            stats.print_stats(args.top)
            stats.sort_stats("tottime").print_stats(args.top)


def _database_cpu(connection) -> float:
    """CPU seconds used so far by the PostgreSQL server process serving `connection` (0 on
    SQLite, or when that process is not on this machine)."""
    pid = connection.connection.info.backend_pid
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _check(response, expected: str):
    body = response.content.decode()
    if response.status_code != 200 or not re.search(expected, body):
        raise SystemExit(f"unexpected answer {response.status_code}: {body[:300]}")
    return response


if __name__ == "__main__":
    main()
