"""Grouping ideas by meaning: spellings that judge alike on the rule's histories are one idea,
compared with the rule (the rule / too narrow / too broad / overlapping); free text is grouped
by its normalised words."""

from __future__ import annotations

import pytest

from classroom.selectors.review.ideas import (
    BROAD,
    NARROW,
    OVERLAP,
    RULE,
    normalise,
    relation,
    sentence_of,
    verdicts,
)

SECRET = "color != last.color"


@pytest.mark.parametrize(
    ("idea", "expected"),
    [
        ("color != last.color", RULE),
        ("color != last.color and suit != last.suit", RULE),  # different colour: different suit
        ("suit != last.suit", BROAD),
        ("The next card must have a different suit from the last card", BROAD),  # a frame
        ("if last is red then spades else hearts", NARROW),
        ("red", OVERLAP),
    ],
)
def test_an_idea_compared_with_the_rule(idea, expected):
    assert relation(verdicts(SECRET, idea), verdicts(SECRET, SECRET)) == expected


def test_spellings_of_one_idea_judge_alike_and_different_ideas_do_not():
    assert verdicts(SECRET, "suit != last.suit") == verdicts(
        SECRET, "The next card must have a different suit from the last card"
    )
    assert verdicts(SECRET, "suit != last.suit") != verdicts(SECRET, "color != last.color")


def test_free_text_is_not_an_idea_to_judge():
    assert verdicts(SECRET, "red then black then red") is None


def test_words_are_compared_without_case_accents_or_punctuation():
    assert normalise("Red, then BLACK!  then red.") == "red then black then red"
    assert normalise("Rouge, puis noir — été") == "rouge puis noir ete"
    assert normalise("สีแดง สลับ สีดำ") == normalise("สีแดง  สลับ สีดำ!")
    assert normalise("?!") == ""


def test_a_frame_sentence_and_a_library_rule_read_as_words():
    sentence = "The next card must have a different suit from the last card"
    assert sentence_of(sentence) == sentence
    assert sentence_of("suit != last.suit") is None
