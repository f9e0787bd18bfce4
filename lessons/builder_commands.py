"""`./manage.py rules frames` and `./manage.py rules build`: the sentence builder from the shell.

rules frames [--json]              every part of a sentence and its options, with ids
rules build PART=OPTION ... [--json]
                                   the rule text of a filling and its sentence in words,
                                   or the message for an unfinished or impossible one
                                   (exit 1), e.g. rules build then=other-color then-ref=last
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from django.core.management.base import CommandError, CommandParser

from eleusis.engine.rules.builder import BuilderError, build, catalogue, parse_filling

Emit = Callable[[str], None]


def add_parsers(actions) -> None:  # actions: the subparsers of the rules command
    frames: CommandParser = actions.add_parser(
        "frames", help="the sentence builder's parts and options, with ids"
    )
    frames.add_argument("--json", action="store_true", help="print JSON")
    build_parser: CommandParser = actions.add_parser(
        "build", help="the rule text of a sentence built from PART=OPTION pairs"
    )
    build_parser.add_argument("choices", nargs="*", metavar="PART=OPTION")
    build_parser.add_argument("--json", action="store_true", help="print JSON")


def run_frames(write: Emit, as_json: bool) -> None:
    parts = catalogue()
    if as_json:
        write(json.dumps({"parts": parts}, ensure_ascii=False))
        return
    for part in parts:
        options = ", ".join(f"{o['id']} ({o['label']})" for o in part["options"])
        write(f"{part['id']}: {part['label']}\n    {options}")


def run_build(write: Emit, pairs: Sequence[str], as_json: bool) -> None:
    try:
        built = build(parse_filling(list(pairs)))
    except BuilderError as error:
        if as_json:
            write(json.dumps({"error": error.message, "part": error.part}, ensure_ascii=False))
        raise CommandError(error.message, returncode=1) from None
    if as_json:
        write(
            json.dumps(
                {"rule": built.text, "words": built.words(), "choices": built.filling},
                ensure_ascii=False,
            )
        )
        return
    write(f"{built.text}\n{built.words()}")
