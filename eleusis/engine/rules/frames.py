"""Sentence frames: hypotheses a ten-year-old builds from drop-downs, each compiling to a rule.

A frame is a sentence with slots ("The next card must have a different {property} from the
last card"); each slot has a fixed list of options; `Frame.fill(choices)` gives the rule text.
Students now build their hypotheses with the sentence builder (`builder.py`); the frames stay
for the printed hypothesis sheet and to read hypotheses logged with them.

The checkable hypotheses that bots and the review weigh are the library and the builder's pool
(`eleusis.engine.inference.space.language_candidates()`). `all_frame_rules()` lists every
sentence a hypothesis may have been logged as (builder pool and frame fillings) with its rule
text.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from eleusis.engine.rules.pool import pool_entries

# "play a odd card" reads "play an odd card": the article follows the chosen word.
_A_BEFORE_VOWEL = re.compile(r"\ba (?=[aeiouAEIOU])")


class FrameError(ValueError):
    """A filling that names a missing slot, an unknown option, or an impossible combination."""


@dataclass(frozen=True)
class Option:
    key: str  # what a drop-down sends
    label: str  # what it shows
    code: str  # what it puts in the rule


@dataclass(frozen=True)
class Slot:
    name: str
    options: tuple[Option, ...]

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        known = ", ".join(option.key for option in self.options)
        raise FrameError(f"unknown choice {key!r} for {self.name}: choose one of {known}")


@dataclass(frozen=True)
class Frame:
    id: str
    text: str  # the sentence, with {slot} where a drop-down goes
    template: str  # the rule, with {slot} where the chosen option's code goes
    slots: tuple[Slot, ...]
    valid: Callable[[Mapping[str, int]], bool] | None = None  # on option positions

    @property
    def blank_text(self) -> str:
        """The sentence with ___ for each slot, as printed on paper."""
        return self.text.format(**{slot.name: "___" for slot in self.slots})

    def _options(self, choices: Mapping[str, str]) -> dict[str, Option]:
        missing = [slot.name for slot in self.slots if slot.name not in choices]
        if missing:
            raise FrameError(f"frame {self.id} needs a choice for {', '.join(missing)}")
        chosen = {slot.name: slot.option(choices[slot.name]) for slot in self.slots}
        if self.valid is not None:
            positions = {slot.name: slot.options.index(chosen[slot.name]) for slot in self.slots}
            if not self.valid(positions):
                raise FrameError(f"frame {self.id} cannot be filled that way: {dict(choices)}")
        return chosen

    def fill(self, choices: Mapping[str, str]) -> str:
        """The rule text for these choices (slot name to option key)."""
        chosen = self._options(choices)
        return self.template.format(**{name: option.code for name, option in chosen.items()})

    def sentence(self, choices: Mapping[str, str]) -> str:
        """The sentence with the chosen labels, as the student reads it."""
        chosen = self._options(choices)
        text = self.text.format(**{name: option.label for name, option in chosen.items()})
        return _A_BEFORE_VOWEL.sub("an ", text)

    def fillings(self) -> Iterator[dict[str, str]]:
        """Every valid filling, in the order of the options."""
        for combination in itertools.product(*(range(len(s.options)) for s in self.slots)):
            positions = {
                slot.name: index for slot, index in zip(self.slots, combination, strict=True)
            }
            if self.valid is not None and not self.valid(positions):
                continue
            yield {
                slot.name: slot.options[index].key
                for slot, index in zip(self.slots, combination, strict=True)
            }


def _options(*triples: tuple[str, str, str]) -> tuple[Option, ...]:
    return tuple(Option(*triple) for triple in triples)


PROPERTIES = _options(
    ("color", "color", "color"),
    ("suit", "suit", "suit"),
    ("rank", "rank", "rank"),
    ("parity", "odd/even", "parity"),
    ("half", "low/high", "half"),
)
QUALITIES = _options(
    ("red", "red", "red"),
    ("black", "black", "black"),
    ("odd", "odd", "odd"),
    ("even", "even", "even"),
    ("low", "low (A–7)", "low"),
    ("high", "high (8–K)", "high"),
    ("face", "face (J, Q, K)", "face"),
    ("hearts", "heart", "hearts"),
    ("diamonds", "diamond", "diamonds"),
    ("spades", "spade", "spades"),
    ("clubs", "club", "clubs"),
)
COLORS_AND_SUITS = tuple(q for q in QUALITIES if q.key in ("red", "black")) + QUALITIES[-4:]
RANKS = _options(
    *(
        (str(rank), name, str(rank))
        for rank, name in enumerate(
            ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), start=1
        )
    )
)
RELATIONS = _options(
    ("higher", "higher than", "rank > last.rank"),
    ("lower", "lower than", "rank < last.rank"),
    ("same", "the same as", "rank == last.rank"),
    ("higher-or-same", "higher than or the same as", "rank >= last.rank"),
    ("lower-or-same", "lower than or the same as", "rank <= last.rank"),
    ("one-more", "one more than", "rank == last.rank + 1"),
    ("one-less", "one less than", "rank == last.rank - 1"),
    ("next-to", "one more, one less or the same as", "rank in last.rank - 1 .. last.rank + 1"),
)
STEPS = _options(*((str(n), str(n), str(n)) for n in range(1, 7)))
SUIT_ORDERS = _options(
    *(
        (
            "-".join(("spades", *rest)),
            " → ".join(("♠", *(symbol for symbol in _symbols))),
            ", ".join(("spades", *rest)),
        )
        for rest, _symbols in (
            (perm, tuple({"hearts": "♥", "diamonds": "♦", "clubs": "♣"}[s] for s in perm))
            for perm in itertools.permutations(("hearts", "diamonds", "clubs"))
        )
    )
)
RUN_LENGTHS = _options(*((str(n), str(n), str(n)) for n in range(1, 5)))
TOTALS = _options(*((str(n), str(n), str(n)) for n in (5, 8, 10, 12, 15)))


def _different(first: str, second: str) -> Callable[[Mapping[str, int]], bool]:
    return lambda positions: positions[first] != positions[second]


def _ascending(first: str, second: str) -> Callable[[Mapping[str, int]], bool]:
    return lambda positions: positions[first] < positions[second]


def _not_after(first: str, second: str) -> Callable[[Mapping[str, int]], bool]:
    return lambda positions: positions[first] <= positions[second]


FRAMES: list[Frame] = [
    Frame(
        "different",
        "The next card must have a different {property} from the last card",
        "{property} != last.{property}",
        (Slot("property", PROPERTIES),),
    ),
    Frame(
        "same",
        "The next card must have the same {property} as the last card",
        "{property} == last.{property}",
        (Slot("property", PROPERTIES),),
    ),
    Frame(
        "same-either",
        "The next card must have the same {first} or the same {second} as the last card",
        "{first} == last.{first} or {second} == last.{second}",
        (Slot("first", PROPERTIES), Slot("second", PROPERTIES)),
        _ascending("first", "second"),
    ),
    Frame(
        "if-else",
        "If the last card is {condition}, play a {then} card, otherwise a {otherwise} card",
        "if last is {condition} then {then} else {otherwise}",
        (Slot("condition", QUALITIES), Slot("then", QUALITIES), Slot("otherwise", QUALITIES)),
        _different("then", "otherwise"),
    ),
    Frame(
        "after",
        "After a {condition} card, play a {then} card; after any other card, anything goes",
        "if last is {condition} then {then} else true",
        (Slot("condition", QUALITIES), Slot("then", QUALITIES)),
    ),
    Frame(
        "always",
        "Every card must be a {quality} card",
        "{quality}",
        (Slot("quality", QUALITIES),),
    ),
    Frame(
        "never",
        "The next card must never be a {quality} card",
        "not {quality}",
        (Slot("quality", QUALITIES),),
    ),
    Frame(
        "rank-relation",
        "The next card's rank must be {relation} the last card's rank",
        "{relation}",
        (Slot("relation", RELATIONS),),
    ),
    Frame(
        "step-up",
        "The next card's rank must be {steps} more than the last card's, going round from K to A",
        "rank == last.rank + {steps} wrap 13",
        (Slot("steps", STEPS),),
    ),
    Frame(
        "rank-between",
        "The next card's rank must be from {low} to {high}",
        "rank in {low} .. {high}",
        (Slot("low", RANKS), Slot("high", RANKS)),
        _not_after("low", "high"),
    ),
    Frame(
        "suit-cycle",
        "The suits go round in the order {order}",
        "suit == next(last.suit, [{order}])",
        (Slot("order", SUIT_ORDERS),),
    ),
    Frame(
        "verdict",
        "If the last play was right, play a {right} card; if it was wrong, play a {wrong} card",
        "if previous.accepted then {right} else {wrong}",
        (Slot("right", QUALITIES), Slot("wrong", QUALITIES)),
        _different("right", "wrong"),
    ),
    Frame(
        "color-runs",
        "The colors come in runs of {length} cards",
        "if (position - 1) % {length} == 0 then color != last.color else color == last.color",
        (Slot("length", RUN_LENGTHS),),
    ),
    Frame(
        "higher-if",
        "If the last card is {condition}, play a higher card, otherwise a lower card",
        "if last is {condition} then rank > last.rank else rank < last.rank",
        (Slot("condition", QUALITIES),),
    ),
    Frame(
        "sum-two",
        "If the last two cards add up to {total} or less (J, Q, K count 10), play a {then} card,"
        " otherwise a {otherwise} card",
        "if sum(value of last 2) <= {total} then {then} else {otherwise}",
        (
            Slot("total", TOTALS),
            Slot("then", COLORS_AND_SUITS),
            Slot("otherwise", COLORS_AND_SUITS),
        ),
        _different("then", "otherwise"),
    ),
    Frame(
        "same-as-two-back",
        "The next card must have the same {property} as the card two before it",
        "{property} == last2.{property}",
        (Slot("property", PROPERTIES),),
    ),
]

FRAMES_BY_ID: dict[str, Frame] = {frame.id: frame for frame in FRAMES}


def frame(frame_id: str) -> Frame:
    try:
        return FRAMES_BY_ID[frame_id]
    except KeyError:
        raise KeyError(f"no sentence frame {frame_id!r}") from None


def all_frame_rules() -> list[tuple[str, str]]:
    """Every sentence of the builder's pool, then every filling of every frame, as (the
    sentence, the rule text): what a bot or an older table may have logged."""
    seen = {sentence for sentence, _text in pool_entries()}
    return list(pool_entries()) + [entry for entry in _all_frame_rules() if entry[0] not in seen]


@cache
def _all_frame_rules() -> tuple[tuple[str, str], ...]:
    return tuple((f.sentence(choices), f.fill(choices)) for f in FRAMES for choices in f.fillings())
