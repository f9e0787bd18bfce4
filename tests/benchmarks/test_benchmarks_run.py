"""The benchmarks `make bench` runs keep working: each is run small, for real, and prints its
figures. Nothing here reads a time; what is checked is what the figures stand on: every kind of
request answered, no error, and (the class) every play answered as made in the database exactly
once."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str, timeout: int) -> str:
    # The benchmark sets up its own database and services: none of the suite's.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "REDIS_URL", "DJANGO_", "PYTEST", "STATIC_ROOT"))
    }
    finished = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert finished.returncode == 0, finished.stdout[-2000:] + finished.stderr[-4000:]
    return finished.stdout


def test_bench_table_times_each_kind_of_request():
    out = _run("bench_table.py", "--requests", "3", "--tables", "2", timeout=300)
    for kind, queries in (("changed poll", 2), ("play", 5), ("first page", 2)):
        found = re.search(rf"^{kind}\s+(\d+) queries", out, re.MULTILINE)
        assert found, out
        assert int(found.group(1)) == queries, out
    assert len(re.findall(r"CPU\s+median\s+\d+\.\d+ ms", out)) == 3, out


def test_bench_class_serves_a_small_class_without_losing_a_play():
    out = _run(
        "bench_class.py",
        *("--students", "8", "--arrive", "1", "--seconds", "4", "--saturate", "1"),
        *("--connections", "4", "--workers", "1", "--threads", "4"),
        timeout=600,
    )
    rates = json.loads(out.strip().splitlines()[-1])["rates"]
    kinds = {"hello", "bare write", "bare play", "idle poll", "changed poll", "play"}
    assert set(rates) == kinds, out
    assert all(rate > 0 for rate in rates.values()), out
    for floor in ("bare write", "bare play"):
        assert re.search(rf"saturation {floor} .* errors 0$", out, re.MULTILINE), out
    assert re.search(r"% of bare, \d+\.\d % of bare write, \d+\.\d % of bare play", out), out
    assert re.search(r"first page\s+8 ", out), out  # every student opened the page
    assert "errors: 0 connection errors, 0 answers >= 400" in out, out
    played = re.search(r"plays answered as made: (\d+); in the database exactly once: (\d+)", out)
    assert played and played.group(1) == played.group(2), out
    assert "(missing 0, doubled 0)" in out, out


def test_bench_space_times_the_space_built_and_loaded_in_fresh_processes():
    out = _run("bench_space.py", "--runs", "1", timeout=300)
    assert re.search(r"^candidate space: \d+ candidates, \d+ classes$", out, re.MULTILINE), out
    for way in ("built \\(store off\\)", "built and stored", "loaded"):
        assert re.search(rf"^  {way}\s+\d+\.\d+ /\s+\d+\.\d+$", out, re.MULTILINE), out
