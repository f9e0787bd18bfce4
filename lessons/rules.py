"""The rule library and the rule comparison as the lesson pages show them.

The engine works in English and knows nothing of Django; here its results get the teacher's
language. The library never changes while the app runs, so its analysis and its equivalences
are worked out once, and its translated texts once per language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from eleusis.engine.cards import Card
from eleusis.engine.history import Attempt
from eleusis.engine.rules import (
    LIBRARY,
    Analysis,
    CompiledRule,
    LibraryRule,
    RuleSyntaxError,
    analyse,
    compile_rule,
    equivalence,
)
from eleusis.engine.rules.library import DIFFICULTIES
from eleusis.web.library import named_on_another, same_as
from eleusis.web.rule_check import DIFFICULTY_LABELS, rule_check, rule_error_message

SEED_LANGUAGES = {
    "000": _("Thai"),
    "001": _("Greek"),
    "002": _("Russian"),
    "003": _("Spanish"),
}


# The library ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OtherSource:
    """A library rule that judges every situation as an entry's rule does, named on that entry:
    the same rule, as another seed gives it."""

    rule: LibraryRule
    name: str
    description: str
    seed: str
    reading: str = ""


@dataclass(frozen=True)
class LibraryEntry:
    """One rule of the library. Rules that judge alike are one entry, the first of them in the
    library's order, with the others named (`others`, the same rules as `same_as`)."""

    rule: LibraryRule
    name: str
    description: str
    seed: str
    explanation: str
    warnings: list[str]
    analysis: Analysis
    same_as: list[LibraryRule]
    reading: str = ""
    others: tuple[OtherSource, ...] = ()

    @property
    def mean_percent(self) -> int:
        return round(self.analysis.mean_share * 100)


@dataclass(frozen=True)
class LibrarySection:
    difficulty: str
    label: str
    entries: list[LibraryEntry]


@cache
def _analyses() -> dict[str, Analysis]:
    return {rule.id: analyse(rule.compiled()) for rule in LIBRARY.values()}


def _seed(rule: LibraryRule) -> str:
    return str(SEED_LANGUAGES.get(rule.source, rule.source))


@cache
def _sections(language: str) -> tuple[LibrarySection, ...]:
    analyses, same = _analyses(), same_as()
    sections = []
    for difficulty in DIFFICULTIES:
        entries = []
        for rule in LIBRARY.values():
            if rule.difficulty != difficulty:
                continue
            if named_on_another(rule.id):
                continue  # named on the entry of the first rule that judges alike
            check = rule_check(rule.text)
            entries.append(
                LibraryEntry(
                    rule=rule,
                    name=gettext(rule.name),
                    description=gettext(rule.description),
                    seed=_seed(rule),
                    explanation=check.explanation,
                    reading=gettext(rule.reading) if rule.reading else "",
                    warnings=check.warnings,
                    analysis=analyses[rule.id],
                    same_as=same[rule.id],
                    others=tuple(
                        OtherSource(
                            other,
                            gettext(other.name),
                            gettext(other.description),
                            _seed(other),
                            gettext(other.reading) if other.reading else "",
                        )
                        for other in same[rule.id]
                    ),
                )
            )
        label = str(DIFFICULTY_LABELS.get(difficulty, difficulty))
        sections.append(LibrarySection(difficulty, label, entries))
    return tuple(sections)


def library_sections() -> tuple[LibrarySection, ...]:
    """The library's rules, easy to hard, in the current language: one entry per rule, the
    library rules that judge alike named on it."""
    return _sections(get_language() or "en")


# Comparing two rules ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """Whether two rules are the same rule; where they differ, a situation that shows it."""

    error: str = ""  # where the other rule goes wrong
    equivalent: bool = False
    exhaustive: bool = False
    proved: bool = False
    unknown: bool = False  # the check could not decide within its time limit
    situations: int = 0
    plays: tuple[Attempt, ...] = ()
    card: Card | None = None
    first_accepts: bool = False
    second_accepts: bool = False

    @property
    def has_wrong_plays(self) -> bool:
        return any(not attempt.accepted for attempt in self.plays)


def _compile(text: str) -> CompiledRule:
    """Rule text, or the id of a library rule (with or without an @)."""
    entry = LIBRARY.get(text.strip().removeprefix("@"))
    if entry is not None:
        return entry.compiled()
    return compile_rule(text)


def comparison(text: str, other: str) -> Comparison | None:
    """None until both rules are written and the first one compiles."""
    if not text.strip() or not other.strip():
        return None
    try:
        first = compile_rule(text)
    except RuleSyntaxError:
        return None  # the rule check above the comparison already says where
    try:
        second = _compile(other)
    except RuleSyntaxError as error:
        return Comparison(error=rule_error_message(error))
    result = equivalence(first, second)
    example = result.counterexample
    if example is None:
        return Comparison(
            equivalent=bool(result.equivalent),
            exhaustive=result.exhaustive,
            proved=result.proved,
            unknown=result.unknown,
            situations=result.situations,
        )
    return Comparison(
        equivalent=False,
        exhaustive=result.exhaustive,
        proved=result.proved,
        situations=result.situations,
        plays=tuple(example.plays),
        card=Card.parse(example.card),
        first_accepts=example.a,
        second_accepts=example.b,
    )
