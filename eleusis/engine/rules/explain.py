"""A rule in plain English, rendered from its checked tree.

Every phrase comes from the `PHRASES` table (or the small word tables next to it), keyed by a
name and filled with `str.format`, so that a translation only has to supply other tables:
`explain(rule, phrases=...)` takes a mapping from the English phrases of the tables (see
`all_phrases`) to their translations, and the web passes them translated (they reach the
catalogs through `classroom/engine_strings.py`).

Why one long module: the phrase tables and the renderer that picks from them are read
together (each node kind's branch names its phrases), and translators and tests take the
tables from here; the tables are a third of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from eleusis.engine.rules import ast

if TYPE_CHECKING:
    from eleusis.engine.rules.compiler import CompiledRule

_PHRASES: dict[str, str] = {
    "rule": "A card may be played when {cond}.",
    "rule_if": "{text}.",
    "always": "Any card may be played.",
    "never": "No card may be played.",
    "start": "The mainline may start with a card when {cond}.",
    "start_any": "Any card may start the mainline.",
    "start_judged": "The first card of the mainline is judged by the same rule.",
    "short_mainline": (
        "A card the rule looks at that is not on the mainline yet is unknown: a card is "
        "refused only when the rest of the rule refuses it whatever that card would be."
    ),
    "if": "if {cond}, {then}; otherwise {otherwise}",
    "else_if": "if {cond}, {then}; otherwise, {otherwise}",
    "true": "any card will do",
    "false": "no card will do",
    "true_cond": "always",
    "false_cond": "never",
    "and": "{left} and {right}",
    "or": "{left} or {right}",
    "group": "({text})",
    "not": "it is not so that {cond}",
    "same": "{card} has the same {prop} as {other}",
    "different": "{card} has a different {prop} from {other}",
    "is": "{card} is {quality}",
    "is_not": "{card} is not {quality}",
    "face": "{card} is a face card (J, Q, K)",
    "not_face": "{card} is not a face card",
    "accepted": "the previous play was right",
    "rejected": "the previous play was wrong",
    "accepted2": "the play before the previous one was right",
    "rejected2": "the play before the previous one was wrong",
    "prime": "{card} is prime (2, 3, 5, 7, J or K)",
    "not_prime": "{card} is not prime (2, 3, 5, 7, J or K)",
    "same_truth": "{left} exactly when {right}",
    "different_truth": "either {left} or {right}, but not both",
    "count": "the number of {what} cards already on the mainline",
    "count_all": "the number of cards already on the mainline",
    "mainline_sum": "the sum of the {prop}s of all the cards already on the mainline",
    "max": "the highest {prop} of the cards already on the mainline",
    "min": "the lowest {prop} of the cards already on the mainline",
    "played_same": "a card with the same {prop} as {card} is already on the mainline",
    "not_played_same": "no card with the same {prop} as {card} is on the mainline yet",
    "played_card": "the same card (same rank and suit) is already on the mainline",
    "not_played_card": "the same card (same rank and suit) is not on the mainline yet",
    "played_value": "a card with {prop} {value} is already on the mainline",
    "not_played_value": "no card with {prop} {value} is on the mainline yet",
    "abs": "the size of {value} (without its sign)",
    "previous2_missing": (
        "Until there has been a play before the previous one, whether that play was right is "
        "unknown: a card is refused only when the rest of the rule refuses it either way."
    ),
    "in_set": "{item} is {choices}",
    "not_in_set": "{item} is not {choices}",
    "in_range": "{item} is from {low} to {high}",
    "not_in_range": "{item} is not from {low} to {high}",
    "choices": "{items} or {last}",
    "card": "the card",
    "last": "the last card",
    "back_2": "the card before the last",
    "back_n": "the card {n} back on the mainline",
    "previous": "the previous play",
    "first": "the first card of the mainline",
    # A property of a named card, one phrase per card: languages with cases (Russian, Greek)
    # need the card in the genitive here, which one "{card}'s {prop}" could not give them.
    "possessive_previous": "the previous play's {prop}",
    "possessive_card": "the card's {prop}",
    "possessive_last": "the last card's {prop}",
    "possessive_back_2": "the {prop} of the card before the last",
    "possessive_back_n": "the {prop} of the card {n} back on the mainline",
    "possessive_first": "the {prop} of the first card of the mainline",
    "position": "the card's position on the mainline (the starter is 1)",
    "sum": "the sum of the {prop}s of the last {count} mainline cards",
    "+": "{left} + {right}",
    "-": "{left} − {right}",
    "*": "{left} × {right}",
    "%": "the remainder of {left} divided by {right}",
    "neg": "−{value}",
    "wrap": "{value} counted round 1 to {modulus}",
    "next": "the {kind} after {value} in the order {cycle}",
    "cycle_arrow": " → ",
    "==": "{left} is {right}",
    "!=": "{left} is not {right}",
    "<": "{left} is less than {right}",
    "<=": "{left} is at most {right}",
    ">": "{left} is more than {right}",
    ">=": "{left} is at least {right}",
    "value_if": "({then} if {cond}, otherwise {otherwise})",
}

_PROPERTY_NAMES: dict[str, str] = {
    "rank": "rank",
    "value": "value",
    "suit": "suit",
    "color": "color",
    "parity": "parity (odd or even)",
    "half": "half (low A–7 or high 8–K)",
    "face": "face",
    "prime": "prime",
}

# How a counted quality reads: "the number of red cards already on the mainline".
_COUNT_WORDS: dict[tuple[str, int], str] = {
    ("suit", 0): "spade",
    ("suit", 1): "heart",
    ("suit", 2): "diamond",
    ("suit", 3): "club",
    ("color", 0): "red",
    ("color", 1): "black",
    ("parity", 0): "even",
    ("parity", 1): "odd",
    ("half", 0): "low (A–7)",
    ("half", 1): "high (8–K)",
    ("face", 1): "face (J, Q, K)",
    ("prime", 1): "prime (2, 3, 5, 7, J, K)",
}

_KIND_NAMES: dict[ast.Kind, str] = {
    ast.Kind.SUIT: "suit",
    ast.Kind.COLOR: "color",
    ast.Kind.PARITY: "parity",
    ast.Kind.HALF: "half",
}

# How a quality reads after "is": "the card is a heart", "the last card is low (A–7)".
_QUALITY_PHRASES: dict[tuple[ast.Kind, int], str] = {
    (ast.Kind.SUIT, 0): "a spade",
    (ast.Kind.SUIT, 1): "a heart",
    (ast.Kind.SUIT, 2): "a diamond",
    (ast.Kind.SUIT, 3): "a club",
    (ast.Kind.COLOR, 0): "red",
    (ast.Kind.COLOR, 1): "black",
    (ast.Kind.PARITY, 0): "even",
    (ast.Kind.PARITY, 1): "odd",
    (ast.Kind.HALF, 0): "low (A–7)",
    (ast.Kind.HALF, 1): "high (8–K)",
}

# How a value reads on its own: "the last card's suit is hearts".
_VALUE_WORDS: dict[tuple[ast.Kind, int], str] = {
    (ast.Kind.SUIT, 0): "spades",
    (ast.Kind.SUIT, 1): "hearts",
    (ast.Kind.SUIT, 2): "diamonds",
    (ast.Kind.SUIT, 3): "clubs",
    (ast.Kind.COLOR, 0): "red",
    (ast.Kind.COLOR, 1): "black",
    (ast.Kind.PARITY, 0): "even",
    (ast.Kind.PARITY, 1): "odd",
    (ast.Kind.HALF, 0): "low",
    (ast.Kind.HALF, 1): "high",
    (ast.Kind.BOOL, 0): "no",
    (ast.Kind.BOOL, 1): "yes",
}


_ACTIVE: ContextVar[Mapping[str, str] | None] = ContextVar("explain_phrases", default=None)


class _Table(Mapping[Any, str]):
    """An English table read through the active translation, if any: a translation maps each
    English phrase (with its {slots}) to the translated one."""

    def __init__(self, english: Mapping[Any, str]) -> None:
        self.english = english

    def __getitem__(self, key: Any) -> str:
        text = self.english[key]
        active = _ACTIVE.get()
        if active:
            return active.get(text) or text
        return text

    def __iter__(self) -> Iterator[Any]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)


PHRASES = _Table(_PHRASES)
PROPERTY_NAMES = _Table(_PROPERTY_NAMES)
KIND_NAMES = _Table(_KIND_NAMES)
QUALITY_PHRASES = _Table(_QUALITY_PHRASES)
VALUE_WORDS = _Table(_VALUE_WORDS)
COUNT_WORDS = _Table(_COUNT_WORDS)


def all_phrases() -> list[str]:
    """Every English phrase and word of the explanations, once each, for the catalogs."""
    texts: list[str] = []
    for table in (_PHRASES, _PROPERTY_NAMES, _KIND_NAMES, _QUALITY_PHRASES, _VALUE_WORDS):
        texts += [text for text in table.values() if text not in texts]
    texts += [text for text in _COUNT_WORDS.values() if text not in texts]
    return texts


def explain(rule: CompiledRule, *, phrases: Mapping[str, str] | None = None) -> str:
    """The whole rule as one short paragraph; in another language when `phrases` maps the
    English phrases (`all_phrases()`) to translations (a missing one stays English)."""
    token = _ACTIVE.set(phrases)
    try:
        return _explain(rule)
    finally:
        _ACTIVE.reset(token)


def _explain(rule: CompiledRule) -> str:
    program = rule.program
    sentences = [_sentence(program.body, "rule")]
    if program.start is not None:
        sentences.append(PHRASES["start"].format(cond=condition(program.start)))
    elif rule.looks_back:
        # Three-valued at the start too (docs/rules.md §5): say "any card" only where it is so.
        every = all(rule.judge_start(index) for index in range(52))
        sentences.append(PHRASES["start_any" if every else "start_judged"])
    if rule.need >= 2:
        sentences.append(PHRASES["short_mainline"])
    if rule.reads_previous2:
        sentences.append(PHRASES["previous2_missing"])
    return " ".join(sentences)


def _sentence(node: ast.Expr, key: str) -> str:
    if isinstance(node, ast.Const) and node.kind is ast.Kind.BOOL:
        return PHRASES["always" if node.value else "never"]
    if isinstance(node, ast.If):
        return PHRASES["rule_if"].format(text=_capital(_branch(node)))
    return PHRASES[key].format(cond=condition(node))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _branch(node: ast.Expr) -> str:
    """A test in the place of an if's branch, where `true` means any card."""
    if isinstance(node, ast.Const) and node.kind is ast.Kind.BOOL:
        return PHRASES["true" if node.value else "false"]
    if isinstance(node, ast.If):
        key = "else_if" if isinstance(node.otherwise, ast.If) else "if"
        return PHRASES[key].format(
            cond=condition(node.cond), then=_branch(node.then), otherwise=_branch(node.otherwise)
        )
    return condition(node)


