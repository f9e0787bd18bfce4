"""Build, off the request path, what a process otherwise builds on its first use.

The candidate space (every rule of the language the review and the bots reason about, with its
judgements on a fixed set of situations) takes seconds to build and is then kept for the life
of the process. Built lazily, it made the first request that ended a round wait for it when
tasks run in process (`make run`), and the first bot move or review a worker ran. A server or
worker process starts building it in a background thread as it boots; it holds no database
connection, so it cannot block or outlive anything but its own CPU time.

A worker has no form to show: it loads or builds the candidate space only, and at once, as it
starts (`warm_now`, from `eleusis.celery`), before it takes a task and before its pool starts,
so that every pool process (forked, or a thread) has it from its first task. With the space
stored by an earlier process (`eleusis.engine.inference.stored`) that takes a fraction of a
second; a worker killed and started again moves its bots within seconds (issue 38).

Once it is built, the process's objects are frozen out of the garbage collector's sight
(`gc.freeze`): they live as long as the process, and a full collection that walked them took
about 80 ms, all threads of the process waiting, to find nothing to free.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable

logger = logging.getLogger(__name__)


def warm_in_background() -> threading.Thread:
    thread = threading.Thread(target=_warm, name="warm-candidate-space", daemon=True)
    thread.start()
    return thread


def warm_now() -> None:
    """What a worker's tasks need (the candidate space), built or loaded now, in this thread."""
    from eleusis.engine.inference.space import candidate_space

    _build(candidate_space)
    gc.freeze()


def _warm() -> None:
    from eleusis.engine.inference.space import candidate_space
    from eleusis.web.library import same_as

    # The library's equal rules (half a second), which the assignment form lists once each.
    for build in (candidate_space, same_as):
        _build(build)
    gc.freeze()


def _build(build: Callable[[], object]) -> None:
    try:
        build()
    except Exception:  # the first use builds it again, and says why if it fails there too
        logger.exception("could not build %s ahead of its first use", build.__name__)
