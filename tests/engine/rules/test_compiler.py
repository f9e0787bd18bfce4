"""What the language means: each construct against verdicts worked out by hand."""

import pytest

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.rules import compile_rule
from tests.engine.rules.helpers import card, plays


@pytest.mark.parametrize(
    ("text", "history", "played", "expected"),
    [
        # properties of the card, the last card and cards further back
        ("value == 10", "AS", "KD", True),
        ("rank == 10", "AS", "KD", False),
        ("face", "AS", "JD", True),
        ("card is not face", "AS", "JD", False),
        ("half == high", "AS", "8D", True),
        ("last.parity == odd and parity == even", "KS", "QD", True),
        ("last2.suit == suit", "AH 2S 3C", "9S", True),
        ("card(-2).suit == suit", "AH 2S 3C", "9C", False),
        ("last3.rank == rank", "5H 2S 3C", "5D", True),
        # a wrong play is not on the mainline, but it is the previous play
        ("last.rank == 2", "AS 2H 9C-", "KD", True),
        ("previous.rank == 9 and previous.rejected", "AS 2H 9C-", "KD", True),
        ("previous.rank == 2 and previous.accepted", "AS 2H", "KD", True),
        # words
        ("suit == ♥ and rank == queen", "AS", "QH", True),
        ("last is king", "KC", "2D", True),
        ("suit is hearts", "AS", "2H", True),
        ("heart", "AS", "2H", True),
        ("clubs", "AS", "2H", False),
        # arithmetic: % is never negative, wrap counts 1..n
        ("rank == (last.rank - 3) % 13", "2S", "QH", True),
        ("rank == (last.rank + 1) wrap 13", "KS", "AH", True),
        ("rank == last.rank + 1 wrap 13", "QS", "KH", True),
        ("rank * 2 == last.rank", "QS", "6H", True),
        ("-rank < -last.rank", "5S", "6H", True),
        # sets and ranges
        ("rank in {ace, jack, queen, king}", "5S", "JH", True),
        ("rank not in 2 .. 10", "5S", "10H", False),
        ("suit in {last.suit, hearts}", "5S", "9S", True),
        # if/then/else as a value
        ("suit == (if last is red then spades else hearts)", "5D", "9S", True),
        # position: the card being judged takes mainline place len(mainline) + 1
        ("position == 3", "AS 2S 9C-", "KD", True),
        ("position == 3", "AS 9C-", "KD", False),
        # sum of the last n mainline cards, fewer when the mainline is shorter
        ("sum(rank of last 3) == 6", "AS 2S", "KD", False),
        ("sum(rank of last 3) == 3", "AS 2S", "KD", True),
        ("sum(value of last 2) == 20", "AS QS 3H- KS", "KD", True),
        # suit cycles
        ("suit == next(last.suit, [hearts, clubs, spades, diamonds])", "5D", "5H", True),
        ("color == next(last.color, [red, black])", "5D", "5S", True),
    ],
)
def test_meaning(text, history, played, expected):
    assert compile_rule(text).accepts(plays(history), card(played)) is expected


def test_a_rule_that_reads_no_earlier_card_judges_the_starter_too():
    rule = compile_rule("red")
    assert rule.accepts([], card("2H")) and not rule.accepts([], card("2S"))
    assert rule.lookback == 0


def test_a_rule_that_looks_back_lets_any_card_start_unless_a_start_clause_says():
    assert compile_rule("color != last.color").accepts([], card("2S"))
    with_start = compile_rule("start: rank == 7\nrule: color != last.color")
    assert [c.code for c in FULL_DECK if with_start.accepts([], c)] == ["7S", "7H", "7D", "7C"]
    after = compile_rule("color != last.color\nstart: rank == 7")
    assert after.accepts(plays("7S"), card("2H")) and not after.accepts(plays("7S"), card("2S"))


def test_a_card_not_on_the_line_yet_is_unknown_and_the_judgeable_part_decides():
    rule = compile_rule("suit == last2.suit")
    assert rule.may_miss and rule.lookback == 2
    assert all(rule.accepts(plays("AS 5H-"), c) for c in FULL_DECK)
    assert not rule.accepts(plays("AS 2H"), card("3H"))
    # "A different suit from each of the previous two (if they exist)": after one card the
    # part about `last` decides, whichever way the rule is written (issue 39).
    for text in (
        "suit != last.suit and suit != last2.suit",
        "suit != last.suit and (position <= 2 or suit != last2.suit)",
        "if position <= 2 then suit != last.suit else suit != last.suit and suit != last2.suit",
    ):
        rule = compile_rule(text)
        assert not rule.accepts(plays("JC"), card("AC")), text
        assert rule.accepts(plays("JC"), card("AH")), text
        assert not rule.accepts(plays("JC 2H"), card("AC")), text
        assert rule.accepts(plays("JC 2H"), card("AS")), text
    # A guard on the position works: the `then` branch judges the second card.
    guarded = compile_rule("if position <= 2 then red else suit == last2.suit")
    assert guarded.accepts(plays("AS"), card("3H")) and not guarded.accepts(plays("AS"), card("3S"))
    assert not guarded.accepts(plays("AS 2H"), card("3H"))
    # `true or unknown` is true, `false and unknown` false, `not unknown` unknown (accepted).
    assert compile_rule("red or last2 is red").accepts(plays("AS"), card("2H"))
    assert compile_rule("not (last2 is red)").accepts(plays("AS"), card("2S"))
    # An if whose condition is unknown is known where both branches agree.
    both = compile_rule("if last2 is red then rank > 5 else rank > 7")
    assert not both.accepts(plays("AS"), card("2S")) and both.accepts(plays("AS"), card("6S"))
    assert both.accepts(plays("AS"), card("9S"))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("red and last2 is red", "last2 is red and red"),
        ("red or last2 is red", "last2 is red or red"),
        ("last3.rank > 5 and rank > last.rank", "rank > last.rank and last3.rank > 5"),
    ],
)
def test_and_and_or_commute_on_a_short_mainline(first, second):
    a, b = compile_rule(first), compile_rule(second)
    histories = ["", "AS 2H 3D-", "AS 2H 3D", "AS 2H 3D 4C 5S-"]
    histories += [code for code in (c.code for c in FULL_DECK)]
    histories += [f"{x.code} {y.code}" for x in FULL_DECK for y in FULL_DECK]
    for history in histories:
        for played in FULL_DECK:
            assert a.accepts(plays(history), played) == b.accepts(plays(history), played)


def test_red_and_last2_is_red_refuses_a_black_card_on_any_line():
    rule = compile_rule("red and last2 is red")
    assert not rule.accepts(plays("AS"), card("2S")) and rule.accepts(plays("AS"), card("2H"))
    assert not rule.accepts([], card("2S")) and rule.accepts([], card("2H"))


def test_what_a_compiled_rule_reads():
    rule = compile_rule("if previous.accepted then rank > last2.rank else position % 2 == 0")
    assert (rule.lookback, rule.reads_position, rule.reads_verdict) == (2, True, True)
    assert not rule.reads_previous_card
    assert rule.reads == {2: frozenset({"rank"}), 0: frozenset({"rank"})}
    assert compile_rule("previous.suit == hearts").reads_previous_card


def test_compiled_rules_are_reusable_and_show_their_text():
    rule = compile_rule("color != last.color")
    assert repr(rule) == "compile_rule('color != last.color')"
    history = plays("AS QD 3C")
    assert [rule.accepts(history, c) for c in FULL_DECK] == [
        rule.accepts(history, c) for c in FULL_DECK
    ]
