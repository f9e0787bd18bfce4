"""The student's table page and the board fragment every move answers with (message, focus on the
field a refusal is about). The page polls for changes; a poll that finds the table as it was
answers 204 from one cache read.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from classroom.access import (
    STUDENT_SESSION_KEY,
    Seated,
    student_seat_required,
)
from classroom.games import WebGame, web_game
from classroom.live import request_table_stamp, use_polled_session
from classroom.models import Seat
from classroom.selectors.games import UNREAD


def _ALREADY_DONE() -> str:
    return _("Already done: that move was sent twice and counted once.")


def _MOVED_ON() -> str:
    return _("The table has moved on since you chose that move. Have a look, then play again.")


# The table ------------------------------------------------------------------------------------


def _render_board(
    request: HttpRequest,
    seat: Seat,
    *,
    message: str = "",
    ok: bool = True,
    status: int = 200,
    error_field: str = "",
    reset_inputs: bool = False,
    extra: dict | None = None,
    board: Any = None,
    seats: list[Seat] | None = None,
    round_row: Any = UNREAD,
) -> HttpResponse:
    """The table page (the fragments an htmx request swaps). `reset_inputs` sends the inputs of
    a move (hypothesis, sentence, prediction, guess) empty again, after a move that was made.
    `board`: the board as the move that was just made left it, when the view has it; `seats`
    and the current `round_row`: when the view has them."""
    # The stamp is read before the board it stamps (by the idle-poll middleware when it could): a
    # play committed in between then costs one more render, instead of a page showing the old
    # board under the new stamp until the next play.
    stamp = request_table_stamp(request, seat.table_id)
    game = table_game(seat.table)
    if board is None:
        board = game.board(table=seat.table, seat=seat, seats=seats, round_row=round_row)
    # The page a poll (its `mode`) or a move (its form's `page_mode`) came from: when this seat
    # now needs another page (the round ended, a new one began, they became the prophet), the
    # page's main part is swapped in place with the new one, a move's message in it, and one
    # sentence says what changed (site.js reads it and puts focus on a meaningful place).
    mode = request.GET.get("mode") or request.POST.get("page_mode")
    changed_from = mode if request.htmx and mode and mode != board.mode else ""
    assignment = seat.table.session.assignment
    context = {
        "board": board,
        "assignment": assignment,
        "stamp": stamp,
        "poll_ms": settings.POLL_INTERVAL_MS,
        "message": message,
        "message_ok": ok,
        # The id of the field a refusal is about: the page marks it and moves focus to it.
        "error_field": error_field or getattr(message, "field", ""),
        "move_key": uuid.uuid4().hex,
        "reset_inputs": reset_inputs,
        "sections": game.sections_template,
        "move_url": game.move_url,
        "hand_stale": _hand_stale(request, board, made=reset_inputs),
        **game.context(board, assignment),
        **(extra or {}),
    }
    if changed_from:
        context["page_change"] = page_change(board, changed_from)
        return _main_swapped(render(request, game.table_template, context))
    template = game.table_template + ("#board_update" if request.htmx else "")
    return render(request, template, context, status=status)


def _hand_stale(request: HttpRequest, board: Any, *, made: bool) -> bool:
    """Whether the answer redraws the hand: a poll's when the hand changed, a move's when it
    was `made` (a refusal leaves the cards ticked)."""
    if request.method == "POST":
        return made
    return request.GET.get("hand") != getattr(board, "hand_key", "")


def _main_swapped(response: HttpResponse) -> HttpResponse:
    """The whole page, told to htmx to replace the page's main part with its own."""
    response["HX-Retarget"] = response["HX-Reselect"] = "#main"
    response["HX-Reswap"] = "outerHTML"
    return response


# The modes of a seat's page in which no round of theirs is being played (the boards' `mode`).
_BETWEEN_ROUNDS = frozenset({"over", "waiting", "write"})


def page_change(board: Any, changed_from: str) -> str:
    """What changed for this seat when its page changed mode, in one sentence, or "" when the
    page's status line says it already (the round is over, you are the prophet, your deal)."""
    if changed_from in _BETWEEN_ROUNDS and board.mode not in _BETWEEN_ROUNDS:
        number = getattr(board.round, "number", None)
        if number:
            return _("Round %(number)s has started.") % {"number": number}
    if changed_from == "prophet" and board.mode == "player":
        return _("You are no longer the prophet.")
    return ""


def table_game(table) -> WebGame:
    """The game of this table (its page, its board, its moves)."""
    return web_game(table.session.assignment.variant)


def _refused(request: HttpRequest, seat: Seat, move: str) -> HttpResponse | None:
    """A move view this table's game does not have: 409, and the page as it is."""
    if move in table_game(seat.table).moves:
        return None
    return _render_board(
        request, seat, message=_("This game has no such move."), ok=False, status=409
    )


@require_GET
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    # The idle poll, a thousand times a minute in a class: answered from the cache alone. The
    # stamp is a random token only a rendered page of this table carries, and a 204 says
    # nothing but "no change", so it needs no database read to be safe.
    use_polled_session(request)
    stamp = request.GET.get("stamp")
    idle = request.htmx and stamp and STUDENT_SESSION_KEY in request.session
    if idle and stamp == request_table_stamp(request, pk):
        return HttpResponse(status=204)
    return _table_page(request, pk=pk)


@student_seat_required
def _table_page(request: HttpRequest, seated: Seated) -> HttpResponse:
    return _render_board(request, seated.seat, seats=seated.seats, round_row=seated.round_row)
