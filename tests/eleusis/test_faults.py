"""Faults injected for real into the production shape (issue 18), with figures printed.

One stack for the module, started from scratch on spare ports (tests/stack.py): a throwaway
PostgreSQL cluster, a redis-server, gunicorn (2 workers x 8 threads, DEBUG off), a Celery
worker and beat. A class of students polls and plays through it while a test kills, hangs or
locks a service and brings it back. Each test prints: requests tried, 5xx answers, plays lost
(answered as made but not in the database exactly once: must be 0), and the time to recover.
The shared PostgreSQL and Redis on the standard ports are never touched.
"""

from __future__ import annotations

import json
import shutil
import time
import urllib.request
from pathlib import Path

import pytest

from tests import stack

pytestmark = pytest.mark.slow

if not shutil.which("redis-server") or not list(Path("/usr/lib/postgresql").glob("*/bin")):
    pytest.skip("needs redis-server and PostgreSQL's server binaries", allow_module_level=True)

TABLES = 4  # tables of four students
BOT_TABLES = 2  # one student and three bots each
BOT_MOVE_SECONDS = 0.3
SWEEP_SECONDS = 2
STAMP_SECONDS = 4
# How long bots may take to move again once their broker or worker is back: the figure printed
# is the time it took (3-5 s on a quiet machine); the deadline allows for a loaded CI machine,
# where the broker reconnection backs off and the sweep runs late.
RECOVERY_DEADLINE = 90


class Stack:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.redis = stack.RedisInstance()
        self.postgres = stack.PostgresCluster()
        self.port = stack.free_port()
        self.processes: dict[str, stack.Process] = {}

    def start(self) -> None:
        self.redis.start()
        self.postgres.init()
        self.env = stack.app_env(
            self.postgres.url(),
            self.redis.url(),
            STATIC_ROOT=str(self.tmp / "static"),
            BOT_MOVE_SECONDS=str(BOT_MOVE_SECONDS),
            BOTS_SWEEP_SECONDS=str(SWEEP_SECONDS),
            LIVE_STAMP_SECONDS=str(STAMP_SECONDS),
        )
        stack.prepare(self.env)
        self.people = stack.seed(self.env, tables=TABLES, students=4, bots=[])
        self.bot_tables()
        self.processes["web"] = stack.gunicorn(self.env, self.port, self.tmp)
        self.processes["worker"] = stack.celery(self.env, "worker", self.tmp)
        self.processes["beat"] = stack.celery(self.env, "beat", self.tmp)

    def stop(self) -> None:
        for process in self.processes.values():
            process.stop()
        self.redis.stop()
        self.postgres.destroy()

    def students(self, seeded: dict | None = None) -> list[stack.Student]:
        groups = [seeded] if seeded else [self.people, self.with_bots]
        return [
            stack.Student(self.port, group["cookie"], s["session"], table["id"])
            for group in groups
            for table in group["tables"]
            for s in table["students"]
        ]

    def healthz(self) -> tuple[int, dict, float]:
        start = time.monotonic()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=10) as r:
                status, body = r.status, json.loads(r.read())
        except urllib.error.HTTPError as error:
            status, body = error.code, json.loads(error.read() or b"{}")
        return status, body, time.monotonic() - start

    def bot_tables(self) -> dict:
        """Fresh tables of one student and three bots (a test's bots must have a round to
        play: an earlier test may have played its tables' rounds to the end)."""
        self.with_bots = stack.seed(
            self.env, tables=BOT_TABLES, students=1, bots=["random", "random", "random"]
        )
        return self.with_bots

    def bot_versions(self) -> dict[int, tuple[int, str]]:
        ids = [table["id"] for table in self.with_bots["tables"]]
        rows = stack.database_rows(
            self.postgres.url(),
            "SELECT table_id, version, status FROM classroom_round WHERE table_id = ANY(%s)",
            ids,
        )
        return {table: (version, status) for table, version, status in rows}

    def bots_moved_on(self, stuck: dict[int, tuple[int, str]], moves: int = 3) -> bool:
        """Whether every bot table has made `moves` more moves since `stuck` (or finished)."""
        now = self.bot_versions()
        return all(
            now[table][0] >= version + moves
            or (now[table][1] == "over" and now[table][0] > version)
            for table, (version, status) in stuck.items()
            if status == "playing"  # a round that ended before the fault has nothing to resume
        )


@pytest.fixture(scope="module")
def production():
    import tempfile

    logs = Path(tempfile.mkdtemp(prefix="eleusis-faults-"))
    running = Stack(logs)
    try:
        running.start()
        yield running
    finally:
        running.stop()
        print(f"\n[fault] logs of the stack: {logs}")


