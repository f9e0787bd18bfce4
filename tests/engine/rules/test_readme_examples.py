"""The README's "Writing secret rules" examples compile and judge as the README says."""

import re
from pathlib import Path

import pytest

from eleusis.engine.rules import RuleSyntaxError, compile_rule
from tests.engine.rules.helpers import card, plays

README = Path(__file__).resolve().parents[3] / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Writing secret rules")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _rows() -> list[tuple[str, str, str, bool]]:
    rows = []
    for line in _section().splitlines():
        match = re.fullmatch(r"\| `(.+)` \|(.*)\|(.*)\| (accepted|refused) \|", line)
        if match:
            rule, after, played, verdict = match.groups()
            rows.append((rule, after.strip(), played.strip(), verdict == "accepted"))
    return rows


def test_the_readme_has_examples():
    assert len(_rows()) >= 10


@pytest.mark.parametrize(("rule", "after", "played", "accepted"), _rows())
def test_readme_example(rule, after, played, accepted):
    assert compile_rule(rule).accepts(plays(after), card(played)) is accepted


def test_readme_error_example_is_what_the_engine_prints():
    block = re.search(r"```text\n(.*?)\n```", _section(), re.S).group(1)
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule("color != last.colour")
    assert str(caught.value) == block