def card(ref: ast.CardRef) -> str:
    if ref.is_first:
        return PHRASES["first"]
    if ref.previous:
        return PHRASES["previous"]
    if ref.back == 0:
        return PHRASES["card"]
    if ref.back == 1:
        return PHRASES["last"]
    if ref.back == 2:
        return PHRASES["back_2"]
    return PHRASES["back_n"].format(n=ref.back)


def possessive(ref: ast.CardRef, prop: str) -> str:
    """A card's property as a noun phrase: "the last card's rank"."""
    # `previous2` has only the verdict properties, which read as clauses (`noun`), never here.
    if ref.is_first:
        key = "possessive_first"
    elif ref.previous:
        key = "possessive_previous"
    else:
        key = {0: "possessive_card", 1: "possessive_last", 2: "possessive_back_2"}.get(
            ref.back, "possessive_back_n"
        )
    return PHRASES[key].format(prop=prop, n=ref.back)


# Its branches are a dispatch, one case per kind of node of the rule language (`noqa: C901`).
def condition(node: ast.Expr) -> str:  # noqa: C901
    """A yes/no test as a clause: "the card is red"."""
    match node:
        case ast.Const(kind=ast.Kind.BOOL, value=flag):
            return PHRASES["true_cond" if flag else "false_cond"]
        case ast.Prop(card=ref, name="face" | "prime" as name):
            return PHRASES[name].format(card=card(ref))
        case ast.Prop(card=ast.CardRef(previous=True, back=2), name=name):
            return PHRASES[name + "2"]
        case ast.Prop(name="accepted" | "rejected" as name):
            return PHRASES[name]
        case ast.Not(operand=operand):
            return _negated(operand)
        case ast.Compare(
            op="==" | "!=" as op, left=left, right=ast.Const(kind=ast.Kind.BOOL, value=flag)
        ):
            positive = (op == "==") == bool(flag)
            return condition(left) if positive else _negated(left)
        case ast.Compare(
            op="==" | "!=" as op, left=ast.Const(kind=ast.Kind.BOOL) as const, right=right
        ):
            return condition(ast.Compare(op, right, const))
        case ast.Compare(op="==" | "!=" as op, left=left, right=right) if _is_test(left):
            key = "same_truth" if op == "==" else "different_truth"
            return PHRASES[key].format(left=_grouped(left), right=_grouped(right))
        case ast.BoolOp(op=op, items=items):
            return _joined(op, items)
        case ast.If():
            return _branch(node)
        case ast.Played():
            return _played(node, negated=False)
        case ast.Compare(op=op, left=ast.Prop(card=ref, name=name), right=ast.Const() as const) if (
            op in ("==", "!=") and name in ast.QUALITY_PROPERTY.values()
        ):
            key = "is" if op == "==" else "is_not"
            return PHRASES[key].format(
                card=card(ref), quality=QUALITY_PHRASES[(const.kind, const.value)]
            )
        case ast.Compare(
            op=op,
            left=ast.Prop(card=left_ref, name=left_name),
            right=ast.Prop(card=right_ref, name=name),
        ) if op in ("==", "!=") and name == left_name and left_ref != right_ref:
            key = "same" if op == "==" else "different"
            return PHRASES[key].format(
                card=card(left_ref), prop=PROPERTY_NAMES[name], other=card(right_ref)
            )
        case ast.Compare(op=op, left=left, right=right):
            return PHRASES[op].format(left=noun(left), right=noun(right))
        case ast.In(item=item, container=ast.RangeLit(low=low, high=high), negated=negated):
            key = "not_in_range" if negated else "in_range"
            return PHRASES[key].format(item=noun(item), low=noun(low), high=noun(high))
        case ast.In(item=item, container=ast.SetLit(items=items), negated=negated):
            return _in_set(item, items, negated)
    return noun(node)


