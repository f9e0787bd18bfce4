"""Celery tasks of the classroom. Each takes ids, re-fetches, returns quietly when the row is
gone, and is safe to run twice (every move goes through `round_act` with an idempotency key)."""

import logging
from datetime import timedelta
from functools import cache
from typing import cast

from celery import shared_task
from django.conf import settings
from django.db.models import Exists, Max, OuterRef, Q
from django.utils import timezone

from classroom.games import web_game
from classroom.models import Action, Round, Seat
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.bots import default_candidates, make_bot
from eleusis.engine.rules import LIBRARY
from eleusis.engine.rules.compiler import CompiledRule
from eleusis.engine.variants import End, EndReason, IllegalActionError, PassGuess
from eleusis.engine.variants.delphi import DelphiState
from eleusis.engine.variants.express.state import ExpressState

logger = logging.getLogger(__name__)

# A bot round never runs for ever: past this many actions the app ends it.
MAX_BOT_ACTIONS = 400


@shared_task(name="classroom.bots_play", ignore_result=True)
def bots_play(round_id: int) -> int:
    """Play the bots' turns of a round until a person's turn or the end.

    With a worker, each call plays one move and schedules the next after `BOT_MOVE_SECONDS`, so
    a class sees the bots play at a human pace; run eagerly (no broker), it plays them all now.
    Returns how many moves it made.
    """
    moves = 0
    while True:
        round_row = _playing_round(round_id)
        if round_row is None:
            return moves
        other_bots = web_game(round_row.variant).bots_play  # when its bots play otherwise
        if other_bots is not None:
            return moves + other_bots(round_id)
        bot_seats = {
            seat.position: seat
            for seat in Seat.objects.filter(table_id=round_row.table_id)
            if seat.bot
        }
        engine = engine_round(round_row)
        state = cast(ExpressState, engine.state)  # the other games' bots play elsewhere
        if state.pending is not None:
            return moves  # a person (the teacher) must judge first
        if round_row.version >= MAX_BOT_ACTIONS:
            round_act(
                round_id=round_id, action=End(EndReason.TURN_LIMIT), idempotency_key="bots:limit"
            )
            return moves + 1
        window = state.guess_window
        action, seat = None, None
        if window is not None and window in bot_seats:
            seat = bot_seats[window]
            action = _bot(round_row, seat, window).guess(engine.view(window))
        if action is None and state.deciding is not None:
            # The Thai way: the player whose play was right guesses or passes first.
            if state.deciding not in bot_seats:
                return moves
            seat = bot_seats[state.deciding]
            action = PassGuess(state.deciding)
        if action is None:
            if state.turn not in bot_seats:
                return moves
            seat = bot_seats[state.turn]
            action = _bot(round_row, seat, state.turn).act(engine.view(state.turn))
        key = f"bot:{round_row.version + 1}"
        if not _bot_move(round_id, action, seat, key, expected_version=round_row.version):
            return moves
        moves += 1
        if _paced(round_id):
            return moves


def _playing_round(round_id: int) -> Round | None:
    """The round, while its bots may play: None when it is gone, over or paused."""
    round_row = Round.objects.filter(pk=round_id).select_related("table").first()
    if round_row is None or round_row.status == Round.Status.OVER or round_row.table.paused:
        return None
    return round_row


def _bot_move(round_id: int, action, seat: Seat | None, key: str, **extra) -> bool:
    """One bot move through `round_act`, with its idempotency `key`. False when it was not
    made: the table changed under it (a person acted; their move wins), or another run of the
    task made this move (that run goes on, not this one)."""
    label = getattr(action, "hypothesis", None)
    try:
        result = round_act(
            round_id=round_id,
            action=action,
            seat=seat,
            idempotency_key=key,
            hypothesis=bot_hypothesis(label) if label else None,
            schedule=False,
            **extra,
        )
    except IllegalActionError:
        return False
    return not result.duplicate


def _paced(round_id: int) -> bool:
    """With a worker, one move per call at a human pace: schedule the next after
    `BOT_MOVE_SECONDS` and stop (True). Run eagerly, the caller goes on now (False)."""
    if settings.CELERY_TASK_ALWAYS_EAGER or not settings.BOT_MOVE_SECONDS:
        return False
    _play_later(round_id)
    return True


def _play_later(round_id: int) -> None:
    """The bots' next move, after `BOT_MOVE_SECONDS`. If the broker is away the chain stops
    here, and the beat sweep (`bots_sweep`) starts it again once the broker is back."""
    try:
        bots_play.apply_async((round_id,), countdown=settings.BOT_MOVE_SECONDS)
    except Exception:  # the move is saved; the sweep re-drives the round
        logger.exception("could not schedule the next bot move of round %s", round_id)


