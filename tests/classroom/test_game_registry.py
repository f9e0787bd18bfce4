"""One record per game: the engine's and the web app's registries, and nowhere else.

A game's string id is its round class's `name` (the engine's variant registry); the records in
`eleusis.engine.games` and `classroom.games` carry it. Any other string literal in `classroom/`
or `eleusis/` that is a game's id (or a template comparing with one) means a game is named in a
second place, which is what the registries are for. Migrations are history and exempt.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from classroom.games import GAMES as WEB_GAMES
from classroom.games import web_game, whole_class
from eleusis.engine.games import GAMES, game, simulate
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
REGISTRIES = (ROOT / "eleusis" / "engine" / "games", ROOT / "classroom" / "games")


def _exempt(path: Path) -> bool:
    return "migrations" in path.parts or any(path.is_relative_to(r) for r in REGISTRIES)


def _named(path: Path, ids: set[str]) -> list[str]:
    """The string literals of a Python file that are a game's id (its round class's own
    `name = "..."` excepted: that is the engine's registration)."""
    tree = ast.parse(path.read_text(), str(path))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and "variants" in path.parent.parts:
            for item in node.body:
                if (
                    isinstance(item, ast.Assign)
                    and [getattr(t, "id", None) for t in item.targets] == ["name"]
                    and isinstance(item.value, ast.Constant)
                ):
                    allowed.add(id(item.value))
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in ids
        and id(node) not in allowed
    ]


def test_every_game_has_one_engine_record_and_the_round_class_it_names() -> None:
    assert set(GAMES) == set(VARIANTS)
    for game_id, record in GAMES.items():
        assert record.id == game_id
        assert VARIANTS[game_id] is record.round_class
        assert record.bots, game_id
        assert game(game_id) is record


def test_every_web_game_is_an_engine_game() -> None:
    assert WEB_GAMES, "the web app offers no game"
    for game_id, record in WEB_GAMES.items():
        assert GAMES[game_id] is record.engine
        assert web_game(game_id) is record
        assert callable(record.board) and callable(record.context)
        assert callable(record.live_tables)
        assert record.bots_play is None or callable(record.bots_play)
    assert not whole_class("no-such-game")


def test_a_web_record_names_by_dotted_path_only_what_imports_the_records() -> None:
    """Issue 32: a record's move and page context are callables; the dotted paths left lead
    into the selectors, views and tasks, which look games up in the records, so the record
    cannot import them back (pyproject.toml's contract forbids a cycle between `classroom`'s
    modules, each taken with its submodules)."""
    root = Path(__file__).resolve().parents[2] / "classroom"
    for record in WEB_GAMES.values():
        for name, value in vars(record).items():
            dotted = isinstance(value, str) and value.startswith("classroom.")
            assert not dotted or name.endswith("_path"), (record.id, name)
            if dotted:
                layer = value.split(".")[1]
                assert layer in {"selectors", "views", "tasks"}, (record.id, name, value)
                files = (root / layer).rglob("*.py") if (root / layer).is_dir() else []
                files = [*files, root / f"{layer}.py"]
                assert any(_imports_the_records(file) for file in files), value
        paths = {name for name, value in vars(record).items() if name.endswith("_path")}
        assert paths <= {"board_path", "live_tables_path", "bots_play_path"}, paths
        assert callable(record.context) and callable(record.action_from)


def _imports_the_records(path: Path) -> bool:
    if not path.exists():
        return False
    return any(
        isinstance(node, ast.ImportFrom) and (node.module or "").startswith("classroom.games")
        for node in ast.walk(ast.parse(path.read_text()))
    )


def test_simulate_plays_every_game_by_its_record() -> None:
    rule = LIBRARY["th-alternate-colors"].text
    from eleusis.engine.simulate import resolve_rule

    for game_id, record in GAMES.items():
        bots = [record.bot_names[0]] * 4
        (out,) = simulate(
            rule=resolve_rule(rule), players=4, bots=bots, rounds=1, seed=3, variant=game_id
        )
        assert out["variant"] == game_id


def test_no_game_is_named_outside_the_registries() -> None:
    ids = set(GAMES)
    names = "|".join(map(re.escape, sorted(ids)))
    compared = re.compile(r"(==|!=|\bin)\s*[\"'](" + names + r")[\"']")
    found: list[str] = []
    for top in ("classroom", "eleusis", "templates"):
        for path in sorted((ROOT / top).rglob("*")):
            if _exempt(path) or not path.is_file():
                continue
            if path.suffix == ".py":
                found += _named(path, ids)
            elif path.suffix in (".html", ".txt", ".js"):
                for number, line in enumerate(path.read_text().splitlines(), 1):
                    if compared.search(line):
                        found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "a game named outside its records:\n" + "\n".join(found)


def test_the_check_finds_a_game_named_elsewhere(tmp_path: Path) -> None:
    sample = tmp_path / "views.py"
    sample.write_text('if variant == "delphi":\n    pass\nclass R:\n    name = "express"\n')
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert [hit.split(": ", 1)[1] for hit in _named(sample, set(GAMES))] == [
            "'delphi'",
            "'express'",
        ]
    finally:
        ROOT = saved


def test_next_action_waits_for_the_people_and_moves_the_bots() -> None:
    """A table of two bots and two people: each game's next move is a bot's while a bot must
    act, None once a person must; with every seat a bot the round plays to its end."""
    from eleusis.engine.simulate import resolve_rule

    rule = resolve_rule("@th-alternate-colors")
    for game_id, record in GAMES.items():
        round_ = record.round_class(record.config_class(), 11, rule, 4)
        bots = list(record.seat([record.bot_names[0]], 4, 11))
        people: list = [bots[0], None, bots[2], None]
        acted = 0
        while (action := record.next_action(round_, people)) is not None:
            assert getattr(action, "player", None) in (None, 0, 2), (game_id, action)
            round_.apply(action)
            acted += 1
            assert acted < 500, game_id
        assert not round_.is_over, game_id  # a person must act now
        for _ in range(2000):
            if round_.is_over:
                break
            action = record.next_action(round_, bots)
            assert action is not None, game_id
            round_.apply(action)
        assert round_.is_over, game_id
