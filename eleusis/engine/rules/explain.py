"""A rule in plain English, rendered from its checked tree.

Every phrase comes from the `PHRASES` table (or the small word tables next to it), keyed by a
name and filled with `str.format`, so that a translation only has to supply other tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eleusis.engine.rules.ast import (
    QUALITY_PROPERTY,
    Arith,
    BoolOp,
    CardRef,
    Compare,
    Const,
    Expr,
    If,
    In,
    Kind,
    Neg,
    Next,
    Not,
    Num,
    Position,
    Prop,
    RangeLit,
    SetLit,
    Sum,
    Wrap,
)

if TYPE_CHECKING:
    from eleusis.engine.rules.compiler import CompiledRule

PHRASES: dict[str, str] = {
    "rule": "A card may be played when {cond}.",
    "rule_if": "{text}.",
    "always": "Any card may be played.",
    "never": "No card may be played.",
    "start": "The mainline may start with a card when {cond}.",
    "start_any": "Any card may start the mainline.",
    "short_mainline": (
        "While the mainline is shorter than the cards this rule looks back at, "
        "any card may be played."
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
    "possessive": "{card}'s {prop}",
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

PROPERTY_NAMES: dict[str, str] = {
    "rank": "rank",
    "value": "value",
    "suit": "suit",
    "color": "color",
    "parity": "parity (odd or even)",
    "half": "half (low A–7 or high 8–K)",
    "face": "face",
}

KIND_NAMES: dict[Kind, str] = {
    Kind.SUIT: "suit",
    Kind.COLOR: "color",
    Kind.PARITY: "parity",
    Kind.HALF: "half",
}

# How a quality reads after "is": "the card is a heart", "the last card is low (A–7)".
QUALITY_PHRASES: dict[tuple[Kind, int], str] = {
    (Kind.SUIT, 0): "a spade",
    (Kind.SUIT, 1): "a heart",
    (Kind.SUIT, 2): "a diamond",
    (Kind.SUIT, 3): "a club",
    (Kind.COLOR, 0): "red",
    (Kind.COLOR, 1): "black",
    (Kind.PARITY, 0): "even",
    (Kind.PARITY, 1): "odd",
    (Kind.HALF, 0): "low (A–7)",
    (Kind.HALF, 1): "high (8–K)",
}

# How a value reads on its own: "the last card's suit is hearts".
VALUE_WORDS: dict[tuple[Kind, int], str] = {
    (Kind.SUIT, 0): "spades",
    (Kind.SUIT, 1): "hearts",
    (Kind.SUIT, 2): "diamonds",
    (Kind.SUIT, 3): "clubs",
    (Kind.COLOR, 0): "red",
    (Kind.COLOR, 1): "black",
    (Kind.PARITY, 0): "even",
    (Kind.PARITY, 1): "odd",
    (Kind.HALF, 0): "low",
    (Kind.HALF, 1): "high",
    (Kind.BOOL, 0): "no",
    (Kind.BOOL, 1): "yes",
}


def explain(rule: CompiledRule) -> str:
    """The whole rule as one short paragraph."""
    program = rule.program
    sentences = [_sentence(program.body, "rule")]
    if program.start is not None:
        sentences.append(PHRASES["start"].format(cond=condition(program.start)))
    elif rule.lookback > 0 or rule.reads_previous:
        sentences.append(PHRASES["start_any"])
    if rule.may_miss:
        sentences.append(PHRASES["short_mainline"])
    return " ".join(sentences)


def _sentence(node: Expr, key: str) -> str:
    if isinstance(node, Const) and node.kind is Kind.BOOL:
        return PHRASES["always" if node.value else "never"]
    if isinstance(node, If):
        return PHRASES["rule_if"].format(text=_capital(_branch(node)))
    return PHRASES[key].format(cond=condition(node))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _branch(node: Expr) -> str:
    """A test in the place of an if's branch, where `true` means any card."""
    if isinstance(node, Const) and node.kind is Kind.BOOL:
        return PHRASES["true" if node.value else "false"]
    if isinstance(node, If):
        key = "else_if" if isinstance(node.otherwise, If) else "if"
        return PHRASES[key].format(
            cond=condition(node.cond), then=_branch(node.then), otherwise=_branch(node.otherwise)
        )
    return condition(node)


def card(ref: CardRef) -> str:
    if ref.previous:
        return PHRASES["previous"]
    if ref.back == 0:
        return PHRASES["card"]
    if ref.back == 1:
        return PHRASES["last"]
    if ref.back == 2:
        return PHRASES["back_2"]
    return PHRASES["back_n"].format(n=ref.back)


