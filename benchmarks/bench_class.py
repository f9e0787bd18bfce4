"""A class of students on one server, in the production shape, beside a bare Django "hello".

    .venv/bin/python benchmarks/bench_class.py [--students 1000] [--arrive 30] [--seconds 60]
                                               [--saturate 8] [--workers 4] [--threads 4]

Starts everything from scratch on spare loopback ports (tests/stack.py): a throwaway PostgreSQL
cluster, a redis-server, the app under gunicorn (gthread, 4 workers x 4 threads as in README's
Production, DEBUG off) with a Celery worker, and beside it the same gunicorn serving bare
Django (benchmarks/hello.py, no middleware): a "hello" with no database, a bare write (one row
inserted in a transaction) and a bare play (a play's five statements in plain SQL, the floor of a
play in the database). Then, over keep-alive connections from this process:

1. Saturation, `--connections` connections each sending its next request as soon as the last
   is answered, `--saturate` seconds for each kind: bare hello, bare write, bare play, idle
   poll (204), changed poll
   (the table's fragment; one in three right after a change of its table, a new stamp, as in
   the class, where the first of the three other players to poll after a play reads the table
   and the others take what it read; that poll also draws the shared fragment, which after a
   play the play's answer has drawn: a little more than the class asks), and a play (a solo
   practice table, so that it is always the student's turn). Prints requests per second, the
   ratio to bare hello, and a play's ratio to the bare write and to the bare play.
2. The class: `--students` students at tables of four, who open their pages over `--arrive`
   seconds (a school's classes after their bells; 2 for all at once) and then play together
   for `--seconds`, every one polling its table every 2 s as the page does, and playing 3-12 s
   after its page says "Your turn!", with a hypothesis and a prediction. As on the page, a
   student polls while thinking too, and the play's answer replaces the polled fragment: its
   next poll goes out a poll interval later with the stamp that answer carries. Prints latency
   percentiles per kind of request, errors, and whether every play answered as made is in the
   database exactly once.

Figures are printed, never asserted. All traffic stays on 127.0.0.1, bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import pickle
import random
import re
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import redis as redis_client  # noqa: E402

from tests import stack  # noqa: E402

# The table of hello.py's bare write, made before its workers start (at once, they would race).
CREATE_WRITE_TABLE = (
    "CREATE TABLE bench_bare_write "
    "(id bigserial PRIMARY KEY, body text NOT NULL, made timestamptz NOT NULL DEFAULT now())"
)

# The tables of hello.py's bare play, and one table of four with its round per connection: a
# snapshot of a play's size (about 5.6 KB), written back as it was read.
BARE_PLAY_TABLES = (
    "CREATE TABLE bench_bare_seat (id bigserial PRIMARY KEY, table_id int NOT NULL, "
    "position int NOT NULL, name text NOT NULL)",
    "CREATE INDEX ON bench_bare_seat (table_id)",
    "CREATE TABLE bench_bare_round (id bigserial PRIMARY KEY, table_id int NOT NULL UNIQUE, "
    "version int NOT NULL, snapshot bytea NOT NULL)",
    "CREATE TABLE bench_bare_action (id bigserial PRIMARY KEY, round_id bigint NOT NULL "
    "REFERENCES bench_bare_round, seq int NOT NULL, seat_id bigint NOT NULL "
    "REFERENCES bench_bare_seat, payload text NOT NULL, made timestamptz NOT NULL DEFAULT now(), "
    "UNIQUE (round_id, seq))",
    "CREATE TABLE bench_bare_hypothesis (id bigserial PRIMARY KEY, action_id bigint NOT NULL "
    "UNIQUE REFERENCES bench_bare_action, seat_id bigint NOT NULL REFERENCES bench_bare_seat, "
    "text text NOT NULL, made timestamptz NOT NULL DEFAULT now())",
)


def bare_play_tables(tables: int) -> tuple[str, ...]:
    """The statements that make and fill the bare play's tables."""
    return (
        *BARE_PLAY_TABLES,
        "INSERT INTO bench_bare_seat (table_id, position, name) SELECT t, p, 'Kid ' || p "
        f"FROM generate_series(1, {tables}) t, generate_series(0, 3) p",
        # 5,632 bytes that do not compress, as a play's zlib-compressed snapshot does not.
        "INSERT INTO bench_bare_round (table_id, version, snapshot) SELECT t, 0, "
        "decode((SELECT string_agg(md5(t || '-' || i), '') FROM generate_series(1, 352) i), "
        f"'hex') FROM generate_series(1, {tables}) t",
    )


