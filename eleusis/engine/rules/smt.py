"""Rules as formulas for an SMT solver (z3): proofs that two rules judge alike, or a situation
where they do not.

A situation is a handful of integer and yes/no unknowns: how many cards the mainline holds
(`n`, any number from 0), the rank (1..13) and suit (0..3) of the card being played and of each
mainline card the rules look back at (the k-th card back exists when `n >= k`), the previous
play (right, then it is the last mainline card, or wrong, then any card), whether there was a
play before it and whether that one was right, and, when a rule counts over the whole mainline,
how many of the mainline cards further back than any rule looks fall in each class of cards
(the classes that the counts tell apart). The position is `n + 1`.

Each rule becomes one formula of these unknowns that says exactly what `CompiledRule.accepts`
says, the start (`n == 0`) and the short mainline included. "`a` and `b` differ" is then
`verdict_a != verdict_b`: unsatisfiable is a proof that they are equivalent, a model is a
situation where they differ, from which a real history is built and judged again by both rules.
The solver is given a time limit; when it cannot decide within it the answer is "unknown".
Every call works in its own z3 context, so calls from several threads never share state.

Why one long module: the encoding of every node of the rule language as a formula, node by
node as in the compiler, so that the proofs cover exactly the language the compiler accepts.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from eleusis.engine.cards import FULL_DECK, Card
from eleusis.engine.history import Attempt
from eleusis.engine.rules import ast
from eleusis.engine.rules.compiler import FIRST, TABLES, CompiledRule, aggregate_table

DEFAULT_TIMEOUT_MS = 2_000  # a safety net: RESOURCE_LIMIT decides first, the same on any machine
# z3's deterministic work limit per check: the 525 pairs of the benchmark need at most ~6,000;
# past this the answer is "unknown", whatever the load of the machine.
RESOURCE_LIMIT = 200_000
DEAD_BRANCH_RESOURCE_LIMIT = 20_000
# A counterexample is first looked for on mainlines at most this long, to keep it readable.
SHORT_MAINLINE = 60
# Copies of each card a counterexample may use unless told: Express deals two decks (Abbott/
# Howell three; the game's config says, `decks`).
COPIES = 2


@dataclass(frozen=True)
class SmtResult:
    """`status` is "equivalent" (proved), "different" (with the history and card where the
    two verdicts differ, already confirmed through `accepts`) or "unknown"."""

    status: str
    plays: list[Attempt] | None = None
    card: int | None = None
    reason: str = ""


class _CardVars:
    """The rank and suit of one card, as z3 integers."""

    def __init__(self, ctx: z3.Context, name: str) -> None:
        self.rank = z3.Int(f"{name}_rank", ctx)
        self.suit = z3.Int(f"{name}_suit", ctx)

    def bounds(self) -> list[Any]:
        return [self.rank >= 1, self.rank <= 13, self.suit >= 0, self.suit <= 3]

    def index_term(self) -> Any:
        """The card's index in `FULL_DECK` as a formula."""
        return self.suit * 13 + self.rank - 1

    def index(self, model: z3.ModelRef) -> int:
        rank = model.eval(self.rank, model_completion=True).as_long()
        suit = model.eval(self.suit, model_completion=True).as_long()
        return int(suit * 13 + rank - 1)


def _property(card: _CardVars, name: str) -> Any:
    rank, suit = card.rank, card.suit
    match name:
        case "rank":
            return rank
        case "value":
            return z3.If(rank > 10, 10, rank)
        case "suit":
            return suit
        case "color":
            return z3.If(z3.Or(suit == 1, suit == 2), 0, 1)
        case "parity":
            return rank % 2
        case "half":
            return z3.If(rank <= 7, 0, 1)
        case "face":
            return rank >= 11
        case "prime":
            return z3.Or(*(rank == r for r in sorted(ast.PRIME_RANKS)))
        case "card":
            return card.index_term()
    raise ValueError(f"no property {name}")  # pragma: no cover - the parser knows them all


