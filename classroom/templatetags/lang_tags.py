"""Text the app may have in English only (the engine's explanations, the rule library's entries,
its warnings): shown in the reader's language when the catalogs have it, otherwise marked
`lang="en"`, so that a screen reader reads it with English sounds and nobody takes it for a
translation."""

import re
from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, gettext

register = template.Library()
_WORD = re.compile(r"[^\W\d_]{2}")  # as classroom/management/commands/engine_strings.py


def _language() -> str:
    return (get_language() or "en").split("-")[0]


@lru_cache(maxsize=1)
def _engine_english() -> frozenset[str]:
    """Every English string of the engine that reaches the catalogs (classroom/engine_strings)."""
    from classroom import engine_strings
    from eleusis.engine.rules.library import LIBRARY

    strings: set[str] = set()
    for value in vars(engine_strings).values():
        if isinstance(value, tuple | list):
            strings.update(item for item in value if isinstance(item, str))
    # The library's entries: what each seed text says, and how the app reads it.
    for rule in LIBRARY.values():
        strings.update(text for text in (rule.description, rule.reading) if text)
    return frozenset(strings)


def _marked(text: str):
    return format_html('<span lang="en">{}</span>', text)


@register.filter
def english(text):
    """`{{ text|english }}` for one of the engine's strings, given in English or already passed
    through gettext: its translation when there is one, else the English marked lang="en"."""
    if text is None or text == "":
        return ""
    text = str(text)
    if _language() == "en":
        return text
    translated = gettext(text)
    if translated != text:
        return translated
    return _marked(text) if text in _engine_english() else text


@lru_cache(maxsize=16)
def _explanations_translated(language: str) -> bool:
    """Whether the language's catalog has every phrase of the explanations. Some translations
    are the English text itself ("{left} + {right}", Spanish "no"), so the catalog is asked
    whether it holds the phrase rather than whether gettext changed it."""
    from django.utils.translation import trans_real

    from eleusis.engine.rules.explain import all_phrases

    catalog = trans_real.translation(language)._catalog
    # A phrase with no word (" → ") never goes to the catalogs (classroom/engine_strings.py).
    return all(phrase in catalog for phrase in all_phrases() if _WORD.search(phrase))


@register.filter
def explanation(text):
    """`{{ text|explanation }}` for an explanation the engine built from its phrase tables in the
    active language: marked lang="en" while that language's tables are not all translated."""
    if text is None or text == "":
        return ""
    text = str(text)
    language = _language()
    if language == "en" or _explanations_translated(language):
        return text
    return _marked(text)


@register.filter
def rule_in_words(rule_text):
    """A rule of the rule language said in words (the engine's explanation, in the reader's
    language as far as the catalogs go); empty when the text is not a rule the app can read."""
    from eleusis.web.rule_check import rule_check

    if not rule_text:
        return ""
    check = rule_check(str(rule_text))
    return explanation(check.explanation) if check.ok else ""
