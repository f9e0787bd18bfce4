"""Coverage: 27 rules real players and classes use, each with its text in the rule language and
the builder parts that say it (`./manage.py rules build PART=OPTION ...` takes the same). At
least 24 must be buildable and equivalent to their text; the three that count over the whole
line have no filling (the builder has no counting)."""

import pytest

from eleusis.engine.rules import compile_rule, equivalence
from eleusis.engine.rules.builder import build, parse_filling


def F(*pairs):
    return parse_filling(pairs)


# (name, rule text, filling or None)
COVERAGE = [
    ("alternate colours", "color != last.color", F("then=other-color", "then-ref=last")),
    (
        "same suit or same rank",
        "suit == last.suit or rank == last.rank",
        F(
            "then=same",
            "then-prop=suit",
            "then-ref=last",
            "join=or",
            "then2=same",
            "then2-prop=rank",
            "then2-ref=last",
        ),
    ),
    (
        "within 2 of the last",
        "rank in last.rank - 2 .. last.rank + 2",
        F("then=within", "then-n=2", "then-ref=last"),
    ),
    (
        "higher after a low card, else lower",
        "if last.rank <= 7 then rank > last.rank else rank < last.rank",
        F(
            "if=last",
            "if-is=low",
            "then=higher",
            "then-ref=last",
            "join=otherwise",
            "then2=lower",
            "then2-ref=last",
        ),
    ),
    (
        "face and number cards take turns",
        "face != last.face",
        F("then=different", "then-prop=face", "then-ref=last"),
    ),
    (
        "the card and the last add up to an even number",
        "(rank + last.rank) % 2 == 0",
        F("then=sum", "then-what=even", "then-ref=last"),
    ),
    (
        "after a wrong play anything goes, else alternate colours",
        "if previous.rejected then true else color != last.color",
        F("if=wrong", "then=any", "join=otherwise", "then2=other-color", "then2-ref=last"),
    ),
    (
        "odd places red, even places black",
        "if position % 2 == 1 then red else black",
        F(
            "if=odd-place",
            "then=play",
            "then-what=red",
            "join=otherwise",
            "then2=play",
            "then2-what=black",
        ),
    ),
    (
        "one up, K wraps to A",
        "rank == last.rank + 1 wrap 13",
        F("then=up", "then-n=1", "then-ref=last"),
    ),
    (
        "odd and even take turns",
        "parity != last.parity",
        F("then=different", "then-prop=parity", "then-ref=last"),
    ),
    (
        "low and high take turns",
        "half != last.half",
        F("then=different", "then-prop=half", "then-ref=last"),
    ),
    (
        "red goes up, black goes down",
        "if last is red then rank > last.rank else rank < last.rank",
        F(
            "if=last",
            "if-is=red",
            "then=higher",
            "then-ref=last",
            "join=otherwise",
            "then2=lower",
            "then2-ref=last",
        ),
    ),
    (
        "same colour as two cards back",
        "color == last2.color",
        F("then=same", "then-prop=color", "then-ref=last2"),
    ),
    (
        "after an even card red, after an odd card black",
        "if last is even then red else black",
        F(
            "if=last",
            "if-is=even",
            "then=play",
            "then-what=red",
            "join=otherwise",
            "then2=play",
            "then2-what=black",
        ),
    ),
    ("prime cards only", "rank in {2, 3, 5, 7, 11, 13}", F("then=play", "then-what=prime")),
    (
        "red and high",
        "red and rank >= 8",
        F("then=play", "then-what=red", "join=and", "then2=play", "then2-what=high"),
    ),
    (
        "a 7 or a face card",
        "rank == 7 or rank >= 11",
        F("then=play", "then-what=rank-7", "join=or", "then2=play", "then2-what=face"),
    ),
    ("no face cards", "rank <= 10", F("then=avoid", "then-what=face")),
    (
        "one up or one down, K wraps to A",
        "rank in {(last.rank + 1) wrap 13, (last.rank + 12) wrap 13}",
        F("then=up-down", "then-ref=last"),
    ),
    (
        "the last two add up to an even number: red, else black",
        "if (last.rank + last2.rank) % 2 == 0 then red else black",
        F(
            "if=sum2",
            "if-is=even",
            "then=play",
            "then-what=red",
            "join=otherwise",
            "then2=play",
            "then2-what=black",
        ),
    ),
    (
        "suits go round ♠ ♥ ♦ ♣",
        "suit == next(last.suit, [spades, hearts, diamonds, clubs])",
        F("then=next-suit", "then-order=hearts-diamonds-clubs", "then-ref=last"),
    ),
    (
        "never three of a suit in a row",
        "not (suit == last.suit and suit == last2.suit)",
        F(
            "then=different",
            "then-prop=suit",
            "then-ref=last",
            "join=or",
            "then2=different",
            "then2-prop=suit",
            "then2-ref=last2",
        ),
    ),
    (
        "colours in pairs",
        "if position % 2 == 1 then color != last.color else color == last.color",
        F(
            "if=odd-place",
            "then=other-color",
            "then-ref=last",
            "join=otherwise",
            "then2=same",
            "then2-prop=color",
            "then2-ref=last",
        ),
    ),
    (
        "after a wrong play, the same suit as the last card",
        "if previous.rejected then suit == last.suit else true",
        F("if=wrong", "then=same", "then-prop=suit", "then-ref=last"),
    ),
    # Counting over the whole line: not in the builder.
    ("more red than black cards on the line", None, None),
    ("no rank twice on the line", None, None),
    ("the whole line adds up to an odd number", None, None),
]


def test_the_list_has_27_rules_three_of_them_counting():
    assert len(COVERAGE) == 27
    assert len({name for name, _text, _filling in COVERAGE}) == 27
    assert sum(1 for _name, _text, filling in COVERAGE if filling is None) == 3


@pytest.mark.parametrize(
    ("name", "text", "filling"),
    [entry for entry in COVERAGE if entry[2] is not None],
    ids=[entry[0] for entry in COVERAGE if entry[2] is not None],
)
def test_a_rule_players_use_is_built_and_means_its_text(name, text, filling):
    built = build(filling)
    result = equivalence(compile_rule(built.text), compile_rule(text))
    assert result.equivalent, (name, built.text, built.words(), result)


def test_at_least_24_of_27_are_buildable():
    built = 0
    for _name, text, filling in COVERAGE:
        if filling is None:
            continue
        rule = build(filling)
        if equivalence(compile_rule(rule.text), compile_rule(text)).equivalent:
            built += 1
    assert built >= 24
