"""The engine is pure Python: nothing under eleusis/engine/ may import Django."""

import ast
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
