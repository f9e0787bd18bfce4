"""Rewrite classroom/engine_strings.py, the engine's words for the translation catalogs.

The pure engine (eleusis/engine) cannot import Django, so `makemessages` never sees its sentence
frames, their drop-down labels, the library's rule names or the phrases the suggested hints are
built from. This command writes them into a Django-side module as `gettext_noop(...)` calls; run
it after changing the frames, the library or the hint phrases, then `makemessages`.
tests/classroom/test_engine_strings.py fails while the module is stale.

    ./manage.py engine_strings          # rewrite the module
    ./manage.py engine_strings --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from eleusis.engine.rules import LIBRARY, builder, errors, hints
from eleusis.engine.rules.explain import all_phrases as explain_phrases
from eleusis.engine.rules.frames import FRAMES
from eleusis.engine.rules.hints import PHRASES as HINT_PHRASES
from eleusis.web.rule_check import EXPLANATION_CONTEXT, explanation_card_words

MODULE_PATH = Path(__file__).resolve().parents[2] / "engine_strings.py"

# Card-face rank letters (A, J, Q, K), numbers and suit symbols read the same in every language
# (the cards show them so), so only labels with a word in them go to the translators.
_WORD = re.compile(r"[^\W\d_]{2}")

_HEADER = '''"""The engine's words, for the translation catalogs. GENERATED: do not edit by hand.

The pure engine cannot import Django, so `makemessages` finds its words here: the sentence frames
(eleusis/engine/rules/frames.py, translated at run time by eleusis/web/frames_i18n.py), the
library's rule names, the phrases of hints and explanations. `./manage.py engine_strings` rewrites
it; tests/classroom/test_engine_strings.py fails while it is stale. It is long because it is a
list, one entry for each string with its note for the translators, generated: no code to split.
"""

# ruff: noqa: E501

from django.utils.translation import gettext_noop, pgettext_lazy
'''


def _call(text: str) -> str:
    """`gettext_noop("...")`, indented in a tuple and wrapped as ruff format wraps it."""
    line = f"    gettext_noop({_literal(text)}),"
    if len(line) <= 100:
        return line
    return f"    gettext_noop(\n        {_literal(text)}\n    ),"


def _literal(text: str) -> str:
    """A double-quoted Python string literal (what ruff format would write)."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{body}"'


def engine_strings() -> dict[str, list[str]]:
    """The strings to translate, in groups, each in engine order and without repeats."""
    seen: set[str] = set()

    def new(texts):
        out = []
        for text in texts:
            if text not in seen:
                seen.add(text)
                out.append(text)
        return out

    sentences = new(text for frame in FRAMES for text in (frame.text, frame.blank_text))
    labels = new(
        option.label
        for frame in FRAMES
        for slot in frame.slots
        for option in slot.options
        if _WORD.search(option.label)
    )
    names = new(rule.name for rule in LIBRARY.values())
    library = new(
        text for rule in LIBRARY.values() for text in (rule.description, rule.reading) if text
    )
    hints = new(text for text in HINT_PHRASES.values() if _WORD.search(text))
    explanations = new(text for text in explain_phrases() if _WORD.search(text))
    return {
        "sentences": sentences,
        "labels": labels,
        "names": names,
        "library": library,
        "hints": hints,
        "explanations": explanations,
    }


