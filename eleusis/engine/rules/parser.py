"""Text to tree: `parse(text) -> Program`.

Lark (LALR, grammar in grammar.lark) reads the text; this module turns Lark's parse tree into
the typed tree of `ast.py`, resolving every name on the way so that a typo is reported where it
is, with a suggestion. Every failure is a `RuleSyntaxError`; Lark's own exceptions never escape.

Why one long module: one transformer method per grammar rule, in the grammar's order, plus the
error messages that point at a place in the text; they change together with grammar.lark.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import NoReturn

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from eleusis.engine.rules import ast, errors
from eleusis.engine.rules.errors import RuleSyntaxError

GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")

# Every constant word, singular and plural suits, with its kind and value.
CONSTANTS: dict[str, tuple[ast.Kind, int]] = {}
for _index, _word in enumerate(ast.SUIT_WORDS):
    CONSTANTS[_word] = (ast.Kind.SUIT, _index)
    CONSTANTS[_word[:-1]] = (ast.Kind.SUIT, _index)
for _kind, _words in (
    (ast.Kind.COLOR, ast.COLOR_WORDS),
    (ast.Kind.PARITY, ast.PARITY_WORDS),
    (ast.Kind.HALF, ast.HALF_WORDS),
    (ast.Kind.BOOL, ("false", "true")),
):
    for _index, _word in enumerate(_words):
        CONSTANTS[_word] = (_kind, _index)

SUIT_SYMBOLS = {"♠": 0, "♤": 0, "♥": 1, "♡": 1, "♦": 2, "♢": 2, "♣": 3, "♧": 3}
CARD_NAMES = ("card", "last", "first", "previous", "previous2")
FUNCTIONS = ("card", "next", "sum", "count", "abs", "max", "min", "played")
# What count(...) can count: a quality word, face, prime, or all.
COUNTABLE = ("all", "face", "prime")
KNOWN_NAMES = (
    *CARD_NAMES,
    *(f"last{n}" for n in range(2, errors.MAX_LOOKBACK + 1)),
    *(name for name in ast.PROPERTY_KIND if name not in ast.VERDICT_PROPERTIES),
    *CONSTANTS,
    *ast.RANK_WORDS,
    "position",
)
_LAST_N = re.compile(r"last(\d+)")

_OPERATORS = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "%": "%", "mod": "%"}
_COMPARISONS = {"==": "==", "=": "==", "!=": "!=", "≠": "!=", "<": "<", "<=": "<="}
_COMPARISONS.update({"≤": "<=", ">": ">", ">=": ">=", "≥": ">="})

# How Lark's terminal names read in an error message.
_TERMINAL_WORDS: dict[str, str | errors.Message] = {
    "NAME": errors.words("a word"),
    "NUMBER": errors.words("a number"),
    "SUIT_SYMBOL": errors.words("a suit"),
    "COMP_OP": errors.words("a comparison such as =="),
    "ADD_OP": "+ or -",
    "MUL_OP": "* or %",
    "IF": "'if'",
    "_THEN": "'then'",
    "_ELSE": "'else'",
    "_OR": "'or'",
    "_AND": "'and'",
    "NOT": "'not'",
    "IN": "'in'",
    "IS": "'is'",
    "WRAP": "'wrap'",
    "SUM": errors.words("'sum', 'max' or 'min'"),
    "_OF": "'of'",
    "DOTDOT": "'..'",
    "LBRACE": "'{'",
    "LBRACKET": "'['",
    "RBRACE": "'}'",
    "RSQB": "']'",
    "RPAR": "')'",
    "LPAR": "'('",
    "COMMA": "','",
    "DOT": "'.'",
    "_START_KW": "'start:'",
    "_RULE_KW": "'rule:'",
    "$END": errors.words("the end of the rule"),
}
_TEST_OR_VALUE = errors.words("a test or a value, like color or 7")
_THIS = errors.words("this")
_NO_QUOTES = errors.Template("no_quotes", " — no quotes are needed: write red, not 'red'")
_CHARACTER_HINTS = {
    "&": errors.Template("write_and", " — write 'and'"),
    "|": errors.Template("write_or", " — write 'or'"),
    "!": errors.Template("write_not", " — write 'not', or != for 'is not'"),
    "'": _NO_QUOTES,
    '"': _NO_QUOTES,
    ":": errors.Template("colon", " — only 'start:' and 'rule:' take a colon"),
}


@cache
def _lark() -> Lark:
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def parse(text: str) -> ast.Program:
    """Read a rule into its tree, or raise `RuleSyntaxError`."""
    if not isinstance(text, str):
        raise RuleSyntaxError(errors.EMPTY_RULE)
    if len(text) > errors.MAX_RULE_LENGTH:
        raise RuleSyntaxError(
            errors.TOO_LONG(limit=errors.MAX_RULE_LENGTH),
            text=text[: errors.MAX_RULE_LENGTH],
            column=errors.MAX_RULE_LENGTH + 1,
        )
    if not _strip_comments(text).strip():
        raise RuleSyntaxError(errors.EMPTY_RULE, text=text)
    _check_brackets(text)
    _check_square_set(text)
    try:
        tree = _lark().parse(text)
    except UnexpectedInput as exc:
        raise _from_lark(exc, text) from None
    except LarkError:  # pragma: no cover - Lark raises UnexpectedInput for bad text
        raise RuleSyntaxError(errors.UNEXPECTED_END, text=text) from None
    _check_size(tree, text)
    return _Builder(text).program(tree)


_SQUARE_SET = re.compile(r"\bin\s*(\[)", re.IGNORECASE)


def _check_square_set(text: str) -> None:
    """`rank in [2, 3, 5]`: a set is written with braces."""
    match = _SQUARE_SET.search(_strip_comments(text))
    if match is None:
        return
    offset = match.start(1)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    raise RuleSyntaxError(errors.SET_WITH_BRACES, text=text, line=line, column=column)


def _strip_comments(text: str) -> str:
    return re.sub(r"#[^\n]*", "", text)


def _check_brackets(text: str) -> None:
    """Refuse very deep bracket nesting before Lark builds a tree that deep."""
    depth = 0
    line, column = 1, 0
    for char in _strip_comments(text):
        column += 1
        if char == "\n":
            line, column = line + 1, 0
        elif char in "([{":
            depth += 1
            if depth > errors.MAX_DEPTH:
                raise RuleSyntaxError(
                    errors.TOO_DEEP(limit=errors.MAX_DEPTH),
                    text=text,
                    line=line,
                    column=column,
                )
        elif char in ")]}":
            depth = max(0, depth - 1)


def _check_size(tree: Tree[Token], text: str) -> None:
    """Depth and size of Lark's tree, measured without recursion."""
    nodes = 0
    stack: list[tuple[Tree[Token] | Token, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if depth > errors.MAX_DEPTH or nodes > errors.MAX_NODES:
            line, column = _position(node)
            message = (
                errors.TOO_DEEP(limit=errors.MAX_DEPTH)
                if depth > errors.MAX_DEPTH
                else errors.TOO_BIG(limit=errors.MAX_NODES)
            )
            raise RuleSyntaxError(message, text=text, line=line, column=column)
        if isinstance(node, Tree):
            for child in node.children:
                # `a or b or c` is one flat list to the builder, however long.
                flat = isinstance(child, Tree) and child.data == node.data in _FLAT
                stack.append((child, depth if flat else depth + 1))


_FLAT = frozenset({"or_expr", "and_expr"})


def _position(node: Tree[Token] | Token) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.line or 1, node.column or 1
    if not node.meta.empty:
        return node.meta.line, node.meta.column
    return 1, 1


def _from_lark(exc: UnexpectedInput, text: str) -> RuleSyntaxError:
    line = exc.line if isinstance(exc.line, int) and exc.line > 0 else 1
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    if isinstance(exc, UnexpectedCharacters):
        char = exc.char
        message = errors.UNEXPECTED_CHARACTER(char=char)
        if char in _CHARACTER_HINTS:
            message += _CHARACTER_HINTS[char]()
        return RuleSyntaxError(message, text=text, line=line, column=column)
    if isinstance(exc, UnexpectedToken):
        return _unexpected_token(exc, text, line, column)
    return RuleSyntaxError(errors.UNEXPECTED_END, text=text, line=line, column=column)


def _unexpected_token(exc: UnexpectedToken, text: str, line: int, column: int) -> RuleSyntaxError:
    """A word or sign where the rule cannot have it, or the rule ending too early: where, and
    what was expected, in the words a student knows."""
    token = exc.token
    expected = sorted(exc.expected or ())
    if token.type == "$END":
        lines = text.splitlines() or [""]
        line = len(lines)
        column = len(lines[-1].rstrip()) + 1
        message = errors.UNEXPECTED_END()
    elif token.type == "COMP_OP" and "NAME" not in expected:
        return RuleSyntaxError(
            errors.CHAINED_COMPARISON,
            text=text,
            line=line,
            column=column,
            end_column=column + len(token),
        )
    else:
        message = errors.UNEXPECTED_TOKEN(token=str(token))
    misplaced = _misplaced_words(text, token, line, column)
    if misplaced is not None:
        return misplaced
    message += _expected_words(text, token, expected)
    end = column + len(str(token)) if token.type != "$END" else None
    return RuleSyntaxError(message, text=text, line=line, column=column, end_column=end)


def _misplaced_words(text: str, token: Token, line: int, column: int) -> RuleSyntaxError | None:
    """An `if` right after and/or/not (it needs parentheses there), or an article after `is`
    (`last is a red`)."""
    before = _words_before(text, token)
    if before[-1:] == ["if"] and before[-2:-1] in (["and"], ["or"], ["not"]):
        offset = token.start_pos if isinstance(token.start_pos, int) else 0
        if_at = text.lower().rfind("if", 0, offset)
        line = text.count("\n", 0, if_at) + 1
        column = if_at - (text.rfind("\n", 0, if_at) + 1) + 1
        return RuleSyntaxError(
            errors.IF_NEEDS_PARENTHESES(word=before[-2]),
            text=text,
            line=line,
            column=column,
            end_column=column + 2,
        )
    if before[-2:-1] == ["is"] and before[-1:] in (["a"], ["an"]):
        return RuleSyntaxError(
            errors.NO_ARTICLE(article=before[-1], word=str(token)),
            text=text,
            line=line,
            column=column,
            end_column=column + len(str(token)),
        )
    return None


def _expected_words(text: str, token: Token, expected: list[str]) -> errors.Message:
    """What the rule needed where it went wrong: a missing part of an if, a set after `in`, a
    test or a value, or the words the grammar expected (up to three)."""
    missing = _missing_if_part(text, token, expected)
    if missing:
        return missing()
    if token.type in ("_THEN", "_ELSE") and _words_before(text, token).count("if") == 0:
        # `last is red then black else red`: the if was left out.
        return errors.START_WITH_IF()
    if expected == ["DOTDOT"]:
        return errors.IN_NEEDS_SET()
    if "NAME" in expected:
        return errors.EXPECTED(what=_TEST_OR_VALUE)
    if not expected:
        return errors.Message()
    found: list[str | errors.Message] = [
        _TERMINAL_WORDS.get(name, name.lower()) for name in expected
    ]
    words = sorted(dict.fromkeys(found), key=_english)
    if len(words) == 1:
        return errors.EXPECTED(what=words[0])
    if len(words) == 2:
        return errors.EXPECTED_TWO(first=words[0], second=words[1])
    if len(words) == 3:
        return errors.EXPECTED_THREE(first=words[0], second=words[1], third=words[2])
    return errors.MISSING_OPERATOR()


def _words_before(text: str, token: Token) -> list[str]:
    offset = token.start_pos if isinstance(token.start_pos, int) else len(text)
    return [w.lower() for w in re.findall(r"[A-Za-z_]\w*", _strip_comments(text[:offset]))]


def _english(item: str | errors.Message) -> str:
    return item.english() if isinstance(item, errors.Message) else item


def _missing_if_part(text: str, token: Token, expected: list[str]) -> errors.Template | None:
    """The missing then or else when the fault is an unfinished if, judged by counting keywords."""
    if "_THEN" not in expected and "_ELSE" not in expected:
        return None
    offset = token.start_pos if isinstance(token.start_pos, int) else len(text)
    words = [w.lower() for w in re.findall(r"[A-Za-z_]\w*", _strip_comments(text[:offset]))]
    ifs, thens, elses = words.count("if"), words.count("then"), words.count("else")
    if "_THEN" in expected and ifs > thens:
        return errors.IF_NEEDS_THEN
    if "_ELSE" in expected and thens > elses:
        return errors.IF_NEEDS_ELSE
    return None


def _span(node: Tree[Token] | Token) -> ast.Span:
    if isinstance(node, Token):
        line, column = node.line or 1, node.column or 1
        end_line = node.end_line or line
        end_column = node.end_column or column + len(node)
        return ast.Span(line, column, end_line, end_column)
    if node.meta.empty:
        return ast.Span(1, 1, 1, 2)
    return ast.Span(node.meta.line, node.meta.column, node.meta.end_line, node.meta.end_column)


class _Builder:
    """Lark tree to typed tree, one method per grammar alias."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, message: str | errors.Message, span: ast.Span) -> NoReturn:
        end = span.end_column if span.end_line == span.line else None
        raise RuleSyntaxError(
            message, text=self.text, line=span.line, column=span.column, end_column=end
        )

    def program(self, tree: Tree[Token]) -> ast.Program:
        node = tree.children[0]
        assert isinstance(node, Tree)
        parts = [self.expr(child) for child in node.children]
        if node.data == "body_only":
            return ast.Program(body=parts[0])
        if node.data == "body_then_start":
            return ast.Program(body=parts[0], start=parts[1])
        return ast.Program(body=parts[1], start=parts[0])

    def expr(self, node: Tree[Token] | Token) -> ast.Expr:
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token
            self.fail(errors.UNEXPECTED_TOKEN(token=str(node)), _span(node))
        method = getattr(self, "build_" + str(node.data), None)
        if method is None:  # pragma: no cover - one method per alias in grammar.lark
            self.fail(f"cannot read '{node.data}'", _span(node))
        result: ast.Expr = method(node, _span(node))
        return result

    def trees(self, node: Tree[Token]) -> list[Tree[Token]]:
        return [child for child in node.children if isinstance(child, Tree)]

    def tokens(self, node: Tree[Token]) -> list[Token]:
        return [child for child in node.children if isinstance(child, Token)]

    # Logic

    def build_if_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        cond, then, otherwise = (self.expr(child) for child in self.trees(node))
        return ast.If(cond, then, otherwise, span)

    def _flatten(self, node: Tree[Token], data: str) -> list[ast.Expr]:
        items: list[ast.Expr] = []
        stack: list[Tree[Token]] = [node]
        while stack:
            current = stack.pop()
            if current.data == data:
                stack.extend(reversed(self.trees(current)))
            else:
                items.append(self.expr(current))
        return items

    def build_or_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return ast.BoolOp("or", tuple(self._flatten(node, "or_expr")), span)

    def build_and_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return ast.BoolOp("and", tuple(self._flatten(node, "and_expr")), span)

    def build_not_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return ast.Not(self.expr(self.trees(node)[0]), span)

    # Tests

    def build_compare(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        left, right = (self.expr(child) for child in self.trees(node))
        op = self.tokens(node)[0]
        return ast.Compare(_COMPARISONS[str(op)], left, right, span)

    def _in(self, node: Tree[Token], span: ast.Span, negated: bool) -> ast.Expr:
        item_tree, container_tree = self.trees(node)
        container = self.expr(container_tree)
        assert isinstance(container, ast.SetLit | ast.RangeLit)
        return ast.In(self.expr(item_tree), container, negated, span)

    def build_in_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return self._in(node, span, negated=False)

    def build_not_in_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return self._in(node, span, negated=True)

    def _is(self, node: Tree[Token], span: ast.Span, negated: bool) -> ast.Expr:
        left_tree, right_tree = self.trees(node)
        left = self.expr(left_tree)
        op = "!=" if negated else "=="
        if not isinstance(left, ast.CardRef):
            if isinstance(left, ast.Prop) and _test_word(right_tree) in _CARD_TESTS:
                # `rank is prime`: prime (and face) are tests of a card, not of its rank.
                self.fail(self._test_of_card(left.card, _test_word(right_tree)), span)
            right = self.expr(right_tree)
            if (
                isinstance(left, ast.Prop)
                and isinstance(right, ast.Const)
                and right.kind in ast.QUALITY_PROPERTY
                and ast.PROPERTY_KIND[left.name] is not right.kind
            ):
                card = (
                    "card"
                    if left.card.back == 0 and not left.card.previous
                    else (self.text_of(left.span).rsplit(".", 1)[0])
                )
                self.fail(
                    errors.IS_ON_PROPERTY(
                        prop=left.name,
                        word=right.word,
                        card=card,
                        property=ast.QUALITY_PROPERTY[right.kind],
                    ),
                    span,
                )
            return ast.Compare(op, left, right, span)
        # `last is face`: face (and prime) is a yes/no property, not a constant.
        if right_tree.data == "name" and str(right_tree.children[0]).lower() in ("face", "prime"):
            prop = ast.Prop(left, str(right_tree.children[0]).lower(), span)
            return ast.Not(prop, span) if negated else prop
        right = self.expr(right_tree)
        if isinstance(right, ast.Const) and right.kind in ast.QUALITY_PROPERTY:
            return ast.Compare(
                op, ast.Prop(left, ast.QUALITY_PROPERTY[right.kind], left.span), right, span
            )
        if isinstance(right, ast.Num):
            return ast.Compare(op, ast.Prop(left, "rank", left.span), right, span)
        card = self.text_of(left.span)
        self.fail(errors.IS_NEEDS_QUALITY(card=card), _span(right_tree))

    def _test_of_card(self, card: ast.CardRef, word: str) -> errors.Message:
        """The pointer to the right form of a card's test written on something else
        (`rank is prime`, `prime(last.rank)`): `prime` for the card played, `last is prime`."""
        if card.back == 0 and not card.previous:
            return errors.TEST_OF_THE_CARD(word=word)
        return errors.TEST_OF_A_CARD(word=word, card=self.text_of(card.span).rsplit(".", 1)[0])

    def build_is_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return self._is(node, span, negated=False)

    def build_is_not_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return self._is(node, span, negated=True)

    def build_set_lit(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        items = tuple(self.expr(child) for child in self.trees(node))
        if not items:
            self.fail(errors.SET_EMPTY, span)
        return ast.SetLit(items, span)

    def build_range_lit(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        low, high = (self.expr(child) for child in self.trees(node))
        return ast.RangeLit(low, high, span)

    def build_list_lit(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        self.fail(errors.LIST_ONLY_IN_NEXT, span)

    # Arithmetic

    def build_wrap_expr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        operand = self.expr(self.trees(node)[0])
        number = self.tokens(node)[-1]
        modulus = self.number(number, _span(number))
        if not 1 <= modulus <= errors.MAX_NUMBER:
            self.fail(
                errors.MODULUS_NOT_NUMBER(op="wrap", limit=errors.MAX_NUMBER),
                _span(number),
            )
        return ast.Wrap(operand, modulus, span)

    def build_binop(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        left, right = (self.expr(child) for child in self.trees(node))
        op = _OPERATORS[str(self.tokens(node)[0]).lower()]
        return ast.Arith(op, left, right, span)

    def build_neg(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        operand = self.expr(self.trees(node)[0])
        if str(self.tokens(node)[0]) == "+":
            return operand
        if isinstance(operand, ast.Num):
            return ast.Num(-operand.value, span)
        return ast.Neg(operand, span)

    def number(self, token: Token, span: ast.Span) -> int:
        text = str(token)
        if len(text) > 6 or int(text) > errors.MAX_NUMBER:
            self.fail(errors.NUMBER_TOO_BIG(limit=errors.MAX_NUMBER), span)
        return int(text)

    def build_number(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return ast.Num(self.number(self.tokens(node)[0], span), span)

    def build_suit_symbol(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        return ast.Const(ast.Kind.SUIT, SUIT_SYMBOLS[str(self.tokens(node)[0])], span)

    # Names

    # Its branches are a dispatch, one case per kind of node of the rule language (`noqa: C901`).
    def build_name(self, node: Tree[Token], span: ast.Span) -> ast.Expr:  # noqa: C901
        word = str(self.tokens(node)[0])
        name = word.lower()
        if name == "card":
            return ast.CardRef(0, span=span)
        if name == "last":
            return ast.CardRef(1, span=span)
        if name == "first":
            return ast.CardRef(ast.FIRST_BACK, span=span)
        if name == "previous":
            return ast.CardRef(0, previous=True, span=span)
        if name == "previous2":
            return ast.CardRef(2, previous=True, span=span)
        if word in ast.RANK_LETTERS:
            return ast.Num(ast.RANK_LETTERS[word], span)
        if word in ast.SUIT_LETTERS:
            return ast.Const(ast.Kind.SUIT, ast.SUIT_LETTERS[word], span)
        match = _LAST_N.fullmatch(name)
        if match:
            return ast.CardRef(self.back(int(match.group(1)), span), span=span)
        if name == "position":
            return ast.Position(span)
        if name in CONSTANTS:
            kind, value = CONSTANTS[name]
            return ast.Const(kind, value, span)
        if name in ast.RANK_WORDS:
            return ast.Num(ast.RANK_WORDS[name], span)
        if name in ast.VERDICT_PROPERTIES:
            self.fail(errors.VERDICT_ONLY_PREVIOUS(name=name), span)
        if name in ast.PROPERTY_KIND:
            return ast.Prop(ast.CardRef(0, span=span), name, span)
        if word.upper() in ast.RANK_LETTERS or word.upper() in ast.SUIT_LETTERS:
            letter = word.upper()
            meaning = _LETTER_MEANING[letter]
            self.fail(
                errors.UNKNOWN_NAME(name=word)
                + errors.DID_YOU_MEAN_LETTER(letter=letter, meaning=meaning),
                span,
            )
        if name == "mainline":
            self.fail(errors.MAINLINE_ONLY_IN_SUM, span)
        self.fail(errors.UNKNOWN_NAME(name=word) + errors.suggest(name, KNOWN_NAMES), span)

    def back(self, count: int, span: ast.Span) -> int:
        if count < 1 or count > errors.MAX_LOOKBACK:
            self.fail(errors.TOO_FAR_BACK(limit=errors.MAX_LOOKBACK), span)
        return count

    def build_attr(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        owner = self.expr(self.trees(node)[0])
        token = self.tokens(node)[-1]
        name = str(token).lower()
        name_span = _span(token)
        if not isinstance(owner, ast.CardRef):
            kind = _describe(owner)
            self.fail(errors.ONLY_CARDS_HAVE_PROPERTIES(kind=kind, name=token), name_span)
        if name not in ast.PROPERTY_KIND:
            known = [
                p for p in ast.PROPERTY_KIND if owner.previous or p not in ast.VERDICT_PROPERTIES
            ]
            self.fail(
                errors.UNKNOWN_PROPERTY(name=token) + errors.suggest(name, known),
                name_span,
            )
        if name in ast.VERDICT_PROPERTIES and not owner.previous:
            self.fail(errors.VERDICT_ONLY_PREVIOUS(name=name), name_span)
        if owner.previous and owner.back == 2 and name not in ast.VERDICT_PROPERTIES:
            self.fail(errors.PREVIOUS2_ONLY_VERDICT(name=token), name_span)
        return ast.Prop(owner, name, span)

    def build_call(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        name_token = self.tokens(node)[0]
        name = str(name_token).lower()
        args = self.trees(node)
        if name == "card":
            if len(args) != 1:
                self.fail(errors.CARD_ARGUMENT, span)
            arg = self.expr(args[0])
            if not isinstance(arg, ast.Num) or arg.value > 0:
                self.fail(errors.CARD_ARGUMENT, _span(args[0]))
            if arg.value == 0:
                return ast.CardRef(0, span=span)
            return ast.CardRef(self.back(-arg.value, span), span=span)
        if name == "next":
            return self.next_call(args, span)
        if name == "count":
            return self.count_call(args, span)
        if name == "abs":
            if len(args) != 1:
                self.fail(errors.ABS_SHAPE, span)
            return ast.Abs(self.expr(args[0]), span)
        if name == "played":
            return self.played_call(args, span)
        if name == "sum":  # pragma: no cover - the grammar reads sum( as SUM
            self.fail(errors.SUM_SHAPE, span)
        if name in _CARD_TESTS or (name in CONSTANTS and name not in SUIT_WORDS_ALL):
            # `prime(rank)`, `odd(last.rank)`: a test of a card, written as a function.
            tested = self.expr(args[0]) if len(args) == 1 else None
            card = tested.card if isinstance(tested, ast.Prop) else tested
            if not isinstance(card, ast.CardRef):
                card = ast.CardRef(0, span=span)
            self.fail(self._test_of_card(card, name), span)
        if name in _FUNCTION_ALIASES:
            self.fail(
                errors.UNKNOWN_FUNCTION(name=str(name_token))
                + errors.WRITE_INSTEAD(right=_FUNCTION_ALIASES[name]),
                _span(name_token),
            )
        self.fail(
            errors.UNKNOWN_FUNCTION(name=name_token) + errors.suggest(name, FUNCTIONS),
            _span(name_token),
        )

    def next_call(self, args: list[Tree[Token]], span: ast.Span) -> ast.Expr:
        if len(args) != 2 or args[1].data != "list_lit":
            self.fail(errors.CYCLE_SHAPE, span)
        value = self.expr(args[0])
        items: list[ast.Const] = []
        for item_tree in self.trees(args[1]):
            item = self.expr(item_tree)
            if not isinstance(item, ast.Const):
                self.fail(errors.CYCLE_SHAPE, _span(item_tree))
            items.append(item)
        if not items:
            self.fail(errors.CYCLE_SHAPE, span)
        return ast.Next(value, tuple(items), span)

    def count_call(self, args: list[Tree[Token]], span: ast.Span) -> ast.Expr:
        if len(args) != 1:
            self.fail(errors.COUNT_SHAPE, span)
        arg = args[0]
        arg_span = _span(arg)
        word = str(arg.children[0]) if arg.data in ("name", "suit_symbol") else ""
        if word.lower() in COUNTABLE:
            return ast.Count(word.lower(), 1, span)
        if word:
            quality = self.expr(arg)
            if isinstance(quality, ast.Const) and quality.kind in ast.QUALITY_PROPERTY:
                return ast.Count(ast.QUALITY_PROPERTY[quality.kind], quality.value, span)
        self.fail(errors.COUNT_SHAPE, arg_span)

    def played_call(self, args: list[Tree[Token]], span: ast.Span) -> ast.Expr:
        """`played(rank)`: the property looked for is the one the argument names: a card's
        property (`rank`, `last.suit`), a quality word (`hearts`: suit), a number (a rank), or
        `card` for the very card."""
        if len(args) != 1:
            self.fail(errors.PLAYED_SHAPE, span)
        item = self.expr(args[0])
        match item:
            case ast.CardRef(back=0, previous=False):
                return ast.Played("card", item, span)
            case ast.Prop(name=name) if name not in ast.VERDICT_PROPERTIES:
                return ast.Played(name, item, span)
            case ast.Const(kind=kind) if kind in ast.QUALITY_PROPERTY:
                return ast.Played(ast.QUALITY_PROPERTY[kind], item, span)
            case ast.CardRef() | ast.Prop() | ast.Const():
                self.fail(errors.PLAYED_SHAPE, _span(args[0]))
        return ast.Played("rank", item, span)

    def build_aggregate(self, node: Tree[Token], span: ast.Span) -> ast.Expr:
        """`sum(rank of mainline)` or `sum(value of last 3)`: only rank or value add up;
        `max(rank of mainline)`, `min(value of mainline)`: the highest or lowest so far."""
        function_token, prop_token, where_token, *count_tokens = self.tokens(node)
        function = str(function_token).lower()
        prop = str(prop_token).lower()
        shape = errors.SUM_SHAPE if function == "sum" else errors.EXTREME_SHAPE
        if prop not in ("rank", "value"):
            self.fail(
                shape()
                + (errors.ONLY_RANK_OR_VALUE() if function == "sum" else errors.Message())
                + errors.suggest(prop, ("rank", "value")),
                _span(prop_token),
            )
        if function != "sum":
            if count_tokens or str(where_token).lower() != "mainline":
                self.fail(shape, _span(where_token))
            return ast.Extreme(function, prop, span)
        if not count_tokens:
            if str(where_token).lower() != "mainline":
                self.fail(errors.SUM_SHAPE, _span(where_token))
            return ast.MainlineSum(prop, span)
        if str(where_token).lower() != "last":
            self.fail(errors.SUM_SHAPE, _span(where_token))
        (count_token,) = count_tokens
        count = self.back(self.number(count_token, _span(count_token)), _span(count_token))
        return ast.Sum(prop, count, span)

    def text_of(self, span: ast.Span) -> str:
        lines = self.text.splitlines()
        if span.line != span.end_line or span.line > len(lines):
            return "card"
        return lines[span.line - 1][span.column - 1 : span.end_column - 1]


# Tests of a card that people write on a property (`rank is prime`) or as a function.
_CARD_TESTS = ("prime", "face")
SUIT_WORDS_ALL = frozenset(
    word for word, (kind, _value) in CONSTANTS.items() if kind is ast.Kind.SUIT
)
# Functions other languages (and spreadsheets) name otherwise.
_FUNCTION_ALIASES = {"absolute": "abs", "abs_value": "abs", "absolute_value": "abs"}


def _test_word(tree: Tree[Token]) -> str:
    """The word of a bare name (`prime`), lower case, or "" for anything else."""
    if isinstance(tree, Tree) and tree.data == "name" and tree.children:
        return str(tree.children[0]).lower()
    return ""


_LETTER_MEANING = {
    letter: errors.words(meaning)
    for letter, meaning in {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}.items()
}
_LETTER_MEANING.update(
    (letter, errors.words(meaning))
    for letter, meaning in {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.items()
)


def _describe(node: ast.Expr) -> errors.Message:
    match node:
        case ast.Const(kind=kind):
            return errors.kind_words(kind.value)
        case ast.Num():
            return errors.kind_words(ast.Kind.NUMBER.value)
        case ast.Prop(name=name):
            return errors.kind_words(ast.PROPERTY_KIND[name].value)
        case _:
            return _THIS
