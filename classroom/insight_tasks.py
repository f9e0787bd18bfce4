"""The review's Celery task: compute a round's insight. Takes an id, re-fetches, returns
quietly when the round is gone, and is idempotent (a current result is left alone). Enqueued
on commit by `classroom.services.review.round_insight_request`."""

from celery import shared_task

from classroom.services.review import round_insight_compute, round_insights_redrive


@shared_task(
    name="classroom.round_insight", ignore_result=True, soft_time_limit=120, time_limit=180
)
def round_insight(round_id: int) -> None:
    round_insight_compute(round_id=round_id)


@shared_task(name="classroom.insights_sweep", ignore_result=True)
def insights_sweep() -> int:
    """Ask again for the insights lost on their way (a broker or a worker that went away).
    Runs from Celery beat; returns how many it asked for."""
    return round_insights_redrive()