POLL_SECONDS = 2.0
THINK_SECONDS = (3.0, 12.0)
# How often a saturating changed poll comes right after a change of its table: in the class,
# three players poll after each play, and the first of them reads the table anew.
CHANGED_FIRST = 1 / 3
CSRF = stack.CSRF


class Connection:
    """One keep-alive HTTP/1.1 connection; reads Content-Length and chunked bodies."""

    def __init__(self, port: int, cookie: str = "") -> None:
        self.port = port
        self.cookie = cookie
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def request(
        self, method: str, path: str, body: str = "", htmx: bool = True
    ) -> tuple[int, str, float]:
        if self.writer is None:
            await self.open()
        assert self.reader is not None and self.writer is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n"
        if self.cookie:
            head += f"Cookie: {self.cookie}; csrftoken={CSRF}\r\nX-CSRFToken: {CSRF}\r\n"
        if htmx:
            head += "HX-Request: true\r\n"
        data = body.encode()
        if method == "POST":
            head += "Content-Type: application/x-www-form-urlencoded\r\n"
            head += f"Content-Length: {len(data)}\r\n"
        start = time.perf_counter()
        self.writer.write(head.encode() + b"\r\n" + data)
        await self.writer.drain()
        raw = await self.reader.readuntil(b"\r\n\r\n")
        status = int(raw.split(b" ", 2)[1])
        headers = {}
        for line in raw.split(b"\r\n")[1:]:
            if b":" in line:
                key, value = line.split(b":", 1)
                headers[key.strip().lower()] = value.strip()
        payload = b""
        if b"content-length" in headers:
            payload = await self.reader.readexactly(int(headers[b"content-length"]))
        elif headers.get(b"transfer-encoding") == b"chunked":
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                payload += chunk[:-2]
        if headers.get(b"connection") == b"close":
            self.close()
        return status, payload.decode(errors="replace"), time.perf_counter() - start

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# Saturation ------------------------------------------------------------------------------------


async def saturate(
    make_step, connections: int, seconds: float
) -> tuple[int, Counter[str], list[float]]:
    """Run `connections` loops of `make_step(i)()` for `seconds`: (answered as expected, the
    failures by what went wrong, latencies). A step returns (what went wrong or "", seconds).
    Each loop's first step (opening its page: a stamp, a hand) runs before the clock starts."""
    steps_ = [make_step(i) for i in range(connections)]
    await asyncio.gather(*(step(warm=True) for step in steps_), return_exceptions=True)
    until = time.monotonic() + seconds
    outcomes: Counter[str] = Counter()  # "" for an answer as expected, else what went wrong
    latencies: list[float] = []

    async def loop(i: int) -> None:
        step = steps_[i]
        while time.monotonic() < until:
            try:
                failure, seconds_taken = await step()
            except Exception as error:
                outcomes[type(error).__name__] += 1
                await asyncio.sleep(0.05)
                continue
            outcomes[failure] += 1
            latencies.append(seconds_taken)

    await asyncio.gather(*(loop(i) for i in range(connections)))
    return outcomes.pop("", 0), outcomes, latencies


_HIDDEN = re.compile(r'name="(round|seq)" value="(\d+)"')
_CARD = re.compile(r'name="card" value="([0-9TJQKA]{1,2}[SHDC])"')
_STAMP = re.compile(r"\?stamp=([0-9a-f]+)")
_POLL = re.compile(r'id="table-live"[^>]*?hx-get="([^"]+)"', re.S)
_PLAYED = stack.PLAYED


def _remember(page: str, shown: dict[str, str]) -> None:
    """Update `shown`, the move form as the answers so far left it, with this answer's fields:
    an answer brings the round's version always, the hand only when it changed."""
    shown.update(_HIDDEN.findall(page))
    card = _CARD.search(page)
    if card is not None:
        shown["card"] = card.group(1)


def _form(page: str, shown: dict[str, str] | None = None) -> dict[str, str] | None:
    """The play the page offers (round, seq, a card), or None when it is not the student's
    turn; `shown` (see `_remember`) is updated with this page first."""
    shown = {} if shown is None else shown
    _remember(page, shown)
    if "Your turn!" not in page or "card" not in shown or "round" not in shown:
        return None
    return dict(shown)


