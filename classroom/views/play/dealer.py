"""The student who deals: writing the secret rule, and judging the others' moves."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from classroom.access import (
    seat_for_student,
    student_required,
)
from classroom.models import Round, Seat
from classroom.parsing import parse_card, parse_int
from classroom.refusal_codes import NOT_YOUR_DEAL
from classroom.refusals import refusal_message
from classroom.selectors.games import (
    Board,
    hint_refusal,
    next_dealer_position,
    student_board,
)
from classroom.services.games import dealer_judges, round_deal_by_student
from classroom.services.rounds import (
    StaleMoveError,
    round_act,
)
from classroom.teach_forms import rule_check
from classroom.views.play.board import _MOVED_ON, _refused, _render_board
from eleusis.engine.cards import Card
from eleusis.engine.rules.errors import MAX_RULE_LENGTH
from eleusis.engine.variants import (
    Action,
    DealerHint,
    IllegalActionError,
    Verdict,
)
from eleusis.web.htmx import refusal_status
from eleusis.web.rule_check import rule_check_response, rule_checks_exhausted

# The student who deals -------------------------------------------------------------------------


@require_POST
@student_required
def table_rule_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The dealing student's rule editor: explanation and warnings as they type."""
    seat_for_student(request, pk)
    return rule_check_response(request)


@require_POST
@student_required
def table_deal(request: HttpRequest, pk: int) -> HttpResponse:
    """The dealing student writes the secret rule and deals the round."""
    seat = seat_for_student(request, pk)
    if refused := _refused(request, seat, "deal"):
        return refused
    if not seat.table.dealt_by_students:
        message = _("Your teacher chose the rule of this game.")
        return _render_board(request, seat, message=message, ok=False, status=409)
    # Whose deal it is comes first, and the rule check below shares the rule editor's
    # throttle: a student who is not dealing costs no parsing, and nobody parses rules unlimited.
    if next_dealer_position(table=seat.table) != seat.position:
        message = refusal_message(IllegalActionError(NOT_YOUR_DEAL))
        return _render_board(request, seat, message=message, ok=False, status=409)
    if rule_checks_exhausted(request):
        message = _(
            "Too many checks in a row: wait a minute, then type again to have the rule checked."
        )
        return _render_board(request, seat, message=message, ok=False, status=429)
    text = request.POST.get("rule_text", "")[:MAX_RULE_LENGTH]
    words = request.POST.get("rule_words", "")[:MAX_RULE_LENGTH].strip()
    by_hand = dealer_judges(seat.table.session.assignment, text)
    if by_hand and not words:
        message = _("Write your secret rule in words first.")
        return _render_board(
            request, seat, message=message, ok=False, status=refusal_status(request)
        )
    check = rule_check(text)
    if not check.ok and not (by_hand and not text.strip()):
        message = (
            _("Your rule has a mistake at line %(line)s, column %(column)s: %(message)s")
            % {
                "line": check.error.line,
                "column": check.error.column,
                "message": check.error_message,
            }
            if check.error
            else _("Write your secret rule first.")
        )
        return _render_board(
            request, seat, message=message, ok=False, status=refusal_status(request)
        )
    try:
        round_deal_by_student(seat=seat, rule_text=text, rule_words=words)
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False, status=409)
    if request.htmx:
        return HttpResponseClientRedirect(reverse("classroom:table", kwargs={"pk": pk}))
    return redirect("classroom:table", pk=pk)


@require_POST
@student_required
def table_dealer_move(request: HttpRequest, pk: int) -> HttpResponse:
    """The dealing student judges what waits for their verdict (a starter card, a play, a "no
    play", a free-text guess) or gives everyone a hint. When their rule is also in the rule
    language and a verdict contradicts it, the verdict is not given: the dealer alone is warned
    and confirms or changes it."""
    seat = seat_for_student(request, pk)
    if refused := _refused(request, seat, "dealer"):
        return refused
    board = student_board(table=seat.table, seat=seat)
    if board.dealer is None or board.round is None:
        return _render_board(
            request, seat, message=_("You are not the dealer."), ok=False, status=403
        )
    action = _dealer_action(request, seat, board)
    if isinstance(action, HttpResponse):
        return action
    return _dealer_acts(request, seat, board.round, action)