def condition(node: Expr) -> str:
    """A yes/no test as a clause: "the card is red"."""
    match node:
        case Const(kind=Kind.BOOL, value=flag):
            return PHRASES["true_cond" if flag else "false_cond"]
        case Prop(card=ref, name="face"):
            return PHRASES["face"].format(card=card(ref))
        case Prop(name="accepted"):
            return PHRASES["accepted"]
        case Prop(name="rejected"):
            return PHRASES["rejected"]
        case Not(operand=Prop(card=ref, name="face")):
            return PHRASES["not_face"].format(card=card(ref))
        case Not(operand=Prop(name="accepted")):
            return PHRASES["rejected"]
        case Not(operand=Prop(name="rejected")):
            return PHRASES["accepted"]
        case Not(operand=operand):
            return PHRASES["not"].format(cond=_grouped(operand))
        case BoolOp(op=op, items=items):
            text = _grouped(items[0])
            for item in items[1:]:
                text = PHRASES[op].format(left=text, right=_grouped(item))
            return text
        case If():
            return _branch(node)
        case Compare(op=op, left=Prop(card=ref, name=name), right=Const() as const) if (
            op in ("==", "!=") and name in QUALITY_PROPERTY.values()
        ):
            key = "is" if op == "==" else "is_not"
            return PHRASES[key].format(
                card=card(ref), quality=QUALITY_PHRASES[(const.kind, const.value)]
            )
        case Compare(
            op=op, left=Prop(card=left_ref, name=left_name), right=Prop(card=right_ref, name=name)
        ) if op in ("==", "!=") and name == left_name and left_ref != right_ref:
            key = "same" if op == "==" else "different"
            return PHRASES[key].format(
                card=card(left_ref), prop=PROPERTY_NAMES[name], other=card(right_ref)
            )
        case Compare(op=op, left=left, right=right):
            return PHRASES[op].format(left=noun(left), right=noun(right))
        case In(item=item, container=RangeLit(low=low, high=high), negated=negated):
            key = "not_in_range" if negated else "in_range"
            return PHRASES[key].format(item=noun(item), low=noun(low), high=noun(high))
        case In(item=item, container=SetLit(items=items), negated=negated):
            key = "not_in_set" if negated else "in_set"
            words = [noun(element) for element in items]
            choices = words[0]
            if len(words) > 1:
                choices = PHRASES["choices"].format(items=", ".join(words[:-1]), last=words[-1])
            return PHRASES[key].format(item=noun(item), choices=choices)
    return noun(node)


def _grouped(node: Expr) -> str:
    text = condition(node)
    if isinstance(node, BoolOp | If):
        return PHRASES["group"].format(text=text)
    return text


def noun(node: Expr) -> str:
    """A value as a noun phrase: "the last card's rank + 1"."""
    match node:
        case Num(value=number):
            return str(number)
        case Const(kind=kind, value=number):
            return VALUE_WORDS[(kind, number)]
        case CardRef():
            return card(node)
        case Prop(card=ref, name=name):
            return PHRASES["possessive"].format(card=card(ref), prop=PROPERTY_NAMES[name])
        case Position():
            return PHRASES["position"]
        case Sum(prop=prop, count=count):
            return PHRASES["sum"].format(prop=PROPERTY_NAMES[prop], count=count)
        case Arith(op=op, left=left, right=right):
            return PHRASES[op].format(left=_operand(left), right=_operand(right))
        case Neg(operand=operand):
            return PHRASES["neg"].format(value=_operand(operand))
        case Wrap(operand=operand, modulus=modulus):
            return PHRASES["wrap"].format(value=_operand(operand), modulus=modulus)
        case Next(value=inner, cycle=cycle):
            kind = cycle[0].kind
            order = PHRASES["cycle_arrow"].join(
                VALUE_WORDS[(item.kind, item.value)] for item in cycle
            )
            return PHRASES["next"].format(kind=KIND_NAMES[kind], value=noun(inner), cycle=order)
        case If(cond=cond, then=then, otherwise=otherwise):
            return PHRASES["value_if"].format(
                cond=condition(cond), then=noun(then), otherwise=noun(otherwise)
            )
        case BoolOp() | Not() | Compare() | In():
            return PHRASES["group"].format(text=condition(node))
    return PHRASES["group"].format(text=type(node).__name__)  # pragma: no cover


def _operand(node: Expr) -> str:
    text = noun(node)
    if isinstance(node, Arith | Wrap):
        return PHRASES["group"].format(text=text)
    return text