class _Situation:
    """The unknowns of one situation, shared by the two rules compared."""

    def __init__(self, ctx: z3.Context, rules: Sequence[CompiledRule]) -> None:
        self.ctx = ctx
        self.lookback = max(
            max(max(rule.lookback, 1 if rule.reads_previous_card else 0) for rule in rules),
            0,
        )
        self.n = z3.Int("n", ctx)
        self.card = _CardVars(ctx, "card")
        self.back = [_CardVars(ctx, f"back{k}") for k in range(1, self.lookback + 1)]
        self.rejected = _CardVars(ctx, "rejected")
        self.previous_accepted = z3.Bool("previous_accepted", ctx)
        self.previous2_exists = z3.Bool("previous2_exists", ctx)
        self.previous2_accepted = z3.Bool("previous2_accepted", ctx)
        # Classes of cards for the counts over the mainline: cards that add the same to every
        # count and sum of both rules are one class, with one unknown for how many of them lie
        # further back on the mainline than `lookback`.
        tables: list[tuple[int, ...]] = []
        for rule in rules:
            tables += [table for table in rule.aggregates if table not in tables]
        self.tables = tables
        groups: dict[tuple[int, ...], list[int]] = {}
        if tables:
            for index in range(len(FULL_DECK)):
                groups.setdefault(tuple(t[index] for t in tables), []).append(index)
        self.classes = list(groups.values())
        self.hidden = [z3.Int(f"hidden{i}", ctx) for i in range(len(self.classes))]
        self.reads_previous2 = any(rule.reads_previous2 for rule in rules)
        # The first card of the mainline, when a rule reads it: one of the cards looked back at
        # on a short mainline, else one of the cards further back (in a class that has some).
        self.first = (
            _CardVars(ctx, "first") if any(rule.reads.get(FIRST) for rule in rules) else None
        )

    def constraints(self) -> list[Any]:
        n = self.n
        facts: list[Any] = [n >= 0, *self.card.bounds(), *self.rejected.bounds()]
        for card in self.back:
            facts += card.bounds()
        # A play before the previous one exists once there were two plays: always after a
        # wrong previous play (the mainline has its starter too) or on a longer mainline.
        facts.append(
            z3.Implies(
                z3.Or(n >= 2, z3.And(n >= 1, z3.Not(self.previous_accepted))), self.previous2_exists
            )
        )
        # No game tries a card before the starter (the dealer deals it, docs/rules.md): with
        # a one-card mainline and a right previous play, there was no play before it.
        facts.append(
            z3.Implies(z3.And(n == 1, self.previous_accepted), z3.Not(self.previous2_exists))
        )
        if self.hidden:
            facts += [count >= 0 for count in self.hidden]
            further = z3.If(n > self.lookback, n - self.lookback, 0)
            facts.append(z3.Sum(*self.hidden) == further)
        if self.first is not None:
            first = self.first
            facts += first.bounds()
            for k, card in enumerate(self.back, start=1):
                facts.append(
                    z3.Implies(n == k, z3.And(first.rank == card.rank, first.suit == card.suit))
                )
            if self.classes:
                index = first.index_term()
                facts.append(
                    z3.Implies(
                        n > self.lookback,
                        z3.Or(
                            *(
                                z3.And(count >= 1, z3.Or(*(index == m for m in members)))
                                for members, count in zip(self.classes, self.hidden, strict=True)
                            )
                        ),
                    )
                )
        return facts

    def values_on_line(self, prop: str) -> list[tuple[Any, Any]]:
        """(there, value) for each card (or class of cards) of the mainline: whether it is on
        the mainline, and its `prop` as an integer."""
        items: list[tuple[Any, Any]] = []
        for k, card in enumerate(self.back, start=1):
            items.append((self.exists(k), _as_int(_property(card, prop))))
        table = TABLES[prop]
        for members, count in zip(self.classes, self.hidden, strict=True):
            # The classes tell apart every value of the property (its table is one of them).
            items.append((count >= 1, z3.IntVal(table[members[0]], self.ctx)))
        return items

    def exists(self, back: int) -> Any:
        return self.n >= back

    def aggregate(self, table: tuple[int, ...]) -> Any:
        total: Any = z3.IntVal(0, self.ctx)
        lookup = _table_function(table)
        for k, card in enumerate(self.back, start=1):
            total = total + z3.If(self.exists(k), lookup(card), 0)
        for members, count in zip(self.classes, self.hidden, strict=True):
            weight = table[members[0]]
            if weight:
                total = total + count * weight
        return total


