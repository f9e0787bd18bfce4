"""The student's side of a game: the lobby, the table, and the moves.

The table page polls for changes; a poll that finds the table as it was answers 204 from one
cache read. A move is a POST with an idempotency key, so a double click plays once, and a page
left open on an old round or an old hand gets a message instead of a second play.

Why one long module: every move of a student's table answers with the same board fragment,
message and focus handling; it is next to be split per game when each game gets its own web
module (issue 15's registry).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from classroom.access import (
    STUDENT_SESSION_KEY,
    Seated,
    assignment_for_student,
    seat_for_student,
    session_for_student,
    student_required,
    student_seat_required,
)
from classroom.builder_i18n import builder_state, choices_from, suggestion_for
from classroom.builder_i18n import words as builder_words
from classroom.delphi_forms import PredictForm
from classroom.game_forms import FRAMES_BY_ID, MoveForm
from classroom.games import WebGame, web_game
from classroom.live import request_table_stamp, session_stamp
from classroom.models import Assignment, GameSession, Seat
from classroom.refusals import refusal_message
from classroom.secret_rules import is_rule_text
from classroom.selectors.games import (
    current_round,
    current_round_with_key,
    hint_refusal,
    student_board,
    student_tables,
)
from classroom.services.delphi import StaleCardError, delphi_predict
from classroom.services.games import lobby_join, round_deal_by_student, solo_start
from classroom.services.rounds import (
    HypothesisInput,
    StaleMoveError,
    action_key,
    engine_round,
    round_act,
)
from classroom.teach_forms import rule_check
from classroom.throttle import SOLO_STARTS_PER_STUDENT, throttle_over
from eleusis.engine.cards import Card
from eleusis.engine.rules.errors import MAX_RULE_LENGTH
from eleusis.engine.variants import (
    BuyHint,
    DealerHint,
    Guess,
    IllegalActionError,
    NoPlay,
    PassGuess,
    Play,
    Verdict,
)
from eleusis.web.frames_i18n import frame_sentence
from eleusis.web.htmx import refusal_status
from eleusis.web.rule_check import rule_check_response


def _ALREADY_DONE() -> str:
    return _("Already done: that move was sent twice and counted once.")


def _MOVED_ON() -> str:
    return _("The table has moved on since you chose that move. Have a look, then play again.")


# The lobby ------------------------------------------------------------------------------------


@require_POST
@student_required
def session_join(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_student(request, pk)
    if session.status != GameSession.Status.FINISHED:
        lobby_join(session=session, student=request.student)
    return redirect("classroom:session_lobby", pk=session.pk)


@require_GET
@student_required
def session_lobby(request: HttpRequest, pk: int) -> HttpResponse:
    session = session_for_student(request, pk)
    table = student_tables(student=request.student, session=session).first()
    started = session.status != GameSession.Status.LOBBY
    if started and table is not None:
        url = reverse("classroom:table", kwargs={"pk": table.pk})
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    stamp = session_stamp(session.pk)
    if request.htmx and request.GET.get("stamp") == stamp:
        return HttpResponse(status=204)
    context = {
        "session": session,
        "waiting": session.lobby.filter(student=request.student).exists(),
        "stamp": stamp,
        "poll_ms": settings.POLL_INTERVAL_MS,
        "table": table,
    }
    template = "classroom/play/lobby.html#lobby" if request.htmx else "classroom/play/lobby.html"
    return render(request, template, context)


@require_POST
@student_required
def solo_start_view(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_student(request, pk)
    if assignment.mode != Assignment.Mode.SOLO:
        return HttpResponse(_("This game is played live in class."), status=409)
    if throttle_over(SOLO_STARTS_PER_STUDENT, str(request.student.pk)):
        return render(request, "classroom/throttled.html", status=429)
    table = solo_start(assignment=assignment, student=request.student)
    return redirect("classroom:table", pk=table.pk)


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
) -> HttpResponse:
    """The table page (the fragments an htmx request swaps). `reset_inputs` sends the inputs of
    a move (hypothesis, sentence, prediction, guess) empty again, after a move that was made.
    `board`: the board as the move that was just made left it, when the view has it; `seats`:
    the table's seats, when the view has them."""
    # The stamp is read before the board it stamps (by the idle-poll middleware when it could): a
    # play committed in between then costs one more render, instead of a page showing the old
    # board under the new stamp until the next play.
    stamp = request_table_stamp(request, seat.table_id)
    game = table_game(seat.table)
    if board is None:
        board = game.board(table=seat.table, seat=seat, seats=seats)
    # The page a poll (its `mode`) or a move (its form's `page_mode`) came from: when this seat
    # now needs another page (the round ended, it is their deal), the whole page reloads, and a
    # move's message comes with it.
    mode = request.GET.get("mode") or request.POST.get("page_mode")
    if request.htmx and mode and mode != board.mode:
        if message and request.method == "POST":
            messages.add_message(request, messages.SUCCESS if ok else messages.ERROR, message)
        return HttpResponse(status=200, headers={"HX-Refresh": "true"})
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
        # A poll redraws the hand only when it changed; a move only when it was made (a refusal
        # leaves the cards ticked).
        "hand_stale": reset_inputs
        if request.method == "POST"
        else request.GET.get("hand") != getattr(board, "hand_key", ""),
        **game.context(board, assignment),
        **(extra or {}),
    }
    template = game.table_template + ("#board_update" if request.htmx else "")
    return render(request, template, context, status=status)


