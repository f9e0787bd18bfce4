"""Finishing a session is final, and the next round never deals a revealed rule: the teacher
chooses the same rule (not revealed), the next in the library, a library rule or their own."""

import pytest

from classroom.models import Round
from classroom.selectors.games import current_round
from classroom.services.games import (
    RULE_REVEALED,
    SESSION_FINISHED,
    next_library_rule,
    session_finish,
    table_next_round,
)
from classroom.services.rounds import engine_round, round_act, round_reveal
from classroom.titles import library_matches
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import End, IllegalActionError, Play
from tests.factories import ALTERNATE_COLORS, live_table

pytestmark = pytest.mark.django_db


def _end(table):
    round_row = current_round(table=table)
    round_act(round_id=round_row.pk, action=End(reason="test"))
    return round_row


def test_after_finishing_no_round_is_dealt_and_no_move_played():
    table, seats = live_table()
    round_row = current_round(table=table)
    session_finish(session=table.session)
    session_finish(session=table.session)  # twice: harmless
    with pytest.raises(IllegalActionError, match=SESSION_FINISHED):
        table_next_round(table=table)
    assert table.rounds.count() == 1
    engine = engine_round(round_row)
    card = engine.state.hands[0][0]
    with pytest.raises(IllegalActionError):
        round_act(round_id=round_row.pk, action=Play(player=0, card=card), seat=seats[0])


def test_a_revealed_rule_is_never_dealt_again_in_the_session():
    table, _seats = live_table(rule_text=ALTERNATE_COLORS)
    round_row = _end(table)
    round_reveal(round_id=round_row.pk)
    with pytest.raises(IllegalActionError, match=RULE_REVEALED):
        table_next_round(table=table)  # the same again
    with pytest.raises(IllegalActionError, match=RULE_REVEALED):
        table_next_round(table=table, rule_text=f"  {ALTERNATE_COLORS} ")
    table_next_round(table=table, rule_text=LIBRARY["th-odd-even"].text)
    assert current_round(table=table).rule_text == LIBRARY["th-odd-even"].text


def test_an_unrevealed_rule_may_be_dealt_again():
    table, _seats = live_table(rule_text=ALTERNATE_COLORS)
    _end(table)
    table_next_round(table=table)
    assert [r.rule_text for r in Round.objects.filter(table=table)] == [ALTERNATE_COLORS] * 2


def test_the_next_rule_in_the_list_is_none_of_the_revealed_nor_their_equals():
    revealed = {ALTERNATE_COLORS}
    seen = set()
    after = ALTERNATE_COLORS
    for _ in range(len(LIBRARY)):
        entry = next_library_rule(after=after, excluded=revealed)
        if entry is None:
            break
        assert entry.text not in revealed
        assert not any(entry in library_matches(text) for text in revealed)
        assert entry.id not in seen
        seen.add(entry.id)
        revealed.add(entry.text)
        after = entry.text
    # The four ways the library says "alternate colors" were all skipped.
    assert not {"el-alternate-colors", "ru-alternate-colors", "es-alternate-colors"} & seen
    assert len(seen) > 10


def test_a_round_dealt_at_a_table_without_bots_asks_the_worker_for_nothing(
    django_capture_on_commit_callbacks,
):
    from celery.signals import task_prerun

    from classroom.task_queue import BOTS_PLAY

    ran = []

    def note(sender=None, **kwargs):
        ran.append(sender.name)

    task_prerun.connect(note, weak=False)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            table, _seats = live_table()  # a session started: the first round dealt
            _end(table)
            table_next_round(table=table)
    finally:
        task_prerun.disconnect(note)

    assert BOTS_PLAY not in ran
    assert ran  # the worker's tasks ran here (eager): the review of the round that ended
    assert table.rounds.count() == 2