# What fills the {placeholders} of a hint phrase, and where a piece goes, for the translators.
_HINT_NOTES = {
    "looks_only_at": "{what} is a place such as 'the last card' or 'the last two cards'",
    "looks_at": "{what} is places joined by 'LEFT and at RIGHT'",
    "looks_at_and": "This joins two places the rule looks at (in 'The rule looks at {what}.')",
    "last_card": "This is a place the rule looks at; also a card in 'the {props} of {card}'",
    "last_cards": "This is a place the rule looks at; {count} is a number in words ('two')",
    "previous_card": "This is a place the rule looks at (in 'The rule looks only at {what}.')",
    "verdict": "This is a place the rule looks at (in 'The rule looks only at {what}.')",
    "position": "This is a place the rule looks at (in 'The rule looks only at {what}.')",
    "about": "{props} is card properties such as 'color' or 'suit and rank'",
    "reads": "{items} is one or more 'the {props} of {card}' joined by 'LEFT and at RIGHT'",
    "reads_item": "{props}: card properties ('color', 'suit and rank'); {card}: a card such as"
    " 'the card you play' or 'the last two cards'",
    "reads_and": "This joins two 'the {props} of {card}' in 'It looks at {items}.'",
    "card": "This is a card, in 'the {props} of {card}'",
    "back_2": "This is a card, in 'The rule looks only at {what}.' and in 'the {props} of {card}'",
    "back_n": "This is a card, in 'The rule looks only at {what}.' and in 'the {props} of"
    " {card}'; {n} is a number in digits (3 or more)",
    "previous": "This is a card, in 'the {props} of {card}'",
    "and": "This joins the last of a list of card properties ('suit, rank and color')",
    "share_exact": "{fraction} is a share such as 'half' or 'a quarter'; {count} a number",
    "share_about": "{fraction} is a share such as 'half' or 'a quarter'; {count} a number",
    "share_varies": "{fraction} is a share such as 'half' or 'a quarter'; {low}, {high} numbers",
}
_HINT_KINDS = (
    (
        ("rank", "value", "suit", "color", "parity", "half", "face"),
        "This is a card property, in 'It is about {props}.' and 'the {props} of {card}'",
    ),
    (
        (
            "one_thirteenth",
            "an_eighth",
            "a_sixth",
            "a_quarter",
            "a_third",
            "half_of",
            "two_thirds",
            "three_quarters",
            "all",
        ),
        "This is a share of the 52 cards, the {fraction} of 'Exactly {fraction} of"
        " all cards fit after any card'",
    ),
    (("2", "3", "4", "5"), "This is a number in words, the {count} of 'the last {count} cards'"),
)


def _hint_note(key: str) -> str:
    for keys, note in _HINT_KINDS:
        if key in keys:
            return note
    return _HINT_NOTES.get(key, "This is a whole hint sentence")


def builder_strings() -> list[tuple[str, str]]:
    """The sentence builder's words (eleusis/engine/rules/builder.py), each once, with a note for
    the translators: the pieces a sentence is put together from, the drop-downs' questions and
    choices, and the messages for an unfinished or impossible sentence."""
    out: dict[str, str] = {}

    def add(text: str, note: str) -> None:
        if _WORD.search(text) and text not in out:
            out[text] = note

    for key, text in builder.PHRASES.items():
        add(text, _BUILDER_NOTES.get(key.split("-")[0], "A piece of a hypothesis sentence"))
    for quality in builder.QUALITIES:
        note = "A kind of card, in 'If the last card is {what},' (the subject's case)"
        if quality.noun.startswith("a ") and not _WORD.search(quality.noun):
            out.setdefault(quality.noun, note)  # "a 2": a language may say it in words
        add(quality.noun, note)
    for part in builder.PARTS:
        add(part.label, "The label of a drop-down of the sentence builder")
        for option in part.options:
            add(option.label, "A choice in a drop-down of the sentence builder")
    for text in builder.MESSAGES.values():
        add(
            text,
            "What a student reads when their built sentence is unfinished or impossible."
            " Keep every {placeholder} as it is",
        )
    return list(out.items())


_BUILDER_NOTES = {
    "if": "The start of a hypothesis sentence, before what to play; {what} is a kind of card"
    " ('a red card')",
    "prop": "A card property inside 'play the same {prop} as {ref}'",
    "ref": "An earlier card inside 'play the same {prop} as {ref}'",
    "one": "A whole hypothesis sentence; {first} and {second} are what to play, {condition} an"
    " 'If …,' start. Keep every {placeholder} as it is",
    "and": "A whole hypothesis sentence; {first} and {second} are what to play",
    "or": "A whole hypothesis sentence; {first} and {second} are what to play",
}


def render_module() -> str:
    """The text of classroom/engine_strings.py for the engine as it is now."""
    groups = engine_strings()
    sections = [
        _frame_sentences(groups),
        _same_note(groups, "labels"),
        _same_note(groups, "names"),
        _same_note(groups, "library"),
        _hint_phrases(groups),
        _same_note(groups, "explanations"),
        _explanation_cards(),
        _builder_phrases(),
        _object_phrases(),
        _rule_messages(),
    ]
    return _HEADER + "\n" + "\n\n".join("\n".join(lines) for lines in sections) + "\n"


