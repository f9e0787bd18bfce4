"""Natural phrasings get a pointer to the right form (issue 39, point 6): a teacher who writes
`rank is prime`, `prime(rank)`, `absolute(...)` or an if without its `if` is told what to write."""

from __future__ import annotations

import pytest

from eleusis.engine.rules import RuleSyntaxError, compile_rule


def _message(text: str) -> str:
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule(text)
    return caught.value.message


@pytest.mark.parametrize(
    ("text", "pointer"),
    [
        ("rank is prime", "for the card you play write just 'prime' (or 'card is prime')"),
        ("rank is face", "for the card you play write just 'face'"),
        ("last.rank is prime", "write 'last is prime'"),
        ("last2.rank is not face", "write 'last2 is face'"),
        ("prime(rank)", "for the card you play write just 'prime'"),
        ("prime(last.rank)", "write 'last is prime'"),
        ("odd(last2)", "write 'last2 is odd'"),
        ("absolute(rank - last.rank) > 2", "unknown function 'absolute' — write 'abs'"),
        ("last is red then black else red", "a choice starts with 'if', like: if last is red"),
        ("red else black", "a choice starts with 'if'"),
    ],
)
def test_a_natural_phrasing_points_to_the_right_form(text, pointer):
    assert pointer in _message(text)


@pytest.mark.parametrize(
    "text",
    ["prime", "last is prime", "abs(rank - last.rank) > 2", "if last is red then black else red"],
)
def test_the_right_forms_compile(text):
    compile_rule(text)


def test_the_pointer_says_where():
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule("red and last is red then black else red")
    assert caught.value.column == len("red and last is red ") + 1