def _as_int(term: Any) -> Any:
    return z3.If(term, 1, 0) if z3.is_bool(term) else term


def _table_function(table: tuple[int, ...]) -> Callable[[_CardVars], Any]:
    """A 52-entry table of card indexes as a formula of rank and suit, by the shortest route."""
    for prop in ("all", "rank", "value", "suit", "color", "parity", "half", "face", "prime"):
        values = TABLES[prop]
        mapping: dict[int, int] = {}
        for index, value in enumerate(values):
            mapping.setdefault(value, table[index])
        if all(mapping[values[index]] == table[index] for index in range(len(FULL_DECK))):
            if prop == "all":
                constant = table[0]

                def every(card: _CardVars, constant: int = constant) -> Any:
                    return z3.IntVal(constant, card.rank.ctx)

                return every
            if prop in ("rank", "value") and all(k == w for k, w in mapping.items()):

                def itself(card: _CardVars, prop: str = prop) -> Any:
                    return _property(card, prop)

                return itself

            def lookup(card: _CardVars, prop: str = prop, mapping: dict[int, int] = mapping) -> Any:
                value = _property(card, prop)
                if prop in ("face", "prime"):
                    return z3.If(value, mapping.get(1, 0), mapping.get(0, 0))
                result: Any = z3.IntVal(0, card.rank.ctx)
                for key, weight in mapping.items():
                    if weight:
                        result = z3.If(value == key, weight, result)
                return result

            return lookup
    raise ValueError("a table that no property explains")  # pragma: no cover


