"""Validate the review's measures on bots whose strategy is known.

    ./manage.py validate_measures --rounds 200 --json

Plays `--rounds` rounds per strategy over the library rules and prints, per measure, the mean
and spread per strategy and the AUC and Cohen's d of the pairs it must separate (see
`eleusis/engine/insight/validation.py` and `docs/measures.md`). With `--json` one JSON object:
`{"measures": [{"id", "label", "shown", "pairs": [{"a", "b", "auc", "d"}], ...}], "rounds": N}`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from eleusis.engine.insight.validation import table, validate


class Command(BaseCommand):
    help = (
        "Play rounds with bots of known strategies and report how well each measure separates them."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rounds", type=int, default=200, help="rounds per strategy")
        parser.add_argument("--seed", type=int, default=2024)
        parser.add_argument("--json", action="store_true", help="one JSON object")
        parser.add_argument("--quiet", action="store_true", help="no progress on stderr")

    def handle(self, *args: Any, **options: Any) -> None:
        rounds = options["rounds"]
        if rounds < 1:
            raise CommandError(f"--rounds {rounds}: give 1 or more")

        def progress(rule_id: str, done: int) -> None:
            if not options["quiet"]:
                sys.stderr.write(f"\r{done}/{rounds} rounds ({rule_id})   ")
                sys.stderr.flush()

        report = validate(rounds, seed=options["seed"], progress=progress)
        if not options["quiet"]:
            sys.stderr.write("\n")
        if options["json"]:
            self.stdout.write(json.dumps(report))
        else:
            self.stdout.write(table(report))
