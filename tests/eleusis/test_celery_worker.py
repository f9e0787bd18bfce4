"""A real Celery worker process against the real Redis: a task makes the round trip."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _database_url() -> str:
    """The database the test is using (the test database), for the worker to share."""
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor != "postgresql":
        return ""
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def worker(redis_url):
    process = _start_worker(redis_url)
    yield process
    _stop_worker(process)


def _start_worker(redis_url: str) -> subprocess.Popen:
    # The worker gets this test process's own Redis database, as it is (not offset again).
    env = {
        **{name: value for name, value in os.environ.items() if name != "PYTEST_XDIST_WORKER"},
        "REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "eleusis.settings",
        "BOT_MOVE_SECONDS": "0",
    }
    if _database_url():
        env["DATABASE_URL"] = _database_url()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "eleusis.celery",
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
    return process


def _stop_worker(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
def through_the_broker(redis_url, settings):
    from eleusis.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    app.conf.broker_url = redis_url
    app.conf.result_backend = redis_url


def test_a_task_makes_the_round_trip_through_a_real_worker(worker, through_the_broker):
    from eleusis.tasks import ping

    token = f"round-trip-{time.time_ns()}"
    result = ping.delay(token)
    # The suite ran eager tasks in this process before; this is the test, not a task.
    assert result.get(timeout=60, disable_sync_subtasks=False) == token
    assert worker.poll() is None, "the worker died"


def _bots_table(bots: list[str]):
    """A started session with one table of `bots` (skipped off PostgreSQL: the worker shares
    the test database only there)."""
    from classroom.services.games import (
        assignment_create,
        session_open,
        session_start,
        table_create,
    )
    from tests.factories import ALTERNATE_COLORS, ClassroomFactory

    if not _database_url():
        pytest.skip("the worker shares the test database only on PostgreSQL")
    assignment = assignment_create(
        classroom=ClassroomFactory(), title="bots", rule_text=ALTERNATE_COLORS
    )
    session = session_open(assignment=assignment)
    table = table_create(session=session, bots=bots)
    session_start(session=session, seed=5)
    return table


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_plays_the_bots_of_a_live_table(worker, through_the_broker):
    """The production shape: the web process saves and enqueues; the worker plays the bots."""
    from classroom.models import Round

    table = _bots_table(["scientist", "random", "falsifier"])

    deadline = time.monotonic() + 90
    round_row = Round.objects.get(table=table)
    while round_row.status != Round.Status.OVER and time.monotonic() < deadline:
        time.sleep(0.2)
        round_row.refresh_from_db()
    assert round_row.status == Round.Status.OVER, f"after {round_row.version} actions"
    assert round_row.actions.count() == round_row.version > 0
    assert worker.poll() is None, "the worker died"


def test_a_message_acknowledged_after_the_broker_went_away_does_not_stop_the_worker(
    redis_url, caplog
):
    """The worker acknowledges a finished task (acks_late) from its event loop; when Redis went
    away meanwhile, kombu has closed the channel, and the acknowledgement met an AttributeError
    that stopped the worker with "Unrecoverable error" (issue 18, the broker-loss fault test).
    Now it is logged and the message is left to be delivered again."""
    import logging
    import uuid

    import redis
    from kombu import Connection

    import eleusis.celery  # noqa: F401  (its broker patches)

    queue = f"test-ack-{uuid.uuid4().hex[:8]}"
    caplog.set_level(logging.WARNING, logger="eleusis.celery")
    with Connection(redis_url) as connection:
        channel = connection.channel()
        channel.queue_declare(queue, auto_delete=False)
        channel.basic_publish(channel.prepare_message("a bot move"), "", queue)
        message = channel.basic_get(queue, no_ack=False)
        assert message is not None and message.payload == "a bot move"
        # What the consumer does when its connection to the broker is lost: unacknowledged
        # messages handed back once, then the channel closed (its pool and connection gone).
        channel.qos.restore_unacked_once()
        channel.close()

        message.ack()  # raised AttributeError before

    assert "could not acknowledge" in caplog.text
    client = redis.Redis.from_url(redis_url)
    client.delete(queue, "unacked", "unacked_index")
    client.close()


def test_a_message_acknowledged_while_redis_refuses_writes_frees_the_worker_s_slot(caplog):
    """With Redis refusing writes, acknowledging a finished task fails. The message then still
    counted as held, and a worker whose prefetch limit was reached that way stopped taking tasks
    for good, alive and idle (issue 18, the read-only fault test). Now its slot is freed."""
    import logging
    import shutil

    from kombu import Connection

    import eleusis.celery  # noqa: F401  (its broker patches)
    from tests import stack

    if not shutil.which("redis-server"):
        pytest.skip("needs redis-server, to make a Redis of its own read-only")
    redis_server = stack.RedisInstance()
    redis_server.start()
    caplog.set_level(logging.WARNING, logger="eleusis.celery")
    try:
        with Connection(redis_server.url()) as connection:
            channel = connection.channel()
            channel.basic_qos(0, 1, False)  # one task at a time, as a worker's prefetch limit
            channel.queue_declare("bots", auto_delete=False)
            channel.basic_publish(channel.prepare_message("a bot move"), "", "bots")
            message = channel.basic_get("bots", no_ack=False)
            assert not channel.qos.can_consume()  # the worker holds one: it takes no other
            redis_server.read_only()

            message.ack()  # raised ReadOnlyError, and the slot stayed taken, before

            assert channel.qos.can_consume()
            channel.close()
    finally:
        redis_server.stop()
    assert "could not acknowledge" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_a_worker_that_starts_moves_the_bots_left_waiting_without_waiting_for_beat(
    redis_url, through_the_broker
):
    """Issue 38: a worker killed mid-game left a round whose bots are due and no task to move
    them. A new worker re-drives them as it starts (classroom.tasks.bots_sweep_on_start); no
    beat runs here, so before, they waited for beat's next sweep (26-39 s measured)."""
    from datetime import timedelta

    from django.utils import timezone

    from classroom.models import Round
    from eleusis.celery import app

    table = _bots_table(["random", "random", "random"])
    app.control.purge()  # the bots' task went with the killed worker
    dealt = timezone.now() - timedelta(minutes=1)
    Round.objects.filter(table=table).update(created_at=dealt)
    round_row = Round.objects.get(table=table)
    assert round_row.version == 0

    process = _start_worker(redis_url)
    try:
        started = time.monotonic()
        while round_row.version == 0 and time.monotonic() - started < 120:
            time.sleep(0.2)
            round_row.refresh_from_db()
        waited = time.monotonic() - started
    finally:
        _stop_worker(process)
    print(f"\n[worker] bots moved {waited:.1f} s after the worker process was started")
    assert round_row.version > 0, "the bots were not re-driven by the new worker"