def _report(name: str, tally: stack.Tally, lost: tuple[int, int], recover: float | None) -> None:
    missing, doubled = lost
    worst = max(tally.latencies) * 1e3 if tally.latencies else 0.0
    if tally.samples:
        start = tally.samples[0][0]
        slow = sorted(tally.samples, key=lambda sample: -sample[2])[:3]
        print(
            "\n[fault] slowest: "
            + ", ".join(f"{kind} {s * 1e3:.0f} ms at +{t - start:.1f} s" for t, _, s, kind in slow)
        )
    print(
        f"\n[fault] {name}: requests tried {tally.tried}, 5xx {tally.server_errors} "
        f"(503 {tally.count(503)}), connection errors {len(tally.errors)}, "
        f"plays answered {len(tally.answered)}, plays lost {missing + doubled} "
        f"(missing {missing}, doubled {doubled}), slowest {worst:.0f} ms, "
        f"time to recover {'-' if recover is None else f'{recover:.2f} s'}"
    )


def _wait(check, timeout: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if check():
            return time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"not recovered within {timeout} s")


def _probe_play(production, timeout: float = 20) -> tuple[stack.Response, str]:
    """Make one play now, as a student whose turn it is (on its own connection): the page and
    the move must work whatever the fault. Returns the move's answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for student in production.students(production.people):
            page = student.request("GET", student.page)
            if page.status != 200:
                continue
            key = stack.uuid.uuid4().hex
            played = student.play(page.body, key)
            student.close()
            if played is not None and stack.PLAYED.search(played.body):
                return played, key
    raise AssertionError("no student could play")


def _cache_in_use(production) -> bool:
    status, body, _seconds = production.healthz()
    return status == 200 and body.get("cache") == "ok"


# Redis ----------------------------------------------------------------------------------------


def test_redis_down_pages_and_moves_keep_working(production):
    with stack.ClassDriver(production.students()) as driver:
        time.sleep(2)
        production.redis.kill()
        time.sleep(1)
        status, body, seconds = production.healthz()
        probe, key = _probe_play(production)
        driver.tally.answered.append(key)
        production.redis.start()
        recover = _wait(lambda: _cache_in_use(production), 15)
        time.sleep(2)
    lost = stack.plays_lost(production.postgres.url(), driver.tally.answered)
    _report("Redis down 6 s", driver.tally, lost, recover)
    print(f"[fault] /healthz with Redis down: {status} in {seconds:.2f} s: {body}")

    assert status == 200 and body["status"] == "degraded" and "cache" in body["degraded"]
    assert seconds < 2
    assert driver.tally.server_errors == 0
    assert not driver.tally.errors
    assert probe.status == 200  # a move made and answered while Redis was away
    assert lost == (0, 0)


def test_redis_hung_costs_a_fraction_of_a_second_not_a_page(production):
    with stack.ClassDriver(production.students()) as driver:
        time.sleep(2)
        production.redis.hang()
        hung_at = time.monotonic()
        status, body, seconds = production.healthz()
        time.sleep(5)
        production.redis.resume()
        recover = _wait(lambda: _cache_in_use(production), 15)
        time.sleep(2)
    lost = stack.plays_lost(production.postgres.url(), driver.tally.answered)
    _report("Redis hung 6 s (SIGSTOP)", driver.tally, lost, recover)
    print(f"[fault] /healthz with Redis hung: {status} in {seconds:.2f} s: {body}")
    during = [s for t, s, *_ in driver.tally.samples if hung_at <= t <= hung_at + 5]

    assert seconds < 2 and body["status"] == "degraded"
    assert driver.tally.server_errors == 0
    assert not driver.tally.errors
    assert len(during) > 20  # pages kept being answered while Redis hung
    assert lost == (0, 0)


def test_redis_read_only_moves_are_saved_and_stale_stamps_expire(production):
    players = production.students(production.people)
    with stack.ClassDriver(players) as driver:
        time.sleep(2)
        production.redis.read_only()
        status, body, seconds = production.healthz()
        probe, key = _probe_play(production)
        driver.tally.answered.append(key)
        time.sleep(STAMP_SECONDS + 2)
        production.redis.read_write()
        recover = _wait(lambda: _cache_in_use(production), 15)
        time.sleep(1)
    lost = stack.plays_lost(production.postgres.url(), driver.tally.answered)
    _report("Redis read-only", driver.tally, lost, recover)
    print(f"[fault] /healthz with Redis read-only: {status} in {seconds:.2f} s: {body}")

    assert body["cache"] == "degraded: read-only" and body["status"] == "degraded"
    worker = production.processes["worker"]
    assert worker.alive(), worker.output()[-3000:]  # the worker waited for writes, then went on
    assert driver.tally.server_errors == 0
    assert probe.status == 200  # a move is saved and answered while Redis refuses writes
    assert lost == (0, 0)


# The worker -----------------------------------------------------------------------------------


# Timing-sensitive on a loaded machine (see the issue notes): tried again once before it counts.
@pytest.mark.flaky(reruns=1)
def test_the_worker_survives_broker_loss_and_the_sweep_restarts_the_bots(production):
    worker = production.processes["worker"]
    players = production.students(production.bot_tables())
    with stack.ClassDriver(players, poll=0.3, think=0.05) as driver:
        time.sleep(3)
        before = production.bot_versions()
        production.redis.kill()  # with bot moves pending (they come every 0.3 s)
        time.sleep(4)
        alive_during = worker.alive()
        stuck = production.bot_versions()
        production.redis.start()
        back = time.monotonic()
        _wait(lambda: production.bots_moved_on(stuck), RECOVERY_DEADLINE)
        recover = time.monotonic() - back
    lost = stack.plays_lost(production.postgres.url(), driver.tally.answered)
    _report("Redis killed under the worker", driver.tally, lost, recover)
    print(f"[fault] bot tables' moves: {before} before, {stuck} in the outage")

    assert alive_during and worker.alive(), worker.output()[-3000:]
    assert "Unrecoverable error" not in worker.output()
    assert lost == (0, 0)


def test_a_killed_worker_s_bots_are_re_driven_once_a_worker_is_back(production):
    import signal

    players = production.students(production.bot_tables())
    with stack.ClassDriver(players, poll=0.3, think=0.05) as driver:
        time.sleep(2)
        production.processes["worker"].stop(signal.SIGKILL)
        time.sleep(3)
        stuck = production.bot_versions()
        time.sleep(2)
        still = production.bot_versions()
        production.processes["worker"] = stack.celery(production.env, "worker", production.tmp)
        back = time.monotonic()
        _wait(lambda: production.bots_moved_on(stuck), RECOVERY_DEADLINE)
        recover = time.monotonic() - back
    lost = stack.plays_lost(production.postgres.url(), driver.tally.answered)
    _report("worker killed (SIGKILL), a new one started", driver.tally, lost, recover)
    moves = stack.database_rows(
        production.postgres.url(),
        "SELECT count(*), count(DISTINCT (round_id, seq)) FROM classroom_action",
    )[0]

    assert still == stuck  # nothing moved the bots while no worker ran
    assert moves[0] == moves[1]  # no move twice: every (round, seq) once
    assert lost == (0, 0)


# PostgreSQL -----------------------------------------------------------------------------------


# Timing-sensitive on a loaded machine (see the issue notes): tried again once before it counts.
@pytest.mark.flaky(reruns=1)
def test_postgres_restart_fails_cleanly_and_recovers_within_a_second(production):
    students = production.students(production.people)
    with stack.ClassDriver(students) as driver:
        time.sleep(2)
        production.postgres.stop("fast")
        down_at = time.monotonic()
        time.sleep(3)
        probe = students[0]
        gap = probe.request("GET", probe.page)
        production.postgres.start()
        up_at = time.monotonic()
        pages = [probe.page, "/", "/join/", "/healthz"]

        def every_page_answers() -> bool:
            return all(probe.request("GET", page).status == 200 for page in pages)

        # Timed from the database's return to the sending of the first request answered 200
        # (on this shared machine a request may wait in line; that is not the recovery).
        sent = {}

        def answers() -> bool:
            sent["at"] = time.monotonic()
            return probe.request("GET", probe.page).status == 200

        _wait(answers, 10)
        recover = max(0.0, sent["at"] - up_at)
        assert every_page_answers()
        time.sleep(2)
    lost = stack.plays_lost(production.postgres.url(), driver.tally.answered)
    _report("PostgreSQL restarted (3 s down)", driver.tally, lost, recover)
    in_gap = {s for t, s, *_ in driver.tally.samples if down_at + 0.5 <= t <= up_at}
    print(f"[fault] statuses while PostgreSQL was down: {sorted(in_gap)}; a page: {gap.status}")

    assert gap.status == 503 and gap.headers.get("Retry-After")
    assert "try again in a few seconds" in gap.body
    assert driver.tally.count(500) == 0
    # A request that needs no database (or finished on a connection still open) may answer 200;
    # what must never come is an error page other than the 503 with its retry message.
    assert in_gap <= {200, 204, 302, 503}
    assert recover < 1.0
    assert lost == (0, 0)
