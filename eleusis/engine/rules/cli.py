"""The rule engine from the shell, for teachers, researchers and scripts, with no Django:
`python -m eleusis.engine.rules ACTION ...` (and `./manage.py rules ACTION ...`, which calls this).
Thin over `eleusis.engine.rules`; every subcommand takes --json.

RULE is rule text (`"color != last.color"`) or `@id` of a library rule (`@th-suit-cycle`).

    rules check RULE             explanation, analysis and warnings; a syntax error exits 1
    rules judge RULE             JSON lines in: {"plays": [["AS", true], ["7H", false]],
                                 "card": "QD"}; one line out each: {"accepted": true}
                                 or {"error": "..."}
    rules equiv RULE RULE        whether two rules judge alike, with a counterexample
                                 (--decks N: in a game dealt from N decks, 2 by default)
    rules library                every library rule with its explanation
    rules frames                 the sentence builder's parts and options, with ids
    rules build PART=OPTION ...  the rule a built sentence says, or what is missing (exit 1)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO, cast

from eleusis.engine.cards import Card, CardError
from eleusis.engine.history import Attempt
from eleusis.engine.rules import (
    LIBRARY,
    CompiledRule,
    RuleSyntaxError,
    analyse,
    compile_rule,
    equivalence,
    library_rule,
)
from eleusis.engine.rules.builder import BuilderError, build, catalogue, parse_filling
from eleusis.engine.rules.smt import COPIES

Write = Callable[[str], None]


class CLIError(Exception):
    """A refusal of the command line: its message, and exit status 1."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.returncode = 1


def add_actions(actions: Any) -> None:
    """Add the subcommands to `actions`, an argparse subparsers object (Django's too)."""
    check = actions.add_parser("check", help="explain and analyse a rule")
    check.add_argument("rule", help="rule text, or @id of a library rule")
    judge = actions.add_parser("judge", help="judge JSON lines read from standard input")
    judge.add_argument("rule", help="rule text, or @id of a library rule")
    equiv = actions.add_parser("equiv", help="whether two rules judge alike")
    equiv.add_argument("rule", help="rule text, or @id of a library rule")
    equiv.add_argument("other", help="rule text, or @id of a library rule")
    equiv.add_argument("--seed", type=int, default=0, help="seed when sampling")
    equiv.add_argument(
        "--decks",
        type=int,
        default=COPIES,
        choices=range(1, 9),
        metavar="N",
        help="decks the game deals from (Express 2, Abbott/Howell 3): a counterexample uses "
        "at most N of a card (default %(default)s)",
    )
    actions.add_parser("library", help="list the library rules")
    for sub in (check, judge, equiv, actions.choices["library"]):
        sub.add_argument("--json", action="store_true", help="print JSON")
    _add_builder_parsers(actions)


def run(options: dict[str, Any], write: Write, stdin: TextIO) -> None:
    """Run the subcommand `options["action"]`, writing each output line with `write`."""
    action = options["action"]
    as_json = bool(options.get("json"))
    if action == "check":
        run_check(write, options["rule"], as_json)
    elif action == "judge":
        run_judge(write, options["rule"], stdin)
    elif action == "equiv":
        run_equiv(
            write,
            options["rule"],
            options["other"],
            options["seed"],
            as_json,
            options.get("decks", COPIES),
        )
    elif action == "frames":
        run_frames(write, as_json)
    elif action == "build":
        run_build(write, options["choices"], as_json)
    else:
        run_library(write, as_json)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m eleusis.engine.rules",
        description="Check, judge with, compare and list secret rules; build sentences.",
    )
    add_actions(parser.add_subparsers(dest="action", required=True, metavar="ACTION"))
    options = vars(parser.parse_args(argv))
    try:
        run(options, lambda line: print(line), sys.stdin)
    except CLIError as error:
        print(error.message, file=sys.stderr)
        return error.returncode
    return 0


def _emit(write: Write, data: object) -> None:
    write(json.dumps(data, ensure_ascii=False))


def _compile(write: Write, spec: str, as_json: bool) -> CompiledRule:
    """The rule named by RULE, or a CLIError (after the JSON error, with --json)."""
    if spec.startswith("@"):
        try:
            return library_rule(spec[1:]).compiled()
        except KeyError:
            message = f"no library rule {spec[1:]!r}; see `rules library`"
            if as_json:
                _emit(write, {"error": message})
            raise CLIError(message) from None
    try:
        return compile_rule(spec)
    except RuleSyntaxError as error:
        if as_json:
            _emit(write, error.to_dict())
        raise CLIError(str(error)) from None


