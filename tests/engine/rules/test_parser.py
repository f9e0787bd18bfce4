"""Syntax errors: the message, the line and the column of the fault, and the caret."""

import pytest

from eleusis.engine.rules import RuleSyntaxError, compile_rule, errors

ERRORS = [
    # text, a fragment of the message, line, column
    ("color != last.colour", "unknown property 'colour' — did you mean 'color'?", 1, 15),
    ("suit == 3", errors.CANNOT_COMPARE.format(left="a suit", right="a number"), 1, 1),
    ("rank > hearts", "a number cannot be compared with a suit", 1, 1),
    ("suit < last.suit", "a suit has no order", 1, 1),
    ("colr == red", "unknown word 'colr' — did you mean 'color'?", 1, 1),
    ("color != lst.color", "unknown word 'lst' — did you mean 'last'?", 1, 10),
    ("color != last", errors.CARD_NEEDS_PROPERTY.format(name="last"), 1, 10),
    ("rank == 1 == 2", errors.CHAINED_COMPARISON, 1, 11),
    ("red & last is black", "unexpected character '&' — write 'and'", 1, 5),
    ("color == 'red'", "no quotes are needed", 1, 10),
    ("if last is red then black", "an if needs an else", 1, 26),
    ("if last is red black else red", "an if needs a then", 1, 16),
    ("color != last.color and", errors.UNEXPECTED_END, 1, 24),
    ("last.accepted", "only the previous play can be right or wrong", 1, 6),
    ("suit in {hearts, 2}", "a suit cannot be compared with a number", 1, 18),
    ("rank in red .. black", "'..' needs numbers", 1, 9),
    ("next(last.suit, [spades, hearts]) == suit", "add diamonds, clubs", 1, 1),
    ("suit == next(last.suit, [spades, hearts, hearts, clubs])", "hearts is listed twice", 1, 42),
    ("suit == next(last.rank, [spades])", "for ranks use wrap", 1, 14),
    ("start: last.color == red\nrule: red", "there is no last card yet", 1, 8),
    ("red\nstart: previous.accepted", "there is no previous play yet", 2, 8),
    ("rank % last.rank == 0", "the number after '%' must be a whole number", 1, 8),
    ("rank", "a number is not a yes/no test", 1, 1),
    ("last.color", "compare it with something, like color == last.color", 1, 1),
    ("color == red +\n  1", "cannot be used in arithmetic", 1, 10),
    ("card(2).rank == 3", errors.CARD_ARGUMENT, 1, 6),
    ("last9.rank == 3", errors.TOO_FAR_BACK.format(limit=errors.MAX_LOOKBACK), 1, 1),
    ("rank == 100000", errors.NUMBER_TOO_BIG.format(limit=errors.MAX_NUMBER), 1, 9),
    ("colour(last) == red", "unknown function 'colour'", 1, 1),
    ("last is purple", "unknown word 'purple'", 1, 9),
    ("last is rank", "after 'last is' write a quality", 1, 9),
    ("sum(suit of last 2) == 3", "only rank or value can be added up", 1, 5),
    ("if last is red then hearts else 3", "a number is not a yes/no test", 1, 33),
    ("suit == (if last is red then hearts else 3)", "both branches of an if", 1, 10),
    ("red.rank == 2", "only cards have properties", 1, 5),
    ("suit in [hearts, spades]", errors.SET_WITH_BRACES, 1, 9),
    ("", errors.EMPTY_RULE, 1, 1),
    ("   # only a comment", errors.EMPTY_RULE, 1, 1),
    ("red\n  and\n  last is ~black", "unexpected character '~'", 3, 11),
]


@pytest.mark.parametrize(("text", "message", "line", "column"), ERRORS)
def test_errors_say_what_and_where(text, message, line, column):
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule(text)
    error = caught.value
    assert message in error.message
    assert (error.line, error.column) == (line, column)


