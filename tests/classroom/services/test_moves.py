"""The one move path (`move_make`) in every game played from a seat, Delphi's token included:
each of the app's refusals and some of each engine's, reached through the service, leave no
row; a move carries the round's version, and a page drawn before the last move (in Delphi:
before the last card was placed) is refused (issue 38, point 4)."""

from __future__ import annotations

import pytest

from classroom.games import web_game
from classroom.models import Action, GameSession, Hypothesis
from classroom.refusal_codes import (
    DEALER_DOES_NOT_PLAY,
    HYPOTHESIS_REQUIRED,
    JOINS_NEXT_ROUND,
    NOT_THE_PROPHET,
    PREDICTION_REQUIRED,
    ROUND_NOT_CURRENT,
    SEAT_LEFT,
    SESSION_FINISHED,
    SOLO_GUESS_IN_WORDS,
    STALE_CARD,
    STALE_VERSION,
    TABLE_PAUSED,
    VERSION_MISSING,
)
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.moves import MoveAsked, move_make
from classroom.services.rounds import HypothesisInput, table_set_paused
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import IllegalActionError
from tests.factories import live_table

pytestmark = pytest.mark.django_db

RULE = LIBRARY["th-alternate-colors"].text
GAMES = ["express", "abbott", "russian"]


def _table(variant, **options):
    table, _ = live_table(players=3, variant=variant, rule_text=RULE, **options)
    return table, _seats(table)


def _seats(table):
    """The table's seats as a request reads them, with their table and session."""
    return list(table.seats.select_related("student", "table__session__assignment"))


def _play(table, seats, *, version_offset=0, player=None, without=(), late=False, **changes):
    """`move_make` for the play the page of the player whose turn it is would send (`late`:
    from that seat as if it had been seated after the deal, as the teacher's late seat is)."""
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn if player is None else player
    card = (engine.playable(turn) if hasattr(engine, "playable") else engine.state.hands[turn])[0]
    seat = next(s for s in seats if round_row.player_of(s.position) == turn)
    if late:
        seat.position += 10
    data = {"op": "play", "card": card, "string": (card,), "prediction": "accepted"}
    for name in without:
        del data[name]
    asked = {
        "op": "play",
        "round_id": round_row.pk,
        "version": round_row.version + version_offset,
        "key": "",
        "data": data,
        "hypothesis": HypothesisInput(text="colours alternate"),
        "prediction": True,
    }
    asked.update(changes)
    game = web_game(table.session.assignment.variant)
    return move_make(seat=seat, seats=seats, game=game, asked=MoveAsked(**asked))


def _refused(code, table, seats, *, move=_play, **changes):
    rows = (Action.objects.count(), Hypothesis.objects.count())
    with pytest.raises(IllegalActionError) as refusal:
        move(table, seats, **changes)
    assert refusal.value.code == code
    assert (Action.objects.count(), Hypothesis.objects.count()) == rows


def _token(table, seats, *, seat=0, version_offset=0, card=None, **changes):
    """`move_make` for the token the Delphi page of `seats[seat]` would send now."""
    round_row = current_round(table=table)
    current = engine_round(round_row).state.current
    asked = {
        "op": "predict",
        "round_id": round_row.pk,
        "version": round_row.version + version_offset,
        "key": "",
        "data": {"card": card or current, "value": True},
        "hypothesis": HypothesisInput(text="red then black"),
        "prediction": None,
    }
    asked.update(changes)
    game = web_game(table.session.assignment.variant)
    return move_make(seat=seats[seat], seats=seats, game=game, asked=MoveAsked(**asked))


def _seat_moves(table, seats):
    """Each refusal of the seat and the table, in a game played from a seat (`_play`) and in
    Delphi (`_token`): none leaves a row."""
    move = _token if table.session.assignment.variant == "delphi" else _play
    round_id = current_round(table=table).pk
    _refused(ROUND_NOT_CURRENT.code, table, seats, move=move, round_id=round_id + 9)
    _refused(VERSION_MISSING.code, table, seats, move=move, version=None)
    table_set_paused(table=table, paused=True)
    _refused(TABLE_PAUSED.code, table, _seats(table), move=move)
    table_set_paused(table=table, paused=False)
    GameSession.objects.filter(pk=table.session_id).update(status=GameSession.Status.FINISHED)
    _refused(SESSION_FINISHED.code, table, _seats(table), move=move)
    GameSession.objects.filter(pk=table.session_id).update(status=GameSession.Status.RUNNING)
    seats = _seats(table)
    for seat in seats:
        seat.left = True
    _refused(SEAT_LEFT.code, table, seats, move=move)


@pytest.mark.parametrize("variant", GAMES)
def test_a_play_is_made_through_the_one_path(variant):
    table, seats = _table(variant)
    made = _play(table, seats)
    assert made.round.version == 1 and made.engine.action_count == 1
    assert Action.objects.filter(round=made.round).count() == 1


@pytest.mark.parametrize("variant", GAMES)
def test_a_stale_page_is_refused_in_every_game(variant):
    table, seats = _table(variant)
    _play(table, seats)
    _refused(STALE_VERSION.code, table, seats, version_offset=-1)  # drawn before that play
    _refused(VERSION_MISSING.code, table, seats, version=None)
    # Delphi's stale page: test_a_stale_delphi_page_is_refused_once_its_card_is_placed_not_before


