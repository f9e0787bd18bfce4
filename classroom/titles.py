"""Assignment titles that do not give the secret rule away.

Students see an assignment's title in the lobby, on their home page and in every table heading,
so a title must not name the rule. A title the app makes is neutral ("Mystery rule 3 · medium");
a title the teacher types is checked against the rule's names (the library rule's, and those of
every library rule that judges alike) and the words of its name, its description and its
explanation.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import override as language_override

from eleusis.engine.rules import LIBRARY, LibraryRule, RuleSyntaxError, compile_rule, equivalence
from eleusis.web.rule_check import DIFFICULTY_LABELS, rule_check

# Words that say nothing about which rule it is: the explanation's frame and the small words.
_STOP_TEXT = """a an the and or not of to in on at by for from with as is are be it its if then else
    otherwise when after before any every card cards card's may must played play plays start
    starts mainline rule rules has have last first next one two three same different other
    game round class lesson mystery practice demo solo week day test quiz team group table
    only more most least number counted that this than which what who"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
MIN_WORD = 3
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def neutral_title(*, number: int, difficulty: str = "") -> str:
    """The title the app gives a rule: its number in the class and, from the library, how hard it
    is. Nothing in it names the rule."""
    label = DIFFICULTY_LABELS.get(difficulty)
    if label is None:
        return gettext("Mystery rule %(number)s") % {"number": number}
    return gettext("Mystery rule %(number)s · %(difficulty)s") % {
        "number": number,
        "difficulty": label,
    }


def _words(text: str) -> set[str]:
    return {
        word
        for word in (w.casefold() for w in WORD.findall(text))
        if len(word) >= MIN_WORD and word not in STOP_WORDS
    }


def _normal(text: str) -> str:
    return " ".join(w.casefold() for w in WORD.findall(text))


# Scripts written without spaces between words (the app speaks Thai).
_UNSPACED = re.compile(r"[\u0E00-\u0E7F]")


def _compact(text: str) -> str:
    """The letters and marks of `text`, case folded, without spaces or punctuation."""
    return "".join(
        ch for ch in text.casefold() if ch.isalnum() or unicodedata.category(ch).startswith("M")
    )


@dataclass(frozen=True)
class TitleLeak:
    """What a title shares with its rule: a whole name (`name`), or some words (`words`)."""

    name: str = ""
    words: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.name or self.words)


@lru_cache(maxsize=512)
def library_matches(rule_text: str) -> tuple[LibraryRule, ...]:
    """The library rules that judge every situation as `rule_text` does."""
    try:
        rule = compile_rule(rule_text)
    except RuleSyntaxError:
        return ()
    same = []
    for entry in LIBRARY.values():
        if entry.text.strip() == rule_text.strip():
            same.append(entry)
            continue
        try:
            if equivalence(rule, entry.compiled()).equivalent:
                same.append(entry)
        except RuleSyntaxError:  # pragma: no cover - library rules compile
            continue
    return tuple(same)


@lru_cache(maxsize=512)
def _names_in_every_language(name: str) -> tuple[str, ...]:
    """A library rule's name in every language the app speaks: a title naming the rule in
    Spanish gives it away to a class of Spanish speakers whatever the teacher's own language."""
    names = [name]
    for code, _label in settings.LANGUAGES:
        with language_override(code):
            names.append(gettext(name))
    return tuple(dict.fromkeys(names))


def _rule_names_and_words(rule_text: str, library_rule_id: str) -> tuple[list[str], set[str]]:
    entries = list(library_matches(rule_text))
    chosen = LIBRARY.get(library_rule_id)
    if chosen is not None and chosen not in entries:
        entries.insert(0, chosen)
    names: list[str] = []
    words: set[str] = set()
    for entry in entries:
        names.extend(_names_in_every_language(entry.name))
        # Words are a warning the teacher confirms: in English and the teacher's language only,
        # where the small words are known (another language's would warn at every title).
        for text in (entry.name, gettext(entry.name)):
            words |= _words(text)
        words |= _words(entry.description) | _words(gettext(entry.description))
    if rule_text.strip():
        with language_override("en"):
            words |= _words(rule_check(rule_text).explanation)
        words |= _words(rule_check(rule_text).explanation)
    return names, words


def title_leak(title: str, *, rule_text: str, library_rule_id: str = "") -> TitleLeak:
    """Whether `title` names the rule (`rule_text`, from the library rule `library_rule_id` or
    written): a library name it contains, else the rule's words it uses."""
    if not rule_text.strip() or not title.strip():
        return TitleLeak()
    names, words = _rule_names_and_words(rule_text, library_rule_id)
    normal_title, compact_title = f" {_normal(title)} ", _compact(title)
    for name in names:
        normal_name = _normal(name)
        if normal_name and f" {normal_name} " in normal_title:
            return TitleLeak(name=name)
        # Thai is written without spaces between words: its name is found anywhere.
        if _UNSPACED.search(name) and _compact(name) in compact_title:
            return TitleLeak(name=name)
    shared = sorted(_words(title) & words)
    return TitleLeak(words=tuple(shared))