def express_context(board, assignment: Assignment) -> dict:
    next_play = board.plays_made + 1
    return {
        "frames": FRAMES_BY_ID.values(),
        # Drawn only with the inputs (a poll does not draw them), and then cached.
        "builder": SimpleLazyObject(lambda: builder_state({})),
        "hypothesis_required": assignment.hypothesis_required_at(next_play),
        # Nothing of the last move comes back in the inputs: a sentence or words left selected
        # would be sent again with the next play without the student choosing them.
    }


def no_context(board, assignment: Assignment) -> dict:
    return {}


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
    stamp = request.GET.get("stamp")
    idle = request.htmx and stamp and STUDENT_SESSION_KEY in request.session
    if idle and stamp == request_table_stamp(request, pk):
        return HttpResponse(status=204)
    return _table_page(request, pk=pk)


@student_seat_required
def _table_page(request: HttpRequest, seated: Seated) -> HttpResponse:
    return _render_board(request, seated.seat, seats=seated.seats)


@require_POST
@student_seat_required
def table_move(request: HttpRequest, seated: Seated) -> HttpResponse:
    seat = seated.seat
    if refused := _refused(request, seat, "move"):
        return refused
    form = MoveForm(request.POST)
    if not form.is_valid():
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_board(
            request,
            seat,
            message=" ".join(errors),
            ok=False,
            status=refusal_status(request),
            error_field=_error_field(form),
            seats=seated.seats,
        )
    message, ok, after = _move(seated, form)
    return _render_board(
        request, seat, message=message, ok=ok, reset_inputs=ok, board=after, seats=seated.seats
    )


# The form's fields as the page's ids (a refusal about one of them marks it and focuses it).
_FIELD_IDS = {
    "hypothesis": "id_hypothesis",
    "frame": "id_frame",
    "prediction": "id_prediction",
    "guess": "id_guess",
}


def _error_field(form: MoveForm) -> str:
    """The id of the field a refused move is about: a form field, or the sentence builder's
    drop-down to change (its ids are "id_b_" and the part)."""
    part = getattr(form, "builder_part", "")
    if part and "__all__" in form.errors:
        return f"id_b_{part}"
    return _FIELD_IDS.get(next(iter(form.errors), ""), "")


class FieldMessage(str):
    """A refusal about one field of the move form: the text, and the id of the field."""

    field: str

    def __new__(cls, text: str, field: str) -> FieldMessage:
        message = super().__new__(cls, text)
        message.field = field
        return message


