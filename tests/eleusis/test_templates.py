"""Every template of the site, read as text."""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_template_has_a_comment_that_would_show_on_the_page():
    """`{# … #}` only works on one line: a comment spread over lines is printed as text."""
    templates = TEMPLATES
    broken = [
        f"{path.relative_to(templates)}:{number}"
        for path in templates.rglob("*.html")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "{#" in line and "#}" not in line.split("{#", 1)[1]
    ]
    assert broken == []
