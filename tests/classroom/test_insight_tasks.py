"""The insight task: computes and stores a round's measures, is idempotent, recomputes when
the log or the marks change, is quiet when the round is gone, and reads the students'
hypotheses (checkable or free text with the teacher's mark)."""

from __future__ import annotations

import pytest

from classroom.insight_tasks import round_insight
from classroom.models import Hypothesis, HypothesisMark, Round, RoundInsight
from classroom.services.review import (
    hypothesis_mark_set,
    round_insight_compute,
    round_insight_request,
    session_insight_request,
)
from classroom.services.rounds import round_act
from eleusis.engine.variants import End
from tests.factories import free_text_first, live_table, played_to_the_end

pytestmark = pytest.mark.django_db


def finished_round(plays: int = 4) -> Round:
    """A live table of three where each student plays their first card with a hypothesis
    (student 0 in free text, the others checkable), then the teacher ends the round."""
    table, seats = live_table(players=3)
    hypothesis = free_text_first("it goes red, black, red", words="colors alternate")
    return played_to_the_end(table, seats, plays=plays, hypothesis=hypothesis)


def test_the_task_stores_every_play_with_its_measures() -> None:
    round_row = finished_round()
    round_insight(round_row.pk)
    insight = RoundInsight.objects.get(round=round_row)
    assert insight.status == RoundInsight.Status.DONE and insight.computed_at is not None
    plays = insight.results["plays"]
    assert len(plays) == 4
    checkable = [p for p in plays if p["checkable"]]
    assert checkable and all(p["agreement"]["share"] == 1.0 for p in checkable)
    free = [p for p in plays if not p["checkable"]]
    assert free and all(p["agreement"] is None for p in free)  # not marked yet
    assert set(insight.results["seats"]) == {"0", "1", "2"}
    assert insight.results["candidates"] > 100  # the library and the sentence frames


def test_running_twice_changes_nothing_and_a_gone_round_is_quiet() -> None:
    round_row = finished_round(plays=2)
    first = round_insight_compute(round_id=round_row.pk)
    again = round_insight_compute(round_id=round_row.pk)
    assert again.computed_at == first.computed_at
    assert round_insight_compute(round_id=round_row.pk + 1000) is None
    round_insight(round_row.pk + 1000)  # the task too


def test_a_teacher_mark_joins_the_agreement_and_recomputes(
    django_capture_on_commit_callbacks,
) -> None:
    round_row = finished_round()
    round_insight(round_row.pk)
    free = Hypothesis.objects.filter(action__round=round_row, checkable="").first()
    with django_capture_on_commit_callbacks(execute=True):
        hypothesis_mark_set(hypothesis=free, mark=HypothesisMark.Mark.PARTLY)
    insight = RoundInsight.objects.get(round=round_row)
    marked = [p for p in insight.results["plays"] if p["mark"] == "partly"]
    assert marked and all(p["agreement"]["share"] == 0.5 for p in marked)
    assert all(p["agreement_source"] == "teacher" for p in marked)
    with django_capture_on_commit_callbacks(execute=True):
        hypothesis_mark_set(hypothesis=free, mark="")
    insight.refresh_from_db()
    assert not [p for p in insight.results["plays"] if p["mark"]]


def test_a_request_enqueues_on_commit_once(django_capture_on_commit_callbacks) -> None:
    round_row = finished_round(plays=2)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        insight = round_insight_request(round_row=round_row)
        round_insight_request(round_row=round_row)  # still pending: not enqueued again
    assert insight.status == RoundInsight.Status.PENDING
    assert len(callbacks) == 1
    callbacks[0]()
    insight.refresh_from_db()
    assert insight.status == RoundInsight.Status.DONE
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_insight_request(round_row=round_row)  # current: nothing to do
    assert callbacks == []


def test_a_session_request_covers_its_finished_rounds(django_capture_on_commit_callbacks) -> None:
    round_row = finished_round(plays=1)
    session = round_row.table.session
    with django_capture_on_commit_callbacks(execute=True):
        insights = session_insight_request(session=session)
    assert [i.round_id for i in insights] == [round_row.pk]
    assert RoundInsight.objects.get(round=round_row).status == RoundInsight.Status.DONE


def test_a_rule_outside_the_language_fails_with_a_reason() -> None:
    round_row = finished_round(plays=1)
    Round.objects.filter(pk=round_row.pk).update(rule_text="red, then black, then red")
    insight = round_insight_compute(round_id=round_row.pk)
    assert insight.status == RoundInsight.Status.FAILED
    assert "rule language" in insight.error


def test_a_game_the_insight_does_not_read_is_skipped_silently(caplog):
    """Abbott/Howell and the Russian rules are reviewed by their replay: a round that ends asks
    for no insight, and the task, if asked, leaves no row and no warning."""
    for variant in ("abbott", "russian"):
        table, _seats = live_table(players=4, variant=variant, seed=3)
        round_row = table.rounds.get()
        with caplog.at_level("WARNING"):
            round_act(round_id=round_row.pk, action=End("time is up"))
            assert round_insight_compute(round_id=round_row.pk) is None
            round_insight(round_row.pk)
        assert not RoundInsight.objects.filter(round=round_row).exists()
    assert "insight" not in caplog.text
