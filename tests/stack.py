"""The production shape, started from scratch on spare ports, for the fault tests and the
class benchmark: a throwaway PostgreSQL cluster (initdb/pg_ctl in a temporary directory), a
redis-server, gunicorn (gthread, DEBUG off) and, when asked, a Celery worker and beat.

Everything listens on 127.0.0.1 only, and everything is ours to kill: the shared PostgreSQL
and Redis on the standard ports are never touched. A small keep-alive HTTP client that speaks
as a student (session cookie, CSRF token) goes with it.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
REDIS_ARGS = ["--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(check, timeout: float, what: str) -> float:
    """Call `check` until it is true; returns the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        with contextlib.suppress(Exception):
            if check():
                return time.monotonic() - start
        time.sleep(0.05)
    raise TimeoutError(f"{what} did not come up within {timeout} s")


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


# Redis ---------------------------------------------------------------------------------------


class RedisInstance:
    """A redis-server of our own: killed, hung (SIGSTOP), made read-only, brought back."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", *REDIS_ARGS],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for(self.ping, 10, "redis-server")

    def client(self, timeout: float = 1.0):
        import redis

        return redis.Redis.from_url(
            self.url(), socket_timeout=timeout, socket_connect_timeout=timeout
        )

    def ping(self) -> bool:
        client = self.client()
        try:
            return bool(client.ping())
        finally:
            client.close()

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def hang(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def read_only(self) -> None:
        """A replica of a master that does not exist: reads answer, writes are refused."""
        client = self.client()
        client.execute_command("REPLICAOF", "127.0.0.1", str(free_port()))
        client.close()

    def read_write(self) -> None:
        client = self.client()
        client.execute_command("REPLICAOF", "NO", "ONE")
        client.close()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.resume()
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


# PostgreSQL ----------------------------------------------------------------------------------


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if not found:
        raise FileNotFoundError("no PostgreSQL server binaries under /usr/lib/postgresql")
    return found[-1].parent


class PostgresCluster:
    """A PostgreSQL cluster in a temporary directory, on its own port, with trust auth."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="eleusis-pg-"))
        self.data = self.dir / "data"
        self.bin = _pg_bin()
        self._as_postgres = os.geteuid() == 0  # initdb refuses to run as root

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, check=check, capture_output=True, text=True, timeout=120)

    def url(self, name: str = "eleusis") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def init(self) -> None:
        if self._as_postgres:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "eleusis")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c max_connections=200 -c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.dir / "log")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", log, "-w", "start")
        _wait_for(self.ready, 30, "PostgreSQL")

    def postmaster_pid(self) -> int:
        """The server's first process (its backends are its children)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def ready(self) -> bool:
        result = subprocess.run(
            [str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port), "-q"],
            check=False,
        )
        return result.returncode == 0

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def destroy(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)


# The app -------------------------------------------------------------------------------------


def app_env(database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    """The environment of a production process: DEBUG off, our services, loopback only."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "REDIS_URL", "DJANGO_", "PYTEST", "CELERY"))
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="stack-only-" + uuid.uuid4().hex * 2,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DJANGO_SETTINGS_MODULE="eleusis.settings",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    env.update(extra)
    return env


def python(env: dict[str, str], *args: str, what: str) -> str:
    """Run the project's Python with `args` in the project's folder and return what it printed;
    `RuntimeError` when it fails, naming `what` with the end of its errors."""
    result = subprocess.run(
        [PYTHON, *args],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if result.returncode:
        raise RuntimeError(f"{what} failed:\n{result.stderr[-3000:]}")
    return result.stdout


def manage(env: dict[str, str], *args: str) -> str:
    return python(env, "manage.py", *args, what=f"manage.py {' '.join(args)}")


def prepare(env: dict[str, str]) -> None:
    """Migrate the database and collect the static files (DEBUG off serves them hashed)."""
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")


@dataclass
class Process:
    name: str
    process: subprocess.Popen[bytes]
    log: Path

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> None:
        if self.alive():
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def _spawn(name: str, command: list[str], env: dict[str, str], logdir: Path) -> Process:
    log = logdir / f"{name}.log"
    handle = log.open("ab")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=handle, stderr=handle)
    return Process(name, process, log)


def gunicorn(
    env: dict[str, str],
    port: int,
    logdir: Path,
    *,
    workers: int = 2,
    threads: int = 8,
    app: str = "eleusis.wsgi",
    chdir: Path | None = None,
) -> Process:
    command = [PYTHON, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}"]
    if chdir is not None:
        command += ["--chdir", str(chdir)]
    command += ["--workers", str(workers), "--worker-class", "gthread", "--threads", str(threads)]
    command += ["--keep-alive", "30", "--log-level", "warning", "--graceful-timeout", "5"]
    process = _spawn(f"gunicorn-{port}", command, env, logdir)
    # The port opens before the workers have loaded the app: wait for an answer.
    _wait_for(lambda: _answers(port) or not process.alive(), 120, "gunicorn")
    if not process.alive():
        raise RuntimeError(f"gunicorn exited:\n{process.output()}")
    return process