def run_check(write: Write, spec: str, as_json: bool) -> None:
    rule = _compile(write, spec, as_json)
    analysis = analyse(rule)
    if as_json:
        _emit(
            write,
            {
                "rule": rule.text,
                "explanation": rule.explain(),
                "analysis": analysis.to_dict(),
            },
        )
        return
    reads = [f"{rule.lookback} card(s) back"]
    if rule.reads_position:
        reads.append("the position")
    if rule.reads_verdict:
        reads.append("whether the previous play was right")
    if rule.reads_previous_card:
        reads.append("the previous play's card")
    how = "exact" if analysis.exhaustive else "sampled"
    lines = [
        f"Rule: {rule.text}",
        f"In words: {rule.explain()}",
        f"Reads: {', '.join(reads)}",
        f"Legal cards of 52: min {analysis.min_legal}, mean {analysis.mean_legal:.1f}, "
        f"max {analysis.max_legal} ({how}, {analysis.situations} situations)",
        f"Starters: {analysis.starters} of 52",
        f"Dead ends: {analysis.dead_ends}",
        f"Never playable: {', '.join(analysis.never_playable) or 'none'}",
    ]
    if analysis.warnings:
        lines.append("Warnings:")
        lines += [f"  - {warning.message}" for warning in analysis.warnings]
    else:
        lines.append("Warnings: none")
    write("\n".join(lines))


def run_judge(write: Write, spec: str, stdin: TextIO) -> None:
    rule = _compile(write, spec, as_json=True)
    for line in stdin:
        if not line.strip():
            continue
        try:
            history, card = _situation(json.loads(line))
        except (ValueError, TypeError, KeyError, CardError) as error:
            _emit(write, {"error": _reason(error)})
            continue
        _emit(write, {"accepted": rule.accepts(history, card)})


def run_equiv(
    write: Write, spec: str, other_spec: str, seed: int, as_json: bool, decks: int = COPIES
) -> None:
    a = _compile(write, spec, as_json)
    b = _compile(write, other_spec, as_json)
    result = equivalence(a, b, seed=seed, copies=decks)
    if as_json:
        _emit(write, result.to_dict())
        return
    if result.equivalent is None:
        write("Unknown (undecided within the time limit).")
        return
    how = f"checked every one of {result.situations} situations"
    if not result.exhaustive:
        how = "proved by the solver"
    if result.equivalent:
        # Equivalent for this game: no history its decks can deal tells the rules apart.
        decks_word = "deck" if result.copies == 1 else "decks"
        write(f"Equivalent for a game dealt from {result.copies} {decks_word} ({how}).")
        return
    example = result.counterexample
    assert example is not None
    plays = " ".join(
        attempt.card.code + ("" if attempt.accepted else " (wrong)") for attempt in example.plays
    )
    verdicts = {True: "accepts", False: "refuses"}
    write(
        f"Different ({how}): "
        f"after {plays or 'nothing (the start)'}, the first rule {verdicts[example.a]} "
        f"{example.card} and the second {verdicts[example.b]} it."
    )


def run_library(write: Write, as_json: bool) -> None:
    entries = [
        {**entry.to_dict(), "explanation": entry.compiled().explain()} for entry in LIBRARY.values()
    ]
    if as_json:
        _emit(write, entries)
        return
    for entry in entries:
        write(
            f"{entry['id']}  ({entry['source']}, {entry['difficulty']})  {entry['name']}\n"
            f"    {entry['text'].replace(chr(10), chr(10) + '    ')}\n"
            f"    {entry['explanation']}"
        )


def _add_builder_parsers(actions: Any) -> None:
    frames = actions.add_parser("frames", help="the sentence builder's parts and options, with ids")
    frames.add_argument("--json", action="store_true", help="print JSON")
    build_parser = actions.add_parser(
        "build", help="the rule text of a sentence built from PART=OPTION pairs"
    )
    build_parser.add_argument("choices", nargs="*", metavar="PART=OPTION")
    build_parser.add_argument("--json", action="store_true", help="print JSON")


def run_frames(write: Write, as_json: bool) -> None:
    parts = catalogue()
    if as_json:
        write(json.dumps({"parts": parts}, ensure_ascii=False))
        return
    for part in parts:
        choices = cast(list[dict[str, str]], part["options"])
        options = ", ".join(f"{o['id']} ({o['label']})" for o in choices)
        write(f"{part['id']}: {part['label']}\n    {options}")


def run_build(write: Write, pairs: Sequence[str], as_json: bool) -> None:
    try:
        built = build(parse_filling(list(pairs)))
    except BuilderError as error:
        if as_json:
            write(json.dumps({"error": error.message, "part": error.part}, ensure_ascii=False))
        raise CLIError(error.message) from None
    if as_json:
        write(
            json.dumps(
                {"rule": built.text, "words": built.words(), "choices": built.filling},
                ensure_ascii=False,
            )
        )
        return
    write(f"{built.text}\n{built.words()}")


def _situation(data: object) -> tuple[list[Attempt], Card]:
    if not isinstance(data, dict):
        raise ValueError('each line must be an object like {"plays": [...], "card": "QD"}')
    plays = data.get("plays", [])
    if not isinstance(plays, list):
        raise ValueError('"plays" must be a list of [card, accepted] pairs')
    history: list[Attempt] = []
    for play in plays:
        if (
            not isinstance(play, list | tuple)
            or len(play) != 2
            or not isinstance(play[0], str)
            or not isinstance(play[1], bool)
        ):
            raise ValueError(
                f'each play must be [card, true/false], like ["AS", true], not {json.dumps(play)}'
            )
        history.append(Attempt(Card.parse(play[0]), play[1]))
    card = data.get("card")
    if not isinstance(card, str):
        raise ValueError('"card" must be a card like "QD"')
    return history, Card.parse(card)


def _reason(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON: {error.msg} at column {error.colno}"
    return str(error).strip("'\"")