def test_str_shows_the_line_and_a_caret_under_the_fault():
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule("color != last.colour")
    assert str(caught.value) == (
        "line 1, column 15: unknown property 'colour' — did you mean 'color'?\n"
        "  color != last.colour\n"
        "                ^^^^^^"
    )
    assert caught.value.to_dict()["column"] == 15


def test_caret_is_on_the_line_of_the_fault():
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule("if last is red\nthen blak\nelse red")
    error = caught.value
    assert (error.line, error.column) == (2, 6)
    assert error.source_line == "then blak"
    assert error.caret == "     ^^^^"


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("red or " * 400 + "red", errors.TOO_LONG.format(limit=errors.MAX_RULE_LENGTH)),
        ("(" * 60 + "red" + ")" * 60, errors.TOO_DEEP.format(limit=errors.MAX_DEPTH)),
        ("not " * 60 + "red", errors.TOO_DEEP.format(limit=errors.MAX_DEPTH)),
        ("rank == " + " + ".join(["1"] * 300), errors.TOO_DEEP.format(limit=errors.MAX_DEPTH)),
        (" or ".join(["red"] * 250), errors.TOO_BIG.format(limit=errors.MAX_NODES)),
    ],
)
def test_named_limits(text, limit):
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule(text)
    assert caught.value.message == limit


@pytest.mark.parametrize(
    "text",
    [
        "Color != Last.Color",
        "IF last IS red THEN black ELSE red",
        "color ≠ last.color",
        "rank ≥ last.rank",
        "color = red",
        "suit == ♥",
        "last is ♠ and ♥",
        "rank mod 4 == 1",
        "rank in last.rank − 1 … last.rank + 1",
        "# alternate\ncolor != last.color  # that is all",
        "rule: color != last.color",
        "start: hearts rule: color != last.color",
        "color != last.color\nstart: hearts",
        "card(-2).color == card(-1).color",
        "card(0).rank == 3",
        "queen == rank or rank is king",
        "last is not face and not face",
        "if last.face then face else not face",
        "previous.rejected or previous.rank > 7",
        "suit == (if last is red then hearts else spades)",
        "rank not in {1, 2, 3} and suit not in {hearts}",
        "rank not in 2..5",
        "-rank < -3 and +rank > 3",
        "true",
        "false or heart",
        " or ".join(["red"] * 60),
    ],
)
def test_the_language_accepts(text):
    compile_rule(text)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        (
            "red and if last is red then black else red",
            errors.IF_NEEDS_PARENTHESES.format(word="and"),
            9,
        ),
        (
            "rank > 3 or if red then odd else even",
            errors.IF_NEEDS_PARENTHESES.format(word="or"),
            13,
        ),
        ("rank in [2, 3, 5]", errors.SET_WITH_BRACES, 9),
        (
            "rank is odd",
            errors.IS_ON_PROPERTY.format(card="card", word="odd", property="parity", prop="rank"),
            1,
        ),
        (
            "last.suit is red",
            errors.IS_ON_PROPERTY.format(card="last", word="red", property="color", prop="suit"),
            1,
        ),
        ("last is a king", errors.NO_ARTICLE.format(article="a", word="king"), 11),
        (
            "rank == k",
            "unknown word 'k'" + errors.DID_YOU_MEAN_LETTER.format(letter="K", meaning="king"),
            9,
        ),
    ],
)
def test_the_mistakes_teachers_make_are_explained(text, message, column):
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule(text)
    assert caught.value.message == message
    assert caught.value.column == column


@pytest.mark.parametrize(
    "text", ["rank == K", "suit == H", "rank in {A, J, Q}", "suit != S and suit != C", "rank == 7"]
)
def test_card_letters_in_capitals_are_ranks_and_suits(text):
    compile_rule(text)


@pytest.mark.parametrize(
    "text",
    ["last is a king", "rank == 7 7", "(red", "rank == (3", "red black", "suit == next(last.suit)"],
)
def test_no_error_lists_raw_tokens(text):
    with pytest.raises(RuleSyntaxError) as caught:
        compile_rule(text)
    assert "'.', '..'" not in caught.value.message
    assert "']'" not in caught.value.message
