"""Grouping ideas by meaning: spellings that judge alike on the rule's histories are one idea,
compared with the rule (the rule / too narrow / too broad / overlapping); free text is grouped
by its normalised words."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.utils import translation

from classroom.selectors.review.free_text import normalise
from classroom.selectors.review.ideas import (
    BROAD,
    NARROW,
    OVERLAP,
    RULE,
    UNDECIDED,
    IdeaGroup,
    Ideas,
    exact_relation,
    explained,
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


@pytest.mark.parametrize(
    ("secret", "idea", "expected"),
    [
        ("red", "red or red", RULE),
        # The sampled tables (at most 14 cards) never reach place 100: exactly, it is too broad.
        ("red", "red or position > 100", BROAD),
        # Only a 31st red card on the line would tell: the exact check cannot walk counts over
        # the mainline, so the app says it cannot tell (never "the rule").
        ("red", "red or count(red) > 30", UNDECIDED),
        # One to three up, against "higher and within 3": they differ at the wrap (issue 34).
        (
            "rank in {last.rank + 1 wrap 13, last.rank + 2 wrap 13, last.rank + 3 wrap 13}",
            "rank > last.rank and rank in last.rank - 3 .. last.rank + 3",
            NARROW,
        ),
    ],
)
def test_an_idea_the_sample_cannot_tell_from_the_rule_is_decided_exactly(secret, idea, expected):
    if expected != NARROW:  # the sample sees no difference: only the exact check can tell
        assert relation(verdicts(secret, idea), verdicts(secret, secret)) == RULE
    assert exact_relation(secret, idea) == expected


def test_at_a_play_the_idea_is_the_rule_when_the_insight_says_so_from_that_table():
    """`parity == last2.parity` differs from alternate parity on the second card only: the
    ideas table says too broad, the play made once two cards are down says the rule."""
    group = IdeaGroup("idea-1", "parity != last.parity", BROAD, "parity == last2.parity")
    review = SimpleNamespace(round=SimpleNamespace(pk=7))
    ideas = Ideas([group], {(7, 1): group, (7, 2): group})
    early, later = SimpleNamespace(number=1, right=False), SimpleNamespace(number=2, right=True)
    assert ideas.relation_at(review, early) == BROAD
    assert ideas.relation_at(review, later) == RULE
    assert ideas.relation_at(review, SimpleNamespace(number=3, right=None)) is None


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


@pytest.mark.parametrize("language", ["es", "el", "ru", "th"])
def test_a_rule_is_explained_in_the_readers_language_on_the_review(language):
    """The rule an idea was held under, and a group's rule, are worded for the teacher who
    reads the review, not in English (nor in the language of whoever read it first)."""
    english = explained(SECRET)
    with translation.override(language):
        words = explained(SECRET)
    assert words != english and words != SECRET
    assert explained(SECRET) == english
