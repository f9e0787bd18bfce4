"""The typed tree of a secret rule: what the parser builds and the compiler and explainer read.

Every node is a frozen dataclass with the span of source text it came from, so that the
compiler can point at the fault. Names are already resolved here (``last.colour`` never makes
a node); whether the kinds fit together (a suit compared with a number) is the compiler's job.
The nodes look alike on purpose, one small class per form of the grammar with its own fields,
as in Python's `ast`: the compiler, the explainer and the SMT encoding match on them by class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Kind(Enum):
    """What an expression stands for. The English words name it in error messages."""

    NUMBER = "a number"
    BOOL = "a yes/no test"
    SUIT = "a suit"
    COLOR = "a color"
    PARITY = "odd/even"
    HALF = "low/high"
    CARD = "a card"


# The qualities a card "is": `last is red`, and a bare `red` where a test is expected.
QUALITY_PROPERTY: dict[Kind, str] = {
    Kind.SUIT: "suit",
    Kind.COLOR: "color",
    Kind.PARITY: "parity",
    Kind.HALF: "half",
}

PROPERTY_KIND: dict[str, Kind] = {
    "rank": Kind.NUMBER,
    "value": Kind.NUMBER,
    "suit": Kind.SUIT,
    "color": Kind.COLOR,
    "parity": Kind.PARITY,
    "half": Kind.HALF,
    "face": Kind.BOOL,
    "prime": Kind.BOOL,
    "accepted": Kind.BOOL,
    "rejected": Kind.BOOL,
}

# Only the previous play was right or wrong; mainline cards are right by definition.
VERDICT_PROPERTIES = frozenset({"accepted", "rejected"})

# Constant words, each with its kind and the integer it compiles to. Suits follow cards.SUITS.
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
COLOR_WORDS = ("red", "black")
PARITY_WORDS = ("even", "odd")
HALF_WORDS = ("low", "high")
RANK_WORDS = {"ace": 1, "jack": 11, "queen": 12, "king": 13}
# The letters of card codes, written in capitals: `rank == K`, `suit == H`.
RANK_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SUIT_LETTERS = {"S": 0, "H": 1, "D": 2, "C": 3}
# Prime ranks: 2, 3, 5, 7, J (11) and K (13).
PRIME_RANKS = frozenset({2, 3, 5, 7, 11, 13})

WORDS_OF_KIND: dict[Kind, tuple[str, ...]] = {
    Kind.SUIT: SUIT_WORDS,
    Kind.COLOR: COLOR_WORDS,
    Kind.PARITY: PARITY_WORDS,
    Kind.HALF: HALF_WORDS,
    Kind.BOOL: ("false", "true"),
}


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node's text is: 1-based line and column, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


NOWHERE = Span(1, 1, 1, 2)


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Const:
    """A word that names a value: `hearts` (SUIT, 1), `red` (COLOR, 0), `true` (BOOL, 1)."""

    kind: Kind
    value: int
    span: Span = field(default=NOWHERE, compare=False)

    @property
    def word(self) -> str:
        return WORDS_OF_KIND[self.kind][self.value]


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card: `back` 0 is the card being judged, 1 the last mainline card, 2 the one before;
    `previous` is the most recent play, right or wrong (with `back` 2, `previous2`: the play
    before it, of which only `accepted` and `rejected` can be read)."""

    back: int
    previous: bool = False
    span: Span = field(default=NOWHERE, compare=False)

    @property
    def is_first(self) -> bool:
        """`first`: the first card of the mainline (the starter), however long the line."""
        return self.back == FIRST_BACK and not self.previous


# `CardRef.back` of `first`, the first card of the mainline: not a distance back.
FIRST_BACK = -1


@dataclass(frozen=True, slots=True)
class Prop:
    card: CardRef
    name: str
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Position:
    """The place the judged card would take on the mainline; the starter is 1."""

    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Sum:
    """`sum(value of last 2)`: a property added up over the last `count` mainline cards, or
    over as many as there are when the mainline is shorter."""

    prop: str
    count: int
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Count:
    """`count(red)`: how many cards already on the mainline have a quality; `prop` is a quality
    property (`color`, `suit`, `parity`, `half`) with `value` the quality's number, `face` or
    `prime` (value 1), or `all` for every card."""

    prop: str
    value: int
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class MainlineSum:
    """`sum(rank of mainline)`: a property added up over every card already on the mainline."""

    prop: str
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Extreme:
    """`max(rank of mainline)`, `min(value of mainline)`: the highest or lowest rank (or value)
    among the cards already on the mainline; unknown while the mainline is empty."""

    fn: str  # max, min
    prop: str  # rank, value
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Played:
    """`played(rank)`: whether a card already on the mainline has `item` as its `prop`;
    `prop` is a card property, or `card` for the very card (same rank and suit), `item` the
    value looked for (`played(rank)`: the rank of the card being played). False on an empty
    mainline (nothing was played), as a count is 0 there."""

    prop: str
    item: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Abs:
    """`abs(x)`: x without its sign."""

    operand: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Arith:
    op: str  # + - * %
    left: Expr
    right: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Wrap:
    """`x wrap n`: x counted round into 1..n, so `(13 + 1) wrap 13` is 1."""

    operand: Expr
    modulus: int
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Compare:
    op: str  # == != < <= > >=
    left: Expr
    right: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class SetLit:
    items: tuple[Expr, ...]
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class RangeLit:
    low: Expr
    high: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class In:
    item: Expr
    container: SetLit | RangeLit
    negated: bool = False
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str  # and, or
    items: tuple[Expr, ...]
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: Expr
    otherwise: Expr
    span: Span = field(default=NOWHERE, compare=False)


@dataclass(frozen=True, slots=True)
class Next:
    """`next(last.suit, [spades, hearts, clubs, diamonds])`: the item after a value in a cycle."""

    value: Expr
    cycle: tuple[Const, ...]
    span: Span = field(default=NOWHERE, compare=False)


Expr = (
    Num
    | Const
    | CardRef
    | Prop
    | Position
    | Sum
    | Count
    | MainlineSum
    | Extreme
    | Played
    | Abs
    | Arith
    | Neg
    | Wrap
    | Compare
    | In
    | Not
    | BoolOp
    | If
    | Next
    | SetLit
    | RangeLit
)


@dataclass(frozen=True, slots=True)
class Program:
    """A whole rule: the test for each next card, and what may start the mainline."""

    body: Expr
    start: Expr | None = None


def children(node: Expr) -> tuple[Expr, ...]:
    """The direct sub-expressions of a node, for walks that do not care about its kind."""
    match node:
        case Arith(left=a, right=b) | Compare(left=a, right=b):
            return (a, b)
        case Neg(operand=a) | Wrap(operand=a) | Not(operand=a) | Abs(operand=a) | Played(item=a):
            return (a,)
        case In(item=a, container=c):
            return (a, c)
        case SetLit(items=items) | BoolOp(items=items):
            return items
        case RangeLit(low=a, high=b):
            return (a, b)
        case If(cond=c, then=t, otherwise=o):
            return (c, t, o)
        case Next(value=v, cycle=cycle):
            return (v, *cycle)
        case Prop(card=card):
            return (card,)
        case _:
            return ()


def walk(node: Expr) -> list[Expr]:
    """Every node under (and including) `node`, iteratively."""
    out: list[Expr] = []
    stack = [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(children(current))
    return out
