"""Every sample rule of docs/rules.md §5 against examples worked out by hand."""

import pytest

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.rules import LIBRARY, compile_rule, library_rule
from tests.engine.rules.helpers import card, plays

ALTERNATE_COLORS = [
    ("AS", "QD", True),
    ("AS", "2C", False),
    ("AS QD", "KH", False),
    ("AS QD", "KC", True),
    ("AS 7H-", "3S", False),  # the last mainline card is still the black ace
    ("AS 7H-", "3D", True),
]
ODD_EVEN = [
    ("AS", "2H", True),
    ("AS", "3H", False),
    ("QH", "KC", True),  # Q = 12 is even, K = 13 is odd
    ("QH", "2C", False),
    ("JH 4C-", "6D", True),
]
LOW_HIGH = [
    ("7H", "8S", True),
    ("7H", "AS", False),
    ("8H", "7S", True),
    ("KH", "QS", False),
    ("AH", "KS", True),
]
EVEN_RED_ODD_BLACK = [
    ("QS", "2H", True),
    ("QS", "2S", False),
    ("JS", "2C", True),
    ("JS", "2D", False),
    ("10C", "9D", True),
]

EXAMPLES: dict[str, list[tuple[str, str, bool]]] = {
    "th-alternate-colors": ALTERNATE_COLORS,
    "el-alternate-colors": ALTERNATE_COLORS,
    "ru-alternate-colors": ALTERNATE_COLORS,
    "es-alternate-colors": ALTERNATE_COLORS,
    "th-suit-cycle": [
        ("AS", "2H", True),
        ("AS", "2C", False),
        ("5H", "9C", True),
        ("5C", "KD", True),
        ("5D", "AS", True),
        ("5D", "AH", False),
    ],
    "el-suit-cycle": [
        ("AS", "2H", True),
        ("5H", "9D", True),
        ("5H", "9C", False),
        ("5D", "9C", True),
        ("5C", "9S", True),
    ],
    "ru-suit-cycle": [
        ("5C", "9D", True),
        ("5D", "9H", True),
        ("5H", "9S", True),
        ("5S", "9C", True),
        ("5S", "9H", False),
    ],
    "th-odd-even": ODD_EVEN,
    "el-odd-even": ODD_EVEN,
    "ru-odd-even": ODD_EVEN,
    "th-low-high": LOW_HIGH,
    "el-low-high": LOW_HIGH,
    "ru-low-high": LOW_HIGH,
    "th-parity-color": EVEN_RED_ODD_BLACK,
    "ru-parity-color": EVEN_RED_ODD_BLACK,
    "el-parity-color": [
        ("JS", "2H", True),
        ("JS", "2S", False),
        ("QS", "2S", True),
        ("QS", "2H", False),
    ],
    "th-same-suit-or-rank": [("7H", "2H", True), ("7H", "7S", True), ("7H", "8S", False)],
    "el-same-color-or-rank": [("7H", "2D", True), ("7H", "7S", True), ("7H", "8S", False)],
    "th-near-rank": [
        ("7H", "6S", True),
        ("7H", "8D", True),
        ("7H", "7C", True),
        ("7H", "9C", False),
        ("KH", "AS", False),  # no wrap-around
        ("AH", "KS", False),
        ("AH", "2S", True),
    ],
    "th-suit-by-suit": [
        ("5D", "9D", False),
        ("5D", "9S", True),
        ("5C", "9H", True),
        ("5C", "9S", False),
        ("5S", "9C", True),
        ("5S", "9H", False),
        ("5H", "5C", True),
        ("5H", "6H", False),
    ],
    "th-sum-two": [
        ("KS", "5C", True),  # only the starter: its value 10 is the sum, 9-12 plays clubs
        ("KS", "5S", False),
        ("AS", "2S", True),
        ("3H 4D", "9S", True),  # 7
        ("3H 4D 9C-", "2S", True),  # a wrong play does not count
        ("QH 5D", "5D", True),  # 15
        ("KH QD", "2H", True),  # 20
        ("KH QD", "2C", False),
        ("2H 6D 5S", "AC", True),  # only the last two: 6 + 5 = 11
        ("8H 8D", "AD", True),  # 16
        ("8H 8D", "AH", False),
        ("9H 8D", "AH", True),  # 17
    ],
    "el-three-red-three-black": [
        ("AH", "2D", True),
        ("AH", "2S", False),
        ("AH 2D", "3H", True),
        ("AH 2D", "3C", False),
        ("AH 2D 3H", "4S", True),
        ("AH 2D 3H", "4D", False),
        ("AH 2D 3H 4S", "5C", True),
        ("AH 2D 3H 9S- 4S", "5S", True),
        ("AH 2D 3H 4S 5C 6S", "7H", True),
        ("AH 2D 3H 4S 5C 6S", "7S", False),
    ],
    "el-step-up-1-3": [
        ("5H", "6S", True),
        ("5H", "8S", True),
        ("5H", "9S", False),
        ("5H", "5S", False),
        ("5H", "4S", False),
        ("QH", "KS", True),
        ("QH", "AS", True),
        ("QH", "2S", True),
        ("QH", "3S", False),
        ("KH", "AS", True),
        ("KH", "KS", False),
    ],
    "el-black-down-red-up": [
        ("7S", "7H", True),
        ("7S", "3H", True),
        ("7S", "8H", False),
        ("7H", "8S", True),
        ("7H", "7C", True),
        ("7H", "6C", False),
    ],
    "ru-after-verdict": [
        ("AS", "2H", True),
        ("AS", "2S", False),
        ("AS 7H-", "2S", True),
        ("AS 7H-", "2H", False),
        ("AS 7H- 9D", "4D", True),
    ],
    "ru-rank-mod-4": [
        ("4H", "2C", True),
        ("4H", "2D", False),
        ("AS", "2D", True),
        ("6S", "2H", True),
        ("7D", "2S", True),
        ("QD", "2C", True),
        ("KD", "2D", True),
        ("KD", "2S", False),
    ],
}


