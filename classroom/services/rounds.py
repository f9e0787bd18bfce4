"""Writes to a round: every action goes through `round_act`, which locks the round row, asks the
engine, appends the action to the log and refreshes the cached snapshot, all in one transaction
(a student's move, checked on the round its request read, locks it by updating it at that
version).

The engine decides; this module only stores. An action the engine refuses raises
`IllegalActionError` and writes nothing. An action sent twice with the same idempotency key is
applied once; the second call gets the first one's result back.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from classroom.live import new_stamp, table_changed
from classroom.models import Action, GameSession, Hypothesis, Round, Seat, Table
from classroom.refusal_codes import (
    REVEAL_BEFORE_OVER,
    SESSION_FINISHED,
    STALE_VERSION,
    TABLE_PAUSED,
)
from classroom.secret_rules import round_rule
from classroom.selectors.rounds import engine_round
from classroom.task_queue import BOTS_PLAY, enqueue
from eleusis.engine.variants import Action as EngineAction
from eleusis.engine.variants import IllegalActionError, Refusal, config_from_json, new_round
from eleusis.engine.variants import Round as EngineRound
from eleusis.web.compiled import CompiledQuery

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class HypothesisInput:
    """A hypothesis as logged with a play: the student's words and, when built from sentence
    frames, the checkable rule text and the frame it came from."""

    text: str = ""
    checkable: str = ""
    frame_id: str = ""
    frame_choices: dict[str, str] = field(default_factory=dict)

    @property
    def is_empty(self) -> bool:
        return not (self.text.strip() or self.checkable.strip())

    @property
    def summary(self) -> str | None:
        """What the engine records with the play: the words, else the checkable form."""
        return (self.text.strip() or self.checkable.strip()) or None


class StaleMoveError(IllegalActionError):
    """The move was made against an older state of the round than the one it would land on."""


def action_key(seat: Seat | None, key: str) -> str:
    """The stored idempotency key: the caller's key scoped to who acts (a seat, or the dealer),
    so that no student's key can ever take the place of a bot's or another seat's move."""
    if not key:
        return ""
    scope = f"s{seat.pk}:" if seat is not None else "d:"
    return scope + key[: 64 - len(scope)]


@dataclass(frozen=True)
class ActResult:
    action: Action
    events: list[dict[str, Any]]
    duplicate: bool = False
    round: Round | None = None  # the round after the move, and its engine: not read again
    engine: EngineRound | None = None
    hypothesis: Hypothesis | None = None
    # The table's stamp this move's commit sets (classroom.live): the answer's page carries it.
    stamp: str = ""


def round_create(
    *,
    table: Table,
    variant: str,
    config: dict,
    rule_text: str,
    seed: int | None = None,
    dealer_position: int | None = None,
    rule_words: str = "",
) -> Round:
    """Deal a new round at a table, numbered after the last one. `dealer_position`: the seat
    of the student who deals (and so does not play), when the students deal in turn. Seats
    whose student left are not dealt in."""
    all_positions = list(table.seats.order_by("position").values_list("position", "left"))
    staying = [position for position, left in all_positions if not left]
    positions = None
    if len(staying) == len(all_positions):
        players = len(all_positions) - (0 if dealer_position is None else 1)
    else:
        # The players from the dealer's left (or from seat 0), the seats that left skipped.
        start = -1 if dealer_position is None else dealer_position
        size = max(position for position, _left in all_positions) + 1
        positions = sorted(
            (p for p in staying if p != dealer_position), key=lambda p: (p - start - 1) % size
        )
        players = len(positions)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**53)
    engine = new_round(
        variant, config_from_json(variant, config), seed, round_rule(rule_text, rule_words), players
    )
    last = table.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    round_row = Round.objects.create(
        table=table,
        number=last + 1,
        variant=variant,
        config=config,
        seed=seed,
        players=players,
        rule_text=rule_text,
        rule_words=rule_words,
        dealer_position=dealer_position,
        positions=positions,
        snapshot=engine.to_json(),
    )
    _mark_over(round_row, engine)
    _table_changed_on_commit(table.pk)
    return round_row


# The round a move is made in, locked (only its row) with its table and session (is it
# finished?) and whether bots sit at the table (do they answer the move?), as every move reads
# it: its SQL compiled once (eleusis/web/compiled.py).
def _locked_rounds(round_id: int) -> QuerySet[Round]:
    bots = Seat.objects.filter(table=OuterRef("table")).exclude(bot="")
    return (
        Round.objects.select_for_update(of=("self",))
        .select_related("table__session")
        .annotate(with_bots=Exists(bots))
        .filter(pk=round_id)
    )


_locked_round = CompiledQuery(_locked_rounds)
_locked_round_without_snapshot = CompiledQuery(
    lambda round_id: _locked_rounds(round_id).defer("snapshot")
)


