"""The one exception of the rule language, its message texts, and its named limits.

Every fault in a rule, whatever the input, is a `RuleSyntaxError` that says where (line and
column, a caret under the fault) and what to do about it. Tests import the message templates
from here rather than retyping them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

# Named limits. A rule longer or deeper than this is refused before any real work is done.
MAX_RULE_LENGTH = 2000  # characters
MAX_DEPTH = 40  # nesting of the parse tree
MAX_NODES = 400  # size of the parse tree
MAX_LOOKBACK = 8  # last8 / card(-8) is the furthest back a rule may look
MAX_NUMBER = 1000  # largest number written in a rule

# Message templates, in one place so that tests (and later translations) can use them.
EMPTY_RULE = "the rule is empty: write a test such as color != last.color"
TOO_LONG = "the rule is too long: at most {limit} characters"
TOO_DEEP = "the rule is nested too deeply: at most {limit} levels"
TOO_BIG = "the rule is too big: at most {limit} parts"
UNKNOWN_NAME = "unknown word '{name}'"
UNKNOWN_PROPERTY = "unknown property '{name}'"
DID_YOU_MEAN = " — did you mean '{suggestion}'?"
DID_YOU_MEAN_LETTER = " — did you mean '{letter}' ({meaning})? Card letters are capitals"
CANNOT_COMPARE = "{left} cannot be compared with {right}"
NOT_ORDERED = "{kind} has no order: only numbers can be compared with {op}"
NEEDS_NUMBER = "{kind} cannot be used in arithmetic: '{op}' needs numbers"
NEEDS_TEST = "{kind} is not a yes/no test{hint}"
CARD_NEEDS_PROPERTY = "'{name}' is a card: say which of its properties you mean, like {name}.rank"
ONLY_CARDS_HAVE_PROPERTIES = "only cards have properties: {kind} has no '.{name}'"
VERDICT_ONLY_PREVIOUS = (
    "only the previous play can be right or wrong: write previous.{name} "
    "(mainline cards are always right)"
)
UNEXPECTED_CHARACTER = "unexpected character '{char}'"
UNEXPECTED_TOKEN = "unexpected '{token}'"
UNEXPECTED_END = "the rule ends too early"
EXPECTED = ": expected {what}"
CHAINED_COMPARISON = "comparisons cannot be chained: write a == b and b == c"
START_LOOKS_BACK = "the start clause judges the first card of the mainline: there is no {what} yet"
TOO_FAR_BACK = "a rule may look at most {limit} cards back"
NUMBER_TOO_BIG = "numbers above {limit} are not allowed"
MODULUS_NOT_NUMBER = "the number after '{op}' must be a whole number from 1 to {limit}, like 4"
SET_MIXED = "a set holds one kind of thing: this is {kind}, the first item is {first}"
SET_EMPTY = "a set needs at least one item"
RANGE_NEEDS_NUMBERS = "a range like 2 .. 8 is made of numbers, not {kind}"
BRANCHES_DIFFER = "both branches of an if must give the same kind of thing: {then} and {other}"
CYCLE_NEEDS_QUALITY = (
    "next(...) cycles through suits, colors, odd/even or low/high, not {kind}; "
    "for ranks use wrap, like (last.rank + 1) wrap 13"
)
CYCLE_INCOMPLETE = "the cycle must list every {kind_word} exactly once: {problem}"
CYCLE_SHAPE = "write a cycle like next(last.suit, [spades, hearts, clubs, diamonds])"
CARD_ARGUMENT = "count back with a minus sign: card(-1) is the last card, card(-2) the one before"
SUM_SHAPE = "write a sum like sum(value of last 2) or sum(rank of mainline)"
COUNT_SHAPE = (
    "write a count like count(red), count(clubs), count(odd), count(face), count(prime) or "
    "count(all): how many cards already on the mainline are so"
)
EXTREME_SHAPE = (
    "write the highest or lowest so far like max(rank of mainline) or min(value of mainline)"
)
PLAYED_SHAPE = (
    "write played(rank), played(suit), played(card), played(king) or played(hearts): whether "
    "a card already on the mainline has it"
)
ABS_SHAPE = "write abs with one number inside, like abs(rank - last.rank)"
MAINLINE_ONLY_IN_SUM = (
    "'mainline' is only used in sum(rank of mainline); to count its cards write count(all)"
)
PREVIOUS2_ONLY_VERDICT = (
    "of the play before the previous one only previous2.accepted and previous2.rejected can be "
    "read, not '{name}'"
)
UNKNOWN_FUNCTION = "unknown function '{name}'"
SET_WITH_BRACES = (
    "a set of values is written with braces, like {2, 3, 5} or {hearts, clubs}; square "
    "brackets are only for the cycle of next(...)"
)
IF_NEEDS_PARENTHESES = (
    "an if after '{word}' needs parentheses around it, like: "
    "{word} (if last is red then black else red)"
)
NO_ARTICLE = "no '{article}' is needed: write 'last is {word}'"
MISSING_OPERATOR = ": perhaps a word such as and, or, == or a bracket is missing before it"
IS_ON_PROPERTY = (
    "'is' needs a card on its left: write '{card} is {word}' (or '{property} == {word}'), "
    "not '{prop} is {word}'"
)
IS_NEEDS_QUALITY = "after '{card} is' write a quality such as red, odd, high, face or hearts"


def suggest(word: str, candidates: Iterable[str]) -> str:
    """The did-you-mean tail for `word`, or an empty string when nothing is close."""
    matches = difflib.get_close_matches(word.lower(), list(candidates), n=1, cutoff=0.6)
    return DID_YOU_MEAN.format(suggestion=matches[0]) if matches else ""


class RuleSyntaxError(ValueError):
    """A rule that cannot be compiled, with where and why.

    `line` and `column` are 1-based; `str(error)` shows the message, the line of the rule and a
    caret under the fault.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str = "",
        line: int = 1,
        column: int = 1,
        end_column: int | None = None,
    ) -> None:
        self.message = message
        self.text = text
        self.line = max(1, line)
        self.column = max(1, column)
        self.end_column = end_column if end_column and end_column > self.column else None
        super().__init__(self._render())

    @property
    def source_line(self) -> str:
        lines = self.text.splitlines() or [""]
        return lines[self.line - 1] if self.line <= len(lines) else ""

    @property
    def caret(self) -> str:
        """Spaces (keeping tabs) up to the fault, then one ^ under each of its characters."""
        source = self.source_line
        prefix = "".join("\t" if ch == "\t" else " " for ch in source[: self.column - 1])
        prefix += " " * max(0, self.column - 1 - len(source))
        width = 1
        if self.end_column is not None:
            width = max(1, min(self.end_column, len(source) + 1) - self.column)
        return prefix + "^" * width

    def _render(self) -> str:
        return (
            f"line {self.line}, column {self.column}: {self.message}\n"
            f"  {self.source_line}\n  {self.caret}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "error": self.message,
            "line": self.line,
            "column": self.column,
            "source": self.source_line,
            "caret": self.caret,
        }
