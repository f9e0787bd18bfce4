"""Writes for Delphi (docs/rules.md §3), the whole-class prediction game: the teacher (or the
oracle whose rule is in words) places the card before the stragglers have; a student's token
is a move of the one move path (`classroom/services/moves.py`; `delphi_predict` makes one
without a page).

Each names the card it was shown, checked under the round's lock: a page left open on a card
that has since been placed gets `StaleCardError` instead of acting on the next card.
Everything else is `round_act`'s: the engine decides, the log stores, a double click with the
same idempotency key is applied once.
"""

from __future__ import annotations

from typing import cast

from django.db import transaction

from classroom.games import web_game
from classroom.models import Action, Round, Seat
from classroom.refusal_codes import NOT_THE_ORACLE, STALE_CARD
from classroom.services.moves import MoveAsked, move_make
from classroom.services.rounds import (
    ActResult,
    HypothesisInput,
    action_key,
    engine_round,
    round_act,
)
from eleusis.engine.cards import Card
from eleusis.engine.variants import IllegalActionError, Reveal, Verdict
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
    """The student at `seat` says whether `card`, the card on show, fits the rule, with,
    optionally, their hypothesis: a token without a page (scripts, the bots' tests), made by
    the one move path (`move_make`) as the page's would be. It names no version: the card it
    names is the one it was shown, and a card placed since is refused (`StaleCardError`)."""
    seat = Seat.objects.select_related("student", "table__session__assignment").get(pk=seat.pk)
    round_row = Round.objects.only("version").get(pk=round_id)
    asked = MoveAsked(
        op="predict",
        round_id=round_id,
        version=round_row.version,
        key=idempotency_key[:64],
        data={"card": card, "value": value},
        hypothesis=HypothesisInput(text=hypothesis.strip()),
        prediction=None,
    )
    game = web_game(seat.table.session.assignment.variant)
    try:
        made = move_make(seat=seat, seats=list(seat.table.seats.all()), game=game, asked=asked)
    except IllegalActionError as refusal:
        if refusal.code == STALE_CARD.code:
            raise StaleCardError(STALE_CARD, **refusal.params) from None
        raise
    action = made.action or Action.objects.get(
        round_id=round_id, idempotency_key=action_key(seat, asked.key)
    )
    return ActResult(action, made.events or action.events, duplicate=made.duplicate)


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