def _dealer_action(request: HttpRequest, seat: Seat, board: Board) -> Action | HttpResponse:
    """The verdict or the hint the dealer's form asks for, or the page that says why it
    asks for none."""
    op = request.POST.get("op")
    # A card named without a verdict: the dealer says a "no play" was wrong, this card fits.
    said = request.POST.get("correct") or ("no" if request.POST.get("card") else "")
    if op == "verdict" and said in ("yes", "no"):
        return _dealer_verdict(request, seat, board, said)
    if op == "hint" and request.POST.get("hint", "").strip():
        if refusal := hint_refusal(board.round):
            return _render_board(request, seat, message=refusal, ok=False, status=409)
        return DealerHint(request.POST["hint"].strip()[:300])
    return _render_board(
        request,
        seat,
        message=_("Choose right or wrong, or write a hint."),
        ok=False,
        status=refusal_status(request),
    )


def _dealer_verdict(
    request: HttpRequest, seat: Seat, board: Board, said: str
) -> Verdict | HttpResponse:
    """The dealer's verdict ("yes" or "no", with the card that fits instead of a "no play"),
    unless it contradicts their rule in the rule language and is not confirmed yet: then the
    page warning the dealer."""
    correct = said == "yes"
    card = parse_card(request.POST["card"]) if request.POST.get("card") else None
    if request.POST.get("card") and card is None:
        return _render_board(request, seat, message=_("That is not a card."), ok=False, status=400)
    pending = board.verdict
    unconfirmed = pending is not None and not request.POST.get("confirm")
    if unconfirmed and (warning := _verdict_warning(pending, correct, card)):
        return _render_board(
            request,
            seat,
            message=warning,
            ok=False,
            extra={"unconfirmed": {"correct": said, "card": card}},
        )
    return Verdict(correct, card)


def _dealer_acts(
    request: HttpRequest, seat: Seat, round_row: Round, action: Action
) -> HttpResponse:
    """The dealer's verdict or hint applied to the round as the page showed it."""
    seq = request.POST.get("seq", "")
    version = parse_int(seq)
    if seq and version is None:  # not a version this page was drawn at: "²", 5,000 digits
        return _render_board(request, seat, message=_MOVED_ON(), ok=False, status=400)
    try:
        round_act(
            round_id=round_row.pk,
            action=action,
            seat=seat,
            idempotency_key=request.POST.get("key", ""),
            expected_version=version,
        )
    except StaleMoveError:
        return _render_board(request, seat, message=_MOVED_ON(), ok=False)
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False)
    # A hint sent (or sent twice with one key, and given once): its box comes back empty.
    return _render_board(
        request, seat, message=_("Done."), reset_inputs=isinstance(action, DealerHint)
    )


def _verdict_warning(pending, correct: bool, card: Card | None) -> str:
    """Why the dealer's verdict contradicts their own rule in the rule language (empty when
    it does not, or when there is no such rule): seen by the dealer alone."""
    if pending.expected is None or pending.what == "guess":
        return ""
    if pending.what == "no_play":
        if correct and pending.legal:
            return _(
                "Careful: your rule in the rule language accepts %(card)s from this hand, so "
                'the "no play" is wrong. Confirm your verdict, or change it.'
            ) % {"card": str(pending.legal[0])}
        if not correct and card is not None and card not in pending.legal:
            return _(
                "Careful: your rule in the rule language does not accept %(card)s here. "
                "Confirm your verdict, or choose another card."
            ) % {"card": str(card)}
        return ""
    if correct == pending.expected:
        return ""
    if pending.expected:
        return _(
            "Careful: your rule in the rule language accepts %(card)s here, and you said "
            "wrong. Confirm your verdict, or change it."
        ) % {"card": str(pending.card)}
    return _(
        "Careful: your rule in the rule language does not accept %(card)s here, and you said "
        "right. Confirm your verdict, or change it."
    ) % {"card": str(pending.card)}
