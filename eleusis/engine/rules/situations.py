"""The situations a rule can be asked about, enumerated without waste.

A situation is a mainline tail, the previous play, the position, and a card. A compiled rule
reads only some properties of some cards, so cards that agree on those properties are one
*class* (`color != last.color` sees 2 classes of last card and 2 of card, not 52 and 52); one
representative per class is evaluated and the class size is its weight. Positions matter only
up to a horizon after which a rule repeats itself (`position_horizon`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules import ast
from eleusis.engine.rules.compiler import PREVIOUS, TABLES, CompiledRule

# Positions beyond this horizon are sampled, not enumerated.
MAX_POSITION_HORIZON = 120


@dataclass(frozen=True, slots=True)
class CardClass:
    representative: int  # a card index, FULL_DECK order
    weight: int  # how many of the 52 cards behave like it
    members: tuple[int, ...]


def partition(props: Iterable[str]) -> list[CardClass]:
    """The 52 cards grouped by the values of `props` (one class when nothing is read)."""
    names = sorted({"rank" if prop == "face" else prop for prop in props})
    groups: dict[tuple[int, ...], list[int]] = {}
    for index in range(len(FULL_DECK)):
        key = tuple(TABLES[name][index] for name in names)
        groups.setdefault(key, []).append(index)
    return [CardClass(members[0], len(members), tuple(members)) for members in groups.values()]


def slot_props(rules: Sequence[CompiledRule], slot: int) -> set[str]:
    props: set[str] = set()
    for rule in rules:
        props |= rule.reads.get(slot, frozenset())
    return props


def position_horizon(rules: Sequence[CompiledRule]) -> tuple[int, int] | None:
    """`(threshold, period)` such that from `threshold` on every rule judges position p as it
    judges p + period; None when no rule reads the position.

    The rule language has + - * on whole numbers bounded by the cards (at most 13) and by its
    literals, and % or wrap by literal numbers. A comparison that involves the position outside
    a % or wrap settles once the position passes the sum of the magnitudes in the rule; inside
    a % n or wrap n it repeats every n. So the threshold is that sum and the period the least
    common multiple of the moduli.
    """
    if not any(rule.reads_position for rule in rules):
        return None
    threshold, period = 2, 1
    for rule in rules:
        for tree in (rule.program.body, rule.program.start):
            if tree is None:
                continue
            for node in ast.walk(tree):
                match node:
                    case (
                        ast.Arith(op="%", right=ast.Num(value=modulus)) | ast.Wrap(modulus=modulus)
                    ):
                        period = math.lcm(period, modulus)
                    case ast.Compare(left=left, right=right) if _bare_position(node):
                        threshold += _magnitude(left) + _magnitude(right)
                    case ast.In(item=item, container=container) if _bare_position(node):
                        threshold += _magnitude(item) + _magnitude(container)
    return threshold, period


def _bare_position(node: ast.Expr) -> bool:
    """Whether `position` occurs in `node` outside every % and wrap (which make it periodic)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Position):
            return True
        if isinstance(current, ast.Wrap) or (isinstance(current, ast.Arith) and current.op == "%"):
            continue
        stack.extend(ast.children(current))
    return False


def _magnitude(node: ast.Expr) -> int:
    """A bound on the size of the coefficients of a number-valued expression."""
    match node:
        case ast.Num(value=value):
            return abs(value)
        case ast.Const() | ast.Next():
            return 4
        case ast.Prop() | ast.Position():
            return 13 if isinstance(node, ast.Prop) else 1
        case ast.Sum(count=count):
            return 13 * count
        case ast.Extreme():
            return 13
        case ast.Arith(op="%", right=ast.Num(value=modulus)):
            return modulus
        case ast.Arith(op="*", left=left, right=right):
            return _magnitude(left) * _magnitude(right)
        case ast.Arith(left=left, right=right):
            return _magnitude(left) + _magnitude(right)
        case ast.Neg(operand=operand):
            return _magnitude(operand)
        case ast.Wrap(modulus=modulus):
            return modulus
        case ast.If(then=then, otherwise=otherwise):
            return max(_magnitude(then), _magnitude(otherwise))
        case ast.SetLit(items=items):
            return sum(_magnitude(item) for item in items)
        case ast.RangeLit(low=low, high=high):
            return _magnitude(low) + _magnitude(high)
    return 1


def previous_props(rules: Sequence[CompiledRule]) -> set[str]:
    return slot_props(rules, PREVIOUS)


def build_history(
    back: Sequence[int], previous: int | None, position: int | None, lookback: int
) -> list[Attempt]:
    """A concrete history for a situation: `back` most recent first, `previous` a rejected
    card played last (None when the previous play was the last mainline card), and filler
    cards in front so that the next card takes `position`. Filler sits further back than
    `lookback`, so no rule reading at most that far sees it."""
    mainline = [FULL_DECK[index] for index in reversed(back)]
    if position is not None and position - 1 > len(mainline):
        filler = [FULL_DECK[0]] * (position - 1 - len(mainline))
        mainline = filler + mainline
    attempts = [Attempt(card, True) for card in mainline]
    if previous is not None:
        attempts.append(Attempt(FULL_DECK[previous], False))
    return attempts


def plays_to_json(history: Sequence[Attempt]) -> list[list[object]]:
    return [[attempt.card.code, attempt.accepted] for attempt in history]
