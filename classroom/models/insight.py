"""What the review computes after class: a round's insight (the measures of issue 6, stored as
the engine's JSON) and the teacher's marks on free-text hypotheses, which join the agreement
measure where nothing checkable was logged.

A `RoundInsight` is a cache like `Round.snapshot`: the action log and the marks are the truth,
and `inputs` says which version of them the results were computed from, so a stale row is
recomputed and never trusted.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from classroom.models.games import Hypothesis, Round


class RoundInsight(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to be computed")
        RUNNING = "running", _("Computing")
        DONE = "done", _("Computed")
        FAILED = "failed", _("Could not be computed")

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="insight")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    # "<round version>:<marks stamp>" the results were computed from.
    inputs = models.CharField(max_length=100, blank=True)
    results = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    requested_at = models.DateTimeField(auto_now_add=True)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round insight")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(status="done") | models.Q(results__isnull=False),
                name="classroom_roundinsight_done_has_results",
            )
        ]

    def __str__(self) -> str:
        return f"{self.round} insight ({self.status})"


class HypothesisMark(models.Model):
    """The teacher's judgement of a free-text hypothesis."""

    class Mark(models.TextChoices):
        RIGHT = "right", _("Right")
        PARTLY = "partly", _("Partly right")
        WRONG = "wrong", _("Wrong")

    hypothesis = models.OneToOneField(Hypothesis, on_delete=models.CASCADE, related_name="mark")
    mark = models.CharField(_("mark"), max_length=10, choices=Mark)
    # The teacher's reading of the words as a checkable idea of the class ("same as"): rule
    # text the review then checks like a hypothesis built from sentence frames.
    reads_as = models.TextField(_("reads as"), blank=True)
    marked_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("hypothesis mark")

    def __str__(self) -> str:
        return f"{self.hypothesis}: {self.mark}"