def _move(seated: Seated, form: MoveForm) -> tuple[str, bool, Any]:
    """Make the move the form asks for. Returns the message for the student, whether the move
    was made, and the board after it (None: read it anew). Checks what a child could get wrong
    before the engine, in their words. The round is read and decoded once: for the checks,
    the move itself (`round_act(engine=...)`) and the page that answers."""
    outcome = _move_checked(seated, form)
    return outcome if len(outcome) == 3 else (*outcome, None)


def _move_checked(seated: Seated, form: MoveForm) -> tuple:
    seat, seats = seated
    data = form.cleaned_data
    key = data.get("key") or ""
    round_row = current_round_with_key(table=seat.table, key=action_key(seat, key))
    if round_row is None or round_row.pk != data["round"]:
        return _("The table has moved on to a new round. Have a look, then play again."), False
    if key and round_row.key_used:
        return _ALREADY_DONE(), True, None
    seq = data.get("seq")
    if seq is not None and seq != round_row.version:
        return _MOVED_ON(), False, None
    engine = engine_round(round_row)
    board = student_board(
        table=seat.table, seat=seat, round_row=round_row, engine=engine, seats=seats
    )
    view = board.view
    op = data["op"]
    if board.table.paused:
        return _("Your teacher has paused the game. Wait a moment."), False
    if board.seat.left:
        return _("You are no longer at this table."), False
    if board.joins_next_round:
        return _("You join the game at the next round: watch the table meanwhile."), False
    if board.player is None:
        return _("You are the dealer this round: the others play."), False
    if view is None or view.over:
        return _("This round is over."), False
    assignment = seat.table.session.assignment
    hypothesis = _hypothesis(data)
    prediction = form.prediction_value
    if op in ("play", "no_play", "buy_hint") and board.view.deciding is not None:
        if board.must_decide:
            return _("First guess the rule, or pass."), False
        return _("Wait: %(name)s may guess the rule first, or pass.") % {
            "name": board.decider_name
        }, False
    if op in ("play", "no_play"):
        if not board.my_turn:
            return _("It is not your turn yet: it is %(name)s's turn.") % {
                "name": board.turn_name
            }, False
        if assignment.hypothesis_required_at(board.plays_made + 1) and hypothesis.is_empty:
            return FieldMessage(
                _("Write your hypothesis before you play: what do you think the rule is?"),
                "id_hypothesis",
            ), False
        if assignment.prediction_required and not data.get("prediction"):
            return FieldMessage(
                _("Make a prediction: will the dealer accept it?"), "id_prediction"
            ), False
    if op == "play":
        card = data["card"]
        if card not in view.hand:
            return _("%(card)s is not in your hand any more.") % {"card": str(card)}, False
        action = Play(board.player, card, hypothesis=hypothesis.summary, prediction=prediction)
    elif op == "no_play":
        action = NoPlay(board.player, hypothesis=hypothesis.summary, prediction=prediction)
    elif op == "guess":
        if not board.can_guess:
            return _("You may guess right after one of your own plays is accepted."), False
        text = data["guess"].strip()
        checkable = is_rule_text(text)
        if not checkable and assignment.mode == Assignment.Mode.SOLO:
            # Alone there is no teacher to judge words: the game would wait for ever.
            return _(
                "Practising alone, build your guess from a sentence so the app can check it."
            ), False
        action = Guess(board.player, text, checkable=checkable)
    elif op == "pass":
        if not board.must_decide:
            return _("There is no guess to pass now."), False
        action = PassGuess(board.player)
    elif op == "guess_sentence":
        if not board.can_guess:
            return _("You may guess right after one of your own plays is accepted."), False
        action = Guess(board.player, hypothesis.checkable, checkable=True)
    else:
        action = BuyHint(board.player)
    try:
        result = round_act(
            round_id=round_row.pk,
            action=action,
            seat=seat,
            idempotency_key=key,
            hypothesis=hypothesis if op in ("play", "no_play") else None,
            expected_version=round_row.version,
            engine=engine,
            # Only a table with bots needs the bots' task.
            schedule=any(info.is_bot for info in board.seats),
        )
    except StaleMoveError:
        return _MOVED_ON(), False, None
    except IllegalActionError as error:
        return refusal_message(error, name_of=board.player_name), False, None
    if result.duplicate:
        return _ALREADY_DONE(), True, None
    after = student_board(
        table=seat.table, seat=seat, round_row=result.round, engine=result.engine, seats=seats
    )
    return _outcome_message(result.events, board.player), True, after