@pytest.mark.parametrize("variant", GAMES)
def test_every_app_refusal_leaves_no_row(variant):
    table, seats = _table(variant, prediction_required=True)
    _refused(HYPOTHESIS_REQUIRED.code, table, seats, hypothesis=HypothesisInput())
    _refused(PREDICTION_REQUIRED.code, table, seats, without=("prediction",))
    _refused(JOINS_NEXT_ROUND.code, table, _seats(table), late=True)
    _seat_moves(table, seats)


def test_the_dealing_student_does_not_play_and_alone_a_guess_needs_a_sentence():
    """The app's refusals only Express meets: a student deals (the dealer's page has no move),
    and practising alone a guess in words (no teacher to judge it)."""
    from classroom.models import Assignment
    from classroom.services.games import assignment_create, solo_start
    from tests.factories import ClassroomFactory, StudentFactory

    table, _ = live_table(players=3, rule_text="", students_deal=True)
    _deal_by_the_next_dealer(table, rule_text=RULE)
    dealer = next(
        s for s in _seats(table) if current_round(table=table).player_of(s.position) is None
    )
    _refused(DEALER_DOES_NOT_PLAY.code, table, [dealer], move=_as_seat)

    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom, title="Alone", rule_text=RULE, mode=Assignment.Mode.SOLO
    )
    alone = solo_start(assignment=assignment, student=StudentFactory(classroom=classroom))
    guess = {"op": "guess", "data": {"guess": "colours swap"}}
    _refused(SOLO_GUESS_IN_WORDS.code, alone, _seats(alone), **guess)


def _as_seat(table, seats):
    """`move_make` for a play sent from `seats[0]`, whoever's turn it is."""
    round_row = current_round(table=table)
    asked = MoveAsked(
        op="play",
        round_id=round_row.pk,
        version=round_row.version,
        key="",
        data={"op": "play", "card": None},
        hypothesis=HypothesisInput(text="colours alternate"),
        prediction=True,
    )
    return move_make(seat=seats[0], seats=seats, game=web_game("express"), asked=asked)


def test_a_delphi_token_is_made_through_the_one_path_and_logs_its_hypothesis():
    table, seats = _table("delphi")
    made = _token(table, seats)
    assert [event["kind"] for event in made.events] == ["predicted"]
    assert Hypothesis.objects.get(action=made.action).text == "red then black"


def test_a_stale_delphi_page_is_refused_once_its_card_is_placed_not_before():
    """Issue 38 point 4 in Delphi: the whole class predicts one card at once, so a classmate's
    token leaves a page current; a card placed since makes it out of date."""
    table, seats = _table("delphi")
    _token(table, seats, seat=0)
    _token(table, seats, seat=1, version_offset=-1)  # drawn before seat 0's token: current
    placed = _token(table, seats, seat=2, version_offset=-2)  # the last token places the card
    assert "card_placed" in [event["kind"] for event in placed.events]
    _refused(STALE_VERSION.code, table, seats, move=_token, version_offset=-1)
    _refused(STALE_VERSION.code, table, seats, move=_token, version_offset=1)
    _refused(VERSION_MISSING.code, table, seats, move=_token, version=None)


def test_every_delphi_refusal_leaves_no_row():
    """Each code a Delphi token can meet on the move path, the app's and the engine's."""
    table, seats = _table("delphi", prediction_required=True, hypothesis_policy="every")
    _token(table, seats, hypothesis=HypothesisInput())  # a token needs neither: it is one
    _refused("already_predicted", table, seats, move=_token)
    other = engine_round(current_round(table=table)).state.stock[0]
    _refused(STALE_CARD.code, table, seats, move=_token, seat=1, card=other)
    late = _seats(table)
    late[1].position += 10  # seated after the deal (as the teacher's late seat does)
    _refused(JOINS_NEXT_ROUND.code, table, late, move=_token, seat=1)
    _seat_moves(table, seats)


def test_the_delphi_oracle_does_not_predict():
    table, _ = live_table(players=3, variant="delphi", rule_text="", students_deal=True)
    oracle = _deal_by_the_next_dealer(table, rule_text="red")
    _refused(DEALER_DOES_NOT_PLAY.code, table, _seats(table), move=_token, seat=oracle)


def _deal_by_the_next_dealer(table, *, rule_text):
    """The student whose deal it is deals with `rule_text`; their index in `_seats(table)`."""
    from classroom.selectors.games import next_dealer_position
    from classroom.services.games import round_deal_by_student

    seats = _seats(table)
    position = next_dealer_position(table=table, seats=seats)
    index = next(index for index, seat in enumerate(seats) if seat.position == position)
    round_deal_by_student(seat=seats[index], rule_text=rule_text)
    return index


@pytest.mark.parametrize("variant", GAMES)
def test_the_engines_refusals_leave_no_row(variant):
    table, seats = _table(variant)
    turn = engine_round(current_round(table=table)).state.turn
    other = (turn + 1) % 3
    _refused("not_your_turn", table, seats, player=other)


def test_only_the_prophet_judges():
    table, seats = _table("abbott")
    data = {"op": "accept", "string": ()}
    _refused(NOT_THE_PROPHET.code, table, seats, op="accept", data=data)


def test_a_key_sent_twice_plays_once():
    table, seats = _table("russian")
    turn = engine_round(current_round(table=table)).state.turn
    first = _play(table, seats, key="k1", player=turn)
    again = _play(table, seats, key="k1", player=turn, version_offset=-1)
    assert not first.duplicate and again.duplicate
    assert Action.objects.filter(round=first.round).count() == 1
