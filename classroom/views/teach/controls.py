"""The controls a dealer needs on the live view: pause, end, hints, skip, verdicts on guesses,
reveal, next round, the Delphi card. Each is a POST form that works without JavaScript and swaps
the live view in place with htmx.

Every control has one shape, kept by `table_control`: load the teacher's table, do the thing, and
answer the live view with what was done, or with why not (`Refused`: the message and its status).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django import forms
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
from classroom.models import Round, Table
from classroom.refusal_codes import (
    RULE_REVEALED,
    SESSION_FINISHED,
    STUDENT_DEALS,
    STUDENTS_CANNOT_DEAL,
    TABLE_GAME_OVER,
)
from classroom.refusals import refusal_message
from classroom.secret_rules import secret_rule
from classroom.selectors.games import (
    current_round,
    hint_refusal,
    next_dealer_name,
)
from classroom.services.delphi import StaleCardError, delphi_reveal
from classroom.services.games import (
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

# The shape of a control --------------------


class Refused(Exception):
    """A control the table cannot take: the live view answers with `message` and `status` (400
    for a form the page should not have sent, 409 for a table that has moved on)."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def table_control(
    handler: Callable[[HttpRequest, Table], str],
) -> Callable[[HttpRequest, int], HttpResponse]:
    """A dealer's control: POST only, for the teacher of table `pk`. `handler(request, table)`
    returns what was done, or raises `Refused`; either way the live view answers."""

    @require_POST
    @teacher_required
    @wraps(handler)
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        table = table_for_teacher(request, pk)
        try:
            message = handler(request, table)
        except Refused as refusal:
            return _live_response(
                request, table.session, refusal.message, ok=False, status=refusal.status
            )
        return _live_response(request, table.session, message)

    return view


def _cleaned(form: forms.Form, message: str) -> dict:
    """The form's data, or `Refused(message, 400)`."""
    if not form.is_valid():
        raise Refused(message, status=400)
    return form.cleaned_data


def _shown_round(table: Table, round_pk: int) -> Round:
    """The round a control was shown for, when it is still the table's current one."""
    round_row = current_round(table=table)
    if round_row is None or round_row.pk != round_pk:
        message = _("%(table)s has moved on to another round: have a look again.")
        raise Refused(message % {"table": table})
    return round_row


def _table_round(request: HttpRequest, table: Table) -> Round:
    """The round named by the control's form (`RoundForm`), when still current."""
    form = _cleaned(RoundForm(request.POST), _("This control names no round."))
    return _shown_round(table, form["round"])


def _engine_refused(table: Table, refusal: IllegalActionError) -> Refused:
    reason = refusal_message(refusal)
    return Refused(_("%(table)s: %(reason)s") % {"table": table, "reason": reason})


def _act(
    request: HttpRequest, table: Table, action, done: str, *, key: str = "", again: str = ""
) -> str:
    """Apply the teacher's `action` to the table's round; `key`: the page's idempotency key,
    and `again` the message when that key was used already (the action is not applied twice)."""
    round_row = _table_round(request, table)
    try:
        result = round_act(round_id=round_row.pk, action=action, seat=None, idempotency_key=key)
    except IllegalActionError as refusal:
        raise _engine_refused(table, refusal) from refusal
    if result.duplicate and again:
        return again % {"table": table}
    return done % {"table": table}


# Table controls --------------------


@table_control
def table_pause_view(request: HttpRequest, table: Table) -> str:
    paused = _cleaned(PausedForm(request.POST), _("Pause or resume?"))["paused"]
    with transaction.atomic():
        table_set_paused(table=table, paused=paused)
    message = _("%(table)s is paused.") if paused else _("%(table)s plays on.")
    return message % {"table": table}


@table_control
def table_end_round(request: HttpRequest, table: Table) -> str:
    return _act(request, table, End(reason=EndReason.TEACHER), _("%(table)s: round ended."))


@table_control
def table_hint(request: HttpRequest, table: Table) -> str:
    form = _cleaned(HintForm(request.POST), _("Write the hint first."))
    text, key = form["text"].strip(), form["key"]
    again = _("%(table)s: that hint was sent already, once.")
    round_row = current_round(table=table)
    used = round_row and key and round_row.actions.filter(idempotency_key=action_key(None, key))
    if used and used.exists():
        return again % {"table": table}
    if refusal := hint_refusal(round_row):
        raise Refused(
            _("%(table)s: no hint sent. %(reason)s") % {"table": table, "reason": refusal}
        )
    return _act(
        request, table, DealerHint(text=text), _("%(table)s: hint sent."), key=key, again=again
    )


