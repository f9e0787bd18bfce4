"""Words the app understands: at least 30 common phrasings per language, written as students
type them (capitals, punctuation, missing accents, "I think the rule is …"), each recognised as
the builder sentence it means; anything else stays free text."""

import pytest

from eleusis.engine.rules import compile_rule, equivalence
from eleusis.engine.rules.builder import build
from eleusis.engine.rules.phrases import IDEAS, PHRASINGS, checked, match, normalise

# What a student writes -> the rule it means (the rule language, written here independently).
ALTERNATE = "color != last.color"
SAME_SUIT = "suit == last.suit"
SAME_COLOR = "color == last.color"
SAME_RANK = "rank == last.rank"
SUIT_OR_RANK = "suit == last.suit or rank == last.rank"
DIFFERENT_SUIT = "suit != last.suit"
HIGHER = "rank > last.rank"
LOWER = "rank < last.rank"
PARITY = "parity != last.parity"
HALF = "half != last.half"
FACE_NUMBER = "face != last.face"
RED, BLACK, HEARTS = "red", "black", "suit == hearts"
ODD, EVEN, FACE, NO_FACE = "odd", "even", "rank >= 11", "rank <= 10"
PRIME = "rank in {2, 3, 5, 7, 11, 13}"
ONE_UP = "rank == (last.rank + 1) wrap 13"
UP_OR_DOWN = "rank in {(last.rank + 1) wrap 13, (last.rank + 12) wrap 13}"
WITHIN_2 = "rank in last.rank - 2 .. last.rank + 2"

