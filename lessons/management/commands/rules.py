"""`./manage.py rules check|judge|equiv|library`: the rule engine for teachers, researchers and
scripts. Thin over `eleusis.engine.rules`; every subcommand takes --json.

RULE is rule text (`"color != last.color"`) or `@id` of a library rule (`@th-suit-cycle`).

    rules check RULE             explanation, analysis and warnings; a syntax error exits 1
    rules judge RULE             JSON lines in: {"plays": [["AS", true], ["7H", false]],
                                 "card": "QD"}; one line out each: {"accepted": true}
                                 or {"error": "..."}
    rules equiv RULE RULE        whether two rules judge alike, with a counterexample
    rules library                every library rule with its explanation
    rules frames                 the sentence builder's parts and options, with ids
    rules build PART=OPTION ...  the rule a built sentence says (lessons/builder_commands.py)
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

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
from lessons import builder_commands


class Command(BaseCommand):
    help = "Check, judge with, compare and list secret rules."
    stealth_options = ("stdin",)
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
        check = actions.add_parser("check", help="explain and analyse a rule")
        check.add_argument("rule", help="rule text, or @id of a library rule")
        judge = actions.add_parser("judge", help="judge JSON lines read from standard input")
        judge.add_argument("rule", help="rule text, or @id of a library rule")
        equiv = actions.add_parser("equiv", help="whether two rules judge alike")
        equiv.add_argument("rule", help="rule text, or @id of a library rule")
        equiv.add_argument("other", help="rule text, or @id of a library rule")
        equiv.add_argument("--seed", type=int, default=0, help="seed when sampling")
        actions.add_parser("library", help="list the library rules")
        for sub in (check, judge, equiv, actions.choices["library"]):
            sub.add_argument("--json", action="store_true", help="print JSON")
        builder_commands.add_parsers(actions)

    def handle(self, *args: Any, **options: Any) -> None:
        action = options["action"]
        as_json = bool(options.get("json"))
        if action == "check":
            self.run_check(options["rule"], as_json)
        elif action == "judge":
            self.run_judge(options["rule"], options.get("stdin") or sys.stdin)
        elif action == "equiv":
            self.run_equiv(options["rule"], options["other"], options["seed"], as_json)
        elif action == "frames":
            builder_commands.run_frames(self.stdout.write, as_json)
        elif action == "build":
            builder_commands.run_build(self.stdout.write, options["choices"], as_json)
        else:
            self.run_library(as_json)

    def emit(self, data: object) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False))

    def compile(self, spec: str, as_json: bool) -> CompiledRule:
        """The rule named by RULE, or a CommandError (after the JSON error, with --json)."""
        if spec.startswith("@"):
            try:
                return library_rule(spec[1:]).compiled()
            except KeyError:
                message = f"no library rule {spec[1:]!r}; see `rules library`"
                if as_json:
                    self.emit({"error": message})
                raise CommandError(message, returncode=1) from None
        try:
            return compile_rule(spec)
        except RuleSyntaxError as error:
            if as_json:
                self.emit(error.to_dict())
            raise CommandError(str(error), returncode=1) from None

    def run_check(self, spec: str, as_json: bool) -> None:
        rule = self.compile(spec, as_json)
        analysis = analyse(rule)
        if as_json:
            self.emit(
                {
                    "rule": rule.text,
                    "explanation": rule.explain(),
                    "analysis": analysis.to_dict(),
                }
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
        self.stdout.write("\n".join(lines))

    def run_judge(self, spec: str, stdin: TextIO) -> None:
        rule = self.compile(spec, as_json=True)
        for line in stdin:
            if not line.strip():
                continue
            try:
                history, card = _situation(json.loads(line))
            except (ValueError, TypeError, KeyError, CardError) as error:
                self.emit({"error": _reason(error)})
                continue
            self.emit({"accepted": rule.accepts(history, card)})

    def run_equiv(self, spec: str, other_spec: str, seed: int, as_json: bool) -> None:
        a = self.compile(spec, as_json)
        b = self.compile(other_spec, as_json)
        result = equivalence(a, b, seed=seed)
        if as_json:
            self.emit(result.to_dict())
            return
        if result.equivalent is None:
            self.stdout.write("Unknown (undecided within the time limit).")
            return
        how = f"checked every one of {result.situations} situations"
        if not result.exhaustive:
            how = "proved by the solver"
        if result.equivalent:
            self.stdout.write(f"Equivalent ({how}).")
            return
        example = result.counterexample
        assert example is not None
        plays = " ".join(
            attempt.card.code + ("" if attempt.accepted else " (wrong)")
            for attempt in example.plays
        )
        verdicts = {True: "accepts", False: "refuses"}
        self.stdout.write(
            f"Different ({how}): "
            f"after {plays or 'nothing (the start)'}, the first rule {verdicts[example.a]} "
            f"{example.card} and the second {verdicts[example.b]} it."
        )

    def run_library(self, as_json: bool) -> None:
        entries = [
            {**entry.to_dict(), "explanation": entry.compiled().explain()}
            for entry in LIBRARY.values()
        ]
        if as_json:
            self.emit(entries)
            return
        for entry in entries:
            self.stdout.write(
                f"{entry['id']}  ({entry['source']}, {entry['difficulty']})  {entry['name']}\n"
                f"    {entry['text'].replace(chr(10), chr(10) + '    ')}\n"
                f"    {entry['explanation']}"
            )


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