class _Encoder:
    """One rule's verdict as a formula of a situation, in the three-valued reading of the
    compiler (docs/rules.md): a card the situation does not have yet is unknown. A yes/no part
    becomes a pair `(true, false)` of formulas ("certainly true", "certainly false"; both
    false: unknown), a number a pair `(value, known)`."""

    def __init__(self, situation: _Situation, rule: CompiledRule) -> None:
        self.s = situation
        self.rule = rule
        self.start = False

    def verdict(self) -> Any:
        s, rule = self.s, self.rule
        program = rule.program
        _true, false = self.test(program.body, start=False)
        after = z3.Not(false)
        if program.start is None:
            return after
        start_true, _false = self.test(program.start, start=True)
        return z3.If(s.n == 0, start_true, after)

    def test(self, node: ast.Expr, *, start: bool) -> tuple[Any, Any]:
        self.start = start
        result: tuple[Any, Any] = self.truth(node)
        return result

    def card(self, ref: ast.CardRef) -> _CardVars:
        if ref.previous:
            raise ValueError("previous2 has no card")  # pragma: no cover - the parser refuses
        if ref.back == 0:
            return self.s.card
        return self.s.back[ref.back - 1]

    def _true(self) -> Any:
        return z3.BoolVal(True, self.s.ctx)

    def prop(self, node: ast.Prop) -> tuple[Any, Any]:
        """(value, known) of a property."""
        s, ref, name = self.s, node.card, node.name
        if self.start:
            return _property(self.card(ref), name), self._true()
        played = s.n >= 1
        if ref.is_first:
            assert s.first is not None
            return _property(s.first, name), played
        if ref.previous and ref.back == 2:
            value = s.previous2_accepted if name == "accepted" else z3.Not(s.previous2_accepted)
            return value, z3.And(played, s.previous2_exists)
        if ref.previous and name == "accepted":
            return s.previous_accepted, played
        if ref.previous and name == "rejected":
            return z3.Not(s.previous_accepted), played
        if ref.previous:
            right = _property(s.back[0], name)
            wrong = _property(s.rejected, name)
            return z3.If(s.previous_accepted, right, wrong), played
        if ref.back == 0:
            return _property(s.card, name), self._true()
        return _property(self.card(ref), name), s.exists(ref.back)

    def truth(self, node: ast.Expr) -> tuple[Any, Any]:
        """(certainly true, certainly false) of a yes/no part."""
        match node:
            case ast.Not(operand=operand):
                true, false = self.truth(operand)
                return false, true
            case ast.BoolOp(op=op, items=items):
                pairs = [self.truth(item) for item in items]
                trues = [pair[0] for pair in pairs]
                falses = [pair[1] for pair in pairs]
                if op == "and":
                    return z3.And(*trues), z3.Or(*falses)
                return z3.Or(*trues), z3.And(*falses)
            case ast.If(cond=cond, then=then, otherwise=otherwise):
                c_true, c_false = self.truth(cond)
                t_true, t_false = self.truth(then)
                o_true, o_false = self.truth(otherwise)
                return (
                    z3.Or(z3.And(c_true, t_true), z3.And(c_false, o_true), z3.And(t_true, o_true)),
                    z3.Or(
                        z3.And(c_true, t_false), z3.And(c_false, o_false), z3.And(t_false, o_false)
                    ),
                )
            case ast.In(item=item, container=ast.RangeLit(low=low, high=high), negated=negated):
                x, x_known = self.value(item)
                lo, lo_known = self.value(low)
                hi, hi_known = self.value(high)
                above = z3.And(x_known, lo_known)
                below = z3.And(x_known, hi_known)
                true = z3.And(above, below, lo <= x, x <= hi)
                false = z3.Or(z3.And(above, lo > x), z3.And(below, x > hi))
                return (false, true) if negated else (true, false)
            case ast.In(item=item, container=ast.SetLit(items=items), negated=negated):
                x, x_known = self.value(item)
                hits, misses = [], []
                for element in items:
                    y, y_known = self.value(element)
                    known = z3.And(x_known, y_known)
                    hits.append(z3.And(known, x == y))
                    misses.append(z3.And(known, x != y))
                true, false = z3.Or(*hits), z3.And(*misses)
                return (false, true) if negated else (true, false)
        value, known = self.value(node)
        return z3.And(known, value), z3.And(known, z3.Not(value))

    # Its branches are a dispatch, one case per kind of node of the rule language (`noqa: C901`).
    def value(self, node: ast.Expr) -> tuple[Any, Any]:  # noqa: C901
        """(value, known) of any part (a yes/no part's value is its truth when known)."""
        s = self.s
        yes = self._true()
        match node:
            case ast.Num(value=number):
                return z3.IntVal(number, s.ctx), yes
            case ast.Const(kind=ast.Kind.BOOL, value=flag):
                return z3.BoolVal(bool(flag), s.ctx), yes
            case ast.Const(value=number):
                return z3.IntVal(number, s.ctx), yes
            case ast.Prop():
                return self.prop(node)
            case ast.Position():
                return (z3.IntVal(1, s.ctx) if self.start else s.n + 1), yes
            case ast.Sum(prop=prop, count=count):
                total: Any = z3.IntVal(0, s.ctx)
                for k in range(1, count + 1):
                    total = total + z3.If(s.exists(k), _property(s.back[k - 1], prop), 0)
                return total, s.exists(1)
            case ast.Count() | ast.MainlineSum():
                if self.start:
                    return z3.IntVal(0, s.ctx), yes
                return s.aggregate(aggregate_table(node)), yes
            case ast.Extreme(fn=fn, prop=prop):
                return self._extreme(fn, prop), s.n >= 1
            case ast.Played():
                return self._played(node)
            case ast.Abs(operand=operand):
                inner, known = self.value(operand)
                return z3.If(inner < 0, -inner, inner), known
            case (
                ast.Arith(op=op, left=left, right=right)
                | ast.Compare(op=op, left=left, right=right)
            ):
                (a, a_known), (b, b_known) = self.value(left), self.value(right)
                return _OPERATIONS[op](a, b), z3.And(a_known, b_known)
            case ast.Neg(operand=operand):
                inner, known = self.value(operand)
                return -inner, known
            case ast.Wrap(operand=operand, modulus=modulus):
                inner, known = self.value(operand)
                return (inner - 1) % modulus + 1, known
            case ast.If():
                return self._if(node)
            case ast.Not() | ast.BoolOp() | ast.In():
                true, false = self.truth(node)
                return true, z3.Or(true, false)
            case ast.Next(value=inner, cycle=cycle):
                x, known = self.value(inner)
                return self._successor(x, [item.value for item in cycle]), known
        raise ValueError(f"cannot encode {type(node).__name__}")  # pragma: no cover

    def _extreme(self, fn: str, prop: str) -> Any:
        """The highest (`max`) or lowest (`min`) value of `prop` on the mainline."""
        best: Any = z3.IntVal(0 if fn == "max" else 14, self.s.ctx)
        for there, number in self.s.values_on_line(prop):
            better = number > best if fn == "max" else number < best
            best = z3.If(z3.And(there, better), number, best)
        return best

    def _played(self, node: ast.Played) -> tuple[Any, Any]:
        """Whether the value (or the card itself) is on the mainline already."""
        s = self.s
        if node.prop == "card":
            x, x_known = s.card.index_term(), self._true()
        else:
            x, x_known = self.value(node.item)
            x = _as_int(x)
        hits = [z3.And(there, number == x) for there, number in s.values_on_line(node.prop)]
        return z3.Or(*hits) if hits else z3.BoolVal(False, s.ctx), x_known

    def _if(self, node: ast.If) -> tuple[Any, Any]:
        """Known when the branch taken is known, or when both branches agree."""
        c_true, c_false = self.truth(node.cond)
        t, t_known = self.value(node.then)
        o, o_known = self.value(node.otherwise)
        known = z3.Or(
            z3.And(c_true, t_known),
            z3.And(c_false, o_known),
            z3.And(t_known, o_known, t == o),
        )
        return z3.If(c_true, t, o), known

    def _successor(self, x: Any, order: list[int]) -> Any:
        """The member after `x` in the cycle `order`, wrapping round."""
        successor: Any = z3.IntVal(order[0], self.s.ctx)
        for place, member in enumerate(order):
            successor = z3.If(x == member, order[(place + 1) % len(order)], successor)
        return successor


