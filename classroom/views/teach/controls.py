"""The controls a dealer needs on the live view: pause, end, hints, skip, verdicts on guesses,
reveal, next round, the Delphi card. Each is a POST form that works without JavaScript and swaps
the live view in place with htmx.
"""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from classroom.access import (
    table_for_teacher,
    teacher_required,
)
from classroom.delphi_forms import RevealForm
from classroom.game_forms import GuessVerdictForm, HintForm
from classroom.models import Table
from classroom.refusals import refusal_message
from classroom.secret_rules import secret_rule
from classroom.selectors.games import (
    current_round,
    hint_refusal,
    next_dealer_name,
)
from classroom.services.delphi import StaleCardError, delphi_reveal
from classroom.services.games import (
    GAME_OVER,
    RULE_REVEALED,
    SESSION_FINISHED,
    STUDENT_DEALS,
    STUDENTS_CANNOT_DEAL,
    next_library_rule,
    revealed_rules,
    table_next_round,
)
from classroom.services.rounds import action_key, round_act, round_reveal, table_set_paused
from classroom.teach_forms import (
    NextRoundForm,
    PausedForm,
    RoundForm,
    rule_error_message,
)
from classroom.views.teach.live import _live_response
from eleusis.engine.rules import LIBRARY, RuleSyntaxError
from eleusis.engine.variants import (
    DealerHint,
    End,
    EndReason,
    IllegalActionError,
    SkipTurn,
    Verdict,
)

# Table controls --------------------


def _table_round(request: HttpRequest, table: Table):
    """The round a control was shown for, when it is still the table's current one."""
    form = RoundForm(request.POST)
    if not form.is_valid():
        return None, _("This control names no round."), 400
    round_row = current_round(table=table)
    if round_row is None or round_row.pk != form.cleaned_data["round"]:
        return (
            None,
            _("%(table)s has moved on to another round: have a look again.") % {"table": table},
            409,
        )
    return round_row, "", 200


