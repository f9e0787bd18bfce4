"""`./manage.py rules ACTION ...`: the rule engine's command line (`eleusis.engine.rules.cli`,
also `python -m eleusis.engine.rules`, which needs no Django) as a management command."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from eleusis.engine.rules import cli


class Command(BaseCommand):
    help = "Check, judge with, compare and list secret rules; build sentences."
    stealth_options = ("stdin",)
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        cli.add_actions(parser.add_subparsers(dest="action", required=True, metavar="ACTION"))

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            cli.run(options, self.stdout.write, options.get("stdin") or sys.stdin)
        except cli.CLIError as error:
            raise CommandError(error.message, returncode=error.returncode) from None