def _poll_path(page: str, before: str) -> str:
    """The URL the page's fragment polls next (`before` when this answer has none)."""
    found = _POLL.search(page)
    return html.unescape(found.group(1)) if found else before


def _play_body(form: dict[str, str], key: str) -> str:
    return (
        f"op=play&round={form['round']}&seq={form.get('seq', '')}&key={key}&card={form['card']}"
        "&hypothesis=colors+alternate&prediction=accepted"
    )


def _failure(status: int, expected: int) -> str:
    return "" if status == expected else f"status {status}"


def _stamp_key(table: int) -> str:
    """The cache key of a table's stamp, as Django's cache names `classroom.live`'s key (no
    prefix, version 1); `check_stamp_keys` makes sure of it before a run relies on it."""
    return f":1:live:table:{table}"


def change_table(store, table: int) -> None:
    """A change of the table, as `classroom.live.table_changed` marks it: a new stamp (pickled,
    as Django's Redis cache stores a text)."""
    store.set(_stamp_key(table), pickle.dumps(f"bench{uuid.uuid4().hex[:8]}"), ex=30)


def check_stamp_keys(store, tables: list[int]) -> None:
    missing = [table for table in tables if not store.exists(_stamp_key(table))]
    if missing:
        raise SystemExit(f"no stamp under {_stamp_key(missing[0])}: the cache's keys changed")


def steps(kind: str, port: int, seeded: dict, hello_port: int, connections: int, store=None):
    cookie_name = seeded["cookie"]
    people = [
        (table["id"], student["session"])
        for table in seeded["tables"]
        for student in table["students"]
    ]
    solo = list(seeded["solo"])

    def make(i: int):
        if kind == "hello":
            conn = Connection(hello_port)

            async def hello(warm=False):
                status, _body, seconds = await conn.request("GET", "/", htmx=False)
                return _failure(status, 200), seconds

            return hello
        if kind == "bare write":
            conn = Connection(hello_port)

            async def write(warm=False):
                if warm:
                    return "", 0.0
                status, _body, seconds = await conn.request(
                    "POST", "/write/", "body=colors+alternate", htmx=False
                )
                return _failure(status, 200), seconds

            return write
        if kind == "bare play":
            conn = Connection(hello_port)
            body = urlencode(
                {
                    "table": i % connections + 1,
                    "hypothesis": "colors alternate",
                    "payload": json.dumps({"kind": "play", "player": 0, "card": "QD"}),
                }
            )

            async def bare_play(warm=False):
                if warm:
                    return "", 0.0
                status, _body, seconds = await conn.request("POST", "/play/", body, htmx=False)
                return _failure(status, 200), seconds

            return bare_play
        if kind in ("idle poll", "changed poll"):
            table, session = people[i % len(people)]
            conn = Connection(port, f"{cookie_name}={session}")
            state = {"path": ""}

            async def poll(warm=False):
                if not state["path"]:  # the page, and the URL its fragment polls
                    _s, body, _t = await conn.request("GET", f"/play/tables/{table}/")
                    state["path"] = _poll_path(body, "")
                    if kind == "changed poll" and store is not None and not state.get("checked"):
                        # Checked now, while the stamp the page made is fresh: a later check
                        # could find it expired (it lives LIVE_STAMP_SECONDS).
                        check_stamp_keys(store, [table])
                        state["checked"] = "yes"
                if warm:
                    return "", 0.0
                # A changed poll: the page's own poll after another student's play (its
                # stamp old, its hand's key as it was).
                path = state["path"]
                if kind == "changed poll":
                    path = _STAMP.sub("?stamp=x", path)
                    if store is not None and random.random() < CHANGED_FIRST:
                        change_table(store, table)
                status, _body, seconds = await conn.request("GET", path)
                if kind == "idle poll" and status == 200:
                    # Drawn again, as it should be: the table's stamp expired (it lives
                    # LIVE_STAMP_SECONDS) or the table changed. Its page has a new stamp.
                    state["path"] = ""
                    return "", seconds
                return _failure(status, 204 if kind == "idle poll" else 200), seconds

            return poll
        # A play: solo tables, always the student's turn; the answer is the next page.
        queue = solo[i::connections]
        state = {"conn": None, "page": "", "table": None}

        async def play(warm=False):
            while state["conn"] is None or _form(state["page"]) is None:
                if not queue:
                    await asyncio.sleep(0.5)
                    return "no solo table left to play at", 0.0
                entry = queue.pop(0)
                state["conn"] = Connection(port, f"{cookie_name}={entry['session']}")
                state["table"] = entry["id"]
                _s, state["page"], _t = await state["conn"].request(
                    "GET", f"/play/tables/{entry['id']}/", htmx=False
                )
            if warm:
                return "", 0.0
            form = _form(state["page"])
            status, body, seconds = await state["conn"].request(
                "POST", f"/play/tables/{state['table']}/move/", _play_body(form, uuid.uuid4().hex)
            )
            state["page"] = body
            if status == 200 and not _PLAYED.search(body):
                return "200 without the play's outcome", seconds
            return _failure(status, 200), seconds

        return play

    return make


