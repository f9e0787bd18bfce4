"""The engine is pure Python: nothing under eleusis/engine/ may import Django."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "eleusis" / "engine"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _fresh(script: str) -> list[dict]:
    """Run `script` in a fresh interpreter without Django's settings; each line it prints,
    read as JSON."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ENGINE.parents[1],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_no_module_of_the_engine_imports_django_or_the_apps():
    offenders = {
        str(path.relative_to(ENGINE)): sorted(
            name
            for name in _imported_modules(path)
            if name.split(".")[0] in {"django", "classroom", "lessons", "celery"}
        )
        for path in ENGINE.rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}
    assert len(offenders) >= 3  # the walk really found the engine


def test_importing_every_engine_module_loads_no_django_celery_or_web_module():
    """Checked in a fresh interpreter, so what counts is what really gets loaded at run time
    (a package `__init__` that starts Celery would show here, not in the import statements)."""
    modules = sorted(
        ".".join(path.relative_to(ENGINE.parents[1]).with_suffix("").parts).removesuffix(
            ".__init__"
        )
        for path in ENGINE.rglob("*.py")
        if path.name != "__main__.py"
    )
    script = (
        "import importlib, json, os, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps({'modules': sorted(sys.modules),"
        " 'settings': os.environ.get('DJANGO_SETTINGS_MODULE')}))\n"
    )
    (loaded,) = _fresh(script)
    web = {"django", "celery", "kombu", "billiard", "redis", "classroom", "lessons"}
    offenders = [name for name in loaded["modules"] if name.split(".")[0] in web]
    project = [
        name
        for name in loaded["modules"]
        if name.startswith("eleusis.") and not name.startswith("eleusis.engine")
    ]
    assert offenders == []
    assert project == []
    assert loaded["settings"] is None
    assert "eleusis.engine.variants.express" in loaded["modules"]  # the imports really ran


def test_the_rules_command_line_runs_without_django():
    script = (
        "import json, sys\n"
        "from eleusis.engine.rules.cli import main\n"
        "code = main(['equiv', 'color != last.color',"
        " 'if last.color == red then black else red', '--json'])\n"
        "print(json.dumps({'code': code, 'django': any(m.split('.')[0] == 'django'"
        " for m in sys.modules)}))\n"
    )
    verdict, summary = _fresh(script)
    assert summary == {"code": 0, "django": False}
    assert verdict["equivalent"] is True
