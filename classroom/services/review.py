"""The review after class: computing and storing a round's insight, the teacher's marks on
free-text hypotheses, and asking for a session's insight.

The engine computes (eleusis/engine/insight); this module feeds it the round's log, the
hypotheses as the students logged them and the teacher's marks, and stores the JSON it returns
in `RoundInsight`. Computation runs in the `classroom.round_insight` task, enqueued on commit.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Max
from django.utils import timezone

from classroom.games import GAMES
from classroom.models import (
    Action,
    GameSession,
    Hypothesis,
    HypothesisMark,
    Round,
    RoundInsight,
)
from classroom.secret_rules import secret_rule
from classroom.selectors.rounds import replay_round
from classroom.task_queue import ROUND_INSIGHT, enqueue
from eleusis.engine.inference import candidate_space
from eleusis.engine.insight import Hypothesis as EngineHypothesis
from eleusis.engine.insight import RoundInsight as RoundMeasures
from eleusis.engine.insight import analyse_round, round_log, with_marks
from eleusis.engine.insight.measures import FORMAT_VERSION
from eleusis.engine.rules import CompiledRule, RuleSyntaxError
from eleusis.engine.variants import ExpressRound, IllegalActionError

logger = logging.getLogger(__name__)

PLAY_KINDS = ("play", "no_play")


class InsightError(ValueError):
    """The round cannot be analysed (its rule is not in the language, or not a variant the
    analysis reads)."""


def round_inputs(round_row: Round) -> str:
    """What a round's insight depends on: the log's length and the teacher's marks."""
    marks = HypothesisMark.objects.filter(hypothesis__action__round=round_row)
    summary = marks.aggregate(count=Count("pk"), latest=Max("marked_at"))
    return _inputs(round_row.version, summary["count"], summary["latest"])


def _inputs(version: int, marks: int, latest: datetime | None) -> str:
    # The engine's format first: an insight computed by an older analysis is stale too.
    return f"v{FORMAT_VERSION}:{version}:{marks}:{latest.timestamp() if latest else 0}"


def round_results(round_row: Round) -> dict[str, Any]:
    """Analyse a round now (the task's work): every measure of every play, as JSON."""
    secret: CompiledRule | None = None  # a rule in words only: analysed from the verdicts
    if round_row.rule_text.strip() or not round_row.rule_words.strip():
        try:
            secret = secret_rule(round_row.rule_text)
        except RuleSyntaxError as error:
            raise InsightError(f"the secret rule is not in the rule language: {error}") from None
    engine = replay_round(round_row)
    if not isinstance(engine, ExpressRound):
        raise InsightError(
            f"only Eleusis Express rounds are analysed so far, and this one is {round_row.variant}"
        )
    log = round_log(engine)
    actions = list(Action.objects.filter(round=round_row, kind__in=PLAY_KINDS).order_by("seq"))
    hypotheses = {
        h.action_id: h
        for h in Hypothesis.objects.filter(action__round=round_row).select_related("mark")
    }
    if len(actions) != len(log.plays):
        raise InsightError("the stored plays and the replayed round disagree")
    logged: dict[int, EngineHypothesis] = {}
    seats: dict[int, int | None] = {}
    for action, play in zip(actions, log.plays, strict=True):
        seats[play.player] = action.seat_id
        row = hypotheses.get(action.pk)
        if row is None:
            logged[play.entry] = EngineHypothesis()
            continue
        logged[play.entry] = EngineHypothesis(
            text=row.text or None,
            checkable=row.checkable or _reads_as(row) or None,
            mark=_mark(row),
        )
    # The pool of the rule language, built once per worker process (fixed for every review).
    insight = analyse_round(log.with_hypotheses(logged), secret, pool=candidate_space())
    results = insight.to_dict()
    results["seats"] = {str(player): seat for player, seat in seats.items()}
    results["actions"] = [action.pk for action in actions]
    return results


def _mark(row: Hypothesis) -> str | None:
    try:
        return row.mark.mark
    except HypothesisMark.DoesNotExist:
        return None


def _reads_as(row: Hypothesis) -> str:
    """The teacher's reading of free text as one of the class's ideas ("same as")."""
    try:
        return row.mark.reads_as
    except HypothesisMark.DoesNotExist:
        return ""


def round_insight_compute(*, round_id: int) -> RoundInsight | None:
    """Compute a round's insight unless the stored one is current. Safe to run twice; quiet
    when the round is gone."""
    round_row = Round.objects.filter(pk=round_id).first()
    if round_row is None or not analysed(round_row):
        return None  # gone, or a game the insight does not read: by design, nothing to say
    insight, _ = RoundInsight.objects.get_or_create(round=round_row)
    inputs = round_inputs(round_row)
    if insight.status == RoundInsight.Status.DONE and insight.inputs == inputs:
        return insight
    RoundInsight.objects.filter(pk=insight.pk).update(status=RoundInsight.Status.RUNNING)
    try:
        results = round_results(round_row)
    except (InsightError, IllegalActionError, ValueError) as error:
        logger.warning("insight of round %s failed: %s", round_id, error)
        RoundInsight.objects.filter(pk=insight.pk).update(
            status=RoundInsight.Status.FAILED, error=str(error)[:1000], inputs=inputs
        )
    else:
        RoundInsight.objects.filter(pk=insight.pk).update(
            status=RoundInsight.Status.DONE,
            results=results,
            inputs=inputs,
            error="",
            computed_at=timezone.now(),
        )
    insight.refresh_from_db()
    return insight