# The arithmetic and the comparisons of the rule language, on z3 terms.
_OPERATIONS: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "%": lambda a, b: a % b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def prove_same(
    a: CompiledRule,
    b: CompiledRule,
    *,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    max_mainline: int | None = None,
    copies: int = COPIES,
) -> SmtResult:
    """Whether `a` and `b` give the same verdict in every situation a game dealt with `copies`
    of each card can reach, proved by z3; with `max_mainline`, in every such situation whose
    mainline holds at most that many cards."""
    ctx = z3.Context()
    situation = _Situation(ctx, (a, b))
    verdict_a = _Encoder(situation, a).verdict()
    verdict_b = _Encoder(situation, b).verdict()
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", timeout_ms)
    solver.set("rlimit", RESOURCE_LIMIT)
    solver.add(*situation.constraints())
    solver.add(verdict_a != verdict_b)
    if max_mainline is not None:
        solver.add(situation.n <= max_mainline)
    # A counterexample a teacher can deal: no card more than `copies` times, and a first card
    # that both rules let start the mainline.
    starters = {i for i in range(len(FULL_DECK)) if a.judge_start(i) and b.judge_start(i)}
    solver.add(*_dealable(situation, (verdict_a, verdict_b), copies))
    if situation.first is not None and starters:  # (no starter: only the start, below)
        index = situation.first.index_term()
        solver.add(z3.Implies(situation.n >= 1, z3.Or(*(index == s for s in sorted(starters)))))
    if not starters:
        solver.add(situation.n == 0)  # no card starts both: no game goes past the start
    elif situation.hidden:
        # Further back than the rules look, the first card comes from a class of the counts:
        # one with a legal starter in it.
        with_starter = [
            count >= 1
            for members, count in zip(situation.classes, situation.hidden, strict=True)
            if starters & set(members)
        ]
        solver.add(z3.Or(situation.n <= situation.lookback, *with_starter))
    answer = z3.unknown
    for bound in (situation.lookback + 2, SHORT_MAINLINE, None):
        solver.push()
        if bound is not None:
            solver.add(situation.n <= bound)
        answer = solver.check()
        if answer != z3.unsat or bound is None:
            break
        solver.pop()
    if answer == z3.unsat:
        return SmtResult("equivalent")
    if answer != z3.sat:
        return SmtResult("unknown", reason=str(solver.reason_unknown()))
    model = solver.model()
    plays, card = _history(situation, model, (a, b), copies)
    played = FULL_DECK[card]
    if a.accepts(plays, played) == b.accepts(plays, played):
        # The formula and the compiled rule disagree: never claim anything then.
        return SmtResult("unknown", reason="the solver's situation did not separate the rules")
    return SmtResult("different", plays, card)


