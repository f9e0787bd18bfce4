"""What one student's move costs in each game, through the page's own URL and form: the SQL
statements (and the transaction control around them), the snapshot decodes and the CPU.

    .venv/bin/python benchmarks/bench_moves.py [--plays 40] [--sql]

Seats a table of four students per game (tests/factories.py `live_table`) on a throw-away
SQLite database (DATABASE_URL and REDIS_URL honoured: PostgreSQL and Redis as in production),
DEBUG off, and makes `--plays` moves per game with Django's test client, each the move the
page of the student whose turn it is would send (Express, the Russian rules: the first card the
engine lets them play; Abbott/Howell: that card as a string, or the prophet's "right" when a
judgement waits; Delphi: each student's token for the card on show). A snapshot decode is a
`Round.from_json` (or a replay of the log). Prints the median per move; figures, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_table  # noqa: E402  (beside this file: the path above)

RULE = "color != last.color"
URLS = {"express": "move", "abbott": "string", "russian": "card", "delphi": "move"}


class Counter:
    """Counts snapshot decodes (`Round.from_json`) and replays (`Round.replay`)."""

    def __init__(self) -> None:
        from eleusis.engine.variants import Round

        self.decodes = 0
        decode, replay = Round.from_json.__func__, Round.replay.__func__

        def counted_decode(cls, *args, **kwargs):
            self.decodes += 1
            return decode(cls, *args, **kwargs)

        def counted_replay(cls, *args, **kwargs):
            self.decodes += 1
            return replay(cls, *args, **kwargs)

        Round.from_json = classmethod(counted_decode)
        Round.replay = classmethod(counted_replay)


class Table(bench_table.Table):
    """A table of four of one game, a signed-in client per seat."""

    def __init__(self, game: str) -> None:
        super().__init__(variant=game, rule_text=RULE)
        self.game = game
        self.url = f"/play/tables/{self.table.pk}/{URLS[game]}/"

    def move(self):
        """(client, form data) of the next move, or None when the round is over."""
        from classroom.models import Round
        from classroom.selectors.rounds import engine_round

        round_row = Round.objects.filter(table=self.table).order_by("-number").first()
        engine = engine_round(round_row)
        if engine.is_over:
            return None
        base = {"round": round_row.pk, "seq": round_row.version, "key": uuid.uuid4().hex}
        thinking = {"hypothesis": "colors alternate", "prediction": "accepted"}
        if self.game == "delphi":
            state = engine.state
            player = next(p for p, value in enumerate(state.predictions) if value is None)
            data = {**base, "card": state.current.code, "value": "true"}
        elif self.game == "abbott" and engine.state.pending is not None:
            player = engine.state.prophet
            data = {**base, "op": "accept"}
        else:
            player = engine.state.turn
            if self.game == "russian":
                card = engine.playable(player)[0]
            else:
                card = engine.state.hands[player][0]
            data = {**base, **thinking, "op": "play", "card": card.code, "cards": card.code}
        position = next(s.position for s in self.seats if round_row.player_of(s.position) == player)
        return self.clients[position], data


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=40)
    parser.add_argument("--sql", action="store_true", help="print the statements of one move")
    args = parser.parse_args()
    bench_table._setup()
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counter = Counter()
    backend = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"one move per request, tables of four, DEBUG off, {backend}")
    print(f"{'game':<9} {'statements':>10} {'+control':>9} {'decodes':>8} {'CPU ms':>8} moves")
    for game in URLS:
        table = Table(game)
        statements, control, decodes, cpu, shown = [], [], [], [], False
        for _ in range(args.plays + 3):
            found = table.move()
            if found is None:
                table = Table(game)
                found = table.move()
            client, data = found
            queries = CaptureQueriesContext(connection)
            before = counter.decodes
            with queries:
                c0 = time.process_time()
                response = client.post(
                    table.url,
                    urlencode(data),
                    content_type=bench_table.FORM_ENCODED,
                    HTTP_HX_REQUEST="true",
                )
                cpu.append((time.process_time() - c0) * 1000)
            assert response.status_code == 200, response.content.decode()[:500]
            body = response.content.decode()
            assert "message-error" not in body, (game, data, body[:3000])
            sql = [q["sql"] for q in queries]
            kept = [text for text in sql if not bench_table._TRANSACTION.match(text)]
            statements.append(len(kept))
            control.append(len(sql) - len(kept))
            decodes.append(counter.decodes - before)
            if args.sql and not shown and len(statements) > 3:
                shown = True
                print(f"-- {game}:", *kept, sep="\n   ")
        statements, control, decodes, cpu = (
            values[3:] for values in (statements, control, decodes, cpu)
        )  # the first moves warm the templates and connections
        print(
            f"{game:<9} {statistics.median(statements):>10} {statistics.median(control):>9} "
            f"{statistics.median(decodes):>8} {statistics.median(cpu):>8.1f} {len(cpu)}"
        )


if __name__ == "__main__":
    main()
