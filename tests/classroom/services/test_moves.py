"""The one move path (`move_make`) in every game played from a seat: each of the app's
refusals and some of each engine's, reached through the service, leave no row; a move carries
the round's version, and a page drawn before the last move is refused (issue 38, point 4)."""

from __future__ import annotations

import pytest

from classroom.games import web_game
from classroom.models import Action, GameSession, Hypothesis
from classroom.refusal_codes import (
    HYPOTHESIS_REQUIRED,
    NOT_THE_PROPHET,
    PREDICTION_REQUIRED,
    ROUND_NOT_CURRENT,
    SEAT_LEFT,
    SESSION_FINISHED,
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


def _play(table, seats, *, version_offset=0, player=None, without=(), **changes):
    """`move_make` for the play the page of the player whose turn it is would send."""
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn if player is None else player
    card = (engine.playable(turn) if hasattr(engine, "playable") else engine.state.hands[turn])[0]
    seat = next(s for s in seats if round_row.player_of(s.position) == turn)
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


def _refused(code, table, seats, **changes):
    rows = (Action.objects.count(), Hypothesis.objects.count())
    with pytest.raises(IllegalActionError) as refusal:
        _play(table, seats, **changes)
    assert refusal.value.code == code
    assert (Action.objects.count(), Hypothesis.objects.count()) == rows


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


@pytest.mark.parametrize("variant", GAMES)
def test_every_app_refusal_leaves_no_row(variant):
    table, seats = _table(variant, prediction_required=True)
    _refused(ROUND_NOT_CURRENT.code, table, seats, round_id=current_round(table=table).pk + 9)
    _refused(HYPOTHESIS_REQUIRED.code, table, seats, hypothesis=HypothesisInput())
    _refused(PREDICTION_REQUIRED.code, table, seats, without=("prediction",))
    table_set_paused(table=table, paused=True)
    _refused(TABLE_PAUSED.code, table, _seats(table))
    table_set_paused(table=table, paused=False)
    GameSession.objects.filter(pk=table.session_id).update(status=GameSession.Status.FINISHED)
    _refused(SESSION_FINISHED.code, table, _seats(table))
    GameSession.objects.filter(pk=table.session_id).update(status=GameSession.Status.RUNNING)
    seats = _seats(table)
    for seat in seats:
        seat.left = True
    _refused(SEAT_LEFT.code, table, seats)


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