def _joined(op: str, items: Sequence[ast.Expr]) -> str:
    """Tests joined by and/or, each grouped where it needs it."""
    text = _grouped(items[0])
    for item in items[1:]:
        text = PHRASES[op].format(left=text, right=_grouped(item))
    return text


def _in_set(item: ast.Expr, items: Sequence[ast.Expr], negated: bool) -> str:
    """`item in {a, b, c}`: "… is a, b or c"."""
    words = [noun(element) for element in items]
    choices = words[0]
    if len(words) > 1:
        choices = PHRASES["choices"].format(items=", ".join(words[:-1]), last=words[-1])
    return PHRASES["not_in_set" if negated else "in_set"].format(item=noun(item), choices=choices)


_NEGATED_OP = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}


def _is_test(node: ast.Expr) -> bool:
    """Whether a value is a yes/no test (compared with another with == or !=)."""
    match node:
        case ast.Prop(name=name):
            return name in ("face", "prime", "accepted", "rejected")
        case ast.Compare() | ast.In() | ast.Not() | ast.BoolOp() | ast.Played():
            return True
        case ast.Const(kind=ast.Kind.BOOL):
            return True
        case ast.If(then=then):
            return _is_test(then)
    return False


def _negated(node: ast.Expr) -> str:
    """`not X` as a clause, said plainly where there is a plain way ("the card is not a club"),
    so that `not clubs or red` never reads as "not (clubs or red)"."""
    match node:
        case ast.Prop(card=ast.CardRef(previous=True, back=2), name=name):
            return PHRASES[("rejected" if name == "accepted" else "accepted") + "2"]
        case ast.Prop(card=ref, name="face" | "prime" as name):
            return PHRASES["not_" + name].format(card=card(ref))
        case ast.Prop(name="accepted"):
            return PHRASES["rejected"]
        case ast.Prop(name="rejected"):
            return PHRASES["accepted"]
        case ast.Not(operand=operand):
            return condition(operand)
        case ast.Const(kind=ast.Kind.BOOL, value=flag):
            return condition(ast.Const(ast.Kind.BOOL, 0 if flag else 1))
        case ast.Compare(op=op, left=left, right=right):
            return condition(ast.Compare(_NEGATED_OP[op], left, right))
        case ast.In(item=item, container=container, negated=negated):
            return condition(ast.In(item, container, not negated))
        case ast.Played():
            return _played(node, negated=True)
    return PHRASES["not"].format(cond=PHRASES["group"].format(text=condition(node)))


