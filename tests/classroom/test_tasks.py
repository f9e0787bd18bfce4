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
