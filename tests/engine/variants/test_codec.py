"""The snapshot codec: what it writes reads back as it was, and data of the wrong shape is
refused with a message that names the field, never half-read. Its generated readers and writers
take the usual data inline and hand everything else to the careful reader: both are checked."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest

from eleusis.engine.cards import Card
from eleusis.engine.variants import codec
from eleusis.engine.variants.codec import CodecError


class Mood(enum.Enum):
    CALM = "calm"
    BOLD = "bold"


@dataclass(frozen=True)
class Move:
    card: Card
    accepted: bool


@dataclass
class Everything:
    count: int
    name: str
    flag: bool
    ratio: float
    card: Card
    cards: list[Card]
    hand: tuple[Card, ...]
    maybe_card: Card | None
    maybe_count: int | None
    maybe_flag: bool | None
    mood: Mood
    side: Literal["left", "right"]
    moves: list[Move]
    last: Move | None
    events: list[dict[str, Any]]
    tags: dict[str, int]
    note: str | None = None
    extra: list[int] = field(default_factory=list)


def everything(**changes: Any) -> Everything:
    values: dict[str, Any] = {
        "count": 3,
        "name": "Ann",
        "flag": True,
        "ratio": 0.5,
        "card": Card.parse("QD"),
        "cards": [Card.parse("10H"), Card.parse("AS")],
        "hand": (Card.parse("2C"),),
        "maybe_card": None,
        "maybe_count": 0,
        "maybe_flag": False,
        "mood": Mood.BOLD,
        "side": "left",
        "moves": [Move(Card.parse("KC"), False)],
        "last": Move(Card.parse("3S"), True),
        "events": [{"kind": "played", "cards": ["QD"], "nested": {"a": [1, None]}}],
        "tags": {"x": 1},
    }
    values.update(changes)
    return Everything(**values)


def test_what_is_dumped_is_json_and_reads_back_equal():
    value = everything()
    data = codec.dump(value)
    assert json.loads(json.dumps(data)) == data
    assert data["card"] == "QD"
    assert data["cards"] == ["10H", "AS"]
    assert data["hand"] == ["2C"]
    assert data["mood"] == "bold"
    assert data["moves"] == [{"card": "KC", "accepted": False}]
    assert codec.load_dataclass(Everything, data) == value


@pytest.mark.parametrize(
    "changes",
    [
        {"maybe_card": Card.parse("7H"), "maybe_count": None, "maybe_flag": None},
        {"last": None, "moves": [], "cards": [], "hand": (), "events": []},
        {"note": "a note", "extra": [1, 2]},
    ],
)
def test_other_values_read_back_equal(changes):
    value = everything(**changes)
    assert codec.load_dataclass(Everything, json.loads(json.dumps(codec.dump(value)))) == value


def test_missing_fields_take_their_defaults():
    data = codec.dump(everything(note="gone", extra=[9]))
    del data["note"], data["extra"]
    assert codec.load_dataclass(Everything, data) == everything()


def test_a_read_event_is_a_copy_of_the_data():
    data = codec.dump(everything())
    value = codec.load_dataclass(Everything, data)
    value.events[0]["kind"] = "changed"
    assert data["events"][0]["kind"] == "played"


def test_a_value_of_another_type_than_its_annotation_is_still_dumped_by_its_own_type():
    # A field annotated as a card or a number may hold a subclass or an enum: it is dumped as
    # itself, not as the annotation assumed.
    value = everything(name=Mood.CALM, cards=(Card.parse("AS"),))
    data = codec.dump(value)
    assert data["name"] == "calm"
    assert data["cards"] == ["AS"]


@pytest.mark.parametrize(
    ("field_name", "bad", "message"),
    [
        ("count", "3", "expected an integer"),
        ("count", True, "expected an integer"),
        ("flag", 1, "expected true or false"),
        ("name", 7, "expected a string"),
        ("card", "ZZ", "ZZ"),
        ("card", 5, "expected a card code"),
        ("cards", "QD", "expected a list"),
        ("cards", ["QD", None], "expected a card code"),
        ("maybe_count", "none", "fits none of"),
        ("maybe_flag", 0, "fits none of"),
        ("mood", "angry", "angry"),
        ("side", "up", "is not one of"),
        ("moves", [{"card": "KC"}], "Move"),
        ("events", ["played"], "expected an object"),
        ("tags", {"x": "one"}, "expected an integer"),
    ],
)
def test_data_of_the_wrong_shape_is_refused_with_what_is_wrong(field_name, bad, message):
    data = codec.dump(everything())
    data[field_name] = bad
    with pytest.raises((CodecError, ValueError), match=message):
        codec.load_dataclass(Everything, data)


def test_an_unknown_field_is_refused_by_name():
    data = codec.dump(everything())
    data["surprise"] = 1
    with pytest.raises(CodecError, match="Everything has no field surprise"):
        codec.load_dataclass(Everything, data)


def test_not_an_object_is_refused():
    with pytest.raises(CodecError, match="expected an object for Everything"):
        codec.load_dataclass(Everything, ["count", 3])
