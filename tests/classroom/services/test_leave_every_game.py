"""Leaving and removal are game events in every game (issues 33 and 35): the removal is a Leave
in the round's log; removed on their turn, the turn passes on; a departed player cannot win the
round or the game, and every page says they left."""

import pytest
from django.urls import reverse

from classroom.models import Action
from classroom.selectors.games import current_round, game_totals
from classroom.selectors.rounds import engine_round
from classroom.services.delphi import delphi_predict
from classroom.services.games import seat_remove
from classroom.services.rounds import round_act
from eleusis.engine.variants import End, Play
from tests.classroom.services.test_delphi import delphi_table, on_show
from tests.factories import live_table, student_client

pytestmark = pytest.mark.django_db


def _seat_of(round_row, seats, player):
    return next(s for s in seats if round_row.player_of(s.position) == player)


def test_abbott_removing_the_player_whose_turn_it_is_passes_the_turn():
    table, seats = live_table(players=4, variant="abbott", config={})
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    leaving = _seat_of(round_row, seats, turn)
    seat_remove(seat=leaving)

    round_row = current_round(table=table)
    state = engine_round(round_row).state
    assert round_row.status == "playing" and state.turn != turn and turn in state.left
    assert Action.objects.filter(round=round_row, kind="leave").exists()
    # The next player plays on: the table is not frozen.
    following = _seat_of(round_row, seats, state.turn)
    other = next(s for s in seats if s not in (leaving, following))
    page = student_client(other.student).get(reverse("classroom:table", args=[table.pk]))
    row = page.content.decode().split(f">{following.name}</th>")[1].split("</tr>")[0]
    assert "their turn" in row
    gone = page.content.decode().split(f">{leaving.name}</th>")[1].split("</tr>")[0]
    assert "left the table" in gone
    round_act(
        round_id=round_row.pk,
        action=Play(state.turn, state.hands[state.turn][0]),
        seat=following,
    )


def test_abbott_a_removed_player_with_few_cards_does_not_win_the_round():
    table, seats = live_table(players=4, variant="abbott", config={})
    round_row = current_round(table=table)
    leaving = seats[0]
    seat_remove(seat=leaving)
    round_act(round_id=round_row.pk, action=End("ended by the teacher"))
    scores = engine_round(current_round(table=table)).scores()
    player = round_row.player_of(leaving.position)
    others = [score for p, score in enumerate(scores.players) if p != player]
    assert scores.players[player] < min(others)  # before: H − 0, the best of the round


def test_delphi_the_card_is_placed_when_everyone_still_in_has_predicted():
    table, seats = delphi_table(players=3)
    round_row, card, _fits = on_show(table)
    for seat in seats[:2]:
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=True)
    assert on_show(table)[1] == card  # the third student has not predicted
    seat_remove(seat=seats[2])  # before: the card waited for them until the teacher placed it
    state = engine_round(current_round(table=table)).state
    assert state.history[-1].card == card and state.current != card
    assert 2 in state.left


def test_a_departed_player_at_game_end_is_not_the_winner():
    """Russian rules, one round: the only player who played a right card leads; they go home at
    the end; the others win (before: "Winner: Gus" on every screen)."""
    table, seats = live_table(players=3, variant="russian", config={}, game_rounds=1)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    last = engine.state.history[-1].card
    card = next(c for c in engine.state.hands[turn] if engine.judge(engine.state.history, c))
    assert card != last
    leader = _seat_of(round_row, seats, turn)
    round_act(round_id=round_row.pk, action=Play(turn, card), seat=leader)
    round_act(round_id=round_row.pk, action=End("ended by the teacher"))
    before = game_totals(table=table, seats=seats)
    assert before.over and [row.position for row in before.winners] == [leader.position]

    seat_remove(seat=leader)
    seats = list(table.seats.select_related("student").order_by("position"))
    game = game_totals(table=table, seats=seats)
    assert game.winners and leader.position not in [row.position for row in game.winners]
    assert next(row for row in game.rows if row.position == leader.position).left
    for seat in seats:
        if seat.left:
            continue
        page = student_client(seat.student).get(reverse("classroom:table", args=[table.pk]))
        html = page.content.decode()
        winner_line = html.split('class="game-winner"')[1].split("</p>")[0]
        assert leader.name not in winner_line
        assert "left the table" in html
