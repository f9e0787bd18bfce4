"""The moves of an Abbott/Howell table (docs/rules.md §2); its page is the table page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from classroom.access import seat_for_student, student_required
from classroom.game_forms import AbbottMoveForm
from classroom.refusals import refusal_message
from classroom.selectors.abbott import abbott_board
from classroom.services.rounds import round_act
from classroom.views.play.board import _refused, _render_board
from classroom.views.play.moves import _hypothesis
from eleusis.engine.variants import (
    Action,
    BecomeProphet,
    IllegalActionError,
    NoPlay,
    PlayString,
    ProphetJudgement,
)
from eleusis.web.htmx import refusal_status


@require_POST
@student_required
def table_abbott(request: HttpRequest, pk: int) -> HttpResponse:
    """A string of cards, "no play", becoming prophet or the prophet's verdict. The engine
    checks every move (and every judgement against the secret rule); a refusal is a message
    and nothing changes."""
    seat = seat_for_student(request, pk)
    if refused := _refused(request, seat, "string"):
        return refused
    board = abbott_board(table=seat.table, seat=seat)
    hand = board.view.hand if board.view is not None else ()
    form = AbbottMoveForm(request.POST, hand=hand)
    if not form.is_valid():
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_board(
            request, seat, message=" ".join(errors), ok=False, status=refusal_status(request)
        )
    data = form.cleaned_data
    round_row = board.round
    if round_row is None or round_row.pk != data["round"] or board.view is None:
        message = _("The table has moved on to a new round. Have a look, then play again.")
        return _render_board(request, seat, message=message, ok=False)
    if seat.table.paused:
        return _render_board(
            request, seat, message=_("Your teacher has paused the game. Wait a moment."), ok=False
        )
    assignment = seat.table.session.assignment
    hypothesis = _hypothesis(data)
    prediction = form.prediction_value
    op = data["op"]
    player = board.player
    if op in ("play", "no_play"):
        plays_made = len(board.view.history)
        if assignment.hypothesis_required_at(plays_made + 1) and hypothesis.is_empty:
            message = _("Write your hypothesis before you play: what do you think the rule is?")
            return _render_board(request, seat, message=message, ok=False)
        if assignment.prediction_required and not data.get("prediction"):
            message = _("Make a prediction: will the dealer accept it?")
            return _render_board(request, seat, message=message, ok=False)
    action: Action
    if op == "play":
        action = PlayString(
            player, data["string"], hypothesis=hypothesis.summary, prediction=prediction
        )
    elif op == "no_play":
        action = NoPlay(player, hypothesis=hypothesis.summary, prediction=prediction)
    elif op == "prophet":
        action = BecomeProphet(player)
    else:
        if board.to_judge is None:
            return _render_board(
                request, seat, message=_("There is nothing for you to judge now."), ok=False
            )
        card = data.get("card")
        if op == "reject" and board.to_judge.what == "no_play":
            # A "no play" judged wrong: the prophet names a legal card of the shown hand.
            if card is None or card not in board.to_judge.cards:
                message = _("Choose the card of their hand that could be played.")
                return _render_board(request, seat, message=message, ok=False)
        else:
            card = None
        action = ProphetJudgement(correct=op == "accept", card=card)
    try:
        result = round_act(
            round_id=round_row.pk,
            action=action,
            seat=seat,
            idempotency_key=data.get("key") or "",
            hypothesis=hypothesis if op in ("play", "no_play") else None,
        )
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False)
    return _render_board(request, seat, message=_abbott_message(result.events), reset_inputs=True)


def _abbott_message(events: list[dict]) -> str:
    """What became of the move, in words (never by color alone)."""
    for event in events:
        kind = event.get("kind")
        if kind == "prophet_fell":
            return _("The prophet was wrong and is overthrown!")
        if kind == "prophet_named":
            return _("You are the prophet now: judge the others' plays.")
        if kind == "awaiting_prophet":
            return _("The prophet judges your play…")
        if kind == "attempt_judged":
            return _("✓ Accepted!") if event.get("accepted") else _("✗ Rejected.")
    return _("Done.")
