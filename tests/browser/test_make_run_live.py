"""The README's `make run` runs a real class in every game: scripts/serve.sh is started as `make
run` starts it (its settings, its process model, no Redis: the default a teacher's laptop has),
four students and the teacher's live view open in Chromium, and every move must reach every
other screen within two seconds (each page polls every 1.5 s): a card played at Express, the
Russian rules and Abbott/Howell, the last token of a Delphi card (which places it). The same
with Redis and its worker. The figures (milliseconds from the click to the change on each other
screen) are printed.

And a clean stop: Ctrl-C leaves the port free at once, so `make run` can start again."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.scripts.test_serve import Served, _free_port, serve_env
from tests.stack import RedisInstance

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
# The bar: a change shows on every other screen within 2 s of the play (pages poll every 1.5 s,
# so that is one poll and its answer). The assertion allows half a second more for a CI machine
# busy with other tests; the printed figures say whether each was within 2 s. The fault this
# guards against (a process that never hears of a change) showed as 20-30 s.
TARGET_MS = 2_000
WITHIN_MS = TARGET_MS + 500
PLAYS = 6

# What shows a move on every screen, students' and teacher's: Express's layout (the mainline and
# the cards below it); in a game in turns, the table and the players' rows (where a wrong card
# lies in front of its player at the Russian rules); Delphi's card count and heading.
SHOWN = ".layout, .turns-public, .turns-players, .delphi-count, #table-live h2"
# Each page notes when what shows a move last changed.
_WATCH = """(shown) => {
  const sig = () => Array.from(document.querySelectorAll(shown), e => e.textContent).join('|');
  window.__base = sig();
  window.__seen = null;
  clearInterval(window.__watch);
  window.__watch = setInterval(() => {
    if (window.__seen === null && sig() !== window.__base) window.__seen = Date.now();
  }, 10);
}"""


def _serve(tmp_path: Path, redis_url: str | None = None) -> tuple[Served, dict[str, str], str]:
    port = _free_port()
    env = serve_env(port, tmp_path)
    env["BIND"] = "127.0.0.1"
    if redis_url:
        env["REDIS_URL"] = redis_url
    server = Served(env)
    server.wait_for(r"Stop with Ctrl-C")
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=5):
                break
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)
    return server, env, base


def _scene(env: dict[str, str], game: str = "express") -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.browser.served_scene", game],
        cwd=ROOT,
        env={**env, "LOG_LEVEL": "ERROR"},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _open(browser, base: str, cookie: str, session_key: str, path: str):
    context = browser.new_context(base_url=base, viewport={"width": 1100, "height": 900})
    context.add_cookies([{"name": cookie, "value": session_key, "url": base}])
    page = context.new_page()
    page.goto(path)
    page.locator(SHOWN).first.wait_for()
    return page


def _mover(students: list, timeout_s: float = 15):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for page in students:
            if page.locator("#table-status").inner_text().strip().startswith("Your turn"):
                return page
        time.sleep(0.1)
    raise AssertionError("nobody's turn came")


def _think(page, number: int) -> None:
    page.get_by_label("My hypothesis: the rule is…").fill(f"idea {number}")
    page.get_by_label("It will be accepted").check()


def _play_express(page, number: int) -> None:
    _think(page, number)
    page.get_by_role("button", name=re.compile(r"Play the ")).first.click()


def _play_russian(page, number: int) -> None:
    _think(page, number)
    page.locator("#hand-panel").get_by_role("button", name=re.compile(r"^Play ")).first.click()


def _play_abbott(page, number: int) -> None:
    page.locator("#hand-panel").get_by_role("checkbox").first.check()
    _think(page, number)
    page.get_by_role("button", name="Play these cards").click()


PLAY = {"express": _play_express, "russian": _play_russian, "abbott": _play_abbott}


def _watch(screens: dict) -> None:
    for page in screens.values():
        page.evaluate(_WATCH, SHOWN)


def _seen(screens: dict, mover, clicked: int, latencies: dict[str, list[int]]) -> None:
    for name, page in screens.items():
        page.wait_for_function("() => window.__seen !== null", timeout=45_000)
        if page is not mover:
            latencies[name].append(page.evaluate("() => window.__seen") - clicked)


def _turns(game: str, students: list, screens: dict, latencies: dict[str, list[int]]) -> None:
    """PLAYS cards, each by the student whose turn it is, from their page."""
    for number in range(1, PLAYS + 1):
        mover = _mover(students)
        time.sleep(0.4)  # the last move's answer has settled on the mover's page
        _watch(screens)
        clicked = mover.evaluate("() => Date.now()")
        PLAY[game](mover, number)
        _seen(screens, mover, clicked, latencies)
        passing = mover.get_by_role("button", name="Pass: no guess now")
        if passing.count():
            passing.first.click()
            mover.get_by_text("You passed. Play goes on.").wait_for()


def _delphi(students: list, teacher, screens: dict, latencies: dict[str, list[int]]) -> None:
    """PLAYS cards: every student but the last shows a token, then the last one's token places
    the card (the measured move)."""
    for number in range(1, PLAYS + 1):
        *first, last = students
        for page in first:
            page.get_by_role("button", name="True: it fits").click()
            page.get_by_text("Waiting for the others…").first.wait_for()
        teacher.get_by_text("3 of 4 have predicted.").wait_for(timeout=15_000)
        _watch(screens)
        clicked = last.evaluate("() => Date.now()")
        last.get_by_role("button", name="True: it fits").click()
        _seen(screens, last, clicked, latencies)
        for page in students:
            page.get_by_role("heading", name=f"Card {number + 2} of 52").wait_for()


def _class_latencies(browser, scene: dict, base: str, game: str = "express") -> dict:
    """Plays PLAYS moves; for each, the milliseconds until each other screen showed it."""
    cookie = scene["cookie"]
    students = [_open(browser, base, cookie, key, scene["table"]) for key in scene["students"]]
    teacher = _open(browser, base, cookie, scene["teacher"], scene["live"])
    screens = {f"student {n}": page for n, page in enumerate(students, 1)}
    screens["teacher's live view"] = teacher
    latencies: dict[str, list[int]] = {name: [] for name in screens}
    if game == "delphi":
        _delphi(students, teacher, screens, latencies)
    else:
        _turns(game, students, screens, latencies)
    for page in screens.values():
        page.context.close()
    return latencies


def _report(shape: str, latencies: dict[str, list[int]]) -> list[int]:
    every = [ms for values in latencies.values() for ms in values]
    print(f"\n{shape}: ms from a play to each other screen ({len(every)} updates)")
    for name, values in latencies.items():
        print(f"  {name:22} {values}")
    late = sum(1 for ms in every if ms > TARGET_MS)
    print(f"  median {statistics.median(every):.0f} ms, max {max(every)} ms, {late} over 2 s")
    return every


@pytest.mark.parametrize("game", ["express", "russian", "abbott", "delphi"])
def test_make_run_brings_every_move_to_every_screen_within_two_seconds(browser, tmp_path, game):
    server, env, base = _serve(tmp_path)
    try:
        latencies = _class_latencies(browser, _scene(env, game), base, game)
    finally:
        server.stop()
    every = _report(f"make run (no Redis), {game}", latencies)
    assert max(every) <= WITHIN_MS, every


@pytest.mark.parametrize("game", ["express", "russian", "abbott", "delphi"])
def test_with_redis_every_move_reaches_every_screen_within_two_seconds(browser, tmp_path, game):
    redis = RedisInstance()
    redis.start()
    try:
        server, env, base = _serve(tmp_path, redis.url(0))
        try:
            latencies = _class_latencies(browser, _scene(env, game), base, game)
        finally:
            server.stop()
    finally:
        redis.stop()
    every = _report(f"make run with REDIS_URL, {game}", latencies)
    assert max(every) <= WITHIN_MS, every


def test_ctrl_c_frees_the_port_at_once(browser, tmp_path):
    """Pages keep connections open to the server (keep-alive polls); Ctrl-C (SIGINT to the
    foreground group) must still end every process and free the port."""
    server, env, base = _serve(tmp_path)
    scene = _scene(env)
    cookie, table = scene["cookie"], scene["table"]
    pages = [_open(browser, base, cookie, key, table) for key in scene["students"]]
    time.sleep(2)  # a poll or two on open connections
    stopped = time.monotonic()
    os.killpg(server.process.pid, signal.SIGINT)
    server.process.wait(timeout=30)
    port = int(env["PORT"])
    while True:  # any process of the server still listening keeps the port
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
                break
            except OSError:
                if time.monotonic() - stopped > 30:
                    raise
                time.sleep(0.05)
    freed = time.monotonic() - stopped
    print(f"\nCtrl-C to a free port: {freed:.2f} s")
    for page in pages:
        page.context.close()
    assert freed < 5, freed
