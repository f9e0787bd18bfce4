"""Checking a secret rule as a teacher types it, in the teacher's language: the engine's
explanation and its warnings from the rule-making guidelines, or the syntax error with its place.

Shared by the classroom (the assignment form, a student dealer's rule) and the lessons (the rule
editor, the library), which must not import each other.

Checking costs an analysis (bounded, and cached by rule text in the engine), so the endpoints that
check as one types are throttled per user: `rule_checks_exhausted(request)` counts each check in
the cache (atomic add and incr) and says when a user has used up the window's checks.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from eleusis.engine.cards import Card
from eleusis.engine.rules import (
    Analysis,
    CompiledRule,
    RuleSyntaxError,
    RuleWarning,
    analyse,
    compile_rule,
)
from eleusis.engine.rules.errors import MAX_RULE_LENGTH, Message
from eleusis.engine.rules.explain import PHRASES as EXPLAIN_PHRASES
from eleusis.engine.rules.explain import all_phrases, explain

logger = logging.getLogger(__name__)

# Checks one user may ask for in a window: typing sends one check per pause (400 ms).
RULE_CHECKS_PER_WINDOW = 60
RULE_CHECK_WINDOW_SECONDS = 60

DIFFICULTY_LABELS = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2}


@dataclass(frozen=True)
class RuleCheck:
    """What the rule editor shows: the explanation and warnings, or the syntax error."""

    text: str
    explanation: str = ""
    warnings: list[str] = field(default_factory=list)
    error: RuleSyntaxError | None = None
    error_message: str = ""  # the error's message in the reader's language
    throttled: bool = False  # too many checks in a row: nothing was checked

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.text.strip())


def rule_check(text: str) -> RuleCheck:
    """Compile `text`, explain it, and warn where it breaks the rule-making guidelines."""
    if not text.strip():
        return RuleCheck(text)
    try:
        rule = compile_rule(text)
    except RuleSyntaxError as error:
        return RuleCheck(text, error=error, error_message=rule_error_words(error))
    return RuleCheck(text, explanation=explanation(rule), warnings=_warnings(rule))


def explanation(rule: CompiledRule) -> str:
    """The engine's explanation of `rule` in the active language."""
    return explain(rule, phrases=_explain_phrases(get_language() or ""))


def explanation_phrases() -> dict[str, str]:
    """The explanation's phrases in the active language, a card as the subject of a clause in
    its own case (the hints' last level says the explanation with them too)."""
    return _explain_phrases(get_language() or "")


@lru_cache(maxsize=16)
def _explain_phrases(language: str) -> dict[str, str]:
    """The engine's explanation phrases, translated through the catalogs (the phrases reach the
    catalogs through classroom/engine_strings.py)."""
    phrases = {text: gettext(text) for text in all_phrases()}
    for text in explanation_card_words():
        translated = pgettext(EXPLANATION_CONTEXT, text)
        if translated != text:
            phrases[text] = translated
    return phrases


# The explanation names a card with these phrases. The same English names a card in the hints
# and the sentence builder, where other languages need another grammatical case ("the rule looks
# at the last card"); in an explanation the card is the subject of a clause ("the last card is
# red"), so these reach the catalogs with their own msgctxt (classroom/engine_strings.py).
EXPLANATION_CONTEXT = "explanation"
_EXPLANATION_CARD_KEYS = ("card", "last", "back_2", "back_n", "previous")


def explanation_card_words() -> list[str]:
    """The English phrases that name a card in an explanation (translated with a msgctxt)."""
    return [EXPLAIN_PHRASES.english[key] for key in _EXPLANATION_CARD_KEYS]


def rule_checks_exhausted(request: HttpRequest) -> bool:
    """Count one rule check for the user (a teacher, or a seated student) and say whether they
    have used up the window's checks; anonymous requests share one count per session."""
    user = getattr(request, "user", None)
    student = getattr(request, "student", None)
    if user is not None and user.is_authenticated:
        who = f"user:{user.pk}"
    elif student is not None:
        who = f"student:{student.pk}"
    else:
        who = f"session:{getattr(request.session, 'session_key', None) or 'none'}"
    key = f"throttle:rule-check:{who}"
    if cache.add(key, 1, timeout=RULE_CHECK_WINDOW_SECONDS):
        return False
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=RULE_CHECK_WINDOW_SECONDS)
        return False
    return count > RULE_CHECKS_PER_WINDOW


def _warnings(rule: CompiledRule) -> list[str]:
    """The engine's analysis, in the teacher's language: the rule-making guidelines of the seeds
    (not too strict, not too loose, never a dead end, every card playable, a starter)."""
    analysis = analyse(rule)
    return [_warning_text(warning, analysis) for warning in analysis.warnings]


