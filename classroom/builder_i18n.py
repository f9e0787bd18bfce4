"""The sentence builder in the student's language, for the table page and the move form.

The builder (eleusis/engine/rules/builder.py) is English and Django-free; its words reach the
catalogs through classroom/engine_strings.py (`./manage.py engine_strings` writes it). Here each
piece is translated with gettext as the sentence is put together, so the student reads back the
whole sentence in their language before it is saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import get_language, gettext

from eleusis.engine.rules.builder import (
    MESSAGES,
    PARTS_BY_ID,
    BuilderError,
    Built,
    assemble,
    build,
    visible_parts,
)
from eleusis.engine.rules.phrases import match

PREFIX = "b_"  # the builder's fields in a form: b_if, b_then-what, ...


def choices_from(data: Mapping[str, str]) -> dict[str, str]:
    """The builder's choices in a request's data (b_<part>), the empty ones left out."""
    out = {}
    for part_id in PARTS_BY_ID:
        value = data.get(PREFIX + part_id, "")
        if isinstance(value, str) and value.strip():
            out[part_id] = value.strip()[:40]
    # "Always" and "(nothing more)" are where the drop-downs start: alone they choose nothing.
    if out.get("if") == "always":
        del out["if"]
    if out.get("join") == "none":
        del out["join"]
    return out


def words(built: Built) -> str:
    """The built sentence in the student's language."""
    return built.words(gettext)


def message(error: BuilderError, choices: Mapping[str, str]) -> str:
    """What to change, in the student's language."""
    if not error.key:
        return gettext("That choice is not in the list: choose again.")
    values = dict(error.values)
    if "words" in values:
        values["words"] = assemble(choices).words(gettext)
    if values.get("join") in {option.id for option in PARTS_BY_ID["join"].options}:
        values["join"] = gettext(PARTS_BY_ID["join"].option(values["join"]).label)
    # A message that names no joining word ("Say what to play …") is read as it is, whatever
    # was chosen meanwhile (a child filling the builder from the top: "If …" before "Play").
    try:
        return gettext(MESSAGES[error.key]).format(**values)
    except (KeyError, IndexError):
        return gettext(MESSAGES[error.key])


@dataclass
class BuilderState:
    """What the builder shows: its drop-downs, and the sentence read back or what to change."""

    parts: list[dict] = field(default_factory=list)
    built: Built | None = None
    readback: str = ""
    error: str = ""
    error_part: str = ""


def builder_state(choices: Mapping[str, str]) -> BuilderState:
    state = BuilderState()
    for part, options in visible_parts(choices):
        chosen = choices.get(part.id, "")
        state.parts.append(
            {
                "id": part.id,
                "name": PREFIX + part.id,
                "label": gettext(part.label),
                "options": [(o.id, gettext(o.label)) for o in options],
                "chosen": chosen,
                # "When" starts on "Always" and "Then" on "(nothing more)"; the others on a gap.
                "blank": part.id not in ("if", "join"),
            }
        )
    if not choices:
        return state
    try:
        state.built = build(choices)
    except BuilderError as error:
        state.error, state.error_part = message(error, choices), error.part
    else:
        state.readback = words(state.built)
    return state


@dataclass(frozen=True)
class Suggestion:
    words: str  # the sentence, in the student's language
    url: str  # the builder with its parts chosen


def suggestion_for(text: str) -> Suggestion | None:
    """The builder sentence a hypothesis in words means, when the app knows the phrasing."""
    filling = match(text, get_language() or "en")
    if filling is None:
        return None
    query = urlencode({PREFIX + part: option for part, option in filling.items()})
    return Suggestion(words(build(filling)), f"{reverse('classroom:builder_parts')}?{query}")
