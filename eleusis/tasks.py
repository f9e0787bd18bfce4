"""Site-wide tasks: the broker round trip that /healthz and the worker test rely on."""

from celery import shared_task


@shared_task(name="eleusis.ping")
def ping(payload: str = "pong") -> str:
    return payload