def _played(node: ast.Played, *, negated: bool) -> str:
    """`played(rank)`: "a card with the same rank as the card is already on the mainline"."""
    prefix = "not_" if negated else ""
    match node:
        case ast.Played(prop="card"):
            return PHRASES[prefix + "played_card"]
        case ast.Played(prop=prop, item=ast.Prop(card=ref, name=name)) if name == prop:
            return PHRASES[prefix + "played_same"].format(prop=PROPERTY_NAMES[prop], card=card(ref))
    return PHRASES[prefix + "played_value"].format(
        prop=PROPERTY_NAMES[node.prop], value=noun(node.item)
    )


def _grouped(node: ast.Expr) -> str:
    text = condition(node)
    if isinstance(node, ast.BoolOp | ast.If):
        return PHRASES["group"].format(text=text)
    return text


# Its branches are a dispatch, one case per kind of node of the rule language (`noqa: C901`).
def noun(node: ast.Expr) -> str:  # noqa: C901
    """A value as a noun phrase: "the last card's rank + 1"."""
    match node:
        case ast.Num(value=number):
            return str(number)
        case ast.Const(kind=kind, value=number):
            return VALUE_WORDS[(kind, number)]
        case ast.CardRef():
            return card(node)
        case ast.Prop(name="face" | "prime" | "accepted" | "rejected"):
            return PHRASES["group"].format(text=condition(node))
        case ast.Prop(card=ref, name=name):
            return possessive(ref, PROPERTY_NAMES[name])
        case ast.Position():
            return PHRASES["position"]
        case ast.Sum(prop=prop, count=count):
            return PHRASES["sum"].format(prop=PROPERTY_NAMES[prop], count=count)
        case ast.Count(prop="all"):
            return PHRASES["count_all"]
        case ast.Count(prop=prop, value=number):
            return PHRASES["count"].format(what=COUNT_WORDS[(prop, number)])
        case ast.MainlineSum(prop=prop):
            return PHRASES["mainline_sum"].format(prop=PROPERTY_NAMES[prop])
        case ast.Extreme(fn=fn, prop=prop):
            return PHRASES[fn].format(prop=PROPERTY_NAMES[prop])
        case ast.Abs(operand=operand):
            return PHRASES["abs"].format(value=_operand(operand))
        case ast.Arith(op=op, left=left, right=right):
            return PHRASES[op].format(left=_operand(left), right=_operand(right))
        case ast.Neg(operand=operand):
            return PHRASES["neg"].format(value=_operand(operand))
        case ast.Wrap(operand=operand, modulus=modulus):
            return PHRASES["wrap"].format(value=_operand(operand), modulus=modulus)
        case ast.Next(value=inner, cycle=cycle):
            kind = cycle[0].kind
            order = PHRASES["cycle_arrow"].join(
                VALUE_WORDS[(item.kind, item.value)] for item in cycle
            )
            return PHRASES["next"].format(kind=KIND_NAMES[kind], value=noun(inner), cycle=order)
        case ast.If(cond=cond, then=then, otherwise=otherwise):
            return PHRASES["value_if"].format(
                cond=condition(cond), then=noun(then), otherwise=noun(otherwise)
            )
        case ast.BoolOp() | ast.Not() | ast.Compare() | ast.In() | ast.Played():
            return PHRASES["group"].format(text=condition(node))
    return PHRASES["group"].format(text=type(node).__name__)  # pragma: no cover


def _operand(node: ast.Expr) -> str:
    text = noun(node)
    if isinstance(node, ast.Arith | ast.Wrap):
        return PHRASES["group"].format(text=text)
    return text