def _hypothesis(data: dict) -> HypothesisInput:
    """The student's words and, when they built a sentence, its checkable form (the words are
    the sentence read back in their language when they wrote none)."""
    text = data.get("hypothesis", "")
    built = data.get("built")
    if built is not None:
        return HypothesisInput(
            text=text.strip() or builder_words(built),
            checkable=built.text,
            frame_id="builder",
            frame_choices=built.filling,
        )
    if not data.get("frame"):
        return HypothesisInput(text=text)
    frame, choices = data["frame"]
    return HypothesisInput(
        text=text.strip() or frame_sentence(frame, choices),
        checkable=frame.fill(choices),
        frame_id=frame.id,
        frame_choices=choices,
    )


@require_GET
@student_required
def builder_parts(request: HttpRequest) -> HttpResponse:
    """The sentence builder's drop-downs for the parts chosen so far, with the sentence read
    back in the student's words or what to change (swapped in at each choice)."""
    state = builder_state(choices_from(request.GET))
    return render(request, "classroom/play/table.html#builder_parts", {"builder": state})


@require_GET
@student_required
def phrase_match(request: HttpRequest) -> HttpResponse:
    """ "Did you mean: …?" for a hypothesis in words the app knows (eleusis/engine/rules/
    phrases.py), with a button that puts the sentence in the builder; nothing otherwise. The
    words stay free text unless the student takes the sentence."""
    return render(
        request,
        "classroom/play/table.html#did_you_mean",
        {"suggestion": suggestion_for(request.GET.get("hypothesis", "")[:500])},
    )


@require_GET
@student_required
def frame_slots(request: HttpRequest) -> HttpResponse:
    """The drop-downs of one sentence frame (swapped in when a student picks a sentence)."""
    frame = FRAMES_BY_ID.get(request.GET.get("frame", ""))
    return render(request, "classroom/play/table.html#frame_slots", {"frame": frame})


def _outcome_message(events: list[dict], position: int) -> str:
    """Say what happened to the student's own move, in words (never by color alone)."""
    for event in events:
        kind = event.get("kind")
        if kind == "guess_passed" and event.get("player") == position:
            return _("You passed. Play goes on.")
        if kind == "played" and event.get("player") == position:
            if event.get("accepted") and _deciding(events, position):
                return _("Right! Your card joins the mainline. Guess the rule now, or pass.")
            if event.get("accepted"):
                return _("Right! Your card joins the mainline.")
            return _("Wrong: your card goes below the mainline and you draw a card.")
        if kind == "no_play_judged" and event.get("player") == position:
            if event.get("correct"):
                return _("You were right: no card in your hand could be played.")
            return _("Not quite: a card in your hand could be played. The dealer played it.")
        if kind == "guess_judged" and event.get("player") == position:
            if event.get("correct"):
                return _("You found the rule!")
            return _("That is not the rule. Keep experimenting!")
        if kind == "awaiting_verdict":
            return _("Your guess goes to your teacher, who will judge it.")
        if kind == "hint_requested":
            return _("You asked for a hint and drew a card. The hint will appear for everyone.")
    return _("Done.")


