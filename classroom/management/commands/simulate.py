"""Play rounds with bots and print one line per round.

    ./manage.py simulate --variant express --rule @th-odd-even --players 4 \
        --bots scientist --rounds 100 --seed 7 --json

`--rule` is a library id after `@`, or rule text. `--bots` is a comma list cycled over the
seats. With `--json` each line is the round's JSON record; without, a short summary.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from eleusis.engine.games import DEFAULT, GAMES, simulate
from eleusis.engine.simulate import MAX_ACTIONS, resolve_rule
from eleusis.engine.variants import config_from_json

# Command-line settings that map onto the variant's config, when the variant has them.
CONFIG_OPTIONS = (
    "decks",
    "hand_size",
    "starter",
    "first_player",
    "stock_exhaustion",
    "wrong_guess_penalty",
)


class Command(BaseCommand):
    help = "Simulate rounds played by bots and print one line (or JSON record) per round."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--variant", default=DEFAULT, choices=sorted(GAMES))
        parser.add_argument(
            "--rule", required=True, help="@library-id (e.g. @th-odd-even) or rule text"
        )
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument(
            "--bots",
            default="scientist",
            help="comma list cycled over the seats: "
            + "; ".join(f"{name}: {', '.join(d.bot_names)}" for name, d in sorted(GAMES.items())),
        )
        parser.add_argument("--rounds", type=int, default=1)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--json", action="store_true", help="one JSON record per line")
        parser.add_argument("--max-actions", type=int, default=MAX_ACTIONS)
        parser.add_argument("--decks", type=int)
        parser.add_argument("--hand-size", type=int, choices=(10, 12, 14))
        parser.add_argument("--starter", choices=("until_legal", "flip"))
        parser.add_argument("--first-player", choices=("left", "random"))
        parser.add_argument("--stock-exhaustion", choices=("end", "reshuffle_deck"))
        parser.add_argument("--wrong-guess-penalty", action="store_true", default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        variant = options["variant"]
        names = GAMES[variant].bot_names
        bots = [name.strip() for name in options["bots"].split(",") if name.strip()]
        unknown = [name for name in bots if name not in names]
        if not bots or unknown:
            raise CommandError(
                f"unknown bot {', '.join(unknown) or '(none given)'}: "
                f"choose from {', '.join(names)}"
            )
        if options["rounds"] < 0:
            raise CommandError(f"--rounds {options['rounds']}: give 0 or more")
        settings = {name: options[name] for name in CONFIG_OPTIONS if options.get(name) is not None}
        try:
            config = config_from_json(variant, settings)
        except ValueError as error:
            raise CommandError(f"bad settings {settings}: {error}") from None
        try:
            rule = resolve_rule(options["rule"])
        except (KeyError, ValueError) as error:
            raise CommandError(f"cannot use the rule {options['rule']!r}: {error}") from None
        records = simulate(
            rule=rule,
            players=options["players"],
            bots=bots,
            rounds=options["rounds"],
            seed=options["seed"],
            config=config,
            variant=variant,
            label=options["rule"],
            max_actions=options["max_actions"],
        )
        try:
            for record in records:
                if options["json"]:
                    self.stdout.write(json.dumps(record, ensure_ascii=False))
                else:
                    self.stdout.write(_summary(record))
        except ValueError as error:
            raise CommandError(str(error)) from None
        except BrokenPipeError:
            # The reader stopped early (`| head`): stop quietly, as Unix tools do.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _summary(record: dict[str, Any]) -> str:
    guess = record["plays_until_guess"]
    return (
        f"seed {record['seed']}: {record['end']}"
        + (f" after {guess} plays" if guess is not None else "")
        + f"; scores {record['scores']['players']}, dealer {record['scores']['dealer']}"
    )
