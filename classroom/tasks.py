"""Celery tasks of the classroom. Each takes ids, re-fetches, returns quietly when the row is
gone, and is safe to run twice (every move goes through `round_act` with an idempotency key)."""

from functools import cache

from celery import shared_task
from django.conf import settings

from classroom.models import Round, Seat
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.bots import default_candidates, make_bot
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import End, IllegalActionError, PassGuess

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
        round_row = Round.objects.filter(pk=round_id).select_related("table").first()
        if round_row is None or round_row.status == Round.Status.OVER or round_row.table.paused:
            return moves
        if round_row.variant in OTHER_GAME_BOTS:  # games whose bots play otherwise (below)
            return moves + OTHER_GAME_BOTS[round_row.variant](round_id)
        bot_seats = {
            seat.position: seat
            for seat in Seat.objects.filter(table_id=round_row.table_id)
            if seat.bot
        }
        engine = engine_round(round_row)
        state = engine.state
        if state.pending is not None:
            return moves  # a person (the teacher) must judge first
        if round_row.version >= MAX_BOT_ACTIONS:
            round_act(round_id=round_id, action=End("turn limit"), idempotency_key="bots:limit")
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
        label = getattr(action, "hypothesis", None)
        try:
            round_act(
                round_id=round_id,
                action=action,
                seat=seat,
                idempotency_key=f"bot:{round_row.version + 1}",
                hypothesis=bot_hypothesis(label) if label else None,
                schedule=False,
            )
        except IllegalActionError:
            return moves  # the table changed under us (a person acted); their move wins
        moves += 1
        if not settings.CELERY_TASK_ALWAYS_EAGER and settings.BOT_MOVE_SECONDS:
            bots_play.apply_async((round_id,), countdown=settings.BOT_MOVE_SECONDS)
            return moves


@cache
def _candidate_texts() -> dict[str, str]:
    return {label: rule.text for label, rule in default_candidates()}


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


# Delphi (docs/rules.md §3): every bot shows its token for the card on show -------------------


def delphi_bots_play(round_id: int) -> int:
    """Each bot seat that has not predicted the card on show predicts it, card after card,
    until the cards wait for a person or the deck is done. With a worker, one token per call
    at a human pace, like `bots_play`. Returns how many tokens it showed."""
    from eleusis.engine.bots import DELPHI_BOTS

    moves = 0
    while True:
        round_row = Round.objects.filter(pk=round_id).select_related("table").first()
        if round_row is None or round_row.status == Round.Status.OVER or round_row.table.paused:
            return moves
        bots = list(Seat.objects.filter(table_id=round_row.table_id).exclude(bot=""))
        if not bots:
            return moves
        engine = engine_round(round_row)
        state = engine.state
        seat = next((s for s in bots if state.predictions[s.position] is None), None)
        if seat is None or state.current is None:
            return moves
        bot = DELPHI_BOTS.get(seat.bot, DELPHI_BOTS["random"])
        action = bot(seat.position, f"{round_row.seed}:{seat.position}").predict(
            engine.view(seat.position)
        )
        try:
            round_act(
                round_id=round_id,
                action=action,
                seat=seat,
                idempotency_key=f"bot:{seat.position}:{state.current.code}",
                hypothesis=bot_hypothesis(action.hypothesis) if action.hypothesis else None,
                schedule=False,
            )
        except IllegalActionError:
            return moves  # the teacher placed the card meanwhile; the next call sees the next
        moves += 1
        if not settings.CELERY_TASK_ALWAYS_EAGER and settings.BOT_MOVE_SECONDS:
            bots_play.apply_async((round_id,), countdown=settings.BOT_MOVE_SECONDS)
            return moves


OTHER_GAME_BOTS = {"delphi": delphi_bots_play}