def round_act(
    *,
    round_id: int,
    action: EngineAction,
    seat: Seat | None = None,
    idempotency_key: str = "",
    hypothesis: HypothesisInput | None = None,
    schedule: bool | None = None,
    expected_version: int | None = None,
    engine: EngineRound | None = None,
    current: Round | None = None,
) -> ActResult:
    """Apply one action to a round and append it to the log.

    `seat` is who acts (None for the dealer: the app or the teacher). Raises IllegalActionError
    (nothing written) when the engine refuses the action or the table is paused. `schedule`:
    whether to let the bots at the table answer afterwards (the bots' own task says no; None:
    when bots sit at the table).
    `idempotency_key` is scoped to the seat (`action_key`). `expected_version`: how many
    actions the round had when the move was made; if it has more now, the move is refused
    (`StaleMoveError`) rather than applied to a table that moved on. `engine`: the round as
    the caller decoded it at `expected_version` (it checked the move on it, and checked the
    key): used instead of decoding the snapshot again. A key used twice is still caught by
    the database's unique constraint. `current`: with `engine`, `expected_version` and
    `schedule`, the round row the engine was decoded from (its table and session read with
    it): the round is then not read again, only updated where it is still at that version
    (`_act_on_current`).
    """
    key = action_key(seat, idempotency_key)
    try:
        if current is not None and engine is not None and schedule is not None:
            if current.version == expected_version:
                done = _act_on_current(current, action, seat, key, hypothesis, schedule, engine)
                if done is not None:
                    return done
            engine = None  # applied (or stale): the locked path decodes the round anew
        with transaction.atomic():
            round_row = _lock_round(round_id, decoded=engine is not None)
            if key and engine is None and (done := _logged(round_row.actions.all(), key)):
                return done
            if refusal := _closed_to(round_row, seat):
                raise IllegalActionError(refusal)
            if engine is None or expected_version != round_row.version:
                engine = engine_round(round_row)
            # Moves since the check make this one stale unless the game says they leave it
            # as it was (Delphi: classmates' tokens for the same card, sent at once).
            if expected_version is not None and engine.moved_on_since(expected_version):
                raise StaleMoveError(STALE_VERSION, made=expected_version, now=round_row.version)
            bots = schedule or (schedule is None and round_row.with_bots)
            done = _apply(round_row, action, seat, key, hypothesis, engine, bots=bots)
            assert done is not None  # the round is locked: it cannot have moved on
            return done
    except IntegrityError:
        # Two requests with the same key raced past the check; the first one won. Return it.
        if key and (done := _logged(Action.objects.filter(round_id=round_id), key)):
            return done
        raise


def _lock_round(round_id: int, *, decoded: bool) -> Round:
    """The round row, locked, with its table and session; without its snapshot when the
    caller `decoded` the round already (the snapshot need not travel again)."""
    found = (_locked_round_without_snapshot if decoded else _locked_round)(round_id)
    if not found:
        raise Round.DoesNotExist(f"no round {round_id}")
    (round_row,) = found
    return round_row


def _logged(actions: QuerySet[Action], key: str) -> ActResult | None:
    """The result of the action already logged under `key` (the move sent twice), if any."""
    done = actions.filter(idempotency_key=key).first()
    return ActResult(done, done.events, duplicate=True) if done is not None else None


def _closed_to(round_row: Round, seat: Seat | None) -> Refusal | None:
    """Why the round takes no move from `seat` now (its table paused, its session finished);
    None when it does. The dealer (no seat) still acts."""
    if seat is None:
        return None
    if round_row.table.paused:
        return TABLE_PAUSED
    if round_row.table.session.status == GameSession.Status.FINISHED:
        return SESSION_FINISHED
    return None


def _act_on_current(
    round_row: Round,
    action: EngineAction,
    seat: Seat | None,
    key: str,
    hypothesis: HypothesisInput | None,
    schedule: bool,
    engine: EngineRound,
) -> ActResult | None:
    """A move on the round as the caller read it and decoded it (`round_row`, at its version,
    with its table and session), not read again: `_apply` updates it only where it is still at
    that version, and that update locks it. None when it moved on meanwhile (nothing written):
    the locked path then says why, or makes the move on the round as it is now. Two moves on
    one version land one: the second waits on the first's row lock, then finds the version
    changed. A finished session ended its rounds by an action (a new version); a pause is read
    with the round, as the locked path reads it (a pause does not lock rounds either). One
    query and one lock fewer than reading the round locked first, about a tenth of a play's
    CPU (benchmarks/bench_table.py)."""
    if _closed_to(round_row, seat):
        return None
    with transaction.atomic():
        return _apply(round_row, action, seat, key, hypothesis, engine, bots=schedule)


def _apply(
    round_row: Round,
    action: EngineAction,
    seat: Seat | None,
    key: str,
    hypothesis: HypothesisInput | None,
    engine: EngineRound,
    *,
    bots: bool,
) -> ActResult | None:
    """The action applied to `engine` (the round decoded at `round_row.version`) and stored:
    the round's row updated (next version, new snapshot, its ending if the action ended it)
    where it is still at that version, the action logged. None, nothing written, when the
    round moved on (never under the round's lock)."""
    events = [event.to_json() for event in engine.apply(action)]
    fields: dict[str, Any] = {
        "version": round_row.version + 1,
        "snapshot": engine.to_json(),
        **_ending(round_row, engine),
    }
    if not Round.objects.filter(pk=round_row.pk, version=round_row.version).update(**fields):
        return None
    row, logged = _log_action(round_row, fields["version"], seat, action, events, key, hypothesis)
    for name, value in fields.items():
        setattr(round_row, name, value)
    stamp = _after_commit(round_row, ended="status" in fields, bots=bots)
    return ActResult(row, events, round=round_row, engine=engine, hypothesis=logged, stamp=stamp)


