"""Hints suggested from a rule: vague to precise, and the rule itself only at the last level."""

import pytest

from eleusis.engine.rules import LIBRARY, Hint, compile_rule, library_rule, suggest_hints
from eleusis.engine.rules.hints import EXPLANATION, HOW_MANY, PHRASES, WHAT, WHERE, explanation


def hints(rule_id):
    return suggest_hints(library_rule(rule_id).compiled())


def texts(rule_id, level):
    return [hint.text for hint in hints(rule_id) if hint.level == level]


def test_alternate_colors_reads_the_last_card_s_color():
    assert hints("th-alternate-colors") == [
        Hint(WHERE, "looks_at", "The rule looks only at the last card."),
        Hint(WHAT, "about", "It is about color."),
        Hint(HOW_MANY, "share", "Exactly half of all cards fit after any card (26 of the 52)."),
        Hint(
            EXPLANATION,
            "explanation",
            "A card may be played when the card has a different color from the last card.",
        ),
    ]


def test_sum_two_reads_the_value_of_two_cards_and_the_suit_of_the_played_one():
    assert texts("th-sum-two", WHERE) == ["The rule looks only at the last two cards."]
    assert texts("th-sum-two", WHAT) == [
        "It is about value (J, Q, K count 10) and suit.",
        "It looks at the suit of the card you play and at the value (J, Q, K count 10) of the "
        "last two cards.",
    ]
    assert texts("th-sum-two", HOW_MANY) == [
        "Exactly a quarter of all cards fit after any card (13 of the 52)."
    ]


def test_after_verdict_reads_whether_the_previous_play_was_right():
    assert texts("ru-after-verdict", WHERE) == [
        "The rule looks only at whether the previous play was right."
    ]
    assert texts("ru-after-verdict", WHAT) == ["It is about color."]


def test_three_red_three_black_reads_the_position():
    assert texts("el-three-red-three-black", WHERE) == [
        "The rule looks at the last card and at the position on the mainline."
    ]


def test_rank_and_suit_and_a_range_of_legal_cards():
    assert texts("th-same-suit-or-rank", WHAT) == ["It is about rank and suit."]
    assert texts("th-odd-even", HOW_MANY) == [
        "About half of all cards fit on average: from 24 to 28 of the 52, depending on the "
        "cards before."
    ]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("red", "The rule looks only at the card you play, not at the cards before it."),
        ("last2.color != color", "The rule looks only at the card before the last."),
        ("color != previous.color", "The rule looks only at the previous play, right or wrong."),
    ],
)
def test_where_a_rule_looks(text, where):
    (hint,) = [hint for hint in suggest_hints(compile_rule(text)) if hint.level == WHERE]
    assert hint.text == where


def test_a_rule_that_takes_every_card_says_so_and_reads_nothing():
    found = suggest_hints(compile_rule("true"))
    assert [hint.code for hint in found] == ["card_only", "share", "explanation"]
    assert found[1].text == "Every card fits, whatever came before."


@pytest.mark.parametrize("rule_id", sorted(LIBRARY))
def test_hints_go_from_vague_to_precise_and_keep_the_rule_to_the_last_level(rule_id):
    rule = library_rule(rule_id).compiled()
    found = suggest_hints(rule)
    levels = [hint.level for hint in found]
    assert levels == sorted(levels)
    assert levels[0] == WHERE and levels[-1] == EXPLANATION
    assert found[-1].text == explanation(rule) and found[-1].text in rule.explain()
    for hint in found[:-1]:
        assert rule.text not in hint.text
        assert explanation(rule) not in hint.text
        assert "{" not in hint.text and hint.text.endswith(".")
    assert len({hint.text for hint in found}) == len(found)


def test_another_phrase_table_changes_the_words_but_not_the_hints():
    rule = library_rule("th-parity-color").compiled()
    phrases = {key: f"<{value}>" for key, value in PHRASES.items()}
    english = suggest_hints(rule)
    other = suggest_hints(rule, phrases=phrases)
    assert [(h.level, h.code) for h in other] == [(h.level, h.code) for h in english]
    assert other[0].text == "<The rule looks only at <the last card>.>"
    assert other[-1] == english[-1]  # the explanation stays the engine's English
