"""Sentence frames: every filling compiles, and says what the sentence says."""

import pytest

from eleusis.engine.rules import (
    FRAMES,
    all_frame_rules,
    compile_rule,
    equivalence,
    library_rule,
)
from eleusis.engine.rules.frames import FrameError, frame
from tests.engine.rules.helpers import card, plays


def test_about_fifteen_frames_each_with_an_id_slots_and_options():
    assert 12 <= len(FRAMES) <= 18
    assert len({f.id for f in FRAMES}) == len(FRAMES)
    for f in FRAMES:
        assert f.slots and all(slot.options for slot in f.slots)
        assert f.blank_text.count("___") == len(f.slots)


def test_every_filling_compiles():
    rules = all_frame_rules()
    assert len(rules) == len({label for label, _text in rules}) > 1000
    for label, text in rules:
        assert "{" not in label
        compile_rule(text)


def test_fill_and_sentence():
    different = frame("different")
    assert different.fill({"property": "color"}) == "color != last.color"
    assert different.sentence({"property": "parity"}) == (
        "The next card must have a different odd/even from the last card"
    )
    rule = compile_rule(
        frame("if-else").fill({"condition": "even", "then": "red", "otherwise": "black"})
    )
    assert equivalence(rule, library_rule("th-parity-color").compiled()).equivalent


@pytest.mark.parametrize(
    ("frame_id", "choices", "history", "played", "expected"),
    [
        ("same", {"property": "suit"}, "5H", "KH", True),
        ("same", {"property": "suit"}, "5H", "KS", False),
        ("after", {"condition": "face", "then": "low"}, "QH", "3S", True),
        ("after", {"condition": "face", "then": "low"}, "QH", "9S", False),
        ("after", {"condition": "face", "then": "low"}, "5H", "9S", True),
        ("never", {"quality": "face"}, "5H", "JS", False),
        ("rank-relation", {"relation": "next-to"}, "5H", "6S", True),
        ("step-up", {"steps": "2"}, "QH", "AS", True),
        ("rank-between", {"low": "3", "high": "9"}, "QH", "9S", True),
        ("rank-between", {"low": "3", "high": "9"}, "QH", "10S", False),
        ("suit-cycle", {"order": "spades-hearts-clubs-diamonds"}, "5C", "5D", True),
        ("verdict", {"right": "red", "wrong": "black"}, "5C 3D-", "5S", True),
        ("color-runs", {"length": "2"}, "5C 6S", "7H", True),
        ("color-runs", {"length": "2"}, "5C", "7H", False),
        ("sum-two", {"total": "10", "then": "red", "otherwise": "black"}, "5C 5S", "7H", True),
        ("same-as-two-back", {"property": "color"}, "5C 6H", "7S", True),
        ("higher-if", {"condition": "red"}, "5H", "3S", False),
    ],
)
def test_filled_frames_judge_as_the_sentence_says(frame_id, choices, history, played, expected):
    rule = compile_rule(frame(frame_id).fill(choices))
    assert rule.accepts(plays(history), card(played)) is expected


def test_bad_fillings_are_refused():
    with pytest.raises(FrameError, match="needs a choice for property"):
        frame("same").fill({})
    with pytest.raises(FrameError, match="unknown choice 'colour'"):
        frame("same").fill({"property": "colour"})
    with pytest.raises(FrameError, match="cannot be filled that way"):
        frame("rank-between").fill({"low": "9", "high": "3"})
    with pytest.raises(KeyError, match="no sentence frame"):
        frame("nope")


def test_a_sentence_takes_an_before_a_vowel():
    frame = next(frame for frame in FRAMES if frame.id == "if-else")
    sentence = frame.sentence({"condition": "red", "then": "even", "otherwise": "odd"})
    assert sentence == "If the last card is red, play an even card, otherwise an odd card"
