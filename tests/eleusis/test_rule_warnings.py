"""The rule editor's warnings name cards as people read them ("K♠"), in the reader's language,
never by the engine's codes ("KS") (issue 35, point 8)."""

import pytest
from django.utils import translation

from eleusis.web.rule_check import rule_check


def test_a_dead_end_and_never_playable_cards_are_named_by_their_symbols():
    dead_end = " ".join(rule_check("rank > last.rank").warnings)
    assert "Dead end: after K♠ no card is legal" in dead_end and "KS" not in dead_end
    never = " ".join(rule_check("rank != K").warnings)
    assert "K♠, K♥, K♦, K♣ can never be played" in never and "KS" not in never


@pytest.mark.parametrize("language", ["es", "el", "ru", "th"])
def test_the_warnings_are_translated(language):
    with translation.override(language):
        warnings = rule_check("rank != K").warnings + rule_check("rank > last.rank").warnings
    text = " ".join(warnings)
    assert "K♠" in text
    assert "can never be played" not in text and "no card is legal" not in text
