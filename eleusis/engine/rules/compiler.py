"""Tree to Python closures: `compile_rule(text) -> CompiledRule`.

Compiling checks the kinds first (a suit is never compared with a number, a bare `red` where a
test is expected becomes `card is red`), records what the rule reads, and then builds one
closure per node. No user text is ever passed to `eval` or `exec`: the closures are built from
a fixed set of Python functions, so judging a card is a handful of function calls.

Inside, a card is an index 0..51 in `FULL_DECK` order and every property is a lookup in a
52-entry table; suits, colors, parity and halves are small integers in the order of the words
in `ast.py`. A situation ("env") is the tuple
`(card, back, previous_card, previous_accepted, position, previous2)` where `back[0]` is the
last mainline card, `back[1]` the one before, and so on, as far back as the rule looks (the
whole mainline when the rule counts over it), and `previous2` is 1 when the play before the
previous one was right, 0 when it was wrong, -1 when there was none.

A card not on the mainline yet (`last2` on a one-card mainline, `last` at the start, `previous2`
when there was no such play) is unknown, and the rule is then read in three-valued (Kleene)
logic by a second set of closures (`_KleeneGen`): the card is refused only when the part that
can be judged refuses it, whatever the order of the rule's parts (docs/rules.md §5). When every
card the rule reads exists, the plain two-valued closures judge. `start:` judges the first card
of the mainline; without it the rule itself does, with every earlier card unknown.

Why one long module: the kind check and the code generation walk the same tree node by node;
keeping each node's check beside its code keeps them from disagreeing.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from eleusis.engine.cards import FULL_DECK, SUITS, Card
from eleusis.engine.history import History
from eleusis.engine.rules import ast, errors
from eleusis.engine.rules.errors import RuleSyntaxError
from eleusis.engine.rules.parser import parse

Env = tuple[int, Sequence[int], int, bool, int, int]
Fn = Callable[[Env], Any]

# Slot numbers in `CompiledRule.reads`: 0 the judged card, k >= 1 the k-th card back on the
# mainline, PREVIOUS the most recent play, FIRST the first card of the mainline.
PREVIOUS = -1
FIRST = -2

_SUIT_BASE = {suit: index * 13 for index, suit in enumerate(SUITS)}


def card_index(card: Card) -> int:
    """The card's place in `FULL_DECK`: suit-major, ace first."""
    return _SUIT_BASE[card.suit] + card.rank - 1


def _table(prop: str) -> tuple[int, ...]:
    values: list[int] = []
    for card in FULL_DECK:
        match prop:
            case "rank":
                values.append(card.rank)
            case "value":
                values.append(card.value)
            case "suit":
                values.append(SUITS.index(card.suit))
            case "color":
                values.append(0 if card.is_red else 1)
            case "parity":
                values.append(card.rank % 2)
            case "half":
                values.append(0 if card.is_low else 1)
            case "face":
                values.append(int(card.is_face))
            case "prime":
                values.append(int(card.rank in ast.PRIME_RANKS))
            case "all":
                values.append(1)
            case "card":
                values.append(len(values))
    return tuple(values)


CARD_PROPERTIES = ("rank", "value", "suit", "color", "parity", "half", "face", "prime")
TABLES: dict[str, tuple[int, ...]] = {
    prop: _table(prop) for prop in (*CARD_PROPERTIES, "all", "card")
}
DECK_INDEXES = range(len(FULL_DECK))  # every card's index, in deck order
_BOOL_TABLES = {name: tuple(bool(v) for v in TABLES[name]) for name in ("face", "prime")}


def count_table(prop: str, value: int) -> tuple[int, ...]:
    """1 for each card (FULL_DECK order) that `count(...)` counts, else 0."""
    if prop in ("all", "face", "prime"):
        return TABLES[prop]
    return tuple(int(v == value) for v in TABLES[prop])


def aggregate_table(node: ast.Count | ast.MainlineSum) -> tuple[int, ...]:
    """What each card adds to a whole-mainline count or sum."""
    if isinstance(node, ast.Count):
        return count_table(node.prop, node.value)
    return TABLES[node.prop]


_ORDERING = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_OPS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    **_ORDERING,
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
}


