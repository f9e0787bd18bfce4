"""Asking for a background task by its registered name.

Services decide when a task is needed (a bot should move, a round's review is due) and the task
modules call services to do the work. Sending by name keeps that one-way: no service imports a
task module, so there is no import cycle. `classroom.apps` imports the task modules at start-up,
so every name below is registered, and eager mode (no Redis) still runs them in process.
"""

from __future__ import annotations

from celery import current_app

BOTS_PLAY = "classroom.bots_play"
ROUND_INSIGHT = "classroom.round_insight"


def enqueue(name: str, *args: object) -> None:
    current_app.signature(name, args=args).delay()
