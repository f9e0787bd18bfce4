"""Delphi in class: seating the whole class at one table, tokens, "reveal now", stale pages,
double clicks, bots, and a round played to the settlement."""

import pytest

from classroom.models import Action, Hypothesis, Round
from classroom.selectors.delphi import delphi_board, delphi_tables
from classroom.selectors.games import current_round
from classroom.services.delphi import StaleCardError, delphi_predict, delphi_reveal
from classroom.services.games import (
    assignment_create,
    lobby_join,
    session_open,
    session_seat,
    session_start,
    table_create,
)
from classroom.services.rounds import engine_round
from classroom.tasks import delphi_bots_play
from eleusis.engine.variants import IllegalActionError, settle
from tests.factories import ALTERNATE_COLORS, ClassroomFactory, StudentFactory, seated_session

pytestmark = pytest.mark.django_db


def delphi_assignment(classroom=None, **options):
    return assignment_create(
        classroom=classroom or ClassroomFactory(),
        title="Delphi",
        variant="delphi",
        rule_text=ALTERNATE_COLORS,
        config={"starter": "until_legal"},
        **options,
    )


def delphi_table(*, players: int = 3, seed: int = 7):
    """A started Delphi session: every student of the lobby at one table. (table, seats)."""
    return seated_session(delphi_assignment(), players=players, seed=seed)


def on_show(table):
    """The current round, the card on show and whether it fits (the teacher's knowledge)."""
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    card = engine.state.current
    fits = card is not None and engine.judge(engine.state.history, card)
    return round_row, card, fits


def test_the_whole_class_sits_at_one_table_whatever_its_size():
    assignment = delphi_assignment()
    session = session_open(assignment=assignment)
    for _ in range(11):  # more than an Express table takes
        lobby_join(session=session, student=StudentFactory(classroom=assignment.classroom))

    (table,) = session_seat(session=session, method="random", seed=1)
    session_start(session=session, seed=2)

    assert table.seats.count() == 11
    round_row = table.rounds.get()
    assert (round_row.variant, round_row.players) == ("delphi", 11)
    assert round_row.config == {"starter": "until_legal"}


def test_a_token_is_logged_with_its_hypothesis_and_the_card_waits_for_the_others():
    table, seats = delphi_table()
    round_row, card, _fits = on_show(table)

    result = delphi_predict(
        round_id=round_row.pk, seat=seats[1], card=card, value=True, hypothesis=" red black "
    )

    assert [e["kind"] for e in result.events] == ["predicted"]
    assert result.action.payload["value"] is True
    assert Hypothesis.objects.get(action=result.action).text == "red black"
    board = delphi_board(table=table, seat=seats[1])
    assert board.waiting and not board.can_predict
    assert [s.predicted for s in board.seats] == [False, True, False]
    assert delphi_board(table=table, seat=seats[0]).can_predict


def test_the_last_token_places_the_card_and_pays_the_chips():
    table, seats = delphi_table()
    round_row, card, fits = on_show(table)

    delphi_predict(round_id=round_row.pk, seat=seats[0], card=card, value=fits)
    delphi_predict(round_id=round_row.pk, seat=seats[1], card=card, value=not fits)
    last = delphi_predict(round_id=round_row.pk, seat=seats[2], card=card, value=fits)

    assert [e["kind"] for e in last.events] == ["predicted", "card_placed", "card_turned"]
    board = delphi_board(table=table, seat=seats[0])
    assert [s.chips for s in board.seats] == [1, 0, 1]
    (outcome,) = board.outcomes
    assert (outcome.card, outcome.accepted, outcome.right) == (card, fits, True)
    assert delphi_board(table=table, seat=seats[1]).outcomes[0].right is False
    assert board.current != card and board.can_predict


def test_a_double_click_counts_once_and_a_stale_card_is_refused():
    table, seats = delphi_table(players=2)
    round_row, card, fits = on_show(table)

    first = delphi_predict(
        round_id=round_row.pk, seat=seats[0], card=card, value=fits, idempotency_key="k1"
    )
    again = delphi_predict(
        round_id=round_row.pk, seat=seats[0], card=card, value=fits, idempotency_key="k1"
    )
    assert again.duplicate and again.action == first.action
    with pytest.raises(IllegalActionError, match="already shown a token"):
        delphi_predict(round_id=round_row.pk, seat=seats[0], card=card, value=not fits)
    delphi_predict(round_id=round_row.pk, seat=seats[1], card=card, value=fits)
    # A page still showing the placed card cannot predict the next one by mistake.
    with pytest.raises(StaleCardError, match="placed already"):
        delphi_predict(round_id=round_row.pk, seat=seats[1], card=card, value=fits)
    assert Action.objects.filter(round=round_row).count() == 2


