"""`make run` serves the classroom's network: scripts/serve.sh (what `make run` runs once the
runtime requirements are installed) is started for real, on a free port and a throw-away SQLite
database; the join address it prints carries the machine's LAN address, and a request sent to that
address is answered, by gunicorn, with DEBUG off, and the demo teacher logs in there with the
random password it printed."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from eleusis.lan import LOOPBACK, lan_address

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 180


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("0.0.0.0", 0))
        return sock.getsockname()[1]


class Served:
    """scripts/serve.sh running in its own process group, its output collected as it comes."""

    def __init__(self, env: dict[str, str]) -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            ["bash", "scripts/serve.sh"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_for(self, pattern: str) -> re.Match[str]:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if match := re.search(pattern, self.output):
                return match
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError(f"serve.sh never printed {pattern!r}:\n{self.output}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def _get(
    opener,
    url: str,
    *,
    method: str | None = None,
    data: dict | None = None,
    retry: float = 0,
    headers: dict | None = None,
):
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    deadline = time.monotonic() + retry
    while True:
        request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
        try:
            with opener.open(request, timeout=10) as response:
                return response.status, response.headers, response.read().decode(), response.url
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode(), url
        except (ConnectionError, urllib.error.URLError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def serve_env(port: int, tmp_path: Path) -> dict[str, str]:
    """What `make run` is started with on a fresh machine: this environment without the settings
    serve.sh sets itself (and without Redis), a throw-away SQLite database, a fixed key, and
    static files collected apart (the suite's other processes read the checkout's own while
    this collectstatic would rewrite them)."""
    kept_out = {"DEBUG", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "SITE_URL", "REDIS_URL"}
    kept_out |= {"DJANGO_SETTINGS_MODULE", "LOG_LEVEL", "DATABASE_URL"}
    env = {key: value for key, value in os.environ.items() if key not in kept_out}
    env.update(
        PORT=str(port),
        DATABASE_URL=f"sqlite:///{tmp_path / 'run.sqlite3'}",
        SECRET_KEY="test-serve-" + "x" * 50,
        STATIC_ROOT=str(tmp_path / "static"),
    )
    return env


@pytest.fixture
def served(tmp_path):
    address = lan_address()
    if address == LOOPBACK:
        pytest.skip("this machine is on no network: there is no LAN address to serve")
    port = _free_port()
    env = serve_env(port, tmp_path)
    server = Served(env)
    try:
        yield server, address, port
    finally:
        server.stop()


def test_make_run_serves_the_lan_address_under_gunicorn_with_debug_off(served):
    server, address, port = served
    base = f"http://{address}:{port}"
    join = server.wait_for(r"students join at (http://\S+/join/(\w+)/)")
    assert join.group(1).startswith(f"{base}/join/")  # the LAN address, not 127.0.0.1
    login = server.wait_for(r"Log in at (\S+)/login/ as demo-teacher / (\S+)")
    assert login.group(1) == base
    password = login.group(2)
    assert password != "eleusis-demo" and len(password) >= 12
    server.wait_for(re.escape(f"open {base}/join/"))

    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    # A request sent to the LAN address is answered, by gunicorn.
    status, headers, body, _url = _get(opener, join.group(1), retry=60)
    assert status == 200, body[:500]
    assert headers["Server"].startswith("gunicorn")
    assert 'name="nickname"' in body
    join_page = body
    # A device that knows the machine by another name (another of its addresses, a forwarded
    # port) is answered too, and the page's links still carry the LAN address.
    named = {"Host": f"teachers-laptop.school.example:{port}"}
    status, _headers, body, _url = _get(opener, f"{base}/", headers=named)
    assert status == 200 and "teachers-laptop" not in body, body[:300]
    status, _headers, body, _url = _get(opener, f"{base}/healthz")
    assert status == 200 and '"status": "ok"' in body.replace('":"', '": "')
    status, _headers, body, _url = _get(opener, f"{base}/healthz", method="HEAD")
    assert (status, body) == (200, "")

    # DEBUG is off: a missing page is the app's 404, not Django's list of URL patterns.
    status, _headers, body, _url = _get(opener, f"{base}/no-such-page/")
    assert status == 404 and "URLconf" not in body and "Traceback" not in body
    # Static files are served (WhiteNoise, hashed names).
    css = re.search(r'href="(/static/[^"]+\.css)"', join_page)
    assert css, join_page[:500]
    assert _get(opener, base + css.group(1))[0] == 200

    # The teacher logs in over plain HTTP at that address with the printed password, and the
    # class page's join link and QR code carry the LAN address.
    status, _headers, body, _url = _get(opener, f"{base}/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
    status, _headers, body, url = _get(
        opener,
        f"{base}/login/",
        data={"username": "demo-teacher", "password": password, "csrfmiddlewaretoken": token},
    )
    errors = re.findall(r"errorlist.*", body)
    assert (status, urllib.parse.urlparse(url).path) == (200, "/classes/"), (errors, password)
    assert "Demo class" in body
    class_path = re.search(r'href="(/classes/\d+/)"', body).group(1)
    body = _get(opener, base + class_path)[2]
    assert f"{base}/join/{join.group(2)}/" in body

    # Nothing of Kombu or Celery reaches the teacher's terminal.
    output = server.output.lower()
    assert "kombu" not in output and "celery" not in output and "no hostname" not in output
    assert "runserver" not in output and "development server" not in output

    # Ctrl-C (SIGINT to the whole foreground group) while a browser holds idle connections open
    # (a preconnect that sends nothing kept a thread, and so gunicorn's worker and the port, for
    # up to 30 s): once the script has exited, the port is free for an immediate `make run`.
    idle = [socket.create_connection((address, port)) for _ in range(3)]
    try:
        os.killpg(server.process.pid, signal.SIGINT)
        server.process.wait(timeout=30)
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
            sock.bind(("0.0.0.0", port))
    finally:
        for connection in idle:
            connection.close()