def _answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/healthz", headers={"Host": "127.0.0.1"})
        return connection.getresponse().status > 0
    finally:
        connection.close()


def celery(env: dict[str, str], kind: str, logdir: Path, name: str = "") -> Process:
    command = [PYTHON, "-m", "celery", "-A", "eleusis", kind, "--loglevel=INFO"]
    if kind == "worker":
        command += ["--pool=threads", "--concurrency=2", "--without-gossip", "--without-mingle"]
        command += ["-n", f"{name or 'stack'}-{uuid.uuid4().hex[:6]}@%h"]
    else:
        command += ["--schedule", str(logdir / f"beat-{uuid.uuid4().hex[:6]}")]
    return _spawn(f"celery-{kind}{name}", command, env, logdir)


# Seeding -------------------------------------------------------------------------------------

SEED_SCRIPT = r"""
import json, sys
import django
django.setup()
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from classroom.access import STUDENT_SESSION_KEY
from classroom.services.games import assignment_create, session_open, session_start, table_create
from tests.factories import ClassroomFactory, StudentFactory

spec = json.loads(sys.argv[1])
out = {"tables": []}
classroom = ClassroomFactory()
assignment = assignment_create(
    classroom=classroom, title="Stack", rule_text="color != last.color",
    table_size=max(3, spec["students"] + len(spec["bots"])),
    prediction_required=True,
)
session = session_open(assignment=assignment)
tables = []
for _ in range(spec["tables"]):
    people = [StudentFactory(classroom=classroom) for _ in range(spec["students"])]
    tables.append((table_create(session=session, students=people, bots=spec["bots"]), people))
session_start(session=session, seed=spec.get("seed", 5))
for table, people in tables:
    students = []
    for student in people:
        store = SessionStore()
        store[STUDENT_SESSION_KEY] = student.pk
        store.create()
        students.append({"id": student.pk, "session": store.session_key})
    out["tables"].append({"id": table.pk, "students": students})
out["solo"] = []
if spec.get("solo"):
    from classroom.models import Assignment
    from classroom.services.games import solo_start
    practice = assignment_create(
        classroom=classroom, title="Alone", rule_text="color != last.color",
        mode=Assignment.Mode.SOLO, prediction_required=True,
    )
    for _ in range(spec["solo"]):
        student = StudentFactory(classroom=classroom)
        table = solo_start(assignment=practice, student=student)
        store = SessionStore()
        store[STUDENT_SESSION_KEY] = student.pk
        store.create()
        out["solo"].append({"id": table.pk, "session": store.session_key})
out["cookie"] = settings.SESSION_COOKIE_NAME
print("SEED" + json.dumps(out))
"""


def seed(env: dict[str, str], *, tables: int, students: int, bots: list[str], **spec) -> dict:
    """Seat `tables` tables of `students` students and `bots` in one live session."""
    payload = json.dumps({"tables": tables, "students": students, "bots": bots, **spec})
    printed = python(env, "-c", SEED_SCRIPT, payload, what="seeding")
    line = next(line for line in printed.splitlines() if line.startswith("SEED"))
    return json.loads(line[4:])


# A student's browser, reduced to its requests ----------------------------------------------

CSRF = "a" * 32  # a CSRF secret of our own: the cookie and the header agree


@dataclass
class Response:
    status: int
    body: str
    headers: dict[str, str]
    seconds: float


@dataclass
class Student:
    port: int
    cookie_name: str
    session: str
    table: int
    timeout: float = 10.0
    connection: http.client.HTTPConnection | None = field(default=None, repr=False)

    def _headers(self, htmx: bool) -> dict[str, str]:
        headers = {
            "Host": "127.0.0.1",
            "Cookie": f"{self.cookie_name}={self.session}; csrftoken={CSRF}",
            "X-CSRFToken": CSRF,
            "Connection": "keep-alive",
        }
        if htmx:
            headers["HX-Request"] = "true"
        return headers

    def request(self, method: str, path: str, body: str | None = None, htmx: bool = False):
        headers = self._headers(htmx)
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=self.timeout
                )
            start = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                raw = self.connection.getresponse()
                data = raw.read().decode(errors="replace")
            except (ConnectionError, http.client.HTTPException, OSError):
                self.close()
                if attempt or method == "POST":
                    raise
                continue
            elapsed = time.perf_counter() - start
            if raw.getheader("Connection", "").lower() == "close":
                self.close()
            return Response(raw.status, data, dict(raw.getheaders()), elapsed)
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    @property
    def page(self) -> str:
        return f"/play/tables/{self.table}/"

    def poll(self, stamp: str = "") -> Response:
        return self.request("GET", f"{self.page}?stamp={stamp}&mode=player", htmx=True)

    def play(self, page: str, key: str) -> Response | None:
        """Play the first card of the hand shown on `page`, with a hypothesis and a
        prediction, as the move form does; None if the page shows no turn of ours."""
        form = page_form(page)
        if form is None:
            return None
        body = (
            f"op=play&round={form['round']}&seq={form['seq']}&key={key}&card={form['card']}"
            "&hypothesis=colors+alternate&prediction=accepted"
        )
        return self.request("POST", f"{self.page}move/", body=body, htmx=True)


