"""The engine's sentence frames reach the catalogs and the student's table in their language.

The frames live in the pure engine; classroom/engine_strings.py lists their words for
`makemessages` and classroom/frames_i18n.py translates them at run time.
"""

import gettext as gettext_module
import string
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from classroom.management.commands.engine_strings import (
    _WORD,
    MODULE_PATH,
    _literal,
    engine_strings,
    render_module,
)
from eleusis.engine.rules import compile_rule
from eleusis.engine.rules.frames import FRAMES, FRAMES_BY_ID, FrameError
from eleusis.engine.rules.hints import PHRASES as HINT_PHRASES
from eleusis.web.frames_i18n import frame_blank_text, frame_sentence, option_label
from eleusis.web.rule_check import EXPLANATION_CONTEXT, explanation, explanation_card_words
from tests.factories import live_table, sentence_play

LANGUAGES = ["es", "el", "ru", "th"]
LOCALE = Path(settings.BASE_DIR) / "locale"


def test_the_module_is_up_to_date_with_the_engine():
    assert MODULE_PATH.read_text(encoding="utf-8") == render_module(), (
        "classroom/engine_strings.py is out of date with the engine's frames or library: run"
        " ./manage.py engine_strings, then makemessages, translate and compilemessages"
    )


def test_the_module_holds_the_builders_words():
    from classroom.management.commands.engine_strings import builder_strings
    from eleusis.engine.rules import builder

    texts = [text for text, _note in builder_strings()]
    assert set(builder.MESSAGES.values()) <= set(texts)
    assert "play the same {prop} as {ref}" in texts and "a face card (J, Q, K)" in texts
    assert "K" not in texts  # a rank reads as on the cards
    for text in texts:
        assert _literal(text) in MODULE_PATH.read_text(encoding="utf-8")


def test_the_module_holds_every_frame_and_label_with_a_word():
    strings = engine_strings()
    for frame in FRAMES:
        assert frame.text in strings["sentences"] and frame.blank_text in strings["sentences"]
    assert "low (A–7)" in strings["labels"] and "spade" in strings["labels"]
    assert "7" not in strings["labels"] and "K" not in strings["labels"]  # as on the cards
    assert "Alternate colors" in strings["names"]


def _catalog(language: str) -> dict:
    with open(LOCALE / language / "LC_MESSAGES" / "django.mo", "rb") as mo:
        return gettext_module.GNUTranslations(mo)._catalog


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_engine_string_is_translated(language):
    catalog = _catalog(language)
    missing = [text for group in engine_strings().values() for text in group if text not in catalog]
    assert missing == []
    with translation.override(language):
        untranslated = [f.text for f in FRAMES if gettext(f.text) == f.text] + [
            f.blank_text for f in FRAMES if gettext(f.blank_text) == f.blank_text
        ]
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_explanation_phrase_is_translated(language):
    catalog = _catalog(language)
    texts = [*engine_strings()["explanations"], *HINT_PHRASES.values()]
    assert [text for text in texts if _WORD.search(text) and text not in catalog] == []
    # The explanation's names of a card, as the subject of a clause, in their own msgctxt.
    cards = [f"{EXPLANATION_CONTEXT}\x04{text}" for text in explanation_card_words()]
    assert [key for key in cards if key not in catalog] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_explanation_reads_in_the_language(language):
    """A whole explanation comes out of the catalogs: no English phrase is left in it."""
    with translation.override(language):
        text = explanation(
            compile_rule("if last is red then suit != last.suit else rank > last.rank")
        )
    for english in ("the last card", "the card", "otherwise", " has ", "A card may be played"):
        assert english not in text, (language, text)
    assert text.count("{") == 0


@pytest.mark.parametrize(
    ("language", "rule", "words"),
    [
        (
            "ru",
            "rank > last.rank",
            "достоинство этой карты больше, чем достоинство последней карты",
        ),
        ("ru", "rank > last2.rank", "достоинство предпоследней карты"),
        ("ru", "rank < last4.rank", "достоинство 4-й с конца карты основного ряда"),
        ("ru", "previous.rank > 5", "достоинство предыдущего хода"),
        ("el", "rank > last.rank", "το νούμερο της τελευταίας κάρτας"),
    ],
)
def test_a_card_s_property_reads_with_the_card_in_its_case(language, rule, words):
    """ "The last card's rank" needs the card in the genitive in Russian and Greek: one phrase
    per card, not "{card}'s {prop}" with the card as the subject of a clause ("(эта карта)")."""
    with translation.override(language):
        assert words in explanation(compile_rule(rule))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_translated_sentences_keep_their_slots(language):
    with translation.override(language):
        for frame in FRAMES:
            fields = {f for _, f, _, _ in string.Formatter().parse(gettext(frame.text)) if f}
            assert fields == {slot.name for slot in frame.slots}, frame.id
            assert frame_blank_text(frame).count("___") == len(frame.slots), frame.id
            for choices in frame.fillings():
                assert "{" not in frame_sentence(frame, choices)


def test_english_keeps_the_engine_sentence_with_its_articles():
    frame = FRAMES_BY_ID["if-else"]
    choices = {"condition": "red", "then": "odd", "otherwise": "even"}
    with translation.override("en"):
        assert frame_sentence(frame, choices) == frame.sentence(choices)
        assert "play an odd card" in frame_sentence(frame, choices)
        assert frame_blank_text(frame) == frame.blank_text


def test_spanish_sentences_fill_in_spanish_labels():
    frame = FRAMES_BY_ID["if-else"]
    with translation.override("es"):
        sentence = frame_sentence(frame, {"condition": "hearts", "then": "red", "otherwise": "odd"})
        assert (
            sentence
            == "Si la última carta es de corazones, juega una carta roja; si no, una carta impar"
        )
        assert option_label(frame.slots[0].options[0]) == "roja"
        with pytest.raises(FrameError):
            frame_sentence(frame, {"condition": "red"})


@pytest.mark.django_db
def test_a_sentence_frame_sent_in_spanish_is_stored_in_spanish():
    table, seats = live_table()
    hypothesis = sentence_play(table, seats, HTTP_ACCEPT_LANGUAGE="es")
    assert (
        hypothesis.text == "La siguiente carta debe tener un color distinto al de la última carta"
    )
    assert hypothesis.checkable == FRAMES_BY_ID["different"].fill({"property": "color"})
    assert hypothesis.frame_id == "different" and hypothesis.frame_choices == {"property": "color"}