@table_control
def table_skip(request: HttpRequest, table: Table) -> str:
    """Move play past a student who is away: if they are deciding whether to guess, they
    pass; otherwise their turn passes."""
    return _act(request, table, SkipTurn(), _("%(table)s: the student is skipped."))


@table_control
def table_verdict(request: HttpRequest, table: Table) -> str:
    correct = _cleaned(GuessVerdictForm(request.POST), _("Say whether the guess is right."))[
        "correct"
    ]
    done = (
        _("%(table)s: guess accepted, the round is over.")
        if correct
        else _("%(table)s: guess rejected, play goes on.")
    )
    return _act(request, table, Verdict(correct=correct), done)


@table_control
def table_reveal(request: HttpRequest, table: Table) -> str:
    round_row = _table_round(request, table)
    try:
        round_reveal(round_id=round_row.pk)
    except IllegalActionError as refusal:
        message = _("%(table)s: end the round before revealing its rule.")
        raise Refused(message % {"table": table}) from refusal
    return _("%(table)s: rule revealed.") % {"table": table}


NEXT_ROUND_REFUSALS = {
    TABLE_GAME_OVER.code: gettext_lazy(
        "%(table)s: the game is over; every round of it has been played."
    ),
    SESSION_FINISHED.code: gettext_lazy(
        "%(table)s: the session is finished, no new round is dealt."
    ),
    STUDENT_DEALS.code: gettext_lazy(
        "%(table)s: the students deal in this game; the next dealer writes the next rule."
    ),
    STUDENTS_CANNOT_DEAL.code: gettext_lazy("%(table)s: in this game the app deals the cards."),
    RULE_REVEALED.code: gettext_lazy(
        "%(table)s: that rule was revealed. Choose the next rule: from the library, your own, "
        "or the next one in the list."
    ),
}


def _next_rule_text(table: Table, choice: str, written: str) -> str | None:
    """The rule the teacher chose for the next round (None: the same again, or the students
    deal), or `Refused` (400) saying why not."""
    if choice in ("same", "students"):
        return None
    if choice == "written":
        try:
            secret_rule(written)
        except RuleSyntaxError as error:
            message = _("%(table)s: your rule has a mistake (%(reason)s).") % {
                "table": table,
                "reason": rule_error_message(error),
            }
            raise Refused(message, status=400) from error
        return written.strip()
    if choice == "list":
        current = current_round(table=table)
        after = current.rule_text if current else table.session.assignment.rule_text
        entry = next_library_rule(after=after, excluded=revealed_rules(session=table.session))
        if entry is None:
            message = _("%(table)s: every library rule was revealed.") % {"table": table}
            raise Refused(message, status=400)
        return entry.text
    return LIBRARY[choice.removeprefix("library:")].text


@table_control
def table_next_round_view(request: HttpRequest, table: Table) -> str:
    form = _cleaned(NextRoundForm(request.POST), _("Choose the rule of the next round."))
    rule_text = _next_rule_text(table, form["next_rule"], form["rule_text"])
    students = form["next_rule"] == "students"
    try:
        table_next_round(table=table, rule_text=rule_text, students_deal=students)
    except IllegalActionError as refusal:
        message = NEXT_ROUND_REFUSALS.get(
            refusal.code, gettext_lazy("%(table)s: the round is still being played. End it first.")
        )
        raise Refused(str(message) % {"table": table}) from refusal
    if students:
        dealer = next_dealer_name(table=table)
        message = _("%(table)s: the students deal now, in turn; %(name)s writes the next rule.")
        return message % {"table": table, "name": dealer}
    return _("%(table)s: new round dealt.") % {"table": table}


@table_control
def table_reveal_card(request: HttpRequest, table: Table) -> str:
    """Delphi: place the card on show now, without waiting for the students who have not
    predicted (they neither win nor lose). A double click places it once."""
    form = _cleaned(RevealForm(request.POST), _("This control names no card."))
    round_row = _shown_round(table, form["round"])
    try:
        result = delphi_reveal(round_id=round_row.pk, card=form["card"])
    except StaleCardError as stale:
        message = _("%(table)s: that card has been placed already.")
        raise Refused(message % {"table": table}) from stale
    except IllegalActionError as refusal:
        raise _engine_refused(table, refusal) from refusal
    if result.duplicate:
        return _("Already done: that card is placed.")
    return _("%(table)s: card placed.") % {"table": table}