def analysed(round_row: Round) -> bool:
    """Whether the insight reads this round's game (its record says so); the review shows the
    others by their replay and says which measures do not apply."""
    game = GAMES.get(round_row.variant)
    return game is not None and game.analysed


def _enqueue(round_id: int) -> None:
    """Send the round's insight task. When the broker is away the insight stays pending and
    the sweep (`round_insights_redrive`) asks again: no request waits on, or fails with, it."""
    from eleusis.cache import cache_is_degraded

    if cache_is_degraded():  # Redis (the broker too) just failed: do not wait on it again
        logger.warning("review of round %s waits for the sweep: Redis is unavailable", round_id)
        return
    try:
        enqueue(ROUND_INSIGHT, round_id)
    except Exception:
        logger.exception("could not ask for the review of round %s; the sweep will", round_id)


def round_insight_request(*, round_row: Round, force: bool = False) -> RoundInsight:
    """Make sure the round's insight is (being) computed: a missing or stale row is marked
    pending and the task enqueued once the transaction commits."""
    with transaction.atomic():
        insight, created = RoundInsight.objects.select_for_update().get_or_create(round=round_row)
        stale = insight.inputs != round_inputs(round_row)
        waiting = insight.status in (RoundInsight.Status.PENDING, RoundInsight.Status.RUNNING)
        if created or force or (stale and not waiting):
            insight.status = RoundInsight.Status.PENDING
            insight.requested_at = timezone.now()
            insight.save(update_fields=["status", "requested_at"])
            transaction.on_commit(lambda: _enqueue(round_row.pk))
    return insight


# An insight asked for and still not computed this long after was lost on its way (the broker
# was away when it was asked for, or the worker was killed while computing it): a live task
# ends within its time limit (classroom/insight_tasks.py), so the beat sweep asks again.
INSIGHT_STALLED_AFTER = timedelta(minutes=5)
INSIGHT_SWEEP_LIMIT = 200


def round_insights_redrive() -> int:
    """Ask again for every round insight left pending or running longer than
    `INSIGHT_STALLED_AFTER` (run by the beat sweep `classroom.insights_sweep`). Without it, such
    a review would wait for ever: a request finds the row waiting and does not ask twice.
    Computing twice is harmless (the task leaves a current result alone). Returns how many."""
    now = timezone.now()
    stalled = list(
        RoundInsight.objects.filter(
            status__in=(RoundInsight.Status.PENDING, RoundInsight.Status.RUNNING),
            requested_at__lt=now - INSIGHT_STALLED_AFTER,
        )
        .order_by("requested_at")
        .values_list("pk", "round_id")[:INSIGHT_SWEEP_LIMIT]
    )
    if not stalled:
        return 0
    RoundInsight.objects.filter(pk__in=[pk for pk, _ in stalled]).update(
        status=RoundInsight.Status.PENDING, requested_at=now
    )
    for done, (_pk, round_id) in enumerate(stalled):
        try:
            enqueue(ROUND_INSIGHT, round_id)
        except Exception:  # the broker is away again: the next sweep asks for the rest
            logger.exception("could not ask again for the review of round %s", round_id)
            left = [pk for pk, _round_id in stalled[done:]]
            RoundInsight.objects.filter(pk__in=left).update(
                requested_at=now - INSIGHT_STALLED_AFTER
            )
            return done
    logger.info("insights sweep: asked again for %s rounds", len(stalled))
    return len(stalled)


def session_insight_request(
    *, session: GameSession, variants: tuple[str, ...] | None = None
) -> list[RoundInsight | None]:
    """Ask for the insight of every finished round of a session. Two queries when every
    round is analysed and current (the worker analyses a round when it ends), whatever the size
    of the class; only a missing or stale round costs more."""
    rounds_query = Round.objects.filter(table__session=session, status=Round.Status.OVER)
    if variants is not None:  # only the games the insight analyses
        rounds_query = rounds_query.filter(variant__in=variants)
    rounds = list(
        rounds_query.select_related("insight")
        .defer("snapshot", "insight__results")
        .order_by("table__number", "number")
    )
    marks = {
        row["round_id"]: (row["count"], row["latest"])
        for row in HypothesisMark.objects.filter(hypothesis__action__round__in=rounds)
        .values(round_id=F("hypothesis__action__round"))
        .annotate(count=Count("pk"), latest=Max("marked_at"))
    }
    insights: list[RoundInsight | None] = []
    for round_row in rounds:
        try:
            insight: RoundInsight | None = round_row.insight
        except RoundInsight.DoesNotExist:
            insight = None
        count, latest = marks.get(round_row.pk, (0, None))
        inputs = _inputs(round_row.version, count, latest)
        current = insight is not None and insight.inputs == inputs
        waiting = insight is not None and insight.status in (
            RoundInsight.Status.PENDING,
            RoundInsight.Status.RUNNING,
        )
        if not current and not waiting:
            insight = round_insight_request(round_row=round_row)
        insights.append(insight)
    return insights