@require_POST
@teacher_required
def table_pause_view(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = PausedForm(request.POST)
    if not form.is_valid():
        return _live_response(request, table.session, _("Pause or resume?"), ok=False, status=400)
    paused = form.cleaned_data["paused"]
    with transaction.atomic():
        table_set_paused(table=table, paused=paused)
    message = _("%(table)s is paused.") if paused else _("%(table)s plays on.")
    return _live_response(request, table.session, message % {"table": table})


def _act(
    request: HttpRequest, table: Table, action, done: str, *, key: str = "", again: str = ""
) -> HttpResponse:
    """Apply the teacher's `action` to the table's round; `key`: the page's idempotency key,
    and `again` the message when that key was used already (the action is not applied twice)."""
    round_row, error, status = _table_round(request, table)
    if round_row is None:
        return _live_response(request, table.session, error, ok=False, status=status)
    try:
        result = round_act(round_id=round_row.pk, action=action, seat=None, idempotency_key=key)
        if result.duplicate and again:
            return _live_response(request, table.session, again % {"table": table})
    except IllegalActionError as refusal:
        return _live_response(
            request,
            table.session,
            _("%(table)s: %(reason)s") % {"table": table, "reason": refusal_message(refusal)},
            ok=False,
            status=409,
        )
    return _live_response(request, table.session, done % {"table": table})


@require_POST
@teacher_required
def table_end_round(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    return _act(request, table, End(reason=EndReason.TEACHER), _("%(table)s: round ended."))


@require_POST
@teacher_required
def table_hint(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = HintForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("Write the hint first."), ok=False, status=400
        )
    text, key = form.cleaned_data["text"].strip(), form.cleaned_data["key"]
    again = _("%(table)s: that hint was sent already, once.")
    round_row = current_round(table=table)
    used = round_row and key and round_row.actions.filter(idempotency_key=action_key(None, key))
    if used and used.exists():
        return _live_response(request, table.session, again % {"table": table})
    if refusal := hint_refusal(round_row):
        message = _("%(table)s: no hint sent. %(reason)s") % {"table": table, "reason": refusal}
        return _live_response(request, table.session, message, ok=False, status=409)
    return _act(
        request, table, DealerHint(text=text), _("%(table)s: hint sent."), key=key, again=again
    )


@require_POST
@teacher_required
def table_skip(request: HttpRequest, pk: int) -> HttpResponse:
    """Move play past a student who is away: if they are deciding whether to guess, they
    pass; otherwise their turn passes."""
    table = table_for_teacher(request, pk)
    return _act(request, table, SkipTurn(), _("%(table)s: the student is skipped."))


@require_POST
@teacher_required
def table_verdict(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = GuessVerdictForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("Say whether the guess is right."), ok=False, status=400
        )
    correct = form.cleaned_data["correct"]
    done = (
        _("%(table)s: guess accepted, the round is over.")
        if correct
        else _("%(table)s: guess rejected, play goes on.")
    )
    return _act(request, table, Verdict(correct=correct), done)


@require_POST
@teacher_required
def table_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    round_row, error, status = _table_round(request, table)
    if round_row is None:
        return _live_response(request, table.session, error, ok=False, status=status)
    try:
        round_reveal(round_id=round_row.pk)
    except IllegalActionError:
        return _live_response(
            request,
            table.session,
            _("%(table)s: end the round before revealing its rule.") % {"table": table},
            ok=False,
            status=409,
        )
    return _live_response(request, table.session, _("%(table)s: rule revealed.") % {"table": table})


NEXT_ROUND_REFUSALS = {
    GAME_OVER: gettext_lazy("%(table)s: the game is over; every round of it has been played."),
    SESSION_FINISHED: gettext_lazy("%(table)s: the session is finished, no new round is dealt."),
    STUDENT_DEALS: gettext_lazy(
        "%(table)s: the students deal in this game; the next dealer writes the next rule."
    ),
    STUDENTS_CANNOT_DEAL: gettext_lazy("%(table)s: in this game the app deals the cards."),
    RULE_REVEALED: gettext_lazy(
        "%(table)s: that rule was revealed. Choose the next rule: from the library, your own, "
        "or the next one in the list."
    ),
}


def _next_rule_text(table: Table, choice: str, written: str) -> tuple[str | None, str]:
    """The rule the teacher chose for the next round (None: the same again, or the students
    deal), or why not."""
    if choice in ("same", "students"):
        return None, ""
    if choice == "written":
        try:
            secret_rule(written)
        except RuleSyntaxError as error:
            return "", _("%(table)s: your rule has a mistake (%(reason)s).") % {
                "table": table,
                "reason": rule_error_message(error),
            }
        return written.strip(), ""
    if choice == "list":
        current = current_round(table=table)
        after = current.rule_text if current else table.session.assignment.rule_text
        entry = next_library_rule(after=after, excluded=revealed_rules(session=table.session))
        if entry is None:
            return "", _("%(table)s: every library rule was revealed.") % {"table": table}
        return entry.text, ""
    return LIBRARY[choice.removeprefix("library:")].text, ""


@require_POST
@teacher_required
def table_next_round_view(request: HttpRequest, pk: int) -> HttpResponse:
    table = table_for_teacher(request, pk)
    form = NextRoundForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("Choose the rule of the next round."), ok=False, status=400
        )
    rule_text, error = _next_rule_text(
        table, form.cleaned_data["next_rule"], form.cleaned_data["rule_text"]
    )
    if error:
        return _live_response(request, table.session, error, ok=False, status=400)
    students = form.cleaned_data["next_rule"] == "students"
    try:
        table_next_round(table=table, rule_text=rule_text, students_deal=students)
    except IllegalActionError as refusal:
        message = NEXT_ROUND_REFUSALS.get(
            str(refusal), gettext_lazy("%(table)s: the round is still being played. End it first.")
        )
        return _live_response(
            request, table.session, str(message) % {"table": table}, ok=False, status=409
        )
    if students:
        dealer = next_dealer_name(table=table)
        message = _("%(table)s: the students deal now, in turn; %(name)s writes the next rule.")
        return _live_response(request, table.session, message % {"table": table, "name": dealer})
    return _live_response(
        request, table.session, _("%(table)s: new round dealt.") % {"table": table}
    )


@require_POST
@teacher_required
def table_reveal_card(request: HttpRequest, pk: int) -> HttpResponse:
    """Delphi: place the card on show now, without waiting for the students who have not
    predicted (they neither win nor lose). A double click places it once."""
    table = table_for_teacher(request, pk)
    form = RevealForm(request.POST)
    if not form.is_valid():
        return _live_response(
            request, table.session, _("This control names no card."), ok=False, status=400
        )
    round_row = current_round(table=table)
    if round_row is None or round_row.pk != form.cleaned_data["round"]:
        message = _("%(table)s has moved on to another round: have a look again.")
        return _live_response(
            request, table.session, message % {"table": table}, ok=False, status=409
        )
    try:
        result = delphi_reveal(round_id=round_row.pk, card=form.cleaned_data["card"])
    except StaleCardError:
        message = _("%(table)s: that card has been placed already.")
        return _live_response(
            request, table.session, message % {"table": table}, ok=False, status=409
        )
    except IllegalActionError as refusal:
        return _live_response(
            request,
            table.session,
            _("%(table)s: %(reason)s") % {"table": table, "reason": refusal_message(refusal)},
            ok=False,
            status=409,
        )
    if result.duplicate:
        return _live_response(request, table.session, _("Already done: that card is placed."))
    return _live_response(request, table.session, _("%(table)s: card placed.") % {"table": table})