# The class -------------------------------------------------------------------------------------


async def student(port, cookie, table, arrive, until, record, answered):
    """One student's page, opened at a random moment of the first `arrive` seconds: a poll
    every `POLL_SECONDS` (also while they think), and a play 3-12 s after the page first said
    "Your turn!"; the play's answer replaces the polled fragment, whose next poll goes out a
    poll interval later with that answer's stamp. As in the browser, the page polls the URL
    its fragment gives (with its stamp and its hand's key), and its move form keeps what the
    last answers put in it (an answer may bring the round's version without the hand)."""
    conn = Connection(port, cookie)
    poll_path = f"/play/tables/{table}/?stamp=&mode=player"
    shown: dict[str, str] = {}  # the move form as the answers so far left it
    form = None
    play_at = None
    first = True
    await asyncio.sleep(random.random() * arrive)
    while time.monotonic() < until:
        try:
            status, body, seconds = await conn.request("GET", poll_path)
            # The first poll carries no stamp: every student's page is drawn whole once, as
            # they arrive. Counted apart from the class's steady mix.
            kind = "first page" if first else "idle poll" if status == 204 else "changed poll"
            record(kind, status, seconds)
            first = False
            if status == 200:
                poll_path = _poll_path(body, poll_path)
                form = _form(body, shown)
                if form is None:
                    play_at = None
                elif play_at is None:
                    play_at = time.monotonic() + random.uniform(*THINK_SECONDS)
            if form is not None and play_at is not None:
                wait = play_at - time.monotonic()
                if wait < POLL_SECONDS:  # plays before the next poll would go out
                    await asyncio.sleep(max(0.0, wait))
                    key = uuid.uuid4().hex
                    status, body, seconds = await conn.request(
                        "POST", f"/play/tables/{table}/move/", _play_body(form, key)
                    )
                    record("play", status, seconds)
                    if status == 200 and _PLAYED.search(body):
                        answered.append(key)
                    if status == 200:
                        poll_path = _poll_path(body, poll_path)
                        _remember(body, shown)
                    form = play_at = None
        except Exception as error:
            record("error", 0, 0.0, str(error))
            conn.close()
        await asyncio.sleep(POLL_SECONDS)
    conn.close()


async def run_class(port, seeded, arrive, seconds):
    """The class: students arrive over `arrive` seconds, then all of them play for `seconds`."""
    until = time.monotonic() + arrive + seconds
    latencies: dict[str, list[float]] = defaultdict(list)
    statuses: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    errors: list[str] = []
    answered: list[str] = []

    def record(kind, status, seconds_taken, error=""):
        if kind == "error":
            errors.append(error)
            return
        latencies[kind].append(seconds_taken)
        statuses[kind][status] += 1

    cookie_name = seeded["cookie"]
    await asyncio.gather(
        *(
            student(port, f"{cookie_name}={s['session']}", t["id"], arrive, until, record, answered)
            for t in seeded["tables"]
            for s in t["students"]
        )
    )
    return latencies, statuses, errors, answered


# CPU by process -------------------------------------------------------------------------------

