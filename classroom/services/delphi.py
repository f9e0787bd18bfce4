"""Writes for Delphi (docs/rules.md §3), the whole-class prediction game: a student shows a
token for the card on show, the teacher places the card before the stragglers have.

Both name the card they were shown, and both check it under the round's lock: a page left open
on a card that has since been placed gets `StaleCardError` instead of acting on the next card.
Everything else is `round_act`'s: the engine decides, the log stores, a double click with the
same idempotency key is applied once.
"""

from __future__ import annotations

from typing import cast

from django.db import transaction

from classroom.models import Round, Seat
from classroom.refusal_codes import NOT_PLAYING, NOT_THE_ORACLE, STALE_CARD
from classroom.services.rounds import (
    ActResult,
    HypothesisInput,
    action_key,
    engine_round,
    round_act,
)
from eleusis.engine.cards import Card
from eleusis.engine.variants import IllegalActionError, Predict, Reveal, Verdict
from eleusis.engine.variants.delphi import DelphiState


class StaleCardError(IllegalActionError):
    """The card a page was showing is no longer the card on show."""


def _locked(round_id: int) -> Round:
    return Round.objects.select_for_update().get(pk=round_id)


def _check_card(round_row: Round, card: Card | None) -> None:
    current = cast(DelphiState, engine_round(round_row).state).current
    if current is None or current != card:
        raise StaleCardError(STALE_CARD, card=card)


def delphi_predict(
    *,
    round_id: int,
    seat: Seat,
    card: Card,
    value: bool,
    hypothesis: str = "",
    idempotency_key: str = "",
) -> ActResult:
    """The student at `seat` says whether `card`, the card on show, fits the rule. With it,
    optionally, their hypothesis (logged for the review and the teacher's stream)."""
    key = idempotency_key[:64]
    with transaction.atomic():
        round_row = _locked(round_id)
        scoped = action_key(seat, key)
        if scoped and (done := round_row.actions.filter(idempotency_key=scoped).first()):
            return ActResult(done, done.events, duplicate=True)
        player = round_row.player_of(seat.position)
        if seat.table_id != round_row.table_id or player is None:
            raise IllegalActionError(NOT_PLAYING, seat=seat)
        _check_card(round_row, card)
        words = HypothesisInput(text=hypothesis.strip())
        return round_act(
            round_id=round_id,
            action=Predict(player, value, hypothesis=words.summary),
            seat=seat,
            idempotency_key=key,
            hypothesis=words,
        )


def delphi_reveal(*, round_id: int, card: Card) -> ActResult:
    """The teacher places `card`, the card on show, now: whoever has not predicted neither wins
    nor loses. A card is on show once in a round (one deck), so the card names the action: a
    double click places it once."""
    key = f"reveal:{card.code}"
    with transaction.atomic():
        round_row = _locked(round_id)
        if done := round_row.actions.filter(idempotency_key=action_key(None, key)).first():
            return ActResult(done, done.events, duplicate=True)
        _check_card(round_row, card)
        return round_act(round_id=round_id, action=Reveal(), idempotency_key=key)


def delphi_place(*, round_id: int, seat: Seat, card: Card, accepted: bool) -> ActResult:
    """The oracle whose rule is in words places `card`, the card on show: on the mainline
    (`accepted`) or not (docs/rules.md §3). The card names the action: a double click places
    it once."""
    key = f"place:{card.code}"
    with transaction.atomic():
        round_row = _locked(round_id)
        if seat.table_id != round_row.table_id or round_row.dealer_position != seat.position:
            raise IllegalActionError(NOT_THE_ORACLE, seat=seat)
        if done := round_row.actions.filter(idempotency_key=action_key(seat, key)).first():
            return ActResult(done, done.events, duplicate=True)
        _check_card(round_row, card)
        return round_act(
            round_id=round_id, action=Verdict(accepted), seat=seat, idempotency_key=key
        )