def _warning_text(warning: RuleWarning, analysis: Analysis) -> str:
    legal = {"mean": number_format(analysis.mean_legal, 1)}  # "12,5" in Spanish
    if warning.code == "too_strict":
        return (
            gettext(
                "Too strict: on average only %(mean)s of the 52 cards are legal, so right plays "
                "will be rare (about 12–15 legal cards works well)."
            )
            % legal
        )
    if warning.code == "too_loose":
        return (
            gettext(
                "Too loose: on average %(mean)s of the 52 cards are legal, so almost anything goes "
                "(about 12–15 legal cards works well)."
            )
            % legal
        )
    if warning.code == "no_starter":
        return gettext("No starter: no card can start the mainline.")
    if warning.code == "dead_end" and analysis.dead_end_example:
        return _dead_end_words(analysis)
    if warning.code == "previous_card":
        return gettext(
            "“previous” is the latest play, right or wrong: after a wrong play, previous.rank "
            "and previous.suit are that wrong card's, not the last card of the mainline's. For "
            "the last card of the mainline, write last (last.rank, last.suit)."
        )
    if warning.code == "dead_end_unknown":
        return gettext(
            "Dead ends not checked: this rule has too many situations to check them all, and "
            "the solver could not decide whether a line can be reached where no card is legal. "
            "Try a round by hand before playing it in class."
        )
    if warning.code == "never_playable" and analysis.never_playable:
        return _never_playable_words(analysis)
    if warning.code == "dead_branch" and warning.params:
        return _dead_branch_words(warning.params)
    logger.error("Rule warning without words: %s", warning.code)  # a new code: add it above
    return gettext("This rule breaks one of the guidelines for rules.")


def _dead_end_words(analysis: Analysis) -> str:
    plays = ", ".join(
        card_words(attempt.card) + ("" if attempt.accepted else " " + gettext("(wrong)"))
        for attempt in analysis.dead_end_example or ()
    )
    return ngettext(
        "Dead end: after %(plays)s no card is legal; there must always be a legal next card "
        "(%(count)s situation like this).",
        "Dead end: after %(plays)s no card is legal; there must always be a legal next card "
        "(%(count)s situations like this).",
        analysis.dead_ends,
    ) % {"plays": plays, "count": analysis.dead_ends}


def _never_playable_words(analysis: Analysis) -> str:
    never = [card_words(Card.parse(code)) for code in analysis.never_playable]
    cards = ", ".join(never[:8])
    if len(never) > 8:
        cards += " " + gettext("and %(count)s more") % {"count": len(never) - 8}
    return gettext(
        "Card never playable: %(cards)s can never be played; every card must be playable "
        "at some point."
    ) % {"cards": cards}


def _dead_branch_words(params: dict[str, str]) -> str:
    values = {"cond": params["cond"]}
    if params["branch"] == "then":
        return (
            gettext(
                "Dead branch: in “if %(cond)s then …”, the condition is never true when the "
                "rule judges a card, so the “then” part can never apply."
            )
            % values
        )
    return (
        gettext(
            "Dead branch: in “if %(cond)s then …”, the condition is always true when the rule "
            "judges a card, so the “else” part can never apply."
        )
        % values
    )


def card_words(card: Card) -> str:
    """A card in words ("king of spades"): the words the game pages read cards with."""
    rank = _RANK_WORDS[card.rank]() if card.rank in _RANK_WORDS else str(card.rank)
    return gettext("%(rank)s of %(suit)s") % {"rank": rank, "suit": _SUIT_WORDS[card.suit.name]()}


_RANK_WORDS = {
    1: lambda: gettext("ace"),
    11: lambda: gettext("jack"),
    12: lambda: gettext("queen"),
    13: lambda: gettext("king"),
}
_SUIT_WORDS = {
    "SPADES": lambda: gettext("spades"),
    "HEARTS": lambda: gettext("hearts"),
    "DIAMONDS": lambda: gettext("diamonds"),
    "CLUBS": lambda: gettext("clubs"),
}


def rule_error_message(error: RuleSyntaxError) -> str:
    return gettext("Line %(line)d, column %(column)d: %(message)s") % {
        "line": error.line,
        "column": error.column,
        "message": rule_error_words(error),
    }


def rule_error_words(error: RuleSyntaxError) -> str:
    """What is wrong with a rule, in the reader's language: each phrase of the engine's message
    (a template with a code and parameters, eleusis/engine/rules/errors.py) translated through
    the catalogs, which have them from classroom/engine_strings.py. The rule's own words
    ('colour', last.rank) are quoted as written: the rule language is the same in every
    language."""
    return message_words(error.phrases)


def message_words(message: Message) -> str:
    return "".join(_phrase_words(phrase) for phrase in message)


def _phrase_words(phrase) -> str:
    english = str(phrase.template)
    context = phrase.template.context
    template = pgettext(context, english) if context else gettext(english)
    if not phrase.params:
        return template
    values = {
        name: message_words(value) if isinstance(value, Message) else value
        for name, value in phrase.params
    }
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a {placeholder}
        logger.error("Rule message template badly translated: %r", template)
        return str(phrase.template).format(**values)


RULE_CHECK_FRAGMENT = "classroom/teach/assignment_form.html#rule-check"


def rule_check_response(request: HttpRequest) -> HttpResponse:
    """The rule editor's live check of the posted `rule_text` as the fragment the editor swaps
    in (explanation and warnings, or where the error is); 429 once the user's checks for now
    are used up. The teacher's editor and the dealing student's both answer with it."""
    text = request.POST.get("rule_text", "")[:MAX_RULE_LENGTH]
    if rule_checks_exhausted(request):
        check = RuleCheck(text, throttled=True)
        return render(request, RULE_CHECK_FRAGMENT, {"check": check}, status=429)
    return render(request, RULE_CHECK_FRAGMENT, {"check": rule_check(text)})
