"""The engine's sentence frames in the student's language.

The frames (eleusis/engine/rules/frames.py) are English and Django-free; their words reach the
catalogs through classroom/engine_strings.py (`./manage.py engine_strings` writes it). These
helpers translate them with gettext at run time. English, or a frame whose sentence has no
translation yet, keeps the engine's own `Frame.sentence()`, with its "a"/"an" rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from eleusis.engine.rules.frames import Frame, Option


def frame_blank_text(frame: Frame) -> str:
    """The sentence with ___ for each gap, translated (the frame's <select> shows it)."""
    return gettext(frame.blank_text)


def option_label(option: Option) -> str:
    """What a drop-down choice shows, translated."""
    return gettext(option.label)


def frame_sentence(frame: Frame, choices: Mapping[str, str]) -> str:
    """The sentence filled with the chosen labels, as the student reads it.

    Raises FrameError, as `Frame.sentence()` does, for a missing or impossible choice.
    """
    english = frame.sentence(choices)  # checks the choices
    text = gettext(frame.text)
    if text == frame.text:
        return english
    return text.format(
        **{slot.name: option_label(slot.option(choices[slot.name])) for slot in frame.slots}
    )
