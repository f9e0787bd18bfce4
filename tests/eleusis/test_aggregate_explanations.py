"""The line aggregates (issue 39 point 2) are explained in every language of the app: no English
phrase of theirs is left in a translated explanation."""

import pytest
from django.utils import translation

from eleusis.engine.rules import compile_rule
from eleusis.web.rule_check import explanation

RULES = (
    "rank > max(rank of mainline)",
    "value < min(value of mainline)",
    "not played(rank)",
    "played(card) or not played(card)",
    "played(hearts) or not played(king)",
    "if (position - 1) % 6 < 3 then color == first.color else color != first.color",
)
ENGLISH = ("already on the mainline", "first card of the mainline", "on the mainline yet")


@pytest.mark.parametrize("language", ["es", "el", "ru", "th"])
def test_the_aggregates_are_explained_in_the_language(language):
    for text in RULES:
        english = explanation(compile_rule(text))
        with translation.override(language):
            said = explanation(compile_rule(text))
        assert said != english
        for phrase in ENGLISH:
            assert phrase not in said, (language, text, said)
