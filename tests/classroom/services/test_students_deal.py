"""Students deal in turn (issue 14): a student who leaves is skipped, the deal passes on and the
game still ends once each student at the table has dealt; a teacher may let the students deal
from any round of a game whose rules the teacher chose, and take the deal back."""

import pytest

from classroom.refusal_codes import STUDENT_DEALS, STUDENTS_CANNOT_DEAL
from classroom.selectors.games import (
    current_round,
    game_over,
    game_target,
    next_dealer_name,
    next_dealer_position,
)
from classroom.services.games import (
    round_deal_by_student,
    seat_remove,
    table_next_round,
)
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.variants import End, EndReason, IllegalActionError
from tests.classroom.views.test_golden_game import students_deal_table
from tests.factories import deal_order, live_table

pytestmark = pytest.mark.django_db

RULE = "color != last.color"


def _end(table):
    round_act(round_id=current_round(table=table).pk, action=End(reason="test"))


def test_a_dealer_who_leaves_ends_the_round_and_the_deal_passes_on():
    table, seats = students_deal_table(players=4)
    seats = deal_order(table, seats)  # seats[0] was drawn by lot to deal first
    round_deal_by_student(seat=seats[0], rule_text=RULE, seed=1)
    seat_remove(seat=seats[0])
    first = current_round(table=table)
    assert first.status == first.Status.OVER
    assert engine_round(first).state.end_reason == EndReason.DEALER_LEFT
    assert next_dealer_position(table=table) == seats[1].position
    assert next_dealer_name(table=table) == seats[1].student.nickname
    # The one who left dealt: their round counts, and so does each of the three who stay.
    assert game_target(table=table) == 4

    second = round_deal_by_student(seat=seats[1], rule_text=RULE, seed=2)
    assert second.players == 2 and seats[0].position not in second.positions
    _end(table)
    for seat in seats[2:]:
        round_deal_by_student(seat=seat, rule_text=RULE, seed=3)
        _end(table)
    assert game_over(table=table)


def test_a_student_who_leaves_before_their_deal_is_skipped():
    table, seats = students_deal_table(players=4)
    seats = deal_order(table, seats)
    round_deal_by_student(seat=seats[0], rule_text=RULE, seed=1)
    seat_remove(seat=seats[1])  # a player, mid-round: the round goes on
    assert current_round(table=table).status == "playing"
    _end(table)
    assert next_dealer_position(table=table) == seats[2].position
    with pytest.raises(IllegalActionError, match="another student's turn to deal"):
        round_deal_by_student(seat=seats[1], rule_text=RULE)
    round_deal_by_student(seat=seats[2], rule_text=RULE, seed=2)
    _end(table)
    assert next_dealer_position(table=table) == seats[3].position
    round_deal_by_student(seat=seats[3], rule_text=RULE, seed=3)
    _end(table)
    # Seat 1 never dealt and left: the game is the three deals of those who stayed.
    assert game_target(table=table) == 3 and game_over(table=table)


def test_the_teacher_lets_the_students_deal_from_the_next_round_then_takes_it_back():
    table, seats = live_table(players=3)
    _end(table)
    with pytest.raises(IllegalActionError, match="the teacher chose the rule"):
        round_deal_by_student(seat=seats[0], rule_text=RULE)
    assert table_next_round(table=table, students_deal=True) is None
    table.refresh_from_db()
    assert table.students_deal and table.rounds.count() == 1
    seats = deal_order(table, seats)  # the first student dealer is drawn by lot

    dealt = round_deal_by_student(seat=seats[0], rule_text=RULE, seed=4)
    assert dealt.dealer_position == seats[0].position and dealt.players == 2
    _end(table)
    assert next_dealer_position(table=table) == seats[1].position  # the deal goes round
    # The teacher deals a rule again: the students' turns stop.
    table_next_round(table=table, rule_text="suit == hearts")
    table.refresh_from_db()
    assert not table.students_deal
    assert current_round(table=table).dealer_position is None


def test_students_cannot_be_given_the_deal_where_they_deal_already_or_the_app_must():
    table, seats = students_deal_table(players=3)
    round_deal_by_student(seat=deal_order(table, seats)[0], rule_text=RULE)
    _end(table)
    with pytest.raises(IllegalActionError, match=STUDENT_DEALS):
        table_next_round(table=table, students_deal=True)

    abbott, _ = live_table(players=3, variant="abbott", config={})
    _end(abbott)
    with pytest.raises(IllegalActionError, match=STUDENTS_CANNOT_DEAL):
        table_next_round(table=abbott, students_deal=True)
    abbott.refresh_from_db()
    assert not abbott.students_deal


def _with_lot_seed(table, seed):
    from classroom.models import Table

    Table.objects.filter(pk=table.pk).update(lot_seed=seed)
    table.refresh_from_db()


def test_the_first_dealer_is_drawn_by_lot_and_the_deal_goes_round_from_there():
    """Issue 35, point 8: a rotating role starts at a seat drawn by lot, not at seat 0. The draw
    is the table's stored seed's: the same at every read, and every seat may be drawn."""
    table, seats = students_deal_table(players=4)
    drawn = {}
    for seed in range(60):
        _with_lot_seed(table, seed)
        first = next_dealer_position(table=table)
        assert next_dealer_position(table=table) == first  # read again: the same draw
        drawn.setdefault(first, seed)
    assert set(drawn) == {seat.position for seat in seats}

    # The deal goes round from the seat drawn (here seat 2): 2, 3, 0, 1.
    _with_lot_seed(table, drawn[2])
    for position in (2, 3, 0, 1):
        assert next_dealer_position(table=table) == position
        assert next_dealer_name(table=table) == seats[position].student.nickname
        dealt = round_deal_by_student(seat=seats[position], rule_text=RULE)
        assert dealt.dealer_position == position
        _end(table)
    assert game_over(table=table)


def test_a_drawn_dealer_who_left_before_dealing_passes_the_first_deal_to_the_next_seat():
    table, seats = students_deal_table(players=4)
    first = deal_order(table, seats)
    seat_remove(seat=first[0])
    assert next_dealer_position(table=table) == first[1].position
    seat_remove(seat=first[2])  # another leaving does not move the lot
    assert next_dealer_position(table=table) == first[1].position


def test_each_new_table_stores_its_own_seed_for_the_lot():
    seeds = {students_deal_table(players=3)[0].lot_seed for _ in range(3)}
    assert len(seeds) == 3