_TICK = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[int, float]]:
    """Every process on the machine: its parent and the CPU seconds it and its ended children
    have used so far."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # Its own CPU and that of its children that ended (a PostgreSQL backend whose
        # connection closed): a child's CPU moves to its parent when it is reaped.
        used = sum(int(value) for value in fields[11:15])
        found[int(stat.parent.name)] = (int(fields[1]), used / _TICK)
    return found


def _by_group(table: dict[int, tuple[int, float]], roots: dict[str, int]) -> dict[str, float]:
    """Sum a figure of every process (`table`: pid -> (parent, figure)) over each named process
    and its descendants (a gunicorn and its workers, a PostgreSQL postmaster and its backends)."""
    children: dict[int, list[int]] = defaultdict(list)
    for pid, (parent, _figure) in table.items():
        children[parent].append(pid)
    totals = {}
    for name, root in roots.items():
        total, todo = 0.0, [root]
        while todo:
            pid = todo.pop()
            total += table.get(pid, (0, 0.0))[1]
            todo.extend(children.get(pid, ()))
        totals[name] = total
    return totals


def cpu_by_group(roots: dict[str, int]) -> dict[str, float]:
    """CPU seconds used so far by each named process and its descendants, and by this load
    generator."""
    totals = _by_group(_processes(), roots)
    times = os.times()
    totals["load generator"] = times.user + times.system
    return totals


def memory_by_group(roots: dict[str, int]) -> dict[str, float]:
    """Resident memory in MB of each named process and its descendants, now."""
    table: dict[int, tuple[int, float]] = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
        except OSError:
            continue
        resident = int(fields.get("VmRSS", "0 kB").split()[0]) / 1024
        table[int(status.parent.name)] = (int(fields["PPid"]), resident)
    return _by_group(table, roots)


def settle(roots: dict[str, int], limit: float = 90.0) -> float:
    """Wait until the servers are quiet (under a twentieth of a core for a second): a process
    builds its caches in the background as it boots (eleusis/warm.py), and a figure taken
    meanwhile would charge that to whatever ran then. Returns the seconds waited."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        before = cpu_by_group(roots)
        time.sleep(1.0)
        after = cpu_by_group(roots)
        busy = sum(after[name] - before[name] for name in roots)
        if busy < 0.05:
            break
    return time.monotonic() - started


def _after(drained: float) -> str:
    """Says when the CPU figures include work done after the requests (a queue drained)."""
    if drained < 2:
        return ""
    return f"\n    (with what ran in the {drained:.0f} s after, until quiet)"


