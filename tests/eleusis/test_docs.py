"""The repository documents itself: the docs that code cites exist, and nothing cites files that
live outside the repository."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("eleusis", "classroom", "lessons", "templates", "tests", "benchmarks", "scripts")
OUTSIDE = re.compile(r"\.\./shared|\bRULES\.md|\bDESIGN\.md|\bCONVENTIONS\.md")
CITED_DOC = re.compile(r"\bdocs/([\w-]+\.md)")


def _source_files():
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".html", ".txt", ".lark", ".sh", ".js", ".css"}:
                yield path


def test_the_architecture_and_rules_docs_exist():
    for name in ("architecture.md", "rules.md"):
        assert (ROOT / "docs" / name).stat().st_size > 2000, name


def test_code_cites_only_docs_that_exist():
    cited = {
        (path.relative_to(ROOT), name)
        for path in _source_files()
        for name in CITED_DOC.findall(path.read_text(encoding="utf-8", errors="ignore"))
    }
    assert cited, "no file cites docs/ (the walk found nothing)"
    missing = sorted(
        (str(path), name) for path, name in cited if not (ROOT / "docs" / name).exists()
    )
    assert missing == []


def test_nothing_cites_files_outside_the_repository():
    this = Path(__file__).resolve()
    offenders = sorted(
        str(path.relative_to(ROOT))
        for path in _source_files()
        if path.resolve() != this
        and OUTSIDE.search(path.read_text(encoding="utf-8", errors="ignore"))
    )
    assert offenders == []


LONG = 450


def test_a_long_module_says_why_in_its_docstring():
    """Files in classroom/ and eleusis/engine/ stay short, or their docstring says why not."""
    import ast

    unexplained = []
    for folder in ("classroom", "eleusis/engine"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if text.count("\n") <= LONG:
                continue
            docstring = ast.get_docstring(ast.parse(text)) or ""
            if "Why one long module" not in docstring and "GENERATED" not in docstring:
                unexplained.append(f"{path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    assert unexplained == []