# A chain of bot moves that has not moved for this long is taken as broken (a worker killed,
# the broker or the database away) and is re-driven by the sweep.
def _stalled_after() -> timedelta:
    return timedelta(seconds=max(5.0, 3 * settings.BOT_MOVE_SECONDS))


# Rounds left alone for longer than this are not re-driven: nobody is watching them.
SWEEP_HORIZON = timedelta(hours=6)
SWEEP_LIMIT = 500


@shared_task(name="classroom.bots_sweep", ignore_result=True)
def bots_sweep() -> int:
    """Re-drive the bots of every round where a bot may be due and nothing has moved for a
    while: after a worker was killed, or the broker or the database went away, the chain of
    `bots_play` tasks is broken and nothing else would restart it. Runs from Celery beat every
    `BOTS_SWEEP_SECONDS`. A re-drive never plays twice: `bots_play` moves only when a bot is due,
    and each bot move carries the round's version as its idempotency key. Returns how many
    rounds it re-drove."""
    now = timezone.now()
    stalled = now - _stalled_after()
    horizon = now - SWEEP_HORIZON
    bot_seats = Seat.objects.filter(table_id=OuterRef("table_id")).exclude(bot="")
    round_ids = list(
        Round.objects.filter(status=Round.Status.PLAYING, table__paused=False)
        .filter(Exists(bot_seats))
        .annotate(last=Max("actions__created_at"))
        .filter(
            Q(last__lt=stalled, last__gt=horizon)
            | Q(last__isnull=True, created_at__lt=stalled, created_at__gt=horizon)
        )
        .order_by("last")
        .values_list("pk", flat=True)[:SWEEP_LIMIT]
    )
    for round_id in round_ids:
        # Not run by then (no worker yet), later sweeps send others: never a long backlog.
        bots_play.apply_async((round_id,), expires=max(30.0, 3 * settings.BOTS_SWEEP_SECONDS))
    if round_ids:
        logger.info("bots sweep: re-drove %s rounds", len(round_ids))
    return len(round_ids)


def bots_sweep_on_start() -> None:
    """A worker that starts (or comes back after a kill) re-drives the bots at once, not at
    beat's next sweep: a sweep now, for the rounds left waiting long enough, and one when the
    rounds its predecessor left a moment ago count as stalled too. Sent through the broker like
    beat's, so it runs once the worker takes tasks; a broker away now leaves it to beat.

    A worker started again at once finds its predecessor's rounds moved a moment ago, not yet
    stalled: a third sweep comes the moment the last of them is (issue 38: the bots moved 6.7 s
    after such a worker's start, waiting for the fixed second sweep; they now move when the
    stall threshold allows)."""
    stall = _stalled_after().total_seconds()
    countdowns = [0.0, stall]
    last_stalls = _seconds_until_every_round_stalled()
    if last_stalls is not None and 0 < last_stalls < stall:
        countdowns.insert(1, last_stalls)
    for countdown in countdowns:
        try:
            bots_sweep.apply_async(countdown=countdown, expires=countdown + 30)
        except Exception:
            logger.exception("could not ask for a bots sweep as the worker started")


def _seconds_until_every_round_stalled() -> float | None:
    """Seconds until the most recent bot round's last move is `_stalled_after` old (None: no
    such round moved that recently, or the database is away)."""
    now = timezone.now()
    recent = {"created_at__gt": now - _stalled_after()}
    waiting = {"status": Round.Status.PLAYING, "table__paused": False, "table__seats__bot__gt": ""}
    try:
        moves = Action.objects.filter(**recent, **{f"round__{k}": v for k, v in waiting.items()})
        dealt = Round.objects.filter(**recent, **waiting)  # no move yet: since the deal
        found = [rows.aggregate(latest=Max("created_at"))["latest"] for rows in (moves, dealt)]
    except Exception:
        logger.exception("could not read the rounds' last moves as the worker started")
        return None
    latest = max((when for when in found if when is not None), default=None)
    if latest is None:
        return None
    return (latest + _stalled_after() - now).total_seconds() + 0.1


@cache
def _candidate_texts() -> dict[str, str]:
    return {label: cast(CompiledRule, rule).text for label, rule in default_candidates()}


def bot_hypothesis(label: str) -> HypothesisInput:
    """A bot's hypothesis as a student would log it: words to read (a library rule's name, or
    the sentence of a frame) and the rule text the review can check."""
    library = LIBRARY.get(label)
    return HypothesisInput(
        text=library.name if library else label, checkable=_candidate_texts().get(label, "")
    )


