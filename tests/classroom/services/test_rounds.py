"""The round log: every action appended once, in order, and replay always equals the cache."""

import pytest

from classroom.models import Action, Hypothesis, Round
from classroom.selectors.games import current_round
from classroom.selectors.rounds import replay_round
from classroom.services.rounds import HypothesisInput, action_key, engine_round, round_act
from eleusis.engine.variants import IllegalActionError, NoPlay, Play
from tests.factories import live_table

pytestmark = pytest.mark.django_db(transaction=True)


def _turn(round_row):
    engine = engine_round(round_row)
    return engine, engine.state.turn


def test_a_play_is_appended_with_its_hypothesis_and_replay_equals_the_snapshot():
    table, seats = live_table()
    round_row = current_round(table=table)
    engine, turn = _turn(round_row)
    card = engine.state.hands[turn][0]

    result = round_act(
        round_id=round_row.pk,
        action=Play(turn, card, hypothesis="red then black", prediction=True),
        seat=seats[turn],
        idempotency_key="k1",
        hypothesis=HypothesisInput(text="red then black"),
    )

    round_row.refresh_from_db()
    assert round_row.version == 1
    assert result.action.seq == 1
    assert result.events[0]["kind"] == "played"
    assert Hypothesis.objects.get(action=result.action).text == "red then black"
    assert replay_round(round_row).to_json() == engine_round(round_row).to_json()


def test_the_same_idempotency_key_plays_once():
    table, seats = live_table()
    round_row = current_round(table=table)
    engine, turn = _turn(round_row)
    action = Play(turn, engine.state.hands[turn][0])

    first = round_act(round_id=round_row.pk, action=action, seat=seats[turn], idempotency_key="x")
    second = round_act(round_id=round_row.pk, action=action, seat=seats[turn], idempotency_key="x")

    assert not first.duplicate and second.duplicate
    assert second.action.pk == first.action.pk
    assert Action.objects.filter(round=round_row).count() == 1


def test_an_illegal_action_writes_nothing():
    table, seats = live_table()
    round_row = current_round(table=table)
    _engine, turn = _turn(round_row)
    other = (turn + 1) % len(seats)

    with pytest.raises(IllegalActionError, match="not your turn"):
        round_act(round_id=round_row.pk, action=NoPlay(other), seat=seats[other])

    round_row.refresh_from_db()
    assert round_row.version == 0
    assert not Action.objects.filter(round=round_row).exists()


def test_a_paused_table_refuses_players_but_keeps_the_log():
    from classroom.services.rounds import table_set_paused

    table, seats = live_table()
    table_set_paused(table=table, paused=True)
    round_row = current_round(table=table)
    engine, turn = _turn(round_row)

    with pytest.raises(IllegalActionError, match="paused"):
        round_act(
            round_id=round_row.pk, action=Play(turn, engine.state.hands[turn][0]), seat=seats[turn]
        )
    assert Round.objects.get(pk=round_row.pk).version == 0


def test_a_stale_snapshot_is_ignored_and_the_log_wins():
    table, seats = live_table()
    round_row = current_round(table=table)
    engine, turn = _turn(round_row)
    round_act(
        round_id=round_row.pk, action=Play(turn, engine.state.hands[turn][0]), seat=seats[turn]
    )
    Round.objects.filter(pk=round_row.pk).update(snapshot=None)

    round_row.refresh_from_db()
    rebuilt = engine_round(round_row)

    assert len(rebuilt.actions) == 1


def _forget_connections(app):
    """Forget which broker pool the app publishes through, so the next publish dials the broker
    its configuration names now (kombu keeps one pool per broker URL; none is closed)."""
    app._pool = None
    app.amqp._producer_pool = None


def test_a_broker_outage_delays_the_bots_but_never_loses_a_play(settings, caplog):
    """The production shape with Redis down: the play is saved and answered; only the tasks
    that follow it (bots, the review) wait for the broker to come back."""
    from eleusis.celery import app

    table, seats = live_table()
    round_row = current_round(table=table)
    engine, turn = _turn(round_row)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    broker = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens there
    _forget_connections(app)
    try:
        result = round_act(
            round_id=round_row.pk,
            action=Play(turn, engine.state.hands[turn][0]),
            seat=seats[turn],
            idempotency_key="during-outage",
            schedule=True,  # as at a table with bots: they are asked to answer
        )
    finally:
        app.conf.broker_url = broker
        app.conf.task_always_eager = True
        _forget_connections(app)

    assert not result.duplicate
    key = action_key(seats[turn], "during-outage")  # keys are scoped to the seat that acts
    assert Action.objects.filter(round=round_row, idempotency_key=key).exists()
    round_row.refresh_from_db()
    assert round_row.version == 1
    assert "could not let the bots play" in caplog.text  # the broker really was asked, and failed