def _tuple(heading: list[str], name: str, entries: Iterable[tuple[str, str]]) -> list[str]:
    """One tuple of the module: its comment, then each (note for the translators, call)."""
    lines = [f"# {line}" for line in heading]
    lines.append(f"{name} = (")
    for note, call in entries:
        lines.append(f"    # Translators: {note}")
        lines.append(call)
    lines.append(")")
    return lines


def _pcall(context: str, text: str) -> str:
    """`pgettext_lazy("context", "...")`, indented in a tuple and wrapped as ruff format does."""
    arguments = f"{_literal(context)}, {_literal(text)}"
    line = f"    pgettext_lazy({arguments}),"
    return line if len(line) <= 100 else f"    pgettext_lazy(\n        {arguments}\n    ),"


def _frame_sentences(groups: dict[str, list[str]]) -> list[str]:
    entries = []
    for frame in FRAMES:
        options = "; ".join(
            f"{{{slot.name}}}: " + ", ".join(o.label for o in slot.options) for slot in frame.slots
        )
        notes = {
            frame.text: "a hypothesis sentence frame. Keep every {slot} as it is; the slots take"
            f" these choices: {options}",
            frame.blank_text: "the same sentence frame with ___ for each gap (as printed on"
            " paper); translate it like the sentence with the {slots}",
        }
        for text in (frame.text, frame.blank_text):
            if text in groups["sentences"]:
                entries.append((notes[text], _call(text)))
                groups["sentences"].remove(text)
    heading = [
        "The sentence frames a student fills from drop-downs: each with its slots, then",
        "as printed on paper (___ for each slot).",
    ]
    return _tuple(heading, "FRAME_SENTENCES", entries)


# The groups of strings that all take one note: group -> (tuple name, heading, note).
_SAME_NOTE = {
    "labels": (
        "FRAME_OPTION_LABELS",
        ["The choices in the drop-downs, put into the sentences above."],
        "a drop-down choice that fills a gap of a hypothesis sentence frame; it must fit the"
        " sentences it goes in",
    ),
    "names": (
        "LIBRARY_RULE_NAMES",
        ["The names of the library's secret rules."],
        "the name of a secret rule in the rule library",
    ),
    "library": (
        "LIBRARY_RULE_TEXTS",
        [
            "What the library shows of each rule: its seed's words (in English translation) and",
            "the app's reading of them, where it adds something (lessons/rules.py).",
        ],
        "a secret rule of the library as its seed text says it (quoted in translation), or how"
        " the app reads it. Keep the card letters (A, J, Q, K) and the suit symbols",
    ),
    "explanations": (
        "EXPLANATION_PHRASES",
        ["The phrases and words the explanation of a secret rule is built from (see explain.py)."],
        "part of the explanation of a secret rule in words. Keep every {placeholder} as it is:"
        " {card} is a card ('the last card'), {prop} a property ('color'),"
        " {cond}/{left}/{right}/{then}/{otherwise} are clauses or values.",
    ),
}


def _same_note(groups: dict[str, list[str]], group: str) -> list[str]:
    """The tuple of a group whose strings all take one note (`_SAME_NOTE`)."""
    name, heading, note = _SAME_NOTE[group]
    return _tuple(heading, name, ((note, _call(text)) for text in groups[group]))


def _hint_phrases(groups: dict[str, list[str]]) -> list[str]:
    entries = []
    for key, text in HINT_PHRASES.items():
        if text in groups["hints"]:
            note = (
                "part of a hint the app suggests to the teacher, who may send it to the students."
                " Keep every {placeholder} as it is. " + _hint_note(key)
            )
            entries.append((note, _call(text)))
            groups["hints"].remove(text)
    return _tuple(
        ["The phrases the hints suggested to the teacher are built from (see hints.py)."],
        "HINT_PHRASES",
        entries,
    )