_HIDDEN = re.compile(r'name="(round|seq)" value="(\d+)"')
_CARD = re.compile(r'name="card" value="([0-9TJQKA]{1,2}[SHDC])"')
_STAMP = re.compile(r"\?stamp=([0-9a-f]+)")


def page_form(page: str) -> dict[str, str] | None:
    if "Your turn!" not in page:
        return None
    fields = dict(_HIDDEN.findall(page))
    card = _CARD.search(page)
    if card is None or "round" not in fields:
        return None
    return {"round": fields["round"], "seq": fields.get("seq", ""), "card": card.group(1)}


def page_stamp(page: str) -> str:
    found = _STAMP.search(page)
    return found.group(1) if found else ""


def database_rows(database_url: str, sql: str, *params) -> list[tuple]:
    with _connect(database_url) as conn:
        return list(conn.execute(sql, params).fetchall())


def database_execute(database_url: str, sql: str, *params) -> None:
    with _connect(database_url) as conn:
        conn.execute(sql, params)


def _connect(database_url: str):
    import psycopg

    return psycopg.connect(database_url.replace("postgres://", "postgresql://"), connect_timeout=5)


# A class at play, in threads ------------------------------------------------------------------

PLAYED = re.compile(r"Right! Your card joins the mainline|Wrong: your card goes below")


@dataclass
class Tally:
    """What a class saw: every request's status, the plays answered as made, the errors."""

    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    answered: list[str] = field(default_factory=list)  # keys of plays answered as made
    latencies: list[float] = field(default_factory=list)
    samples: list[tuple[float, int, float, str]] = field(default_factory=list)
    # (when, status, seconds, method)

    @property
    def tried(self) -> int:
        return sum(self.statuses.values()) + len(self.errors)

    @property
    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500)

    def count(self, status: int) -> int:
        return self.statuses.get(status, 0)


class ClassDriver:
    """Every student polls its table and plays when the page says "Your turn!", until stopped.
    Thread-safe enough for counting: list.append and dict updates under the GIL."""

    def __init__(self, students: list[Student], poll: float = 0.5, think: float = 0.2):
        import threading

        self.students = students
        self.poll = poll
        self.think = think
        self.tally = Tally()
        self.stop = threading.Event()
        self.threads = [
            threading.Thread(target=self._run, args=(s,), daemon=True) for s in students
        ]

    def _note(self, response: Response, kind: str = "poll") -> None:
        tally = self.tally
        tally.statuses[response.status] = tally.statuses.get(response.status, 0) + 1
        tally.latencies.append(response.seconds)
        tally.samples.append((time.monotonic(), response.status, response.seconds, kind))

    def _run(self, student: Student) -> None:
        stamp = ""
        while not self.stop.is_set():
            try:
                response = student.poll(stamp)
                self._note(response)
                if response.status == 200:
                    stamp = page_stamp(response.body) or stamp
                    if page_form(response.body) is not None:
                        time.sleep(self.think)
                        key = uuid.uuid4().hex
                        played = student.play(response.body, key)
                        if played is not None:
                            self._note(played, "play")
                            if played.status == 200 and PLAYED.search(played.body):
                                self.tally.answered.append(key)
                            stamp = ""
                            continue
            except Exception as error:  # a refused connection, a timeout: counted, not fatal
                self.tally.errors.append(f"{type(error).__name__}: {error}")
                student.close()
            self.stop.wait(self.poll)

    def __enter__(self) -> ClassDriver:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(30)
        for student in self.students:
            student.close()


def plays_lost(database_url: str, keys: list[str]) -> tuple[int, int]:
    """Of the plays answered as made: how many are not in the database, and how many twice."""
    stored: dict[str, int] = {}
    for (key,) in database_rows(
        database_url, "SELECT idempotency_key FROM classroom_action WHERE idempotency_key <> ''"
    ):
        client_key = key.split(":", 1)[-1]
        stored[client_key] = stored.get(client_key, 0) + 1
    missing = sum(1 for key in keys if stored.get(key, 0) == 0)
    doubled = sum(1 for key in keys if stored.get(key, 0) > 1)
    return missing, doubled
