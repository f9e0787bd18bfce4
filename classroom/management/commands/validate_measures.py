"""Validate the review's measures on bots whose strategy is known.

    ./manage.py validate_measures --rounds 200 --json
    ./manage.py validate_measures --rounds 200 --bot-space library

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

from eleusis.engine.insight.validation import BOT_SPACES, table, validate


class Command(BaseCommand):
    help = (
        "Play rounds with bots of known strategies and report how well each measure separates them."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rounds", type=int, default=200, help="rounds per strategy")
        parser.add_argument("--seed", type=int, default=2024)
        parser.add_argument("--json", action="store_true", help="one JSON object")
        parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
        parser.add_argument(
            "--bot-space",
            choices=BOT_SPACES,
            default="pool",
            help="the hypotheses the bots reason over (the measures always score against the "
            "rule language's pool): pool, library (coarser) or frames (another vocabulary)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        rounds = options["rounds"]
        if rounds < 1:
            raise CommandError(f"--rounds {rounds}: give 1 or more")

        def progress(rule_id: str, done: int) -> None:
            if not options["quiet"]:
                sys.stderr.write(f"\r{done}/{rounds} rounds ({rule_id})   ")
                sys.stderr.flush()

        report = validate(
            rounds, seed=options["seed"], progress=progress, bot_space=options["bot_space"]
        )
        if not options["quiet"]:
            sys.stderr.write("\n")
        if options["json"]:
            self.stdout.write(json.dumps(report))
        else:
            self.stdout.write(table(report))
