"""A student's move, in every game played from a seat (Express, Abbott/Howell, the Russian
rules, a Delphi token): one path, as oTree's one POST handler serves every page
(docs/architecture.md).

`move_make` reads the current round once (with whether the move's key was used already) and
decodes its engine once; refuses, with a code, what the app refuses (the round is no longer
current, the page sent no version, the table is paused, the session finished, the seat left
or does not play this round) and a page drawn on a round that has moved on since (the engine
says which moves make a page out of date: `moved_on_since`); asks the game's record for the
engine's action (`WebGame.action_from`); asks the engine whether it allows it
(`Round.check`); asks for the hypothesis and the prediction the assignment requires with a
play; then stores it by `round_act` on its fast path (the round not read again, updated only
where it is still at the version the move was checked on). Every refusal is an
`IllegalActionError` with a code (`classroom/refusal_codes.py` or the engine's) and writes
nothing; `classroom/refusals.py` words it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.games.record import MoveInput, WebGame
from classroom.models import Action, Assignment, GameSession, Round, Seat
from classroom.refusal_codes import (
    DEALER_DOES_NOT_PLAY,
    HYPOTHESIS_REQUIRED,
    JOINS_NEXT_ROUND,
    PREDICTION_REQUIRED,
    ROUND_NOT_CURRENT,
    SEAT_LEFT,
    SESSION_FINISHED,
    STALE_VERSION,
    TABLE_PAUSED,
    VERSION_MISSING,
)
from classroom.selectors.games import current_round_with_key
from classroom.selectors.rounds import engine_round
from classroom.services.rounds import (
    HypothesisInput,
    StaleMoveError,
    action_key,
    round_act,
)
from eleusis.engine.variants import IllegalActionError
from eleusis.engine.variants import Round as EngineRound


@dataclass(frozen=True)
class MoveMade:
    """A move that was made (or had been: `duplicate`, the same key sent again): the events
    it caused, the round and its engine after it (for the answer's page, not read again), the
    table's stamp its commit set, and the engine's number of the player who moved."""

    events: list[dict[str, Any]]
    player: int
    duplicate: bool = False
    action: Action | None = None  # the logged move (None for a duplicate: not read again)
    round: Round | None = None
    engine: EngineRound | None = None
    stamp: str = ""


@dataclass(frozen=True)
class MoveAsked:
    """What the move form asked: the button, the round and its version the page showed, the
    page's idempotency key, the form's cleaned data, the hypothesis and the prediction."""

    op: str
    round_id: int
    version: int | None
    key: str
    data: dict[str, Any]
    hypothesis: HypothesisInput
    prediction: bool | None


def move_make(*, seat: Seat, seats: list[Seat], game: WebGame, asked: MoveAsked) -> MoveMade:
    """Make the move `asked` by the student at `seat` (with the table's `seats`, their table,
    session and assignment read with them). Raises `IllegalActionError` with a code for a
    refused move; nothing is written then."""
    assert game.action_from is not None, f"{game.id} has no move at this view"
    table = seat.table
    round_row = current_round_with_key(table=table, key=action_key(seat, asked.key))
    if round_row is None or round_row.pk != asked.round_id:
        raise IllegalActionError(ROUND_NOT_CURRENT, round=asked.round_id)
    player = _player(seat, round_row)
    if asked.key and round_row.key_used:
        return MoveMade([], player, duplicate=True)
    version = _check_table(seat, asked.version)
    engine = engine_round(round_row)
    if version != round_row.version and engine.moved_on_since(version):
        raise StaleMoveError(STALE_VERSION, made=version, now=round_row.version)
    assignment = table.session.assignment
    move = MoveInput(
        op=asked.op,
        data=asked.data,
        player=player,
        hypothesis=asked.hypothesis.summary,
        checkable=asked.hypothesis.checkable,
        prediction=asked.prediction,
        solo=assignment.mode == Assignment.Mode.SOLO,
    )
    action = game.action_from(move, engine.view(player))
    if refusal := engine.check(action):
        raise refusal
    is_play = asked.op in game.play_ops
    if is_play and game.thinking_required:
        _check_thinking(assignment, asked, plays_made=engine.count_actions(PLAYS, player))
    result = round_act(
        round_id=round_row.pk,
        action=action,
        seat=seat,
        idempotency_key=asked.key,
        hypothesis=asked.hypothesis if is_play else None,
        expected_version=round_row.version,
        engine=engine,
        current=round_row,
        schedule=any(other.bot for other in seats),  # only a table with bots asks them
    )
    return MoveMade(
        result.events,
        player,
        duplicate=result.duplicate,
        action=result.action,
        round=result.round,
        engine=result.engine,
        stamp=result.stamp,
    )


PLAYS = ("play", "no_play", "play_string")


def _player(seat: Seat, round_row: Round) -> int:
    """The engine's number of the seat's player in this round, or the refusal saying why the
    seat does not play in it."""
    if seat.left:
        raise IllegalActionError(SEAT_LEFT)
    if not round_row.seated(seat.position):
        raise IllegalActionError(JOINS_NEXT_ROUND)
    player = round_row.player_of(seat.position)
    if player is None:
        raise IllegalActionError(DEALER_DOES_NOT_PLAY)
    return player


def _check_table(seat: Seat, version: int | None) -> int:
    """The app's refusals of the table as the move found it: a page without its version
    (every move carries the version of the round it was chosen on: issue 38; whether it is
    out of date is the engine's to say, `moved_on_since`), a pause, the session's end. The
    page's version, when none of them refuses the move."""
    if version is None:
        raise StaleMoveError(VERSION_MISSING)
    if seat.table.paused:
        raise IllegalActionError(TABLE_PAUSED)
    if seat.table.session.status == GameSession.Status.FINISHED:
        raise IllegalActionError(SESSION_FINISHED)
    return version


def _check_thinking(assignment: Assignment, asked: MoveAsked, *, plays_made: int) -> None:
    """The hypothesis and the prediction the assignment asks for with this play."""
    if assignment.hypothesis_required_at(plays_made + 1) and asked.hypothesis.is_empty:
        raise IllegalActionError(HYPOTHESIS_REQUIRED)
    if assignment.prediction_required and not asked.data.get("prediction"):
        raise IllegalActionError(PREDICTION_REQUIRED)
