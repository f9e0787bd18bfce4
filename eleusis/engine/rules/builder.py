"""The sentence builder: hypotheses a ten-year-old puts together from drop-downs.

A sentence has an optional condition ("If the last card is red,"), a requirement ("play a
higher card than the last card") and optionally a second requirement joined with "and", "or"
or "otherwise":

    If the last card is a face card (J, Q, K), play a red card; otherwise play a black card.

Each drop-down is a *part* with a fixed list of *options*, both with stable ids; a filling is a
mapping part id -> option id (`{"if": "last", "if-is": "face", "then": "play", ...}`), as
`./manage.py rules build if=last if-is=face ...` takes it. `build(choices)` checks the filling
and gives a `Built`: the rule text (in the rule language, compiled before it is returned) and
the sentence in words. A filling that misses a part, or that cannot mean anything, raises
`BuilderError` with a message that says which part and what to do.

The words come from `PHRASES`, one template per piece of sentence, so that the Django side can
translate each piece (classroom/engine_strings.py lists them for the catalogs) and pass a
`translate` function to `Built.words`. What a sentence means is exactly what its words say;
tests/engine/rules/test_builder.py checks every filling of the pool against a meaning written
independently in plain Python.

A card not on the line yet ("the card two back" on a one-card line) is unknown, and the
sentence's other parts decide, as for every rule (docs/rules.md §5, three-valued reading).

Why one long module: the builder's vocabulary (parts and options with their words) and the
translation of a filling to the rule language must stay side by side, option by option, so that
what a sentence says and what it compiles to cannot drift apart.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from eleusis.engine.cards import FULL_DECK
from eleusis.engine.history import Attempt
from eleusis.engine.rules.compiler import CompiledRule, compile_rule
from eleusis.engine.rules.equivalence import sample_history

Translate = Callable[[str], str]


class BuilderError(ValueError):
    """A filling that misses a part, names an unknown option or cannot mean anything."""

    def __init__(
        self, message: str, part: str = "", key: str = "", values: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.part = part  # the part to change
        self.key = key  # the MESSAGES key ("" for an unknown option), to translate the message
        self.values = dict(values or {})


@dataclass(frozen=True)
class Option:
    id: str
    label: str  # what the drop-down shows (English; translated on the Django side)


@dataclass(frozen=True)
class Part:
    id: str
    label: str  # the question the drop-down answers
    options: tuple[Option, ...]

    def option(self, option_id: str) -> Option:
        for option in self.options:
            if option.id == option_id:
                return option
        known = ", ".join(option.id for option in self.options)
        raise BuilderError(
            f"{self.id}={option_id} is not a choice: {self.id} is one of {known}", self.id
        )


def _opts(*pairs: tuple[str, str]) -> tuple[Option, ...]:
    return tuple(Option(*pair) for pair in pairs)


# The qualities a card can have: id, drop-down label, the noun phrase in a sentence
# ("a red card"), and the test in the rule language with {c} for the card (`last`, `last2`) or
# "" for the card being played.
@dataclass(frozen=True)
class Quality:
    id: str
    label: str
    noun: str
    test_card: str  # the test for the card being played
    test_ref: str  # the test for an earlier card, with {c}


_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_NOUNS = {1: "an ace (A)", 11: "a jack (J)", 12: "a queen (Q)", 13: "a king (K)", 8: "an 8"}

QUALITIES: tuple[Quality, ...] = (
    Quality("red", "red", "a red card", "red", "{c} is red"),
    Quality("black", "black", "a black card", "black", "{c} is black"),
    Quality("hearts", "heart", "a heart", "suit == hearts", "{c}.suit == hearts"),
    Quality("diamonds", "diamond", "a diamond", "suit == diamonds", "{c}.suit == diamonds"),
    Quality("spades", "spade", "a spade", "suit == spades", "{c}.suit == spades"),
    Quality("clubs", "club", "a club", "suit == clubs", "{c}.suit == clubs"),
    Quality("odd", "odd", "an odd card (A, 3, 5, 7, 9, J, K)", "odd", "{c} is odd"),
    Quality("even", "even", "an even card (2, 4, 6, 8, 10, Q)", "even", "{c} is even"),
    Quality("low", "low (A–7)", "a low card (A–7)", "low", "{c} is low"),
    Quality("high", "high (8–K)", "a high card (8–K)", "high", "{c} is high"),
    Quality("face", "face (J, Q, K)", "a face card (J, Q, K)", "face", "{c}.face"),
    Quality("number", "number (A–10)", "a number card (A–10)", "not face", "not {c}.face"),
    Quality(
        "prime",
        "prime (2, 3, 5, 7, J, K)",
        "a prime card (2, 3, 5, 7, J, K)",
        "prime",
        "{c} is prime",
    ),
    *(
        Quality(
            f"rank-{rank}",
            _RANK_NAMES.get(rank, str(rank)),
            _RANK_NOUNS.get(rank, f"a {rank}"),
            f"rank == {rank}",
            "{c}.rank == " + str(rank),
        )
        for rank in range(1, 14)
    ),
)
QUALITY = {quality.id: quality for quality in QUALITIES}
SUM_QUALITIES = ("even", "odd")

# Properties two cards can share: id, label, the rule language's property.
PROPERTIES = _opts(
    ("color", "color"),
    ("suit", "suit"),
    ("rank", "rank"),
    ("parity", "odd/even"),
    ("half", "low/high"),
    ("face", "face/number"),
)
# Earlier cards a requirement compares with: id, label (a noun phrase), the card in the language.
REFERENCES = _opts(
    ("last", "the last card"), ("last2", "the card two back"), ("last3", "the card three back")
)
_REF_DEPTH = {"last": 1, "last2": 2, "last3": 3}
NUMBERS = _opts(*((str(n), str(n)) for n in range(1, 7)))
_SUIT_SYMBOL = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
# Suit orders, from spades (a cycle has no first suit): id "hearts-diamonds-clubs", label
# "♠ → ♥ → ♦ → ♣".
ORDERS = _opts(
    *(
        ("-".join(rest), " → ".join(_SUIT_SYMBOL[s] for s in ("spades", *rest)))
        for rest in itertools.permutations(("hearts", "diamonds", "clubs"))
    )
)

CONDITIONS = _opts(
    ("always", "Always"),
    ("last", "If the last card is …"),
    ("last2", "If the card two back is …"),
    ("wrong", "If the last play was wrong"),
    ("right", "If the last play was right"),
    ("odd-place", "On odd places of the line"),
    ("even-place", "On even places of the line"),
    ("sum2", "If the last two cards add up to …"),
)
REQUIREMENTS = _opts(
    ("play", "play a … card"),
    ("avoid", "play anything but a … card"),
    ("same", "the same … as …"),
    ("different", "a different … from …"),
    ("other-color", "the other color from …"),
    ("within", "a rank within … of …"),
    ("higher", "higher than …"),
    ("lower", "lower than …"),
    ("up", "… up from …, K wraps to A"),
    ("up-down", "one up or one down from …, K wraps to A"),
    ("sum", "adds up with … to an odd/even number"),
    ("next-suit", "the next suit after …, in the order …"),
    ("any", "any card"),
)
JOINS = _opts(("none", "(nothing more)"), ("and", "and"), ("or", "or"), ("otherwise", "otherwise"))

# Which sub-parts each requirement takes.
_NEEDS: dict[str, tuple[str, ...]] = {
    "play": ("what",),
    "avoid": ("what",),
    "same": ("prop", "ref"),
    "different": ("prop", "ref"),
    "other-color": ("ref",),
    "within": ("n", "ref"),
    "higher": ("ref",),
    "lower": ("ref",),
    "up": ("n", "ref"),
    "up-down": ("ref",),
    "sum": ("what", "ref"),
    "next-suit": ("order", "ref"),
    "any": (),
}

_QUALITY_OPTIONS = tuple(Option(q.id, q.label) for q in QUALITIES)


def _requirement_parts(prefix: str, label: str, second: bool) -> tuple[Part, ...]:
    def sub(text: str) -> str:  # each drop-down has its own label, also in the second part
        return f"{text} (second part)" if second else text

    return (
        Part(prefix, label, REQUIREMENTS),
        Part(f"{prefix}-what", sub("what kind of card"), _QUALITY_OPTIONS),
        Part(f"{prefix}-prop", sub("which property"), PROPERTIES),
        Part(f"{prefix}-n", sub("how many"), NUMBERS),
        Part(f"{prefix}-ref", sub("which card before"), REFERENCES),
        Part(f"{prefix}-order", sub("in which order"), ORDERS),
    )


PARTS: tuple[Part, ...] = (
    Part("if", "When", CONDITIONS),
    Part("if-is", "what the card is", _QUALITY_OPTIONS),
    *_requirement_parts("then", "Play", second=False),
    Part("join", "Then", JOINS),
    *_requirement_parts("then2", "Second part", second=True),
)
PARTS_BY_ID: dict[str, Part] = {part.id: part for part in PARTS}

# Every piece of a sentence in words, by key: the Django side translates each template (the
# {placeholders} stay) and `Built.words` puts them together.
PHRASES: dict[str, str] = {
    # Conditions; {what} is a quality's noun phrase ("a red card").
    "if-last": "If the last card is {what},",
    "if-last2": "If the card two back is {what},",
    "if-wrong": "If the last play was wrong,",
    "if-right": "If the last play was right,",
    "if-odd-place": "On odd places of the line,",
    "if-even-place": "On even places of the line,",
    "if-sum2-even": "If the last two cards add up to an even number,",
    "if-sum2-odd": "If the last two cards add up to an odd number,",
    # Requirements; {what} a quality's noun phrase, {prop} a property, {ref} an earlier card.
    "play": "play {what}",
    "avoid": "play anything but {what}",
    "same": "play the same {prop} as {ref}",
    "different": "play a different {prop} from {ref}",
    "other-color": "play the other color from {ref}",
    "within": "play a rank within {n} of {ref}",
    "higher": "play a higher rank than {ref}",
    "lower": "play a lower rank than {ref}",
    "up": "play {n} up from {ref} (K wraps to A)",
    "up-down": "play one up or one down from {ref} (K wraps to A)",
    "sum-even": "play a card that adds up with {ref} to an even number",
    "sum-odd": "play a card that adds up with {ref} to an odd number",
    "next-suit": "play the next suit after {ref}, in the order {order}",
    "any": "play any card",
    # Whole sentences; {first} and {second} are requirements, {condition} a condition.
    "one": "{first}.",
    "and": "{first} and {second}.",
    "or": "{first} or {second}.",
    "if-one": "{condition} {first}; otherwise any card goes.",
    "if-and": "{condition} {first} and {second}; otherwise any card goes.",
    "if-or": "{condition} {first} or {second}; otherwise any card goes.",
    "if-otherwise": "{condition} {first}; otherwise {second}.",
    # Properties and earlier cards, as they read inside a requirement.
    "prop-color": "color",
    "prop-suit": "suit",
    "prop-rank": "rank",
    "prop-parity": "odd/even kind",
    "prop-half": "low/high half",
    "prop-face": "face/number kind",
    "ref-last": "the last card",
    "ref-last2": "the card two back",
    "ref-last3": "the card three back",
}


def _words(key: str, translate: Translate) -> str:
    return translate(PHRASES[key])


# A quality's noun phrase says what to play in "play {what}" and "play anything but {what}": the
# object of the sentence, which Russian and Greek put in another case than the subject of "If the
# last card is {what}," ("играй чёрную карту", "παίξε έναν άσο"). So in those two the phrase is
# translated with this context, and each case comes from the catalogs (issue 36, point 6).
OBJECT_CONTEXT = "what to play"


def in_context(translate: Translate, context: str, text: str) -> str:
    """`text` translated with a message context, through a plain `translate` (gettext keys a
    message with a context as "context\x04text", which is how Django's pgettext asks it)."""
    translated = translate(f"{context}\x04{text}")
    return text if "\x04" in translated else translated


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Requirement:
    kind: str
    what: str = ""
    prop: str = ""
    n: int = 0
    ref: str = ""
    order: str = ""

    @property
    def depth(self) -> int:
        return _REF_DEPTH.get(self.ref, 0)

    def code(self) -> str:
        ref, what, prop, n = self.ref, self.what, self.prop, self.n
        match self.kind:
            case "play":
                return QUALITY[what].test_card
            case "avoid":
                return f"not ({QUALITY[what].test_card})"
            case "same":
                return f"{prop} == {ref}.{prop}"
            case "different":
                return f"{prop} != {ref}.{prop}"
            case "other-color":
                return f"color != {ref}.color"
            case "within":
                return f"rank in {ref}.rank - {n} .. {ref}.rank + {n}"
            case "higher":
                return f"rank > {ref}.rank"
            case "lower":
                return f"rank < {ref}.rank"
            case "up":
                return f"rank == {ref}.rank + {n} wrap 13"
            case "up-down":
                return f"rank in {{{ref}.rank + 1 wrap 13, {ref}.rank - 1 wrap 13}}"
            case "sum":
                return f"(rank + {ref}.rank) % 2 == {1 if what == 'odd' else 0}"
            case "next-suit":
                suits = ", ".join(("spades", *self.order.split("-")))
                return f"suit == next({ref}.suit, [{suits}])"
        return "true"

    def words(self, translate: Translate) -> str:
        key = f"sum-{self.what}" if self.kind == "sum" else self.kind
        fill = {}
        if self.what and self.kind != "sum":
            fill["what"] = in_context(translate, OBJECT_CONTEXT, QUALITY[self.what].noun)
        if self.prop:
            fill["prop"] = _words(f"prop-{self.prop}", translate)
        if self.ref:
            fill["ref"] = _words(f"ref-{self.ref}", translate)
        if self.n:
            fill["n"] = str(self.n)
        if self.order:
            fill["order"] = PARTS_BY_ID["then-order"].option(self.order).label
        return _words(key, translate).format(**fill)


@dataclass(frozen=True)
class Condition:
    kind: str
    what: str = ""

    @property
    def depth(self) -> int:
        return {"last": 1, "last2": 2, "sum2": 2}.get(self.kind, 0)

    def code(self) -> str:
        match self.kind:
            case "last" | "last2":
                return QUALITY[self.what].test_ref.format(c=self.kind)
            case "wrong":
                return "previous.rejected"
            case "right":
                return "previous.accepted"
            case "odd-place":
                return "position % 2 == 1"
            case "even-place":
                return "position % 2 == 0"
            case "sum2":
                return f"(last.rank + last2.rank) % 2 == {1 if self.what == 'odd' else 0}"
        raise AssertionError(self.kind)  # pragma: no cover - the builder checks kinds

    def words(self, translate: Translate) -> str:
        if self.kind == "sum2":
            return _words(f"if-sum2-{self.what}", translate)
        text = _words(f"if-{self.kind}", translate)
        if self.what:
            text = text.format(what=translate(QUALITY[self.what].noun))
        return text


@dataclass(frozen=True)
class Built:
    """A checked filling: the rule text and the parts it was built from."""

    choices: tuple[tuple[str, str], ...]  # the parts that matter, in PARTS order
    condition: Condition | None
    first: Requirement
    join: str  # none, and, or, otherwise
    second: Requirement | None
    text: str  # in the rule language

    @property
    def filling(self) -> dict[str, str]:
        return dict(self.choices)

    def words(self, translate: Translate = str) -> str:
        """The sentence in words (English, or through `translate` piece by piece)."""
        first = self.first.words(translate)
        second = self.second.words(translate) if self.second is not None else ""
        if self.condition is None:
            key = "one" if self.join == "none" else self.join
            return _capital(_words(key, translate).format(first=first, second=second))
        key = {"none": "if-one", "and": "if-and", "or": "if-or"}.get(self.join, "if-otherwise")
        return _words(key, translate).format(
            condition=self.condition.words(translate), first=first, second=second
        )

    def compiled(self) -> CompiledRule:
        return _compile(self.text)

    @property
    def depth(self) -> int:
        """How many mainline cards back the sentence looks."""
        parts = [self.first.depth, self.second.depth if self.second else 0]
        if self.condition is not None:
            parts.append(self.condition.depth)
        return max(parts)


@cache
def _compile(text: str) -> CompiledRule:
    return compile_rule(text)


# The messages a student reads when a sentence is not finished or cannot mean anything. They
# are English here; the Django side translates them (classroom/engine_strings.py lists them).
MESSAGES: dict[str, str] = {
    "need-then": "Choose what to play: start with “play a … card”, “the same … as …” or another"
    " part.",
    "need-if-is": "Say what the card in your “if …” is: choose a color, a suit, a rank or a"
    " kind of card.",
    "sum-even-odd": "Two cards add up to a number: choose “even” or “odd” for it.",
    "need-what": "Say which card: choose a color, a suit, a rank or a kind of card.",
    "need-prop": "Say what is the same or different: color, suit, rank, odd/even, low/high or"
    " face/number.",
    "need-n": "Say how many ranks: choose a number.",
    "need-ref": "Say which card before: the last card, the card two back or the card three back.",
    "need-order": "Say in which order the suits go round.",
    "need-second": "You chose “{join}”: now build the second part.",
    "need-join": "Join the two parts with “and”, “or” or “otherwise”.",
    "otherwise-needs-if": "“Otherwise” needs an “if …” first: choose a condition at the start,"
    " or join the parts with “and” or “or”.",
    "same-twice": "Both parts say the same thing: change one of them.",
    "never": "No card can ever be played that way: {words} Change one of the parts.",
    "if-changes-nothing": "Both sides of “otherwise” say the same thing, so the “if” changes"
    " nothing: change one of them.",
    "any-with": "“Any card” with another part says only the other part: choose “(nothing more)”"
    " or another part.",
    "unknown-part": "There is no part called {name}.",
}


def _fail(key: str, part: str = "", **values: str) -> BuilderError:
    return BuilderError(MESSAGES[key].format(**values), part, key, values)


def _requirement(choices: Mapping[str, str], prefix: str) -> tuple[Requirement, list[str]]:
    kind = choices.get(prefix, "")
    if not kind:
        raise _fail(
            "need-then" if prefix == "then" else "need-second", prefix, join=choices.get("join", "")
        )
    PARTS_BY_ID[prefix].option(kind)
    used = [prefix]
    values: dict[str, str] = {}
    for need in _NEEDS[kind]:
        part_id = f"{prefix}-{need}"
        value = choices.get(part_id, "")
        if not value:
            raise _fail(f"need-{need}", part_id)
        PARTS_BY_ID[part_id].option(value)
        if kind == "sum" and need == "what" and value not in SUM_QUALITIES:
            raise _fail("sum-even-odd", part_id)
        values[need] = value
        used.append(part_id)
    requirement = Requirement(
        kind,
        what=values.get("what", ""),
        prop=values.get("prop", ""),
        n=int(values.get("n", "0")),
        ref=values.get("ref", ""),
        order=values.get("order", ""),
    )
    return requirement, used


def _condition(choices: Mapping[str, str]) -> tuple[Condition | None, list[str]]:
    kind = choices.get("if", "") or "always"
    PARTS_BY_ID["if"].option(kind)
    if kind == "always":
        return None, []
    if kind not in ("last", "last2", "sum2"):
        return Condition(kind), ["if"]
    what = choices.get("if-is", "")
    if not what:
        if kind == "sum2":
            raise _fail("sum-even-odd", "if-is")
        raise _fail("need-if-is", "if-is")
    PARTS_BY_ID["if-is"].option(what)
    if kind == "sum2" and what not in SUM_QUALITIES:
        raise _fail("sum-even-odd", "if-is")
    return Condition(kind, what), ["if", "if-is"]


def build(choices: Mapping[str, str]) -> Built:
    """Check a filling (part id -> option id; empty values count as not chosen) and build it.

    Raises BuilderError for an unknown part or option, a missing part, or a sentence that can
    never let a card through or says one thing twice. Parts that the chosen options do not use
    are ignored (a phone's drop-downs may keep an old value in a hidden part). The rule text is
    compiled before it is returned.
    """
    built = assemble(choices)
    if _never(built.compiled(), built.depth):
        raise _fail("never", "then2" if built.second else "then", words=built.words())
    return built


def assemble(choices: Mapping[str, str]) -> Built:
    """`build` without compiling: the parts checked and the rule text written."""
    for part_id in choices:
        if part_id not in PARTS_BY_ID:
            raise _fail("unknown-part", part_id, name=part_id)
    condition, used = _condition(choices)
    first, first_used = _requirement(choices, "then")
    used += first_used
    join = choices.get("join", "") or "none"
    PARTS_BY_ID["join"].option(join)
    second: Requirement | None = None
    if join == "none":
        if choices.get("then2"):
            raise _fail("need-join", "join")
    else:
        if join == "otherwise" and condition is None:
            raise _fail("otherwise-needs-if", "join")
        second, second_used = _requirement(choices, "then2")
        used += ["join", *second_used]
        if second == first:
            raise _fail("if-changes-nothing" if join == "otherwise" else "same-twice", "then2")
        if join in ("and", "or") and "any" in (first.kind, second.kind):
            raise _fail("any-with", "then2")
    text = _rule_text(condition, first, join, second)
    chosen = tuple((part.id, choices[part.id]) for part in PARTS if part.id in used)
    return Built(chosen, condition, first, join, second, text)


def _rule_text(
    condition: Condition | None, first: Requirement, join: str, second: Requirement | None
) -> str:
    if second is None:
        body = first.code()
    elif join == "otherwise":
        body = ""
    else:
        # The part that looks further back first: on a line too short for it, the whole rule
        # lets every card through, whatever the other part says.
        parts = sorted((first, second), key=lambda part: -part.depth)
        body = f"{parts[0].code()} {join} {parts[1].code()}"
    if condition is None:
        return body
    if join == "otherwise":
        assert second is not None
        return f"if {condition.code()} then {first.code()} else {second.code()}"
    return f"if {condition.code()} then {body} else true"


def lets_nothing_through(rule: CompiledRule) -> bool:
    """Whether a rule lets no card through after the starter (the builder refuses such a
    sentence; the candidate space leaves it out)."""
    return _never(rule, 0)


def _never(rule: CompiledRule, depth: int) -> bool:
    """Whether the sentence lets no card through on any of a spread of fixed lines of cards
    (long enough to read, both verdicts of the last play, both parities of place)."""
    return not any(rule.accepts(history, card) for history in _probe_lines() for card in FULL_DECK)


@cache
def _probe_lines() -> tuple[tuple[Attempt, ...], ...]:
    rng = random.Random("eleusis-builder-never")
    lines = []
    for length in range(4, 10):
        for _ in range(12):
            lines.append(tuple(sample_history(rng, None, length)))
    return tuple(lines)


def visible_parts(choices: Mapping[str, str]) -> list[tuple[Part, tuple[Option, ...]]]:
    """The drop-downs a student sees for a filling so far, each with the options that fit: the
    sub-parts of a chosen requirement, the second part once a joining word is chosen, only
    "even"/"odd" for a sum, "otherwise" only after an "if …"."""
    out: list[tuple[Part, tuple[Option, ...]]] = []

    def show(part_id: str, only: tuple[str, ...] | None = None) -> None:
        part = PARTS_BY_ID[part_id]
        options = part.options
        if only is not None:
            options = tuple(option for option in options if option.id in only)
        out.append((part, options))

    condition = choices.get("if", "") or "always"
    show("if")
    if condition in ("last", "last2"):
        show("if-is")
    elif condition == "sum2":
        show("if-is", SUM_QUALITIES)
    for prefix in ("then", "then2"):
        kind = choices.get(prefix, "")
        if prefix == "then2":
            join = choices.get("join", "") or "none"
            if not choices.get("then"):
                break
            joins = tuple(o.id for o in JOINS if o.id != "otherwise" or condition != "always")
            show("join", joins)
            if join == "none":
                break
        show(prefix)
        for need in _NEEDS.get(kind, ()):
            only = SUM_QUALITIES if kind == "sum" and need == "what" else None
            show(f"{prefix}-{need}", only)
    return out


def parse_filling(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """`["if=last", "if-is=red"]` as a filling; BuilderError for a word without `=`."""
    filling: dict[str, str] = {}
    for pair in pairs:
        part, sep, option = pair.partition("=")
        if not sep or not part.strip():
            raise BuilderError(f"{pair!r} is not PART=OPTION (for example then=play)", "")
        filling[part.strip()] = option.strip()
    return filling


def catalogue() -> list[dict[str, object]]:
    """Every part and its options with ids, for `./manage.py rules frames --json`."""
    return [
        {
            "id": part.id,
            "label": part.label,
            "options": [{"id": o.id, "label": o.label} for o in part.options],
        }
        for part in PARTS
    ]