def cpu_per_request(before: dict[str, float], after: dict[str, float], requests: int) -> str:
    used = {name: (after[name] - before[name]) * 1e3 / max(1, requests) for name in after}
    parts = "  ".join(f"{name} {ms:.2f}" for name, ms in used.items() if ms >= 0.005)
    return f"CPU ms per request: {parts}  (all {sum(used.values()):.2f})"


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1e3 if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument(
        "--seconds", type=float, default=60, help="how long the whole class plays, after arrivals"
    )
    parser.add_argument(
        "--arrive",
        type=float,
        default=30,
        help="the students open their pages over the class's first so many seconds (2: all at "
        "once, as when a district's classes start on the same bell)",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn's worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--saturate", type=float, default=8)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--worker-nice", type=int, default=10, help="the worker's niceness")
    parser.add_argument(
        "--kinds",
        default="hello,bare write,bare play,idle poll,changed poll,play",
        help="the kinds of request to saturate with, comma-separated (the ratios need hello)",
    )
    args = parser.parse_args()
    random.seed(7)

    logs = Path(tempfile.mkdtemp(prefix="eleusis-bench-"))
    redis, postgres = stack.RedisInstance(), stack.PostgresCluster()
    processes: list[stack.Process] = []
    try:
        redis.start()
        postgres.init()
        env = stack.app_env(postgres.url(), redis.url(), STATIC_ROOT=str(logs / "static"))
        stack.prepare(env)
        stack.database_execute(postgres.url(), CREATE_WRITE_TABLE)  # the bare write's table
        for statement in bare_play_tables(args.connections):
            stack.database_execute(postgres.url(), statement)
        started = time.monotonic()
        seeded = stack.seed(
            env, tables=max(1, args.students // 4), students=4, bots=[], solo=args.connections * 12
        )
        print(f"seated {args.students} students in {time.monotonic() - started:.0f} s")
        port, hello_port = stack.free_port(), stack.free_port()
        shape = {"workers": args.workers, "threads": args.threads}
        processes.append(stack.gunicorn(env, port, logs, **shape))
        # As README's Production section runs it beside the web server: at a lower priority.
        processes.append(
            stack.celery({**env, "WORKER_NICE": str(args.worker_nice)}, "worker", logs)
        )
        processes.append(
            stack.gunicorn(
                env, hello_port, logs, app="hello:application", chdir=ROOT / "benchmarks", **shape
            )
        )
        print(
            f"gunicorn gthread {args.workers} workers x {args.threads} threads, DEBUG off, "
            f"PostgreSQL + Redis, a worker at nice {args.worker_nice}, on this"
        )
        print(f"machine's cores with the load generator; logs in {logs}\n")

        roots = {
            "app": processes[0].process.pid,
            "worker": processes[1].process.pid,
            "bare hello": processes[2].process.pid,
            "PostgreSQL": postgres.postmaster_pid(),
            "Redis": redis.process.pid,
        }
        print(f"quiet after {settle(roots):.0f} s (each process built its caches as it booted)")
        memory = "  ".join(f"{name} {mb:.0f}" for name, mb in memory_by_group(roots).items())
        print(f"resident memory, MB: {memory}\n")
        store = redis_client.Redis.from_url(redis.url())
        rates = {}
        for kind in args.kinds.split(","):
            cpu_before = cpu_by_group(roots)
            ok, failures, latencies = asyncio.run(
                saturate(
                    steps(kind, port, seeded, hello_port, args.connections, store),
                    args.connections,
                    args.saturate,
                )
            )
            # The work these requests left queued (a finished round's review, for plays) is
            # theirs too: the CPU is read once the servers are quiet again.
            drained = settle(roots)
            rates[kind] = ok / args.saturate
            ratio = (
                f"{rates[kind] / rates['hello'] * 100:5.1f} % of bare"
                if "hello" in rates and kind != "hello"
                else ""
            )
            for floor in ("bare write", "bare play"):
                if kind == "play" and floor in rates:
                    ratio += f", {rates[kind] / rates[floor] * 100:.1f} % of {floor}"
            print(
                f"saturation {kind:<13} {rates[kind]:8.1f}/s  {ratio:<16} p50 "
                f"{pct(latencies, 0.5):7.1f} ms  p95 {pct(latencies, 0.95):7.1f} ms  "
                f"errors {failures.total()}"
            )
            if failures:
                print(f"    errors: {', '.join(f'{n} {why}' for why, n in failures.most_common())}")
            print(f"    {cpu_per_request(cpu_before, cpu_by_group(roots), ok)}{_after(drained)}")

        if args.seconds <= 0:
            return
        print(
            f"\nthe class: {args.students} students arriving over {args.arrive:.0f} s, then "
            f"{args.seconds:.0f} s all together"
        )
        cpu_before = cpu_by_group(roots)
        latencies, statuses, errors, answered = asyncio.run(
            run_class(port, seeded, args.arrive, args.seconds)
        )
        duration = args.arrive + args.seconds
        drained = settle(roots)
        cpu_after = cpu_by_group(roots)
        every = [x for values in latencies.values() for x in values]
        steady = [x for kind, values in latencies.items() if kind != "first page" for x in values]
        for label, values in (("all requests", every), ("after 1st page", steady)):
            print(
                f"{label:<14} {len(values):7d} ({len(values) / duration:.0f}/s)  p50 "
                f"{pct(values, 0.5):7.1f} ms  p95 {pct(values, 0.95):7.1f} ms  "
                f"p99 {pct(values, 0.99):7.1f} ms"
            )
        for kind in ("first page", "idle poll", "changed poll", "play"):
            values = latencies.get(kind, [])
            print(
                f"  {kind:<13} {len(values):7d}  p50 {pct(values, 0.5):7.1f} ms  p95 "
                f"{pct(values, 0.95):7.1f} ms  p99 {pct(values, 0.99):7.1f} ms  "
                f"statuses {dict(statuses.get(kind, {}))}"
            )
        print(f"  {cpu_per_request(cpu_before, cpu_after, len(every))}{_after(drained)}")
        bad = sum(n for kind in statuses for s, n in statuses[kind].items() if s >= 400)
        print(f"errors: {len(errors)} connection errors, {bad} answers >= 400")
        missing, doubled = stack.plays_lost(postgres.url(), answered)
        print(
            f"plays answered as made: {len(answered)}; in the database exactly once: "
            f"{len(answered) - missing - doubled} (missing {missing}, doubled {doubled})"
        )
        print(json.dumps({"rates": rates}))
    finally:
        for process in processes:
            process.stop()
        redis.stop()
        postgres.destroy()


if __name__ == "__main__":
    main()