def test_reveal_now_places_the_card_once_and_stragglers_neither_win_nor_lose():
    table, seats = delphi_table()
    round_row, card, fits = on_show(table)
    delphi_predict(round_id=round_row.pk, seat=seats[0], card=card, value=fits)

    placed = delphi_reveal(round_id=round_row.pk, card=card)
    twice = delphi_reveal(round_id=round_row.pk, card=card)

    assert [e["kind"] for e in placed.events] == ["card_placed", "card_turned"]
    assert twice.duplicate
    (summary,) = delphi_tables(session=table.session)
    assert [s.chips for s in summary.seats] == [1, 0, 0]
    assert summary.placed == 2 and summary.cards_left == 50
    assert summary.predicted_count == 0 and len(summary.waiting_for) == 3


def test_a_whole_round_ends_with_the_pairwise_settlement():
    table, seats = delphi_table()
    for _card in range(60):
        round_row, card, fits = on_show(table)
        if card is None:
            break
        for seat in seats:  # seat 0 is always right, seat 1 always wrong, seat 2 says True
            value = {0: fits, 1: not fits, 2: True}[seat.position]
            delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=value)
    round_row = Round.objects.get(pk=round_row.pk)
    assert round_row.status == Round.Status.OVER and round_row.end_reason == "deck_finished"
    (summary,) = delphi_tables(session=table.session)
    chips = [s.chips for s in summary.seats]
    assert chips[0] == 51 and chips[1] == 0
    assert [s.score for s in summary.seats] == list(settle(chips).players)
    assert summary.view.scores.dealer == settle(chips).dealer


def test_bots_fill_seats_and_wait_for_the_people(django_capture_on_commit_callbacks):
    assignment = delphi_assignment()
    session = session_open(assignment=assignment)
    student = StudentFactory(classroom=assignment.classroom)
    table = table_create(session=session, students=[student], bots=["random", "scientist"])
    with django_capture_on_commit_callbacks(execute=True):
        session_start(session=session, seed=4)  # the bots predict the first card at once
    round_row, card, _fits = on_show(table)
    seat = table.seats.get(student=student)

    assert [s.predicted for s in delphi_tables(session=session)[0].seats] == [False, True, True]
    with django_capture_on_commit_callbacks(execute=True):
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=True)

    # The card was placed and the bots have already predicted the next one.
    assert len(engine_round(Round.objects.get(pk=round_row.pk)).state.history) == 2
    assert [s.predicted for s in delphi_tables(session=session)[0].seats] == [False, True, True]
    assert Hypothesis.objects.filter(seat__bot="scientist").exists()
    assert delphi_bots_play(round_row.pk) == 0  # nothing to do: idempotent


def _latecomer(table, nickname="Late Lou"):
    session = table.session
    student = StudentFactory(classroom=session.assignment.classroom, nickname=nickname)
    lobby_join(session=session, student=student)
    return student


def test_a_latecomer_sits_at_the_class_table_at_once_and_predicts_the_card_on_show():
    """Delphi is played by the whole class at one table and one long round: a student who
    arrives late joins it at once, from the card on show (before, they waited in the lobby for
    the whole deck)."""
    table, seats = delphi_table(players=3)
    round_row, card, fits = on_show(table)
    delphi_predict(round_id=round_row.pk, seat=seats[0], card=card, value=fits)
    student = _latecomer(table)
    late = table.seats.get(student=student)
    round_row.refresh_from_db()
    assert round_row.player_of(late.position) == 3 and round_row.players == 3
    engine = engine_round(round_row)
    assert engine.players == 4 and engine.view(3).current == card
    for seat in seats[1:]:
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=fits)
    assert engine_round(current_round(table=table)).state.current == card  # waits for Lou
    delphi_predict(round_id=round_row.pk, seat=late, card=card, value=not fits)
    after = engine_round(current_round(table=table))
    assert after.state.placements[-1].predictions == [fits, fits, fits, not fits]
    # The log replays to the same round (the snapshot and the actions agree).
    from classroom.selectors.rounds import replay_round

    assert replay_round(current_round(table=table)).to_json() == after.to_json()


def test_a_latecomer_joins_a_paused_class_and_a_second_join_seats_once():
    table, _seats = delphi_table(players=3)
    from classroom.services.games import session_set_paused

    session_set_paused(session=table.session, paused=True)
    student = _latecomer(table)
    lobby_join(session=table.session, student=student)  # a double click
    assert table.seats.filter(student=student).count() == 1
    assert engine_round(current_round(table=table)).players == 4


def test_a_latecomer_who_leaves_again_predicts_no_more_and_the_card_is_placed():
    from classroom.services.games import seat_remove

    table, seats = delphi_table(players=3)
    student = _latecomer(table)
    round_row, card, fits = on_show(table)
    for seat in seats:
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=fits)
    assert engine_round(current_round(table=table)).state.current == card  # waits for Lou
    seat_remove(seat=table.seats.get(student=student))
    engine = engine_round(current_round(table=table))
    assert engine.state.left == [3] and engine.state.placements[-1].card == card
