"""The one exception of the rule language, its message texts, and its named limits.

Every fault in a rule, whatever the input, is a `RuleSyntaxError` that says where (line and
column, a caret under the fault) and what to do about it. Tests import the message templates
from here rather than retyping them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

# Named limits. A rule longer or deeper than this is refused before any real work is done.
MAX_RULE_LENGTH = 2000  # characters
MAX_DEPTH = 40  # nesting of the parse tree
MAX_NODES = 400  # size of the parse tree
MAX_LOOKBACK = 8  # last8 / card(-8) is the furthest back a rule may look
MAX_NUMBER = 1000  # largest number written in a rule


class Message(tuple["Phrase", ...]):
    """What a message says, as phrases to be put in words: each an English template with a
    stable code and its parameters. `english()` is the English sentence (the command line and the
    API show it); a user interface says the same in its reader's language by translating each
    template (eleusis/web/rule_check.py), as it does the refusal codes of the games."""

    def __add__(self, other: tuple[Phrase, ...]) -> Message:  # type: ignore[override]
        return Message((*self, *other))

    def english(self) -> str:
        return "".join(phrase.english() for phrase in self)


@dataclass(frozen=True)
class Phrase:
    template: Template
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def code(self) -> str:
        return self.template.code

    def english(self) -> str:
        if not self.params:
            return str(self.template)
        values = {
            name: value.english() if isinstance(value, Message) else value
            for name, value in self.params
        }
        return self.template.format(**values)


# A parameter is shown as it is (a word of the rule, a number), or is itself words to translate.
Param = str | int | Message

# Every template, for the translation catalogs (classroom/engine_strings.py lists them).
TEMPLATES: list[Template] = []


class Template(str):
    """An English message template (a `str`, so tests can `format` and compare it) with a stable
    `code`; calling it with the parameters gives the `Message`."""

    code: str
    context: str  # for the translators, where the same English says different things

    def __new__(cls, code: str, template: str, context: str = "") -> Template:
        made = super().__new__(cls, template)
        made.code = code
        made.context = context
        TEMPLATES.append(made)
        return made

    def __call__(self, **params: Param) -> Message:
        return Message((Phrase(self, tuple(params.items())),))


_WORDS: dict[str, Template] = {}
WORDS_CONTEXT = "rule message"


def words(text: str) -> Message:
    """Words that fill a template's parameter and are translated with it ("a number"); with
    their own context, as the same English ("hearts", "mainline") says other things elsewhere."""
    if text not in _WORDS:
        _WORDS[text] = Template("words", text, WORDS_CONTEXT)
    return _WORDS[text]()


def kind_words(kind: str) -> Message:
    """What an expression stands for ("a number", `ast.Kind`'s value), in a message."""
    return words(kind)


# Message templates, in one place so that tests and the translations use them.
OTHER = Template("other", "{text}")  # an English message with no code (a bug): shown as it is
EMPTY_RULE = Template("empty_rule", "the rule is empty: write a test such as color != last.color")
TOO_LONG = Template("too_long", "the rule is too long: at most {limit} characters")
TOO_DEEP = Template("too_deep", "the rule is nested too deeply: at most {limit} levels")
TOO_BIG = Template("too_big", "the rule is too big: at most {limit} parts")
UNKNOWN_NAME = Template("unknown_name", "unknown word '{name}'")
UNKNOWN_PROPERTY = Template("unknown_property", "unknown property '{name}'")
DID_YOU_MEAN = Template("did_you_mean", " — did you mean '{suggestion}'?")
DID_YOU_MEAN_LETTER = Template(
    "did_you_mean_letter", " — did you mean '{letter}' ({meaning})? Card letters are capitals"
)
CANNOT_COMPARE = Template("cannot_compare", "{left} cannot be compared with {right}")
NOT_ORDERED = Template("not_ordered", "{kind} has no order: only numbers can be compared with {op}")
NEEDS_NUMBER = Template("needs_number", "{kind} cannot be used in arithmetic: '{op}' needs numbers")
NEEDS_TEST = Template("needs_test", "{kind} is not a yes/no test{hint}")
CARD_NEEDS_PROPERTY = Template(
    "card_needs_property",
    "'{name}' is a card: say which of its properties you mean, like {name}.rank",
)
ONLY_CARDS_HAVE_PROPERTIES = Template(
    "only_cards_have_properties", "only cards have properties: {kind} has no '.{name}'"
)
VERDICT_ONLY_PREVIOUS = Template(
    "verdict_only_previous",
    "only the previous play can be right or wrong: write previous.{name} "
    "(mainline cards are always right)",
)
UNEXPECTED_CHARACTER = Template("unexpected_character", "unexpected character '{char}'")
UNEXPECTED_TOKEN = Template("unexpected_token", "unexpected '{token}'")
UNEXPECTED_END = Template("unexpected_end", "the rule ends too early")
EXPECTED = Template("expected", ": expected {what}")
EXPECTED_TWO = Template("expected_two", ": expected {first} or {second}")
EXPECTED_THREE = Template("expected_three", ": expected {first}, {second} or {third}")
IF_NEEDS_THEN = Template(
    "if_needs_then", ": an if needs a then, like: if last is red then black else red"
)
IF_NEEDS_ELSE = Template(
    "if_needs_else", ": an if needs an else, like: if last is red then black else red"
)
IN_NEEDS_SET = Template(
    "in_needs_set", ": after 'in' write a set such as {hearts, diamonds} or a range like 2 .. 8"
)
LIST_ONLY_IN_NEXT = Template(
    "list_only_in_next",
    "a list in square brackets is only used in next(...); "
    "for a choice of values write a set such as {hearts, diamonds}",
)
ONLY_RANK_OR_VALUE = Template("only_rank_or_value", ": only rank or value can be added up")
COMPARE_IT = Template("compare_it", ": compare it with something, like rank == 7")
COMPARE_IT_WITH = Template(
    "compare_it_with", ": compare it with something, like {name} == last.{name}"
)
CYCLE_LISTED_TWICE = Template("cycle_listed_twice", "{item} is listed twice")
CYCLE_ADD = Template("cycle_add", "add {items}")
CHAINED_COMPARISON = Template(
    "chained_comparison", "comparisons cannot be chained: write a == b and b == c"
)
START_LOOKS_BACK = Template(
    "start_looks_back",
    "the start clause judges the first card of the mainline: there is no {what} yet",
)
TOO_FAR_BACK = Template("too_far_back", "a rule may look at most {limit} cards back")
NUMBER_TOO_BIG = Template("number_too_big", "numbers above {limit} are not allowed")
MODULUS_NOT_NUMBER = Template(
    "modulus_not_number", "the number after '{op}' must be a whole number from 1 to {limit}, like 4"
)
SET_MIXED = Template(
    "set_mixed", "a set holds one kind of thing: this is {kind}, the first item is {first}"
)
SET_EMPTY = Template("set_empty", "a set needs at least one item")
RANGE_NEEDS_NUMBERS = Template(
    "range_needs_numbers", "a range like 2 .. 8 is made of numbers, not {kind}"
)
BRANCHES_DIFFER = Template(
    "branches_differ", "both branches of an if must give the same kind of thing: {then} and {other}"
)
CYCLE_NEEDS_QUALITY = Template(
    "cycle_needs_quality",
    "next(...) cycles through suits, colors, odd/even or low/high, not {kind}; "
    "for ranks use wrap, like (last.rank + 1) wrap 13",
)
CYCLE_INCOMPLETE = Template(
    "cycle_incomplete", "the cycle must list every {kind_word} exactly once: {problem}"
)
CYCLE_SHAPE = Template(
    "cycle_shape", "write a cycle like next(last.suit, [spades, hearts, clubs, diamonds])"
)
CARD_ARGUMENT = Template(
    "card_argument",
    "count back with a minus sign: card(-1) is the last card, card(-2) the one before",
)
SUM_SHAPE = Template("sum_shape", "write a sum like sum(value of last 2) or sum(rank of mainline)")
COUNT_SHAPE = Template(
    "count_shape",
    "write a count like count(red), count(clubs), count(odd), count(face), count(prime) or "
    "count(all): how many cards already on the mainline are so",
)
EXTREME_SHAPE = Template(
    "extreme_shape",
    "write the highest or lowest so far like max(rank of mainline) or min(value of mainline)",
)
PLAYED_SHAPE = Template(
    "played_shape",
    "write played(rank), played(suit), played(card), played(king) or played(hearts): whether "
    "a card already on the mainline has it",
)
TEST_OF_THE_CARD = Template(
    "test_of_the_card",
    "'{word}' is a yes/no test of a whole card: for the card you play write just '{word}' "
    "(or 'card is {word}')",
)
TEST_OF_A_CARD = Template(
    "test_of_a_card",
    "'{word}' is a yes/no test of a whole card: write '{card} is {word}'",
)
WRITE_INSTEAD = Template("write_instead", " — write '{right}'")
START_WITH_IF = Template(
    "start_with_if",
    ": a choice starts with 'if', like: if last is red then black else red",
)
ABS_SHAPE = Template("abs_shape", "write abs with one number inside, like abs(rank - last.rank)")
MAINLINE_ONLY_IN_SUM = Template(
    "mainline_only_in_sum",
    "'mainline' is only used in sum(rank of mainline); to count its cards write count(all)",
)
PREVIOUS2_ONLY_VERDICT = Template(
    "previous2_only_verdict",
    "of the play before the previous one only previous2.accepted and previous2.rejected can be "
    "read, not '{name}'",
)
UNKNOWN_FUNCTION = Template("unknown_function", "unknown function '{name}'")
SET_WITH_BRACES = Template(
    "set_with_braces",
    "a set of values is written with braces, like {2, 3, 5} or {hearts, clubs}; square "
    "brackets are only for the cycle of next(...)",
)
IF_NEEDS_PARENTHESES = Template(
    "if_needs_parentheses",
    "an if after '{word}' needs parentheses around it, like: "
    "{word} (if last is red then black else red)",
)
NO_ARTICLE = Template("no_article", "no '{article}' is needed: write 'last is {word}'")
MISSING_OPERATOR = Template(
    "missing_operator", ": perhaps a word such as and, or, == or a bracket is missing before it"
)
IS_ON_PROPERTY = Template(
    "is_on_property",
    "'is' needs a card on its left: write '{card} is {word}' (or '{property} == {word}'), "
    "not '{prop} is {word}'",
)
IS_NEEDS_QUALITY = Template(
    "is_needs_quality", "after '{card} is' write a quality such as red, odd, high, face or hearts"
)


def suggest(word: str, candidates: Iterable[str]) -> Message:
    """The did-you-mean tail for `word`, or nothing when nothing is close."""
    matches = difflib.get_close_matches(word.lower(), list(candidates), n=1, cutoff=0.6)
    return DID_YOU_MEAN(suggestion=matches[0]) if matches else Message()


class RuleSyntaxError(ValueError):
    """A rule that cannot be compiled, with where and why.

    `line` and `column` are 1-based; `str(error)` shows the message, the line of the rule and a
    caret under the fault.
    """

    def __init__(
        self,
        message: str | Message,
        *,
        text: str = "",
        line: int = 1,
        column: int = 1,
        end_column: int | None = None,
    ) -> None:
        # `phrases` for an interface to put in its reader's words; `message` in English.
        if isinstance(message, Template):
            message = message()
        self.phrases = message if isinstance(message, Message) else OTHER(text=message)
        self.message = self.phrases.english()
        self.code = self.phrases[0].code
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