def hypothesis_mark_set(*, hypothesis: Hypothesis, mark: str) -> None:
    """Mark a free-text hypothesis right, partly right or wrong ("" removes the mark), and have
    its round's insight computed again (a game the insight does not read has none to compute)."""
    with transaction.atomic():
        if mark:
            HypothesisMark.objects.update_or_create(
                hypothesis=hypothesis, defaults={"mark": mark, "reads_as": ""}
            )
        else:
            HypothesisMark.objects.filter(hypothesis=hypothesis).delete()
        round_row = hypothesis.action.round
        if round_row.status == Round.Status.OVER and analysed(round_row):
            round_insight_request(round_row=round_row, force=True)


def hypotheses_mark_alike(
    *, session: GameSession, words: str, mark: str, reads_as: str = "", rule_text: str | None = None
) -> int:
    """Mark every free-text hypothesis of the session whose words normalise to `words` (see
    `classroom.selectors.review.free_text.normalise`): right, partly right or wrong ("" removes
    the marks), and, with `reads_as`, read as that rule text (the teacher's "same as").
    With `rule_text`, only in the rounds played on that rule (a review's group of words is one
    rule's: words right under one rule may be wrong under another). Each round touched takes
    the new marks in its stored insight (`with_marks`) when that insight is current and no
    "same as" reading is involved; otherwise it is analysed again. Returns how many hypotheses
    were marked."""
    from classroom.selectors.review.free_text import normalise

    rows = [
        row
        for row in Hypothesis.objects.filter(
            action__round__table__session=session, checkable=""
        ).select_related("action__round", "mark")
        if row.text.strip()
        and normalise(row.text) == words
        and (rule_text is None or row.action.round.rule_text == rule_text)
    ]
    # Words marked, not read as an idea before or now: the stored insights take the new marks
    # as they are (`with_marks`); a "same as" reading needs the round analysed again.
    quick = not reads_as and not any(_reads_as(row) for row in rows)
    with transaction.atomic():
        rounds = {row.action.round.pk: row.action.round for row in rows}
        current = _current_insights(list(rounds.values())) if quick else {}
        ids = [row.pk for row in rows]
        if mark:
            existing = set(
                HypothesisMark.objects.filter(hypothesis_id__in=ids).values_list(
                    "hypothesis_id", flat=True
                )
            )
            HypothesisMark.objects.filter(hypothesis_id__in=existing).update(
                mark=mark, reads_as=reads_as, marked_at=timezone.now()
            )
            HypothesisMark.objects.bulk_create(
                HypothesisMark(hypothesis_id=pk, mark=mark, reads_as=reads_as)
                for pk in ids
                if pk not in existing
            )
        else:
            HypothesisMark.objects.filter(hypothesis_id__in=ids).delete()
        for round_pk, round_row in rounds.items():
            if round_pk in current:
                held = [row for row in rows if row.action.round.pk == round_pk]
                marks = {row.action_id: mark or None for row in held}
                _insight_remark(current[round_pk], round_row, marks)
            elif round_row.status == Round.Status.OVER and analysed(round_row):
                round_insight_request(round_row=round_row, force=True)
    return len(rows)


def _current_insights(rounds: list[Round]) -> dict[int, RoundInsight]:
    """The rounds' insights that are computed and current, locked for the change of marks."""
    by_round = {
        insight.round_id: insight
        for insight in RoundInsight.objects.select_for_update().filter(
            round__in=rounds, status=RoundInsight.Status.DONE
        )
    }
    return {
        round_row.pk: by_round[round_row.pk]
        for round_row in rounds
        if round_row.pk in by_round and by_round[round_row.pk].inputs == round_inputs(round_row)
    }


def _insight_remark(insight: RoundInsight, round_row: Round, marks: dict[int, str | None]) -> None:
    """Store the round's insight with the new marks (action id → mark) of words, as a new
    analysis would give it (`eleusis.engine.insight.with_marks`), at once."""
    results = insight.results
    numbers = {action_id: number for number, action_id in enumerate(results["actions"], 1)}
    changed = with_marks(
        RoundMeasures.from_dict(results),
        {numbers[action]: mark for action, mark in marks.items() if action in numbers},
    )
    insight.results = {**results, **changed.to_dict()}
    insight.inputs = round_inputs(round_row)
    insight.computed_at = timezone.now()
    insight.save(update_fields=["results", "inputs", "computed_at"])
