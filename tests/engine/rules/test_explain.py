"""Explanations in plain English, built from a phrase table."""

import pytest

from eleusis.engine.rules import compile_rule, library_rule
from eleusis.engine.rules import explain as explain_module


@pytest.mark.parametrize(
    ("text", "english"),
    [
        (
            "color != last.color",
            "A card may be played when the card has a different color from the last card. "
            "Any card may start the mainline.",
        ),
        (
            "if last is even then red else black",
            "If the last card is even, the card is red; otherwise the card is black. "
            "Any card may start the mainline.",
        ),
        (
            "red or face",
            "A card may be played when the card is red or the card is a face card (J, Q, K).",
        ),
        ("true", "Any card may be played."),
        (
            "start: suit == hearts rule: rank in {1, 2, 3}",
            "A card may be played when the card's rank is 1, 2 or 3. "
            "The mainline may start with a card when the card is a heart.",
        ),
        (
            "suit == last2.suit",
            "A card may be played when the card has the same suit as the card before the last. "
            "Any card may start the mainline. A card the rule looks at that is not on the "
            "mainline yet is unknown: a card is refused only when the rest of the rule refuses it "
            "whatever that card would be.",
        ),
        (
            "if previous.rejected then not (high and face) else rank in 2 .. last.rank + 1",
            "If the previous play was wrong, it is not so that (the card is high (8–K) and the "
            "card is a face card (J, Q, K)); otherwise the card's rank is from 2 to the last "
            "card's rank + 1. Any card may start the mainline.",
        ),
    ],
)
def test_english(text, english):
    assert compile_rule(text).explain() == english


def test_every_library_explanation_mentions_no_code():
    for rule_id in ("th-suit-by-suit", "th-sum-two", "ru-rank-mod-4", "el-step-up-1-3"):
        english = library_rule(rule_id).compiled().explain()
        for code in ("==", "!=", "last.", "%", "wrap"):
            assert code not in english, (rule_id, code)


def test_phrases_come_from_the_table():
    french = {
        "the last card": "la dernière carte",
        "{card} has a different {prop} from {other}": "{card} a une autre {prop} que {other}",
        "color": "couleur",
    }
    rule = compile_rule("color != last.color")
    text = explain_module.explain(rule, phrases=french)
    assert "the card a une autre couleur que la dernière carte" in text
    # Without a translation, and after one, the English stays as it was.
    assert "the card has a different color from the last card" in rule.explain()
    assert set(french) <= set(explain_module.all_phrases())


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("if previous.accepted == true then red else black", "If the previous play was right"),
        ("previous.rejected == false", "the previous play was right"),
        ("previous.accepted != true or red", "the previous play was wrong or the card is red"),
        ("face == last.face", "is a face card (J, Q, K) exactly when the last card is a face"),
        ("not clubs or rank > 5", "the card is not a club or the card's rank is more than 5"),
        ("not (clubs or rank > 5)", "it is not so that (the card is a club or"),
    ],
)
def test_comparisons_of_tests_and_negations_read_right(text, words):
    from eleusis.engine.rules import suggest_hints

    rule = compile_rule(text)
    assert words in rule.explain()
    assert suggest_hints(rule)[-1].text


def test_the_explanation_says_the_start_is_judged_where_it_is():
    text = compile_rule("red and last is red").explain()
    assert "The first card of the mainline is judged by the same rule." in text
    assert "Any card may start" not in text
    assert "Any card may start" in compile_rule("color != last.color").explain()