class _Dealer:
    """Cards for a history, each used at most `copies` times where the choice is free."""

    def __init__(self, fixed: Sequence[int], copies: int = COPIES) -> None:
        self.copies = copies
        self.used: dict[int, int] = {}
        for index in fixed:
            self.take(index)

    def take(self, index: int) -> int:
        self.used[index] = self.used.get(index, 0) + 1
        return index

    def pick(self, members: Sequence[int], prefer: Callable[[int], bool] | None = None) -> int:
        def cost(member: int) -> tuple[int, int, int]:
            preferred = 0 if prefer is None or prefer(member) else 1
            used = self.used.get(member, 0)
            return (used >= self.copies, preferred, used)

        return self.take(min(members, key=cost))


def _dealable(situation: _Situation, verdicts: Sequence[Any], copies: int = COPIES) -> list[Any]:
    """Constraints that keep the solver's situation dealable with `copies` of each card (the
    cards it names, and the cards further back: no class holds more of them than its cards'
    copies) and starting with a legal starter (the starter is read by the rules when the
    mainline is no longer than they look back)."""
    cards = [situation.card, *situation.back, situation.rejected]
    indexes = [card.suit * 13 + card.rank for card in cards]
    wrong = len(cards) - 1
    first = len(cards)
    if situation.first is not None:
        cards.append(situation.first)
        indexes.append(situation.first.suit * 13 + situation.first.rank)

    def there(k: int) -> Any:
        if k == wrong:
            return z3.And(situation.n >= 1, z3.Not(situation.previous_accepted))
        if k == first:  # further back than the rules look (else it is one of them)
            return situation.n > situation.lookback
        return situation.exists(k)

    facts: list[Any] = []
    for members, count in zip(situation.classes, situation.hidden, strict=True):
        named = [
            z3.If(
                z3.And(situation.exists(k), z3.Or(*(card.index_term() == m for m in members))), 1, 0
            )
            for k, card in enumerate(situation.back, start=1)
        ]
        facts.append(count + z3.Sum(z3.IntVal(0, situation.ctx), *named) <= copies * len(members))
    for group in itertools.combinations(range(len(cards)), copies + 1):
        present = [there(k) for k in group if k > 0]
        same = [indexes[group[0]] == indexes[k] for k in group[1:]]
        facts.append(z3.Not(z3.And(*present, *same)))
    n = situation.n
    for k, back in enumerate(situation.back, start=1):
        # With k cards on the mainline, the k-th card back is the starter.
        fixed = [
            (n, z3.IntVal(0, situation.ctx)),
            (situation.card.rank, back.rank),
            (situation.card.suit, back.suit),
        ]
        starts = [z3.substitute(verdict, *fixed) for verdict in verdicts]
        facts.append(z3.Implies(n == k, z3.And(*starts)))
    return facts


