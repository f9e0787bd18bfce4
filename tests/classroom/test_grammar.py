"""Sentences the app puts together are grammatical in Greek and Russian by construction (issue
36, point 6): a card named as the object of a sentence ("play a black card", "the rule looks at
the last card") is translated with its own context, in the object's case, and the hints' last
level words a card as the explanation does (the subject in its own case)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from classroom.builder_i18n import builder_state
from classroom.views.teach.live import rule_hints
from eleusis.engine.rules import builder, hints

BUILT = (
    ("ru", {"then": "play", "then-what": "black"}, "Играй чёрную карту."),
    ("ru", {"then": "avoid", "then-what": "rank-13"}, "Играй любую карту, только не короля (K)."),
    (
        "ru",
        {"if": "last", "if-is": "rank-1", "then": "play", "then-what": "hearts"},
        "Если последняя карта — туз (A), играй черву; иначе подходит любая карта.",
    ),
    ("el", {"then": "play", "then-what": "rank-1"}, "Παίξε έναν άσο (A)."),
    ("el", {"then": "avoid", "then-what": "rank-13"}, "Παίξε οτιδήποτε εκτός από έναν ρήγα (K)."),
    ("es", {"then": "play", "then-what": "black"}, "Juega una carta negra."),
)


@pytest.mark.parametrize(("language", "choices", "sentence"), BUILT)
def test_the_builder_reads_back_what_to_play_in_the_objects_case(language, choices, sentence):
    with translation.override(language):
        assert builder_state(choices).readback == sentence


@pytest.mark.parametrize("language", ["el", "ru"])
def test_every_object_has_its_case_in_the_catalog(language):
    catalog = trans_real.translation(language)._catalog
    objects = [(builder.OBJECT_CONTEXT, quality.noun) for quality in builder.QUALITIES]
    objects += [(hints.OBJECT_CONTEXT, hints.PHRASES[key]) for key in hints.OBJECT_KEYS]
    missing = [
        text
        for context, text in objects
        if any(letter.isalpha() for letter in text.replace("A", "").replace("K", ""))
        and f"{context}\x04{text}" not in catalog
    ]
    assert missing == []


HINTS = (
    (
        "el",
        "color == last.color",
        [
            "Ο κανόνας κοιτάζει μόνο την τελευταία κάρτα.",
            "Μια κάρτα μπορεί να παιχτεί όταν η κάρτα και η τελευταία κάρτα έχουν το ίδιο χρώμα.",
        ],
    ),
    (
        "ru",
        "color == last.color",
        [
            "Правило смотрит только на последнюю карту.",
            "Карту можно сыграть, если эта карта и последняя карта совпадают по признаку «цвет».",
        ],
    ),
    (
        "ru",
        "suit != last.suit and rank > last2.rank",
        [
            "Правило смотрит на твою карту (достоинство и масть) и на последнюю карту (масть) и "
            "на предпоследнюю карту (достоинство).",
        ],
    ),
    (
        "el",
        "suit != last.suit and rank > last2.rank",
        [
            "Κοιτάζει την κάρτα που παίζεις (νούμερο και σύμβολο) και την τελευταία κάρτα "
            "(σύμβολο) και την προτελευταία κάρτα (νούμερο).",
        ],
    ),
)


@pytest.mark.parametrize(("language", "rule", "sentences"), HINTS)
def test_suggested_hints_put_each_card_in_its_case(language, rule, sentences):
    texts = [hint.text for hint in rule_hints(language, rule)]
    for sentence in sentences:
        assert sentence in texts