def _deciding(events: list[dict], position: int) -> bool:
    """Whether play now waits for the player to guess or pass (no turn passed on)."""
    return not any(event.get("kind") in ("turn_passed", "round_ended") for event in events)


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
    text = request.POST.get("rule_text", "")[:MAX_RULE_LENGTH]
    words = request.POST.get("rule_words", "")[:MAX_RULE_LENGTH].strip()
    by_hand = seat.table.session.assignment.config.get("dealer") == "person"
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
                "message": check.error.message,
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
        return _render_board(request, seat, message=str(error), ok=False, status=409)
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
    op = request.POST.get("op")
    # A card named without a verdict: the dealer says a "no play" was wrong, this card fits.
    said = request.POST.get("correct") or ("no" if request.POST.get("card") else "")
    if op == "verdict" and said in ("yes", "no"):
        correct = said == "yes"
        try:
            card = Card.parse(request.POST["card"]) if request.POST.get("card") else None
        except ValueError:
            return _render_board(
                request, seat, message=_("That is not a card."), ok=False, status=400
            )
        pending = board.verdict
        if pending is not None and not request.POST.get("confirm"):
            warning = _verdict_warning(pending, correct, card)
            if warning:
                return _render_board(
                    request,
                    seat,
                    message=warning,
                    ok=False,
                    extra={"unconfirmed": {"correct": said, "card": card}},
                )
        action = Verdict(correct, card)
    elif op == "hint" and request.POST.get("hint", "").strip():
        if refusal := hint_refusal(board.round):
            return _render_board(request, seat, message=refusal, ok=False, status=409)
        action = DealerHint(request.POST["hint"].strip()[:300])
    else:
        return _render_board(
            request,
            seat,
            message=_("Choose right or wrong, or write a hint."),
            ok=False,
            status=refusal_status(request),
        )
    seq = request.POST.get("seq", "")
    try:
        round_act(
            round_id=board.round.pk,
            action=action,
            seat=seat,
            idempotency_key=request.POST.get("key", ""),
            expected_version=int(seq) if seq.isdigit() else None,
        )
    except StaleMoveError:
        return _render_board(request, seat, message=_MOVED_ON(), ok=False)
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False)
    return _render_board(request, seat, message=_("Done."))


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


# Delphi: the whole class predicts -------------------------------------------------------------


@require_POST
@student_required
def table_predict(request: HttpRequest, pk: int) -> HttpResponse:
    """A Delphi token for the card on show: True (it fits the rule) or False, and optionally
    the student's hypothesis. A malformed request is a 400; a stale page gets a message."""
    seat = seat_for_student(request, pk)
    if refused := _refused(request, seat, "predict"):
        return refused
    form = PredictForm(request.POST)
    if not form.is_valid():
        # The page cannot send this (malformed or forged): a bare 400 (eleusis/web/htmx.py).
        errors = [error for field_errors in form.errors.values() for error in field_errors]
        return _render_board(request, seat, message=" ".join(errors), ok=False, status=400)
    data = form.cleaned_data
    round_row = current_round(table=seat.table)
    if round_row is None or round_row.pk != data["round"]:
        message = _("The table has moved on to a new round. Have a look, then predict again.")
        return _render_board(request, seat, message=message, ok=False)
    if seat.table.paused:
        message = _("Your teacher has paused the game. Wait a moment.")
        return _render_board(request, seat, message=message, ok=False)
    try:
        result = delphi_predict(
            round_id=round_row.pk,
            seat=seat,
            card=data["card"],
            value=data["value"],
            hypothesis=data["hypothesis"],
            idempotency_key=data["key"],
        )
    except StaleCardError:
        message = _("That card has been placed already. Look at the next card, then predict.")
        return _render_board(request, seat, message=message, ok=False)
    except IllegalActionError as error:
        return _render_board(request, seat, message=refusal_message(error), ok=False)
    if result.duplicate:
        return _render_board(request, seat, message=_ALREADY_DONE())
    return _render_board(request, seat, message=_predicted_message(result.events, seat.position))


def _predicted_message(events: list[dict], player: int) -> str:
    """What became of the student's token, in words (never by color alone)."""
    for event in events:
        if event.get("kind") == "card_placed":
            token = event["predictions"][player]
            if event.get("accepted") == token:
                return _("✓ You were right! You win a chip.")
            return _("✗ Not this time: the dealer takes your chips.")
    return _("Your token is down. Waiting for the others…")