# A move on the round as the caller read it (the student's play): not read again ----------


def _read(table):
    """The round as a move's request reads it (its table and session with it), decoded."""
    round_row = current_round(table=table)
    return round_row, engine_round(round_row)


def _act_on_read(round_row, engine, seat, action, **options):
    return round_act(
        round_id=round_row.pk,
        action=action,
        seat=seat,
        expected_version=round_row.version,
        engine=engine,
        current=round_row,
        schedule=False,
        **options,
    )


def test_a_move_on_the_round_as_read_updates_it_without_reading_it_again():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    table, seats = live_table()
    round_row, engine = _read(table)
    turn = engine.state.turn
    card = engine.state.hands[turn][0]

    with CaptureQueriesContext(connection) as queries:
        result = _act_on_read(
            round_row,
            engine,
            seats[turn],
            Play(turn, card, hypothesis="red then black"),
            idempotency_key="k1",
            hypothesis=HypothesisInput(text="red then black"),
        )

    statements = [q["sql"].split()[0] for q in queries.captured_queries]
    assert "SELECT" not in statements, statements  # the round is locked by its update
    assert statements.count("UPDATE") == 1 and statements.count("INSERT") == 2
    stored = Round.objects.get(pk=round_row.pk)
    assert stored.version == result.round.version == 1
    assert Action.objects.get(round=round_row).idempotency_key == action_key(seats[turn], "k1")
    assert Hypothesis.objects.get(action=result.action).text == "red then black"
    assert replay_round(stored).to_json() == engine_round(stored).to_json() == engine.to_json()


def test_a_move_on_a_round_that_moved_on_since_it_was_read_is_refused_as_stale():
    from classroom.services.rounds import StaleMoveError

    table, seats = live_table()
    round_row, engine = _read(table)
    turn = engine.state.turn
    # Another request's move lands between this one's read and its write.
    _other, other_engine = _read(table)
    round_act(
        round_id=round_row.pk,
        action=Play(turn, other_engine.state.hands[turn][0]),
        seat=seats[turn],
    )

    with pytest.raises(StaleMoveError):
        _act_on_read(round_row, engine, seats[turn], Play(turn, engine.state.hands[turn][1]))

    assert Round.objects.get(pk=round_row.pk).version == 1
    assert Action.objects.filter(round=round_row).count() == 1


def test_a_move_read_before_the_teacher_finished_the_session_writes_nothing():
    from classroom.models import GameSession
    from classroom.services.games import session_finish

    table, seats = live_table()
    round_row, engine = _read(table)
    turn = engine.state.turn
    # The teacher's Finish, committed after the student's page read the round.
    session_finish(session=GameSession.objects.get(pk=table.session_id))

    with pytest.raises(IllegalActionError):
        _act_on_read(round_row, engine, seats[turn], Play(turn, engine.state.hands[turn][0]))

    kinds = list(Action.objects.filter(round=round_row).values_list("kind", flat=True))
    assert kinds == ["end"]


def test_a_move_read_on_a_paused_table_writes_nothing():
    from classroom.services.rounds import table_set_paused

    table, seats = live_table()
    table_set_paused(table=table, paused=True)
    round_row, engine = _read(table)
    turn = engine.state.turn

    with pytest.raises(IllegalActionError, match="paused"):
        _act_on_read(round_row, engine, seats[turn], Play(turn, engine.state.hands[turn][0]))

    assert Round.objects.get(pk=round_row.pk).version == 0


def test_a_key_used_by_a_move_that_raced_this_one_plays_once():
    table, seats = live_table()
    round_row, engine = _read(table)
    turn = engine.state.turn
    action = Play(turn, engine.state.hands[turn][0])
    # The other request with the same key committed after this one checked the key.
    first = round_act(round_id=round_row.pk, action=action, seat=seats[turn], idempotency_key="x")

    second = _act_on_read(round_row, engine, seats[turn], action, idempotency_key="x")

    assert second.duplicate and second.action.pk == first.action.pk
    assert Action.objects.filter(round=round_row).count() == 1
