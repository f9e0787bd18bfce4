"""The bots' task: bots play their turns through the same services as students, and log
hypotheses a teacher can read and the review can check."""

import pytest

from classroom.models import Action, Hypothesis, Round
from classroom.services.games import session_open, session_start, table_create
from classroom.tasks import bot_hypothesis, bots_play
from eleusis.engine.rules import compile_rule, equivalence
from tests.factories import ALTERNATE_COLORS, ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db(transaction=True)  # bots run on commit


def _table(students=0, bots=("scientist", "falsifier", "random")):
    from classroom.services.games import assignment_create

    classroom = ClassroomFactory()
    assignment = assignment_create(classroom=classroom, title="t", rule_text=ALTERNATE_COLORS)
    session = session_open(assignment=assignment)
    people = [StudentFactory(classroom=classroom) for _ in range(students)]
    table = table_create(session=session, students=people, bots=list(bots))
    session_start(session=session, seed=11)
    return table


def test_a_table_of_bots_plays_its_round_to_the_end():
    table = _table()
    round_row = Round.objects.get(table=table)

    assert round_row.status == Round.Status.OVER
    assert Action.objects.filter(round=round_row).count() == round_row.version > 3
    assert Hypothesis.objects.filter(action__round=round_row).exists()
    assert bots_play(round_row.pk) == 0  # nothing left to do; running it again is harmless


def test_bots_stop_at_a_students_turn():
    table = _table(students=1)
    round_row = Round.objects.get(table=table)
    from classroom.services.rounds import engine_round

    engine = engine_round(round_row)
    assert round_row.status == Round.Status.PLAYING
    assert engine.state.turn == 0  # the student's seat: the bots wait for them


def test_a_bots_hypothesis_reads_as_words_and_checks_as_a_rule():
    hypothesis = bot_hypothesis("th-alternate-colors")

    assert hypothesis.text == "Alternate colors"
    assert equivalence(
        compile_rule(hypothesis.checkable), compile_rule(ALTERNATE_COLORS)
    ).equivalent


def test_old_sessions_expire_with_everything_under_them(settings):
    from datetime import timedelta

    from django.utils import timezone

    from classroom.models import GameSession
    from classroom.tasks import sessions_expire

    old, recent = _table().session, _table().session
    GameSession.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(days=settings.DATA_RETENTION_DAYS + 1)
    )

    assert sessions_expire() == 1
    assert not GameSession.objects.filter(pk=old.pk).exists()
    assert not Round.objects.filter(table__session_id=old.pk).exists()
    assert GameSession.objects.filter(pk=recent.pk).exists()


def test_a_round_that_ends_is_analysed_for_the_review_at_once():
    from classroom.models import RoundInsight

    table = _table()
    round_row = Round.objects.get(table=table)

    insight = RoundInsight.objects.get(round=round_row)
    assert insight.status == RoundInsight.Status.DONE


def test_retention_removes_inactive_students_and_classes_and_expired_sign_ins(settings):
    """Issue 38: students and classes nobody used for DATA_RETENTION_DAYS go too (the students'
    words redacted as a removal does), and expired sign-in sessions are cleared."""
    from datetime import timedelta

    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from classroom.models import Classroom, Student
    from classroom.tasks import retention

    long_ago = timezone.now() - timedelta(days=settings.DATA_RETENTION_DAYS + 1)
    recent_table = _table(students=2)  # a class playing now: its students and class stay
    playing = list(Student.objects.filter(seats__table=recent_table))
    old_class = ClassroomFactory()
    idle = StudentFactory(classroom=old_class)
    new_joiner = StudentFactory(classroom=old_class)  # joined yesterday: stays, and the class
    empty_old, empty_new = ClassroomFactory(), ClassroomFactory()
    Student.objects.filter(pk__in=[idle.pk, *(s.pk for s in playing)]).update(created_at=long_ago)
    Classroom.objects.filter(
        pk__in=[old_class.pk, empty_old.pk, recent_table.session.assignment.classroom_id]
    ).update(created_at=long_ago)
    expired = Session.objects.create(
        session_key="x" * 32, session_data="", expire_date=timezone.now() - timedelta(days=1)
    )

    assert retention() == {"sessions": 0, "students": 1, "classes": 1}
    assert set(Student.objects.values_list("pk", flat=True)) == {
        new_joiner.pk,
        *(s.pk for s in playing),
    }
    assert not Classroom.objects.filter(pk=empty_old.pk).exists()
    assert Classroom.objects.filter(pk__in=[old_class.pk, empty_new.pk]).count() == 2
    assert not Session.objects.filter(pk=expired.pk).exists()

    Student.objects.filter(pk=new_joiner.pk).update(created_at=long_ago)
    assert retention() == {"sessions": 0, "students": 1, "classes": 1}  # then its class
    assert not Classroom.objects.filter(pk=old_class.pk).exists()


def test_retention_is_what_beat_runs_daily(settings):
    schedule = {
        entry["task"]: entry["schedule"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }
    assert schedule["classroom.retention"] == 60 * 60 * 24


def test_a_worker_started_at_once_sweeps_when_the_last_round_moved_counts_as_stalled(settings):
    """Issue 38: the rounds a killed worker moved a moment ago are not stalled yet when a new
    worker starts; it sweeps again the moment the last of them is, not a fixed while later."""
    from datetime import timedelta

    from django.utils import timezone

    from classroom.tasks import _seconds_until_every_round_stalled, _stalled_after

    settings.BOT_MOVE_SECONDS = 1.5
    table = _table(students=1, bots=("random", "random", "random"))
    round_row = Round.objects.get(table=table)
    assert round_row.status == Round.Status.PLAYING
    dealt = timezone.now() - timedelta(seconds=2)  # dealt, the student's turn, no move yet
    Round.objects.filter(pk=round_row.pk).update(created_at=dealt)

    wait = _seconds_until_every_round_stalled()

    stall = _stalled_after().total_seconds()
    assert wait is not None and stall - 2.5 < wait <= stall - 2 + 0.1
    Round.objects.filter(pk=round_row.pk).update(created_at=dealt - timedelta(minutes=1))
    assert _seconds_until_every_round_stalled() is None  # already stalled: the first sweep's