SAID = {
    "en": [
        ("Alternate colours", ALTERNATE), ("alternate colors!", ALTERNATE),
        ("I think the rule is: alternating colours", ALTERNATE), ("Colors alternate.", ALTERNATE),
        ("Red then black", ALTERNATE), ("red, black, red, black", ALTERNATE),
        ("black then red", ALTERNATE), ("Same suit", SAME_SUIT),
        ("same suit as the last card", SAME_SUIT), ("Same colour", SAME_COLOR),
        ("same number", SAME_RANK), ("The rule is same rank", SAME_RANK),
        ("same suit or same number", SUIT_OR_RANK), ("Same suit or same rank.", SUIT_OR_RANK),
        ("different suit", DIFFERENT_SUIT), ("Higher than the last", HIGHER),
        ("higher than the last card", HIGHER), ("bigger than the last one", HIGHER),
        ("lower than the last card", LOWER), ("odd even odd", PARITY),
        ("Odd, even, odd...", PARITY), ("even odd even", PARITY), ("high low high", HALF),
        ("face card then number card", FACE_NUMBER), ("only red", RED),
        ("Only red cards", RED), ("only black cards", BLACK), ("only hearts", HEARTS),
        ("only odd numbers", ODD), ("only even numbers", EVEN), ("no face cards", NO_FACE),
        ("Only face cards", FACE), ("prime numbers", PRIME), ("one up", ONE_UP),
        ("the next number", ONE_UP), ("one up or one down", UP_OR_DOWN),
        ("within 2 of the last", WITHIN_2),
    ],
    "es": [
        ("Colores alternos", ALTERNATE), ("colores alternados", ALTERNATE),
        ("alternar colores", ALTERNATE), ("Creo que la regla es: los colores se alternan",
                                          ALTERNATE),
        ("rojo luego negro", ALTERNATE), ("Rojo, negro, rojo", ALTERNATE),
        ("negro rojo negro", ALTERNATE), ("Mismo palo", SAME_SUIT), ("el mismo palo", SAME_SUIT),
        ("del mismo palo que la anterior", SAME_SUIT), ("mismo color", SAME_COLOR),
        ("mismo numero", SAME_RANK), ("mismo valor", SAME_RANK),
        ("mismo palo o mismo número", SUIT_OR_RANK), ("palo distinto", DIFFERENT_SUIT),
        ("Más alta que la anterior", HIGHER), ("mayor que la anterior", HIGHER),
        ("mas alto", HIGHER), ("menor que la anterior", LOWER),
        ("más baja que la anterior", LOWER), ("impar, par, impar", PARITY),
        ("par impar par", PARITY), ("alta baja alta", HALF),
        ("figura número figura", FACE_NUMBER), ("Solo rojas", RED),
        ("solo cartas rojas", RED), ("sólo negras", BLACK), ("solo corazones", HEARTS),
        ("solo impares", ODD), ("solo pares", EVEN), ("sin figuras", NO_FACE),
        ("solo figuras", FACE), ("números primos", PRIME), ("uno más", ONE_UP),
        ("uno más o uno menos", UP_OR_DOWN), ("a dos o menos de la anterior", WITHIN_2),
    ],
    "el": [
        ("Εναλλαγή χρωμάτων", ALTERNATE), ("εναλλασσόμενα χρώματα", ALTERNATE),
        ("τα χρωματα εναλλασσονται", ALTERNATE), ("κόκκινο μετά μαύρο", ALTERNATE),
        ("Μαύρο μετά κόκκινο", ALTERNATE), ("κόκκινο, μαύρο, κόκκινο", ALTERNATE),
        ("Νομίζω ότι ο κανόνας είναι: κόκκινο μαύρο κόκκινο μαύρο", ALTERNATE),
        ("ίδια φυλή", SAME_SUIT), ("Ίδιο σύμβολο", SAME_SUIT),
        ("ίδια φυλή με την προηγούμενη", SAME_SUIT), ("ίδιο χρώμα", SAME_COLOR),
        ("ίδιος αριθμός", SAME_RANK), ("ίδια αξία", SAME_RANK),
        ("ίδια φυλή ή ίδιος αριθμός", SUIT_OR_RANK), ("διαφορετική φυλή", DIFFERENT_SUIT),
        ("μεγαλύτερο από το προηγούμενο", HIGHER), ("μεγαλύτερη από την προηγούμενη", HIGHER),
        ("πιο ψηλό", HIGHER), ("μικρότερο από το προηγούμενο", LOWER),
        ("μικρότερη από την προηγούμενη", LOWER), ("μονό, ζυγό, μονό", PARITY),
        ("ζυγό μονό ζυγό", PARITY), ("ψηλό χαμηλό ψηλό", HALF),
        ("φιγούρα αριθμός φιγούρα", FACE_NUMBER), ("μόνο κόκκινα", RED),
        ("Μόνο κόκκινες", RED), ("μόνο μαύρα", BLACK), ("μόνο κούπες", HEARTS),
        ("μόνο μονά", ODD), ("μόνο ζυγά", EVEN), ("χωρίς φιγούρες", NO_FACE),
        ("μόνο φιγούρες", FACE), ("πρώτοι αριθμοί", PRIME), ("ένα πάνω", ONE_UP),
        ("ένα πάνω ή ένα κάτω", UP_OR_DOWN),
    ],
    "ru": [
        ("Чередование цветов", ALTERNATE), ("цвета чередуются", ALTERNATE),
        ("чередовать цвета", ALTERNATE), ("красная потом черная", ALTERNATE),
        ("Чёрная, потом красная", ALTERNATE), ("красная черная красная", ALTERNATE),
        ("Я думаю, правило: красный черный красный", ALTERNATE), ("та же масть", SAME_SUIT),
        ("Такая же масть", SAME_SUIT), ("одна масть", SAME_SUIT), ("тот же цвет", SAME_COLOR),
        ("такой же цвет", SAME_COLOR), ("то же достоинство", SAME_RANK),
        ("то же число", SAME_RANK), ("та же масть или то же достоинство", SUIT_OR_RANK),
        ("другая масть", DIFFERENT_SUIT), ("выше предыдущей", HIGHER),
        ("старше предыдущей", HIGHER), ("больше предыдущей", HIGHER),
        ("ниже предыдущей", LOWER), ("младше предыдущей", LOWER),
        ("нечет, чет, нечет", PARITY), ("чет нечет чет", PARITY),
        ("высокая низкая высокая", HALF), ("картинка число картинка", FACE_NUMBER),
        ("только красные", RED), ("Только чёрные", BLACK), ("только червы", HEARTS),
        ("только нечетные", ODD), ("только четные", EVEN), ("без картинок", NO_FACE),
        ("только картинки", FACE), ("простые числа", PRIME), ("на одну выше", ONE_UP),
        ("на одну выше или ниже", UP_OR_DOWN),
    ],
    "th": [
        ("สลับสี", ALTERNATE), ("สีสลับกัน", ALTERNATE), ("แดงแล้วดำ", ALTERNATE),
        ("ดำแล้วแดง", ALTERNATE), ("แดง ดำ แดง", ALTERNATE), ("แดง, ดำ, แดง, ดำ", ALTERNATE),
        ("กฎคือ สลับสี", ALTERNATE), ("ดอกเดียวกัน", SAME_SUIT), ("ดอกเหมือนกัน", SAME_SUIT),
        ("ดอกเดียวกับใบก่อน", SAME_SUIT), ("สีเดียวกัน", SAME_COLOR),
        ("สีเหมือนกัน", SAME_COLOR), ("แต้มเดียวกัน", SAME_RANK), ("เลขเดียวกัน", SAME_RANK),
        ("ดอกเดียวกันหรือเลขเดียวกัน", SUIT_OR_RANK), ("ดอกต่างกัน", DIFFERENT_SUIT),
        ("สูงกว่าใบก่อน", HIGHER), ("มากกว่าใบก่อน", HIGHER), ("ใหญ่กว่าใบก่อน", HIGHER),
        ("ต่ำกว่าใบก่อน", LOWER), ("น้อยกว่าใบก่อน", LOWER), ("คี่ คู่ คี่", PARITY),
        ("คู่ คี่ คู่", PARITY), ("สูง ต่ำ สูง", HALF), ("แดงเท่านั้น", RED),
        ("เฉพาะสีแดง", RED), ("ดำเท่านั้น", BLACK), ("โพแดงเท่านั้น", HEARTS),
        ("คี่เท่านั้น", ODD), ("คู่เท่านั้น", EVEN), ("ไม่มีไพ่หน้าคน", NO_FACE),
        ("ไพ่หน้าคนเท่านั้น", FACE), ("จำนวนเฉพาะ", PRIME), ("เพิ่มทีละหนึ่ง", ONE_UP),
        ("บวกหรือลบหนึ่ง", UP_OR_DOWN),
    ],
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(SAID))
def test_thirty_common_phrasings_per_language_are_understood(language):
    said = SAID[language]
    assert len({normalise(text) for text, _rule in said}) >= 30
    for text, rule in said:
        filling = match(text, language)
        assert filling is not None, text
        built = build(filling)
        assert equivalence(compile_rule(built.text), compile_rule(rule)).equivalent, text


@pytest.mark.parametrize("language", sorted(PHRASINGS))
def test_every_table_phrasing_is_distinct_and_means_a_known_idea(language):
    phrasings = PHRASINGS[language]
    assert len({normalise(text) for text in phrasings}) == len(phrasings) >= 30
    assert set(phrasings.values()) <= set(IDEAS)


def test_every_idea_is_a_sentence_the_builder_accepts():
    assert set(checked()) == set(IDEAS)


def test_other_words_stay_free_text():
    for text in (
        "",
        "the dealer likes sevens",
        "not the same suit",
        "same suit and higher",
        "red " * 100,
        "alternate colours but not on Tuesdays",
    ):
        assert match(text) is None, text


def test_another_language_is_tried_after_the_students_own():
    assert match("same suit", "es") == IDEAS["same-suit"]
    assert match("colores alternos", "en") == IDEAS["alternate-colors"]