def _bot(round_row: Round, seat: Seat, player: int):
    return make_bot(seat.bot, player, f"{round_row.seed}:{seat.position}")


@shared_task(name="classroom.sessions_expire", ignore_result=True)
def sessions_expire() -> int:
    """Delete game sessions older than DATA_RETENTION_DAYS (children's data is kept no longer
    than a school needs it). Runs daily from Celery beat; returns how many were deleted."""
    from classroom.services.games import sessions_delete_older_than

    return sessions_delete_older_than(days=settings.DATA_RETENTION_DAYS)


@shared_task(name="classroom.retention", ignore_result=True)
def retention() -> dict[str, int]:
    """Children's data is kept no longer than `DATA_RETENTION_DAYS` of inactivity (README
    "Children's data"): game sessions that old, then students who played in none since (their
    words redacted from the rounds of others), then classes left empty and unused; and the
    expired sign-in sessions (`clearsessions`: a student's session holds their id). Runs daily
    from Celery beat; says how many of each went."""
    from django.core.management import call_command

    from classroom.services.classes import classrooms_delete_inactive, students_delete_inactive
    from classroom.services.games import sessions_delete_older_than

    days = settings.DATA_RETENTION_DAYS
    counts = {
        "sessions": sessions_delete_older_than(days=days),
        "students": students_delete_inactive(days=days),
        "classes": classrooms_delete_inactive(days=days),
    }
    call_command("clearsessions")
    logger.info("retention: deleted %s", counts)
    return counts


# Delphi (docs/rules.md §3): every bot shows its token for the card on show -------------------


def delphi_bots_play(round_id: int) -> int:
    """Each bot seat that has not predicted the card on show predicts it, card after card,
    until the cards wait for a person or the deck is done. With a worker, one token per call
    at a human pace, like `bots_play`. Returns how many tokens it showed."""
    from eleusis.engine.bots import DELPHI_BOTS

    moves = 0
    while True:
        round_row = _playing_round(round_id)
        if round_row is None:
            return moves
        bots = list(Seat.objects.filter(table_id=round_row.table_id).exclude(bot=""))
        if not bots:
            return moves
        engine = engine_round(round_row)
        state = cast(DelphiState, engine.state)
        players = {s.pk: round_row.player_of(s.position) for s in bots}  # None: the oracle
        seat = next(
            (
                s
                for s in bots
                if (guesser := players[s.pk]) is not None and state.predictions[guesser] is None
            ),
            None,
        )
        if seat is None or state.current is None:
            return moves
        player = players[seat.pk]
        assert player is not None
        bot = DELPHI_BOTS.get(seat.bot, DELPHI_BOTS["random"])
        action = bot(player, f"{round_row.seed}:{seat.position}").predict(engine.view(player))
        # Not made: the teacher placed the card meanwhile; the next call sees the next.
        if not _bot_move(round_id, action, seat, f"bot:{seat.position}:{state.current.code}"):
            return moves
        moves += 1
        if _paced(round_id):
            return moves


# Any game by its engine record's `next_action`: the bots of the table play their moves ---------


def record_bots_play(round_id: int) -> int:
    """The bot seats' moves, one after another, until a person (or the dealer) must act or the
    round ends; the moves come from the game's engine record (`eleusis.engine.games`). With a
    worker, one move per call at a human pace, like `bots_play`. Returns how many it made."""
    from classroom.games import web_game

    moves = 0
    while moves < MAX_BOT_ACTIONS:
        round_row = _playing_round(round_id)
        if round_row is None:
            return moves
        record = web_game(round_row.variant).engine
        seats = {s.position: s for s in Seat.objects.filter(table_id=round_row.table_id)}
        bots: list = [None] * round_row.players
        for position, seat in seats.items():
            player = round_row.player_of(position)
            if player is not None and seat.bot:
                name = seat.bot if seat.bot in record.bots else record.bot_names[0]
                bots[player] = record.seat([name], round_row.players, round_row.seed)[player]
        if not any(bots):
            return moves
        engine = engine_round(round_row)
        action = record.next_action(engine, bots)
        if action is None:
            return moves
        acting = getattr(action, "player", None)
        if acting is None:  # a prophet's judgement: the prophet's seat
            acting = getattr(engine.state, "prophet", None)
        seat = next(
            (
                s
                for p, s in seats.items()
                if acting is not None and round_row.player_of(p) == acting
            ),
            None,
        )
        # Not made: someone moved meanwhile; the next call sees the next move.
        if not _bot_move(round_id, action, seat, f"bot:{round_row.version}"):
            return moves
        moves += 1
        if _paced(round_id):
            return moves
    return moves
