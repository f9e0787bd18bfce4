"""The rule editor's warnings name cards as people read them, in words ("king of spades"), in the
reader's language, never by the engine's codes ("KS") (issue 35, point 8; in words since issue 36,
point 5: a screen reader reads "K♠" as a letter and a symbol's name)."""

import pytest
from django.utils import translation

from eleusis.web.rule_check import rule_check


def test_a_dead_end_and_never_playable_cards_are_named_in_words():
    dead_end = " ".join(rule_check("rank > last.rank").warnings)
    assert "Dead end: after king of spades no card is legal" in dead_end and "KS" not in dead_end
    never = " ".join(rule_check("rank != K").warnings)
    assert "king of spades, king of hearts, king of diamonds, king of clubs can never" in never
    assert "KS" not in never


@pytest.mark.parametrize("language", ["es", "el", "ru", "th"])
def test_the_warnings_are_translated(language):
    with translation.override(language):
        warnings = rule_check("rank != K").warnings + rule_check("rank > last.rank").warnings
    text = " ".join(warnings)
    with translation.override(language):
        assert translation.gettext("king") in text and "K♠" not in text
    assert "can never be played" not in text and "no card is legal" not in text


def test_a_dead_end_three_plays_back_is_shown_in_the_editor():
    """It was sampled away once (issue 39): the editor showed no warning at all."""
    text = "not (last.rank == 13 and last2.rank == 13 and last3.rank == 13)"
    warnings = " ".join(rule_check(text).warnings)
    assert (
        "Dead end: after king of spades, king of hearts, king of diamonds no card is legal"
        in warnings
    )


@pytest.mark.parametrize("language", ["es", "el", "ru", "th"])
def test_the_undecided_dead_end_warning_is_translated(language):
    from eleusis.engine.rules import analyse, compile_rule
    from eleusis.engine.rules.analysis import RuleWarning
    from eleusis.web.rule_check import _warning_text

    analysis = analyse(compile_rule("red"))
    with translation.override(language):
        text = _warning_text(RuleWarning("dead_end_unknown", ""), analysis)
    assert text and "Dead ends not checked" not in text


def test_previous_rank_is_warned_of_with_the_difference_from_last():
    from eleusis.engine.rules import analyse, compile_rule

    codes = [w.code for w in analyse(compile_rule("rank > previous.rank")).warnings]
    assert "previous_card" in codes
    assert "previous_card" not in [
        w.code for w in analyse(compile_rule("rank > last.rank")).warnings
    ]
    assert "previous_card" not in [
        w.code for w in analyse(compile_rule("if previous.accepted then red else black")).warnings
    ]
    english = " ".join(rule_check("suit == previous.suit").warnings)
    assert "latest play, right or wrong" in english and "last.suit" in english
    for language in ("es", "el", "ru", "th"):
        with translation.override(language):
            text = " ".join(rule_check("suit == previous.suit").warnings)
        assert "latest play" not in text and "last.suit" in text
