"""A real Celery worker process against the real Redis: a task makes the round trip."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker(redis_url):
    env = {**os.environ, "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "eleusis.settings"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "eleusis",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"test-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    yield process
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def test_a_task_makes_the_round_trip_through_a_real_worker(worker, redis_url, settings):
    from eleusis.celery import app
    from eleusis.tasks import ping

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    app.conf.broker_url = redis_url
    app.conf.result_backend = redis_url
    try:
        token = f"round-trip-{time.time_ns()}"
        result = ping.delay(token)
        assert result.get(timeout=60) == token
        assert worker.poll() is None, "the worker died"
    finally:
        app.conf.task_always_eager = settings.CELERY_TASK_ALWAYS_EAGER