def test_the_library_has_exactly_the_26_ids_of_rules_md():
    assert sorted(LIBRARY) == sorted(EXAMPLES)
    assert len(LIBRARY) == 26


@pytest.mark.parametrize(
    ("rule_id", "history", "played", "expected"),
    [(rule_id, *example) for rule_id, examples in EXAMPLES.items() for example in examples],
)
def test_hand_worked_verdicts(rule_id, history, played, expected):
    rule = library_rule(rule_id).compiled()
    assert rule.accepts(plays(history), card(played)) is expected


@pytest.mark.parametrize("rule_id", sorted(LIBRARY))
def test_every_library_rule_compiles_explains_and_lets_any_card_start(rule_id):
    entry = library_rule(rule_id)
    rule = entry.compiled()
    assert rule is entry.compiled()  # compiled once
    assert rule.text == entry.text
    assert entry.source in {"000", "001", "002", "003"}
    assert entry.difficulty in {"easy", "medium", "hard"}
    assert entry.description and entry.name
    assert rule.explain().startswith(("A card may be played", "If "))
    assert all(rule.accepts([], c) for c in FULL_DECK)


def test_library_rule_names_an_unknown_id():
    with pytest.raises(KeyError, match="no-such-rule"):
        library_rule("no-such-rule")


def test_judging_agrees_with_compiling_the_text_again():
    for entry in LIBRARY.values():
        again = compile_rule(entry.text)
        history = plays("AH 2D 9S- 3H")
        assert [again.accepts(history, c) for c in FULL_DECK] == [
            entry.compiled().accepts(history, c) for c in FULL_DECK
        ]


@pytest.mark.slow
def test_the_rules_marked_not_buildable_are_those_no_builder_sentence_states():
    """Issue 34: a library rule is buildable when a sentence of the builder's pool is exactly
    equivalent to it; the others are marked, and the review warns on their rounds."""
    from eleusis.engine.inference.situation import fingerprint, thorough_probes
    from eleusis.engine.rules.equivalence import equivalence
    from eleusis.engine.rules.pool import pool_entries

    probes = thorough_probes()
    wanted: dict[bytes, list[str]] = {}
    for rule_id, entry in LIBRARY.items():
        wanted.setdefault(fingerprint(entry.compiled(), probes), []).append(rule_id)
    stated: set[str] = set()
    for _words, text in pool_entries():
        rule = compile_rule(text)
        for rule_id in wanted.get(fingerprint(rule, probes), []):
            if rule_id not in stated and equivalence(rule, LIBRARY[rule_id].compiled()).equivalent:
                stated.add(rule_id)
    assert {rule_id for rule_id, entry in LIBRARY.items() if not entry.buildable} == (
        set(LIBRARY) - stated
    )
    assert not LIBRARY["el-step-up-1-3"].buildable and LIBRARY["th-near-rank"].buildable