def _explanation_cards() -> list[str]:
    note = (
        "a card named in the explanation of a secret rule, as the subject of a clause ('the last"
        " card is red', 'the last card has the same color as the card'). The same words without"
        " this context are used where the card is an object"
    )
    return _tuple(
        ["The explanation's names of a card, the subject of a clause ('it is red')."],
        "EXPLANATION_CARDS",
        ((note, _pcall(EXPLANATION_CONTEXT, text)) for text in explanation_card_words()),
    )


def _builder_phrases() -> list[str]:
    heading = [
        "The sentence builder's words: the pieces a student's sentence is put together",
        "from, the drop-downs' questions and choices, and its messages (builder.py).",
    ]
    entries = ((note, _call(text)) for text, note in builder_strings())
    return _tuple(heading, "BUILDER_PHRASES", entries)


def _object_phrases() -> list[str]:
    objects = [(builder.OBJECT_CONTEXT, quality.noun) for quality in builder.QUALITIES]
    objects += [(hints.OBJECT_CONTEXT, HINT_PHRASES[key]) for key in hints.OBJECT_KEYS]
    notes = {
        builder.OBJECT_CONTEXT: "a kind of card as the object of 'play {what}' and 'play"
        " anything but {what}' in a sentence a student builds (the case of an object)",
        hints.OBJECT_CONTEXT: "a place or card a hint says the rule looks at, the object of"
        " 'The rule looks at {what}.' and 'It looks at {items}.' (the case of an object)",
    }
    # "a 2" has one letter, but a language may say it with words ("двойку").
    worded = dict.fromkeys(o for o in objects if re.search(r"[^\W\d_]", o[1]))
    heading = [
        "What to play, as the object of 'play {what}' (builder.py: OBJECT_CONTEXT), and",
        "the places and cards a hint says the rule looks at (hints.py: OBJECT_CONTEXT).",
    ]
    entries = ((notes[context], _pcall(context, text)) for context, text in worded)
    return _tuple(heading, "OBJECT_PHRASES", entries)


def _rule_messages() -> list[str]:
    entries = []
    for template in rule_messages():
        code, text = template.code, str(template)
        note = _RULE_MESSAGE_NOTES.get(code, _RULE_MESSAGE_NOTE.replace("{code}", code))
        call = _pcall(template.context, text) if template.context else _call(text)
        entries.append((note, call))
    heading = [
        "The rule checker's messages (errors.py, parser.py, compiler.py): each template",
        "by its code, put together and filled by eleusis/web/rule_check.py.",
    ]
    return _tuple(heading, "RULE_MESSAGES", entries)


_RULE_MESSAGE_NOTE = (
    "part of what the rule checker says about a mistake in a secret rule (code {code}). Keep"
    " every {placeholder}, and the rule's own words (in quotes, or like last.rank) as they are:"
    " rules are written in English words in every language. A part that starts with ':' or"
    " ' — ' follows another part"
)
_RULE_MESSAGE_NOTES = {
    "words": "words that fill a {placeholder} of the rule checker's messages: what a part of a"
    " rule stands for ('a number'), a card, or a kind of thing. Write them so they read well in"
    " any of those messages (in the base form; the messages are worded around them)",
}


def rule_messages() -> list[errors.Template]:
    """The rule checker's message templates and the words that fill them, each once."""
    seen: set[tuple[str, str]] = set()
    out = []
    for template in errors.TEMPLATES:
        key = (template.context, str(template))
        if template.code != "other" and _WORD.search(key[1]) and key not in seen:
            seen.add(key)
            out.append(template)
    return out


class Command(BaseCommand):
    help = "Rewrite classroom/engine_strings.py from the engine's frames, library and hint phrases."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check", action="store_true", help="Only check that the module is up to date."
        )

    def handle(self, *args, check: bool = False, **options):
        text = render_module()
        current = MODULE_PATH.read_text(encoding="utf-8") if MODULE_PATH.exists() else None
        if check:
            if current != text:
                raise CommandError(f"{MODULE_PATH} is out of date: run ./manage.py engine_strings")
            self.stdout.write("engine_strings.py is up to date.")
            return
        if current == text:
            self.stdout.write("engine_strings.py is already up to date.")
            return
        MODULE_PATH.write_text(text, encoding="utf-8")
        self.stdout.write(f"Wrote {MODULE_PATH}.")