def _history(
    situation: _Situation,
    model: z3.ModelRef,
    rules: Sequence[CompiledRule] = (),
    copies: int = COPIES,
) -> tuple[list[Attempt], int]:
    """A real history for the solver's situation: the mainline (the cards further back in
    their classes first), then the wrong plays that the situation has at its end. Where the
    situation leaves a card free (further back than the rules look, a wrong play the rules do
    not read), it is dealt with at most `copies` of a card, and the first card is
    a legal starter of every one of `rules` where one fits."""

    def ev(term: Any) -> Any:
        return model.eval(term, model_completion=True)

    n = ev(situation.n).as_long()
    shown = min(n, situation.lookback)
    card = situation.card.index(model)
    back = [situation.back[k].index(model) for k in reversed(range(shown))]
    dealer = _Dealer([card, *back], copies)

    def starter(index: int) -> bool:
        return all(rule.judge_start(index) for rule in rules)

    mainline = _dealt_mainline(situation, model, dealer, starter, n - shown)
    plays = [Attempt(FULL_DECK[index], True) for index in mainline + back]
    if any(rule.reads_previous_card for rule in rules) or not rules:
        wrong = FULL_DECK[dealer.take(situation.rejected.index(model))]
    else:  # no rule reads the wrong card: any card will do
        wrong = FULL_DECK[dealer.pick(range(len(FULL_DECK)))]
    _add_wrong_plays(situation, ev, dealer, plays, wrong, n)
    return plays, card


def _dealt_mainline(
    situation: _Situation,
    model: z3.ModelRef,
    dealer: _Dealer,
    starter: Callable[[int], bool],
    unseen: int,
) -> list[int]:
    """The `unseen` mainline cards further back than the rules look: the first card when the
    rules read it, the cards of each hidden class as many as the model says, any cards for the
    rest; a legal starter first where one fits."""
    everything = range(len(FULL_DECK))
    hidden: list[tuple[Sequence[int], int]] = [
        (members, model.eval(count, model_completion=True).as_long())
        for members, count in zip(situation.classes, situation.hidden, strict=True)
    ]
    filler = max(unseen - sum(count for _members, count in hidden), 0)
    mainline: list[int] = []
    if situation.first is not None and unseen > 0:
        # The first card the rules read, in front; one fewer of its class (or of the filler).
        first = dealer.take(situation.first.index(model))
        mainline.append(first)
        for place, (members, count) in enumerate(hidden):
            if count and first in members:
                hidden[place] = (members, count - 1)
                break
        else:
            filler = max(filler - 1, 0)
    for _place in range(filler):
        mainline.append(dealer.pick(everything, starter if not mainline else None))
    # A class with a legal starter first, when the first card comes from these classes.
    hidden.sort(key=lambda item: not (item[1] and any(starter(m) for m in item[0])))
    for members, count in hidden:
        for _ in range(count):
            mainline.append(dealer.pick(members, starter if not mainline else None))
    return mainline


def _add_wrong_plays(
    situation: _Situation,
    ev: Callable[[Any], Any],
    dealer: _Dealer,
    plays: list[Attempt],
    wrong: Card,
    n: int,
) -> None:
    """The wrong plays the situation has at the end of `plays`: the previous play (`wrong`)
    and the one before it, or a wrong play just before the last mainline card."""
    everything = range(len(FULL_DECK))
    previous_accepted = z3.is_true(ev(situation.previous_accepted))
    previous2_exists = z3.is_true(ev(situation.previous2_exists))
    previous2_accepted = z3.is_true(ev(situation.previous2_accepted))
    if not situation.reads_previous2:
        previous2_accepted, previous2_exists = True, False
    if n >= 1 and not previous_accepted:
        if not previous2_accepted:
            plays.append(Attempt(FULL_DECK[dealer.pick(everything)], False))
        plays.append(Attempt(wrong, False))
    elif n >= 1 and previous2_exists and not previous2_accepted:
        # A wrong play just before the last mainline card.
        plays.insert(len(plays) - 1, Attempt(FULL_DECK[dealer.pick(everything)], False))


__all__ = ["DEFAULT_TIMEOUT_MS", "SmtResult", "prove_same"]


