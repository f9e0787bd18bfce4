"""The Celery app. With no REDIS_URL, tasks run eagerly in the calling process (see settings)."""

import logging
import os

from celery import Celery
from celery.signals import worker_init, worker_ready
from kombu.transport import redis as kombu_redis
from redis.exceptions import ExecAbortError, ReadOnlyError, RedisError, ResponseError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")

logger = logging.getLogger(__name__)

app = Celery("eleusis", include=["eleusis.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def _warm(**_kwargs) -> None:
    """The worker has the candidate space before its pool starts and before it takes a task:
    loaded from the store in a fraction of a second, or built once (eleusis.warm). Pool
    processes forked after it share it; threads find it built."""
    from eleusis.warm import warm_now

    warm_now()


@worker_ready.connect
def _resume_bots(**_kwargs) -> None:
    """A worker back after a kill or a stop moves the bots it finds waiting within seconds of
    its start, without waiting for beat's next sweep (classroom.tasks.bots_sweep_on_start)."""
    from django.db import connections

    from classroom.tasks import bots_sweep_on_start

    try:
        bots_sweep_on_start()
    finally:
        connections.close_all()  # the worker's main thread keeps no connection of its own


@worker_init.connect
def _yield_to_requests(**_kwargs) -> None:
    """On a server that also answers the class, the worker can run at a lower priority
    (WORKER_NICE, e.g. 10: README, Production): then a student's page does not wait for a core
    while a round's review is worked out, and the review, the bots and the sweeps use what the
    requests leave. Set before the pool starts, so its processes or threads inherit it."""
    nice = int(os.environ.get("WORKER_NICE", "0") or 0)
    if nice > 0:
        os.nice(nice)


# The worker must outlive its broker (README, Production). When Redis goes away while the worker
# holds unacknowledged messages (a bot move waiting for its countdown), kombu 5.7 closes the
# transport first and then tries to hand those messages back through it, and the
# AttributeError it meets is not one of the connection errors Celery ignores on reconnecting:
# the worker stopped with "Unrecoverable error". Handing them back needs the broker that just
# went away, so failing to is expected: it is logged, the worker reconnects, and whatever the
# messages would have done is re-driven by the beat sweep (classroom.bots_sweep).
_restore_unacked = kombu_redis.QoS.restore_unacked


def _restore_unacked_if_reachable(self, client=None):
    try:
        return _restore_unacked(self, client)
    except (AttributeError, OSError, RedisError) as error:
        logger.warning(
            "could not hand %s unacknowledged messages back to the broker (%s); the sweep "
            "re-drives their work",
            len(self._delivered),
            type(error).__name__,
        )
        self._delivered.clear()
        return None


kombu_redis.QoS.restore_unacked = _restore_unacked_if_reachable  # type: ignore[method-assign]


# Acknowledging a finished task (acks_late) when the broker cannot take it. Two ways it stopped
# the worker (both seen in the fault tests, tests/eleusis/test_faults.py):
# - Redis went away: the event loop acknowledges after kombu closed the channel, and the
#   AttributeError it meets (no connection any more) stopped the worker with "Unrecoverable
#   error";
# - Redis refused writes: the ReadOnlyError was logged, but the message still counted as held,
#   so with the prefetch limit reached the worker stopped taking tasks for good, alive and idle.
# Now the message is let go here (logged) and stays unacknowledged in Redis: it is delivered
# again after the visibility timeout, and its task is idempotent (a bot move already made is
# not made twice), so nothing is lost or doubled.
_ack, _reject = kombu_redis.QoS.ack, kombu_redis.QoS.reject


def _unreachable(qos, delivery_tag, what: str, error: Exception) -> None:
    logger.warning(
        "could not %s message %s (%s: %s); it is delivered again later",
        what,
        delivery_tag,
        type(error).__name__,
        error,
    )
    qos._quick_ack(delivery_tag)  # this worker no longer holds it: it may take another task


def _broker_unusable(qos, error: Exception) -> bool:
    if isinstance(error, AttributeError):  # the channel's connection is gone
        return qos.channel.connection is None
    return True


def _ack_if_reachable(self, delivery_tag):
    try:
        return _ack(self, delivery_tag)
    except (AttributeError, OSError, RedisError) as error:
        if not _broker_unusable(self, error):
            raise
        return _unreachable(self, delivery_tag, "acknowledge", error)


def _reject_if_reachable(self, delivery_tag, requeue=False):
    try:
        return _reject(self, delivery_tag, requeue=requeue)
    except (AttributeError, OSError, RedisError) as error:
        if not _broker_unusable(self, error):
            raise
        return _unreachable(self, delivery_tag, "reject", error)


kombu_redis.QoS.ack = _ack_if_reachable  # type: ignore[method-assign]
kombu_redis.QoS.reject = _reject_if_reachable  # type: ignore[method-assign]


# A Redis that refuses writes (a replica, a full disk) makes every broker write fail with
# ReadOnlyError, which kombu counts as a channel error: the worker stopped with "Unrecoverable
# error" instead of waiting. Counted as a connection error, it reconnects and retries for ever
# (broker_connection_max_retries = None) until Redis takes writes again.
_redis_error_classes = kombu_redis.get_redis_error_classes
# A write refused inside a MULTI comes back as "transaction discarded" (ExecAbortError), and a
# Redis turned replica under a waiting BRPOP answers "UNBLOCKED" (a bare ResponseError): every
# error Redis answers with is taken as the broker being unusable for now, so the worker
# reconnects (and logs each try) rather than stopping for good.
_READ_ONLY = (ReadOnlyError, ExecAbortError, ResponseError)


def _redis_error_classes_read_only_as_lost():
    errors = _redis_error_classes()
    return errors._replace(connection_errors=(*errors.connection_errors, *_READ_ONLY))


kombu_redis.get_redis_error_classes = _redis_error_classes_read_only_as_lost
# The transport's class took its error classes when kombu was imported: add them there too.
if ReadOnlyError not in kombu_redis.Transport.connection_errors:
    kombu_redis.Transport.connection_errors = (
        *kombu_redis.Transport.connection_errors,
        *_READ_ONLY,
    )