class CompiledRule:
    """A rule ready to judge cards. Build it with `compile_rule`; it is immutable.

    `lookback` is how many mainline cards back the rule reads (1 for `last`), `reads_position`
    whether it reads `position`, `reads_verdict` whether it reads `previous.accepted`,
    `reads_previous_card` whether it reads a property of the previous play's card, and `reads`
    the properties read per slot (0 the card, k the k-th card back, -1 the previous play, -2
    the first card of the mainline).
    `need` is how many mainline cards must exist for the rule to judge at all (the furthest
    `lastN` it reads; `sum(value of last 2)` adds what there is and needs none),
    `reads_previous2` whether it reads `previous2.accepted`, and `aggregates` the 52-entry
    tables of what each mainline card adds to the counts and sums over the whole mainline, and
    of the property whose values `max`, `min` and `played` look for there (`reads_mainline`:
    the rule is handed the whole mainline; `first` reads it too).
    """

    __slots__ = (
        "_body",
        "_collect",
        "_kleene",
        "_start",
        "_whole_line",
        "aggregates",
        "lookback",
        "may_miss",
        "need",
        "program",
        "reads",
        "reads_position",
        "reads_previous2",
        "reads_previous_card",
        "reads_verdict",
        "text",
    )

    def __init__(
        self,
        text: str,
        program: ast.Program,
        body: Fn,
        start: Fn | None,
        *,
        reads: dict[int, frozenset[str]],
        reads_position: bool,
        reads_verdict: bool,
        need: int,
        reads_previous2: bool = False,
        aggregates: tuple[tuple[int, ...], ...] = (),
        whole_line: bool = False,
    ) -> None:
        self.text = text
        self.program = program
        self._body = body
        self._kleene = _KleeneGen().gen(program.body)
        self._start = start
        self.reads = reads
        self.lookback = max((slot for slot in reads if slot > 0), default=0)
        self.reads_position = reads_position
        self.reads_verdict = reads_verdict
        self.reads_previous_card = bool(reads.get(PREVIOUS))
        self.reads_previous2 = reads_previous2
        self.need = need
        self.may_miss = need >= 2 or reads_previous2
        self.aggregates = aggregates
        self._whole_line = whole_line or bool(aggregates)
        # How many mainline cards `accepts` hands to the rule: all of them for a count.
        self._collect = 1 << 30 if self._whole_line else max(self.lookback, 1)

    @property
    def reads_previous(self) -> bool:
        return self.reads_verdict or self.reads_previous_card or self.reads_previous2

    @property
    def reads_mainline(self) -> bool:
        """Whether the rule reads the whole mainline: counts or adds up over it, its highest or
        lowest rank, what was played, its first card."""
        return self._whole_line

    @property
    def looks_back(self) -> bool:
        """Whether the rule reads anything but the card being played (and the position)."""
        return self.lookback > 0 or self.reads_previous or self.reads_mainline

    @property
    def has_start_clause(self) -> bool:
        return self._start is not None

    def accepts(self, history: History, card: Card) -> bool:
        """Whether `card` may be played after `history` (the Rule protocol)."""
        collect = self._collect
        back: list[int] = []
        for attempt in reversed(history):
            if attempt.accepted:
                back.append(card_index(attempt.card))
                if len(back) >= collect:
                    break
        if not back:
            return self.judge_start(card_index(card))
        previous = history[-1]
        position = 0
        if self.reads_position:
            position = sum(1 for attempt in history if attempt.accepted) + 1
        previous2 = -1
        if len(history) >= 2:
            previous2 = int(history[-2].accepted)
        return self.judge(
            card_index(card),
            back,
            card_index(previous.card) if self.reads_previous_card else -1,
            previous.accepted,
            position,
            previous2,
        )

    def judge(
        self,
        card: int,
        back: Sequence[int],
        previous: int,
        previous_accepted: bool,
        position: int,
        previous2: int = -1,
    ) -> bool:
        """The verdict in a situation given as card indexes; `back` must not be empty, and
        holds the whole mainline (most recent first) when the rule counts over it.

        While a card the rule reads does not exist (the mainline is shorter than the rule looks
        back, or there is no play before the previous one), what it says of that card is
        unknown and the rule is read in three-valued logic: the card is refused when the part
        that can be judged refuses it, and accepted otherwise.
        """
        env: Env = (card, back, previous, previous_accepted, position, previous2)
        if len(back) < self.need or (self.reads_previous2 and previous2 < 0):
            return self._kleene(env) is not False
        return bool(self._body(env))

    def verdicts(
        self,
        back: Sequence[int],
        previous: int,
        previous_accepted: bool,
        position: int,
        previous2: int = -1,
        cards: Sequence[int] = DECK_INDEXES,
    ) -> tuple[bool, ...]:
        """`judge` for each of `cards` (deck indexes; by default the whole deck, in order): the
        situation read once for them all (a review compares whole rows of verdicts)."""
        body = self._body
        if len(back) < self.need or (self.reads_previous2 and previous2 < 0):
            kleene = self._kleene
            return tuple(
                kleene((card, back, previous, previous_accepted, position, previous2)) is not False
                for card in cards
            )
        return tuple(
            bool(body((card, back, previous, previous_accepted, position, previous2)))
            for card in cards
        )

    def judge_start(self, card: int) -> bool:
        """Whether `card` may start the mainline: the `start:` clause's verdict, or else the
        rule's own, where every earlier card and play it reads is unknown (three-valued: the
        card is refused only when the part that can be judged refuses it)."""
        env: Env = (card, (), -1, True, 1, -1)
        if self._start is not None:
            return bool(self._start(env))
        if not self.looks_back:
            return bool(self._body(env))
        unknown: Any = (card, (), -1, None, 1, -1)
        return self._kleene(unknown) is not False

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its text, checked tree and what the checker found; loading generates the
        closures again from the tree, without parsing or checking (the stored candidate space,
        `eleusis.engine.inference.stored`)."""
        return (
            _restore,
            (
                self.text,
                self.program,
                self.reads,
                self.reads_position,
                self.reads_verdict,
                self.need,
                self.reads_previous2,
                self.aggregates,
                self._whole_line,
            ),
        )

    def explain(self) -> str:
        from eleusis.engine.rules.explain import explain

        return explain(self)

    def __repr__(self) -> str:
        return f"compile_rule({self.text!r})"


def compile_rule(text: str) -> CompiledRule:
    """Parse, check and compile a rule; raise `RuleSyntaxError` when it cannot be."""
    program = parse(text)
    try:
        return _compile(text, program)
    except RecursionError:  # pragma: no cover - the parser's depth limit comes first
        raise RuleSyntaxError(errors.TOO_DEEP(limit=errors.MAX_DEPTH), text=text) from None


def _compile(text: str, program: ast.Program) -> CompiledRule:
    body_checker = _Checker(text, in_start=False)
    body = body_checker.test(program.body)
    start = None
    start_fn = None
    if program.start is not None:
        start_checker = _Checker(text, in_start=True)
        start = start_checker.test(program.start)
        start_fn = _Gen().gen(start)
    checked = ast.Program(body=body, start=start)
    return CompiledRule(
        text,
        checked,
        _Gen().gen(body),
        start_fn,
        reads={slot: frozenset(props) for slot, props in body_checker.reads.items()},
        reads_position=body_checker.reads_position,
        reads_verdict=body_checker.reads_verdict,
        need=body_checker.need,
        reads_previous2=body_checker.reads_previous2,
        aggregates=tuple(body_checker.aggregates),
        whole_line=body_checker.whole_line,
    )


def _restore(
    text: str,
    program: ast.Program,
    reads: dict[int, frozenset[str]],
    reads_position: bool,
    reads_verdict: bool,
    need: int,
    reads_previous2: bool,
    aggregates: tuple[tuple[int, ...], ...],
    whole_line: bool,
) -> CompiledRule:
    """A pickled `CompiledRule` again, from its checked tree (`CompiledRule.__reduce__`)."""
    return CompiledRule(
        text,
        program,
        _Gen().gen(program.body),
        None if program.start is None else _Gen().gen(program.start),
        reads=reads,
        reads_position=reads_position,
        reads_verdict=reads_verdict,
        need=need,
        reads_previous2=reads_previous2,
        aggregates=aggregates,
        whole_line=whole_line,
    )


def card_name(ref: ast.CardRef) -> str:
    if ref.is_first:
        return "first"
    if ref.previous:
        return "previous2" if ref.back == 2 else "previous"
    return {0: "card", 1: "last"}.get(ref.back, f"last{ref.back}")


class _Checker:
    """Checks kinds, normalises the tree, and records what it reads."""

    def __init__(self, text: str, *, in_start: bool) -> None:
        self.text = text
        self.in_start = in_start
        self.reads: dict[int, set[str]] = {}
        self.reads_position = False
        self.reads_verdict = False
        self.reads_previous2 = False
        self.need = 0
        self.aggregates: list[tuple[int, ...]] = []
        self.whole_line = False

    def fail(self, message: str | errors.Message, span: ast.Span) -> NoReturn:
        end = span.end_column if span.end_line == span.line else None
        raise RuleSyntaxError(
            message, text=self.text, line=span.line, column=span.column, end_column=end
        )

    def read(self, slot: int, prop: str) -> None:
        self.reads.setdefault(slot, set()).add(prop)

    def test(self, node: ast.Expr) -> ast.Expr:
        """`node` where a yes/no test is expected."""
        match node:
            case ast.Const(kind=kind, span=span) if kind in ast.QUALITY_PROPERTY:
                prop = ast.Prop(ast.CardRef(0, span=span), ast.QUALITY_PROPERTY[kind], span)
                self.value(prop)
                return ast.Compare("==", prop, node, span)
            case ast.If(cond=cond, then=then, otherwise=otherwise, span=span):
                return ast.If(self.test(cond), self.test(then), self.test(otherwise), span)
            case ast.BoolOp(op=op, items=items, span=span):
                return ast.BoolOp(op, tuple(self.test(item) for item in items), span)
            case ast.Not(operand=operand, span=span):
                return ast.Not(self.test(operand), span)
        checked, kind = self.value(node)
        if kind is not ast.Kind.BOOL:
            hint = errors.Message()
            if kind is ast.Kind.NUMBER:
                hint = errors.COMPARE_IT()
            elif kind in ast.QUALITY_PROPERTY and isinstance(node, ast.Prop):
                hint = errors.COMPARE_IT_WITH(name=ast.QUALITY_PROPERTY[kind])
            self.fail(errors.NEEDS_TEST(kind=_kind(kind), hint=hint), _span(node))
        return checked

    def number(self, node: ast.Expr, op: str) -> ast.Expr:
        checked, kind = self.value(node)
        if kind is not ast.Kind.NUMBER:
            self.fail(errors.NEEDS_NUMBER(kind=_kind(kind), op=op), _span(node))
        return checked

    # Its branches are a dispatch, one case per kind of node of the rule language (`noqa: C901`).
    def value(self, node: ast.Expr) -> tuple[ast.Expr, ast.Kind]:  # noqa: C901
        """`node` checked (its parts' kinds agree, it reads only what a rule may), with the kind
        of what it stands for; what it reads is noted for the compiled rule."""
        match node:
            case ast.Num():
                return node, ast.Kind.NUMBER
            case ast.Const(kind=kind):
                return node, kind
            case ast.CardRef():
                self.fail(errors.CARD_NEEDS_PROPERTY(name=card_name(node)), node.span)
            case ast.Prop():
                return self._prop(node)
            case ast.Position():
                self.reads_position = True
                return node, ast.Kind.NUMBER
            case ast.Sum() | ast.Count() | ast.MainlineSum():
                self._looks_back(node)
                return node, ast.Kind.NUMBER
            case ast.Extreme(prop=prop):
                self.line_aggregate(TABLES[prop], node.span)
                self.need = max(self.need, 1)  # unknown on an empty mainline
                return node, ast.Kind.NUMBER
            case ast.Played():
                return self._played(node)
            case ast.Abs(operand=operand, span=span):
                return ast.Abs(self.number(operand, "abs"), span), ast.Kind.NUMBER
            case ast.Arith():
                return self._arith(node), ast.Kind.NUMBER
            case ast.Neg(operand=operand, span=span):
                return ast.Neg(self.number(operand, "-"), span), ast.Kind.NUMBER
            case ast.Wrap(operand=operand, modulus=modulus, span=span):
                return ast.Wrap(self.number(operand, "wrap"), modulus, span), ast.Kind.NUMBER
            case ast.Compare():
                return self._compare(node), ast.Kind.BOOL
            case ast.In(item=item, container=container, negated=negated, span=span):
                checked_item, item_kind = self.value(item)
                checked = ast.In(checked_item, self.container(container, item_kind), negated, span)
                return checked, ast.Kind.BOOL
            case ast.If():
                return self._if(node)
            case ast.BoolOp() | ast.Not():
                return self.test(node), ast.Kind.BOOL
            case ast.Next(value=value, cycle=cycle, span=span):
                checked_value, kind = self.value(value)
                if kind not in ast.QUALITY_PROPERTY:
                    self.fail(errors.CYCLE_NEEDS_QUALITY(kind=_kind(kind)), _span(value))
                self.cycle(cycle, kind, span)
                return ast.Next(checked_value, cycle, span), kind
            case (
                ast.SetLit() | ast.RangeLit()
            ):  # pragma: no cover - the grammar puts these after `in`
                self.fail(errors.SET_EMPTY, node.span)
        self.fail("cannot read this part of the rule", _span(node))  # pragma: no cover

    def _looks_back(self, node: ast.Sum | ast.Count | ast.MainlineSum) -> None:
        """A sum of the last cards, or a count or sum over the whole mainline: what it reads
        (never in the start clause, which judges the first card)."""
        if isinstance(node, ast.Sum):
            if self.in_start:
                self.fail(errors.START_LOOKS_BACK(what=errors.words("earlier card")), node.span)
            for back in range(1, node.count + 1):
                self.read(back, node.prop)
            return
        if self.in_start:
            self.fail(errors.START_LOOKS_BACK(what=errors.words("mainline")), node.span)
        table = aggregate_table(node)
        if table not in self.aggregates:
            self.aggregates.append(table)

    def _prop(self, node: ast.Prop) -> tuple[ast.Expr, ast.Kind]:
        """A card's property: notes which card it reads (a place looked back at, the first
        card, the previous play, its verdict)."""
        card, name = node.card, node.name
        self.card(card)
        if card.previous and card.back == 2:
            self.reads_previous2 = True
        elif card.is_first:
            self.read(FIRST, name)
            self.need = max(self.need, 1)
            self.whole_line = True
        elif card.previous:
            if name in ("accepted", "rejected"):
                self.reads_verdict = True
            else:
                self.read(PREVIOUS, name)
        else:
            self.read(card.back, name)
            self.need = max(self.need, card.back)
        return node, ast.PROPERTY_KIND[name]

    def _played(self, node: ast.Played) -> tuple[ast.Expr, ast.Kind]:
        """`played(...)`: whether a value (or the card itself) is on the mainline already."""
        prop, item, span = node.prop, node.item, node.span
        self.line_aggregate(TABLES[prop], span)
        if prop == "card":
            for name in ("rank", "suit"):
                self.value(ast.Prop(ast.CardRef(0, span=span), name, span))
            return node, ast.Kind.BOOL
        checked_item, kind = self.value(item)
        if kind is not ast.PROPERTY_KIND[prop]:
            self.fail(
                errors.CANNOT_COMPARE(left=_kind(ast.PROPERTY_KIND[prop]), right=_kind(kind)),
                _span(item),
            )
        return ast.Played(prop, checked_item, span), ast.Kind.BOOL

    def _arith(self, node: ast.Arith) -> ast.Expr:
        """Arithmetic on numbers; `%` takes a whole number from 1 up, written out."""
        op, right, span = node.op, node.right, node.span
        checked_left = self.number(node.left, op)
        if op != "%":
            return ast.Arith(op, checked_left, self.number(right, op), span)
        if not isinstance(right, ast.Num) or not 1 <= right.value <= errors.MAX_NUMBER:
            self.fail(errors.MODULUS_NOT_NUMBER(op=op, limit=errors.MAX_NUMBER), _span(right))
        return ast.Arith(op, checked_left, right, span)

    def _compare(self, node: ast.Compare) -> ast.Expr:
        """Two things of one kind compared; only numbers have an order."""
        op, span = node.op, node.span
        checked_left, left_kind = self.value(node.left)
        checked_right, right_kind = self.value(node.right)
        if left_kind is not right_kind:
            self.fail(errors.CANNOT_COMPARE(left=_kind(left_kind), right=_kind(right_kind)), span)
        if op in _ORDERING and left_kind is not ast.Kind.NUMBER:
            self.fail(errors.NOT_ORDERED(kind=_kind(left_kind), op=op), span)
        return ast.Compare(op, checked_left, checked_right, span)

    def _if(self, node: ast.If) -> tuple[ast.Expr, ast.Kind]:
        """`if … then … else …`: a test, and two branches of one kind (the kind it stands for)."""
        checked_cond = self.test(node.cond)
        checked_then, then_kind = self.value(node.then)
        checked_otherwise, other_kind = self.value(node.otherwise)
        if then_kind is not other_kind:
            self.fail(
                errors.BRANCHES_DIFFER(then=_kind(then_kind), other=_kind(other_kind)), node.span
            )
        return ast.If(checked_cond, checked_then, checked_otherwise, node.span), then_kind

    def line_aggregate(self, table: tuple[int, ...], span: ast.Span) -> None:
        """A whole-mainline aggregate over the values of `table` (max, min, played)."""
        if self.in_start:
            self.fail(errors.START_LOOKS_BACK(what=errors.words("mainline")), span)
        self.whole_line = True
        if table not in self.aggregates:
            self.aggregates.append(table)

    def card(self, card: ast.CardRef) -> None:
        if not self.in_start:
            return
        if card.is_first:
            self.fail(errors.START_LOOKS_BACK(what=errors.words("mainline")), card.span)
        if card.previous:
            self.fail(errors.START_LOOKS_BACK(what=errors.words("previous play")), card.span)
        if card.back > 0:
            self.fail(errors.START_LOOKS_BACK(what=errors.words("last card")), card.span)

    def container(
        self, container: ast.SetLit | ast.RangeLit, kind: ast.Kind
    ) -> ast.SetLit | ast.RangeLit:
        if isinstance(container, ast.RangeLit):
            if kind is not ast.Kind.NUMBER:
                self.fail(errors.RANGE_NEEDS_NUMBERS(kind=_kind(kind)), container.span)
            return ast.RangeLit(
                self.number(container.low, ".."),
                self.number(container.high, ".."),
                container.span,
            )
        items: list[ast.Expr] = []
        for item in container.items:
            checked, item_kind = self.value(item)
            if item_kind is not kind:
                self.fail(
                    errors.CANNOT_COMPARE(left=_kind(kind), right=_kind(item_kind)),
                    _span(item),
                )
            items.append(checked)
        return ast.SetLit(tuple(items), container.span)

    def cycle(self, cycle: tuple[ast.Const, ...], kind: ast.Kind, span: ast.Span) -> None:
        words = ast.WORDS_OF_KIND[kind]
        kind_word = {ast.Kind.SUIT: "suit", ast.Kind.COLOR: "color"}.get(kind, kind.value)
        kind_words = errors.words(kind_word)
        seen: set[int] = set()
        for item in cycle:
            if item.kind is not kind:
                self.fail(
                    errors.CANNOT_COMPARE(left=_kind(kind), right=_kind(item.kind)),
                    item.span,
                )
            if item.value in seen:
                problem = errors.CYCLE_LISTED_TWICE(item=words[item.value])
                self.fail(
                    errors.CYCLE_INCOMPLETE(kind_word=kind_words, problem=problem),
                    item.span,
                )
            seen.add(item.value)
        missing = [word for value, word in enumerate(words) if value not in seen]
        if missing:
            problem = errors.CYCLE_ADD(items=", ".join(missing))
            self.fail(errors.CYCLE_INCOMPLETE(kind_word=kind_words, problem=problem), span)


# What an expression stands for, in a message ("a number"), each translated with the message.
_KIND_WORDS = {kind: errors.kind_words(kind.value) for kind in ast.Kind}
for _word in ("suit", "color", "earlier card", "mainline", "previous play", "last card"):
    errors.words(_word)


def _kind(kind: ast.Kind) -> errors.Message:
    return _KIND_WORDS[kind]


def _span(node: ast.Expr) -> ast.Span:
    return node.span


class _Gen:
    """Closures from a checked tree. Every closure takes an `Env` and returns an int or bool."""

    def gen(self, node: ast.Expr) -> Fn:
        method: Callable[[Any], Fn] = getattr(self, "gen_" + type(node).__name__)
        return method(node)

    def constant(self, node: ast.Expr) -> int | None:
        match node:
            case ast.Num(value=value) | ast.Const(value=value):
                return value
        return None

    def gen_Num(self, node: ast.Num) -> Fn:
        value = node.value
        return lambda env: value

    def gen_Const(self, node: ast.Const) -> Fn:
        value = bool(node.value) if node.kind is ast.Kind.BOOL else node.value
        return lambda env: value

    def gen_Prop(self, node: ast.Prop) -> Fn:
        card, name = node.card, node.name
        if card.previous and card.back == 2:
            if name == "accepted":
                return lambda env: env[5] == 1
            return lambda env: env[5] == 0
        if name == "accepted":
            return lambda env: env[3]
        if name == "rejected":
            return lambda env: not env[3]
        table: Sequence[Any] = _BOOL_TABLES.get(name) or TABLES[name]
        if card.is_first:
            return lambda env: table[env[1][-1]]
        if card.previous:
            return lambda env: table[env[2]]
        if card.back == 0:
            return lambda env: table[env[0]]
        index = card.back - 1
        if index == 0:
            return lambda env: table[env[1][0]]
        return lambda env: table[env[1][index]]

    def gen_Position(self, node: ast.Position) -> Fn:
        return lambda env: env[4]

    def gen_Sum(self, node: ast.Sum) -> Fn:
        table = TABLES[node.prop]
        count = node.count
        getter = table.__getitem__
        return lambda env: sum(map(getter, env[1][:count]))

    def gen_Count(self, node: ast.Count) -> Fn:
        getter = aggregate_table(node).__getitem__
        return lambda env: sum(map(getter, env[1]))

    def gen_MainlineSum(self, node: ast.MainlineSum) -> Fn:
        getter = aggregate_table(node).__getitem__
        return lambda env: sum(map(getter, env[1]))

    def gen_Extreme(self, node: ast.Extreme) -> Fn:
        getter = TABLES[node.prop].__getitem__
        function = max if node.fn == "max" else min
        return lambda env: function(map(getter, env[1]))

    def gen_Played(self, node: ast.Played) -> Fn:
        getter = TABLES[node.prop].__getitem__
        item = (lambda env: env[0]) if node.prop == "card" else self.gen(node.item)
        return lambda env: item(env) in set(map(getter, env[1]))

    def gen_Abs(self, node: ast.Abs) -> Fn:
        operand = self.gen(node.operand)
        return lambda env: abs(operand(env))

    def gen_Arith(self, node: ast.Arith) -> Fn:
        left = self.gen(node.left)
        if node.op == "%":
            modulus = self.constant(node.right)
            assert modulus is not None
            return lambda env: left(env) % modulus
        right = self.gen(node.right)
        op = _OPS[node.op]
        constant = self.constant(node.right)
        if constant is not None:
            return lambda env: op(left(env), constant)
        return lambda env: op(left(env), right(env))

    def gen_Neg(self, node: ast.Neg) -> Fn:
        operand = self.gen(node.operand)
        return lambda env: -operand(env)

    def gen_Wrap(self, node: ast.Wrap) -> Fn:
        operand = self.gen(node.operand)
        modulus = node.modulus
        return lambda env: (operand(env) - 1) % modulus + 1

    def gen_Compare(self, node: ast.Compare) -> Fn:
        left = self.gen(node.left)
        right = self.gen(node.right)
        constant = self.constant(node.right)
        if node.op == "==":
            if constant is not None:
                return lambda env: left(env) == constant
            return lambda env: left(env) == right(env)
        if node.op == "!=":
            if constant is not None:
                return lambda env: left(env) != constant
            return lambda env: left(env) != right(env)
        op = _OPS[node.op]
        if constant is not None:
            return lambda env: op(left(env), constant)
        return lambda env: op(left(env), right(env))

    def gen_In(self, node: ast.In) -> Fn:
        item = self.gen(node.item)
        container = node.container
        negated = node.negated
        if isinstance(container, ast.RangeLit):
            low, high = self.gen(container.low), self.gen(container.high)
            if negated:
                return lambda env: not (low(env) <= item(env) <= high(env))
            return lambda env: low(env) <= item(env) <= high(env)
        constants = [self.constant(element) for element in container.items]
        if all(value is not None for value in constants):
            members = frozenset(constants)
            if negated:
                return lambda env: item(env) not in members
            return lambda env: item(env) in members
        elements = tuple(self.gen(element) for element in container.items)
        if negated:
            return lambda env: item(env) not in {element(env) for element in elements}
        return lambda env: item(env) in {element(env) for element in elements}

    def gen_Not(self, node: ast.Not) -> Fn:
        operand = self.gen(node.operand)
        return lambda env: not operand(env)

    def gen_BoolOp(self, node: ast.BoolOp) -> Fn:
        functions = [self.gen(item) for item in node.items]
        combined = functions[0]
        for function in functions[1:]:
            combined = self._pair(node.op, combined, function)
        return combined

    @staticmethod
    def _pair(op: str, first: Fn, second: Fn) -> Fn:
        if op == "and":
            return lambda env: first(env) and second(env)
        return lambda env: first(env) or second(env)

    def gen_If(self, node: ast.If) -> Fn:
        cond, then, otherwise = self.gen(node.cond), self.gen(node.then), self.gen(node.otherwise)
        return lambda env: then(env) if cond(env) else otherwise(env)

    def gen_Next(self, node: ast.Next) -> Fn:
        value = self.gen(node.value)
        order = [item.value for item in node.cycle]
        successor = [0] * len(order)
        for position, item in enumerate(order):
            successor[item] = order[(position + 1) % len(order)]
        table = tuple(successor)
        return lambda env: table[value(env)]


class _KleeneGen:
    """Closures for a situation where some card the rule reads is not there yet (a short
    mainline, the start, no play before the previous one): such a card's properties are
    unknown (None), and unknown spreads by three-valued (Kleene) logic. `false and unknown` is
    false, `true or unknown` is true, `not unknown` is unknown; a comparison or a sum with an
    unknown part is unknown; an `if` whose condition is known takes its branch, and one whose
    condition is unknown is known only when both branches agree. See docs/rules.md."""

    def gen(self, node: ast.Expr) -> Fn:
        method: Callable[[Any], Fn] = getattr(self, "gen_" + type(node).__name__)
        return method(node)

    def gen_Num(self, node: ast.Num) -> Fn:
        return _Gen().gen_Num(node)

    def gen_Const(self, node: ast.Const) -> Fn:
        return _Gen().gen_Const(node)

    def gen_Position(self, node: ast.Position) -> Fn:
        return lambda env: env[4]

    def gen_Sum(self, node: ast.Sum) -> Fn:
        # Adds the cards there are; before the starter there are none, and it is unknown.
        fast = _Gen().gen_Sum(node)
        return lambda env: fast(env) if env[1] else None

    def gen_Count(self, node: ast.Count) -> Fn:
        return _Gen().gen_Count(node)

    def gen_MainlineSum(self, node: ast.MainlineSum) -> Fn:
        return _Gen().gen_MainlineSum(node)

    def gen_Extreme(self, node: ast.Extreme) -> Fn:
        # Over the cards there are; with none it is unknown, as the last card is.
        fast = _Gen().gen_Extreme(node)
        return lambda env: fast(env) if env[1] else None

    def gen_Played(self, node: ast.Played) -> Fn:
        # Nothing played yet is known: false. Unknown only when the value looked for is.
        getter = TABLES[node.prop].__getitem__
        item = (lambda env: env[0]) if node.prop == "card" else self.gen(node.item)

        def played(env: Env) -> Any:
            wanted = item(env)
            return None if wanted is None else wanted in set(map(getter, env[1]))

        return played

    def gen_Prop(self, node: ast.Prop) -> Fn:
        card, name = node.card, node.name
        if card.previous and card.back == 2:
            want = 1 if name == "accepted" else 0
            return lambda env: None if env[5] < 0 else env[5] == want
        if name in ("accepted", "rejected"):
            right = name == "accepted"
            return lambda env: None if env[3] is None else bool(env[3]) == right
        table: Sequence[Any] = _BOOL_TABLES.get(name) or TABLES[name]
        if card.is_first:
            return lambda env: table[env[1][-1]] if env[1] else None
        if card.previous:
            return lambda env: None if env[2] < 0 else table[env[2]]
        if card.back == 0:
            return lambda env: table[env[0]]
        index = card.back - 1
        return lambda env: table[env[1][index]] if index < len(env[1]) else None

    @staticmethod
    def _lift(function: Callable[..., Any], *parts: Fn) -> Fn:
        def lifted(env: Env) -> Any:
            values = [part(env) for part in parts]
            if any(value is None for value in values):
                return None
            return function(*values)

        return lifted

    def gen_Abs(self, node: ast.Abs) -> Fn:
        return self._lift(abs, self.gen(node.operand))

    def gen_Arith(self, node: ast.Arith) -> Fn:
        if node.op == "%":
            modulus = node.right.value if isinstance(node.right, ast.Num) else 1
            return self._lift(lambda x: x % modulus, self.gen(node.left))
        return self._lift(_OPS[node.op], self.gen(node.left), self.gen(node.right))

    def gen_Neg(self, node: ast.Neg) -> Fn:
        return self._lift(operator.neg, self.gen(node.operand))

    def gen_Wrap(self, node: ast.Wrap) -> Fn:
        modulus = node.modulus
        return self._lift(lambda x: (x - 1) % modulus + 1, self.gen(node.operand))

    def gen_Compare(self, node: ast.Compare) -> Fn:
        return self._lift(_OPS[node.op], self.gen(node.left), self.gen(node.right))

    def gen_In(self, node: ast.In) -> Fn:
        item = self.gen(node.item)
        container = node.container
        negated = node.negated
        if isinstance(container, ast.RangeLit):
            low, high = self.gen(container.low), self.gen(container.high)
            # low <= x and x <= high, each part three-valued.
            inside = self.gen_and(
                [self._lift(operator.le, low, item), self._lift(operator.le, item, high)]
            )
        else:
            elements = [self._lift(operator.eq, item, self.gen(e)) for e in container.items]
            inside = self.gen_or(elements)
        if negated:
            return lambda env: _not3(inside(env))
        return inside

    def gen_Not(self, node: ast.Not) -> Fn:
        operand = self.gen(node.operand)
        return lambda env: _not3(operand(env))

    @staticmethod
    def gen_and(functions: Sequence[Fn]) -> Fn:
        return _kleene(functions, decided_by=False)

    @staticmethod
    def gen_or(functions: Sequence[Fn]) -> Fn:
        return _kleene(functions, decided_by=True)

    def gen_BoolOp(self, node: ast.BoolOp) -> Fn:
        functions = [self.gen(item) for item in node.items]
        return self.gen_and(functions) if node.op == "and" else self.gen_or(functions)

    def gen_If(self, node: ast.If) -> Fn:
        cond, then, otherwise = self.gen(node.cond), self.gen(node.then), self.gen(node.otherwise)

        def choose(env: Env) -> Any:
            known = cond(env)
            if known is None:
                first, second = then(env), otherwise(env)
                return first if first is not None and first == second else None
            return then(env) if known else otherwise(env)

        return choose

    def gen_Next(self, node: ast.Next) -> Fn:
        order = [item.value for item in node.cycle]
        successor = [0] * len(order)
        for place, item in enumerate(order):
            successor[item] = order[(place + 1) % len(order)]
        return self._lift(tuple(successor).__getitem__, self.gen(node.value))


def _kleene(functions: Sequence[Fn], *, decided_by: bool) -> Fn:
    """Kleene's three-valued `and` (a part that is False decides it) or `or` (a part that is
    True decides it): an unknown part (None) leaves it unknown unless another part decides."""

    def joined(env: Env) -> Any:
        result: bool | None = not decided_by
        for function in functions:
            value = function(env)
            if value is None:
                result = None
            elif bool(value) is decided_by:
                return decided_by
        return result

    return joined


def _not3(value: Any) -> Any:
    return None if value is None else not value