def _log_action(
    round_row: Round,
    seq: int,
    seat: Seat | None,
    action: EngineAction,
    events: list[dict[str, Any]],
    key: str,
    hypothesis: HypothesisInput | None,
) -> tuple[Action, Hypothesis | None]:
    """The action appended to the round's log as its `seq`-th, with the hypothesis logged
    with it."""
    row = Action.objects.create(
        round=round_row,
        seq=seq,
        seat=seat,
        kind=action.kind,
        payload=action.to_json(),
        events=events,
        idempotency_key=key,
    )
    return row, _log_hypothesis(row, seat, hypothesis)


def _log_hypothesis(
    row: Action, seat: Seat | None, hypothesis: HypothesisInput | None
) -> Hypothesis | None:
    if hypothesis is None or seat is None or hypothesis.is_empty:
        return None
    return Hypothesis.objects.create(
        action=row,
        seat=seat,
        text=hypothesis.text.strip(),
        checkable=hypothesis.checkable.strip(),
        frame_id=hypothesis.frame_id,
        frame_choices=hypothesis.frame_choices,
    )


def _after_commit(round_row: Round, *, ended: bool, bots: bool) -> str:
    """What a committed move sets going: the table's new stamp (returned), the review of a
    round it ended, the bots' answer."""
    round_id, table_id, session_id = round_row.pk, round_row.table_id, round_row.table.session_id
    # The stamp first: should Redis hang, its short timeout marks the cache degraded, and the
    # review and the bots then leave their tasks to the sweeps at once.
    stamp = new_stamp()
    transaction.on_commit(lambda: table_changed(table_id, session_id, stamp=stamp))
    if ended:
        transaction.on_commit(lambda: _review_when_over(round_id))
    if bots:
        transaction.on_commit(lambda: schedule_bots(round_id))
    return stamp


def _ending(round_row: Round, engine: EngineRound) -> dict[str, Any]:
    """The fields a round the engine just ended takes (none when it goes on, or had ended)."""
    if not engine.is_over or round_row.status == Round.Status.OVER:
        return {}
    return {
        "status": Round.Status.OVER,
        "end_reason": (engine.end_reason or "")[:100],
        "ended_at": timezone.now(),
    }


def _mark_over(round_row: Round, engine: EngineRound) -> None:
    fields = _ending(round_row, engine)
    for name, value in fields.items():
        setattr(round_row, name, value)
    if fields:
        round_row.save(update_fields=list(fields))


def round_reveal(*, round_id: int) -> Round:
    """Show the secret rule to the table. Only once the round is over, so play cannot go on
    with the rule in view."""
    with transaction.atomic():
        round_row = Round.objects.select_for_update().get(pk=round_id)
        if round_row.status != Round.Status.OVER:
            raise IllegalActionError(REVEAL_BEFORE_OVER)
        if not round_row.revealed:
            round_row.revealed = True
            round_row.save(update_fields=["revealed"])
            _table_changed_on_commit(round_row.table_id)
    return round_row


def table_set_paused(*, table: Table, paused: bool) -> None:
    if table.paused != paused:
        Table.objects.filter(pk=table.pk).update(paused=paused)
        table.paused = paused
        _table_changed_on_commit(table.pk)


def _table_changed_on_commit(table_id: int) -> None:
    """The table's pages are told it changed once this write commits (`table_changed`)."""
    transaction.on_commit(lambda: table_changed(table_id))


def _review_when_over(round_id: int) -> None:
    """A round that ends is analysed for the review at once (in the worker), so the teacher's
    review is ready when they open it. Like the bots, this never undoes the move that ended it."""
    from classroom.services.review import analysed, round_insight_request

    try:
        round_row = Round.objects.filter(pk=round_id).first()
        if round_row is not None and analysed(round_row):
            round_insight_request(round_row=round_row)
    except Exception:  # the move is committed; the review asks again when it is opened
        logger.exception("could not ask for the review of round %s", round_id)


def schedule_bots(round_id: int) -> None:
    """Let the bots at the table answer. Runs after the commit: whatever happens to the bots
    (a broker outage, a bot's error), the move that was just saved stays saved."""
    from eleusis.cache import cache_is_degraded

    if cache_is_degraded():  # Redis (the broker too) just failed: do not wait on it again
        logger.warning("bots of round %s wait for the sweep: Redis is unavailable", round_id)
        return
    try:
        enqueue(BOTS_PLAY, round_id)
    except Exception:  # the player's move is committed; the bots wait for the next change
        logger.exception("could not let the bots play in round %s", round_id)