def dead_branches(
    rule: CompiledRule, *, max_ifs: int = 8, timeout_ms: int = 200
) -> list[tuple[str, str]]:
    """The branches of the rule's `if`s that no situation the rule judges can reach, as
    (the condition's text, "then" or "else"); at most `max_ifs` ifs are looked at, each check
    within `DEAD_BRANCH_RESOURCE_LIMIT` (an undecided branch is not reported), and all of them
    within `timeout_ms` as a safety net."""
    if not any(isinstance(node, ast.If) for node in ast.walk(rule.program.body)):
        return []
    ifs: list[tuple[ast.If, list[Any]]] = []
    ctx = z3.Context()
    situation = _Situation(ctx, (rule,))
    encoder = _Encoder(situation, rule)
    encoder.start = False
    stack: list[tuple[ast.Expr, list[Any]]] = [(rule.program.body, [])]
    while stack and len(ifs) < max_ifs:
        node, path = stack.pop()
        if isinstance(node, ast.If):
            # A branch is taken where its condition is known, true or false.
            cond_true, cond_false = encoder.truth(node.cond)
            ifs.append((node, [*path, cond_true, cond_false]))
            stack.append((node.otherwise, [*path, cond_false]))
            stack.append((node.then, [*path, cond_true]))
        elif isinstance(node, ast.BoolOp | ast.Not):
            stack.extend((child, path) for child in reversed(_children(node)))
    if not ifs:
        return []
    n = situation.n
    # The body judges every situation after the start, and the start too without `start:`.
    judged_at_all = n >= 1 if rule.program.start is not None else n >= 0
    solver = z3.Solver(ctx=ctx)
    solver.set("rlimit", DEAD_BRANCH_RESOURCE_LIMIT)
    solver.add(*situation.constraints(), judged_at_all)
    deadline = time.perf_counter() + timeout_ms / 1000
    found: list[tuple[str, str]] = []
    for node, conditions in ifs:
        *path, cond_true, cond_false = conditions
        for branch, test in (("then", cond_true), ("else", cond_false)):
            remaining = int((deadline - time.perf_counter()) * 1000)
            if remaining <= 0:
                return found
            solver.push()
            solver.set("timeout", remaining)
            solver.add(*path, test)
            if solver.check() == z3.unsat:
                found.append((_source(rule.text, node.cond), branch))
            solver.pop()
    return found


def _children(node: ast.Expr) -> tuple[ast.Expr, ...]:
    return ast.children(node)


def _source(text: str, node: ast.Expr) -> str:
    span = node.span
    lines = text.splitlines()
    if span.line != span.end_line or span.line > len(lines):
        return lines[span.line - 1].strip() if span.line <= len(lines) else text
    return lines[span.line - 1][span.column - 1 : span.end_column - 1]


DEAD_END_RESOURCE_LIMIT = 400_000


def dead_end_situation(
    rule: CompiledRule, *, timeout_ms: int = 1_000
) -> tuple[str, list[Attempt] | None]:
    """ "Is there a situation where no card is legal?" asked of the solver: ("none", None) when
    there is none at all (a proof: no dead end can be reached), ("found", plays) with a history
    that leads there, or ("unknown", None) when the solver cannot decide in time. The history is
    built from the solver's situation; the caller replays it to know whether a game can reach
    it (`analysis.replays_to_dead_end`)."""
    from eleusis.engine.rules.situations import partition

    ctx = z3.Context()
    situation = _Situation(ctx, (rule,))
    verdict = _Encoder(situation, rule).verdict()
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", timeout_ms)
    solver.set("rlimit", DEAD_END_RESOURCE_LIMIT)
    solver.add(*situation.constraints())
    # A dead end after the start: the mainline has its starter.
    solver.add(situation.n >= 1)
    card = situation.card
    for card_class in partition(rule.reads.get(0, frozenset())):
        index = card_class.representative
        fixed = [
            (card.rank, z3.IntVal(index % 13 + 1, ctx)),
            (card.suit, z3.IntVal(index // 13, ctx)),
        ]
        solver.add(z3.Not(z3.substitute(verdict, *fixed)))
    answer = solver.check()
    if answer == z3.unsat:
        return "none", None
    if answer != z3.sat:
        return "unknown", None
    plays, _card = _history(situation, solver.model())
    return "found", plays
