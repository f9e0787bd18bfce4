"""Checking a secret rule as a teacher types it, in the teacher's language: the engine's
explanation and its warnings from the rule-making guidelines, or the syntax error with its place.

Shared by the classroom (the assignment form, a student dealer's rule) and the lessons (the rule
editor, the library), which must not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from eleusis.engine.rules import (
    Analysis,
    CompiledRule,
    RuleSyntaxError,
    RuleWarning,
    analyse,
    compile_rule,
)

DIFFICULTY_LABELS = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2}


@dataclass(frozen=True)
class RuleCheck:
    """What the rule editor shows: the explanation and warnings, or the syntax error."""

    text: str
    explanation: str = ""
    warnings: list[str] = field(default_factory=list)
    error: RuleSyntaxError | None = None

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
        return RuleCheck(text, error=error)
    return RuleCheck(text, explanation=rule.explain(), warnings=_warnings(rule))


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
    # Dead ends and never-playable cards name cards and plays: the engine's words say which.
    return warning.message


def rule_error_message(error: RuleSyntaxError) -> str:
    return gettext("Line %(line)d, column %(column)d: %(message)s") % {
        "line": error.line,
        "column": error.column,
        "message": error.message,
    }
