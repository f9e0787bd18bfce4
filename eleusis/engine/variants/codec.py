"""Turn the engine's value types into JSON-ready data and back, guided by type hints.

Cards travel as their ASCII code (`"QD"`), enums as their value, dataclasses as dicts of their
fields, tuples and lists as lists. Reading back follows the annotations of the target type, so
every dataclass that goes through here must annotate its fields with types this module knows:
`Card`, `Attempt`, other dataclasses, `int`, `str`, `bool`, `float`, `X | None`, `list[X]`,
`tuple[X, ...]`, `Literal[...]`, `dict[str, X]` and enums. A `dict[str, JSON]` (an event as the
engine logged it) holds JSON already: it is copied, not walked.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Self, TypeVar, Union, get_args, get_origin

from eleusis.engine.cards import Card

T = TypeVar("T")

JSON = Any  # what json.dumps accepts: dicts, lists, str, int, float, bool, None


class CodecError(ValueError):
    """JSON data does not match the shape of the value it should become."""


def dump(value: object) -> JSON:
    """A JSON-ready copy of `value`."""
    if value is None or type(value) in _PLAIN:
        return value
    dumper = _DUMPERS.get(type(value))
    if dumper is None:
        dumper = _DUMPERS[type(value)] = _dumper_for(type(value))
    return dumper(value)


_PLAIN: frozenset[type[Any]] = frozenset({bool, int, float, str})
_DUMPERS: dict[type[Any], Callable[[Any], JSON]] = {}


def _dumper_for(kind: type[Any]) -> Callable[[Any], JSON]:
    """How to dump every value of this exact type (worked out once per type)."""
    if issubclass(kind, bool | int | float | str):
        return lambda value: value
    if issubclass(kind, Card):
        return _card_code
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if dataclasses.is_dataclass(kind):
        return _dataclass_dumper(kind)
    if issubclass(kind, list | tuple):
        return lambda value: [item if item.__class__ in _PLAIN else dump(item) for item in value]
    if issubclass(kind, dict):
        return lambda value: {
            key if key.__class__ is str else str(key): item
            if item.__class__ in _PLAIN
            else dump(item)
            for key, item in value.items()
        }

    def refuse(value: Any) -> JSON:
        raise CodecError(f"cannot turn {value!r} ({type(value).__name__}) into JSON")

    return refuse


def _card_code(card: Card) -> str:
    return card.code


# Snapshots are dumped and read on every move and every changed poll, thousands of fields
# each: a dataclass's dumper and reader are generated once as Python source (as `dataclasses`
# generates `__init__`), each field's expression chosen by its annotation, with the common
# case (a plain value, a card, a list of cards) written inline instead of behind a call.


def _dataclass_dumper(kind: type[Any]) -> Callable[[Any], JSON]:
    hints = _hints(kind)
    items = ", ".join(
        f"{field.name!r}: {_dump_expression(hints[field.name], 'value.' + field.name)}"
        for field in _fields(kind)
    )
    namespace = {"_PLAIN": _PLAIN, "_Card": Card, "_SEQUENCES": _SEQUENCES, "dump": dump}
    source = f"def generated(value):\n    return {{{items}}}"
    dumper: Callable[[Any], JSON] = _generated(f"dump {kind.__name__}", source, namespace)
    return dumper


_SEQUENCES = frozenset({list, tuple})


def _dump_expression(hint: Any, attribute: str) -> str:
    """How to write the field `attribute` (annotated `hint`): inline when the annotation says it
    is a plain value, a card or a sequence of cards, with `dump` whenever the value is not."""
    if hint in _SCALARS or _optional(hint) in _SCALARS:
        return f"(v if (v := {attribute}).__class__ in _PLAIN else dump(v))"
    if hint == list[dict[str, Any]]:  # JSON already (events): each object copied, not walked
        return f"[dict(o) for o in {attribute}]"
    if hint is Card:
        return f"(v.code if (v := {attribute}).__class__ is _Card else dump(v))"
    if get_origin(hint) in (list, tuple) and get_args(hint)[:1] == (Card,):
        return (
            f"([c.code if c.__class__ is _Card else dump(c) for c in v] "
            f"if (v := {attribute}).__class__ in _SEQUENCES else dump(v))"
        )
    return f"dump({attribute})"


def _optional(hint: Any) -> Any:
    """X for the annotation `X | None` (None for any other)."""
    if get_origin(hint) in (Union, types.UnionType):
        options = [option for option in get_args(hint) if option is not type(None)]
        if len(options) == 1 and len(get_args(hint)) == 2:
            return options[0]
    return None


def _generated(what: str, source: str, namespace: dict[str, Any]) -> Any:
    """The function `generated` that `source` defines (in tracebacks, from `<codec: what>`)."""
    exec(compile(source, f"<codec: {what}>", "exec"), namespace)
    return namespace["generated"]


def load(target: Any, data: JSON) -> Any:
    """Rebuild a value of type `target` from what `dump` made."""
    return _loader(target)(data)


Loader = Callable[[JSON], Any]
_LOADERS: dict[Any, Loader] = {}


def _loader(target: Any) -> Loader:
    """The function that reads `target` from JSON, compiled once per target type: reading a
    round's snapshot runs thousands of these, so the type hints are walked only the first
    time. Thread-safe: a loader is published only once it is complete (web threads decode
    snapshots at the same time)."""
    try:
        return _LOADERS[target]
    except KeyError:
        pass
    except TypeError:  # an unhashable target: compile it each time
        return _compile(target)
    with _COMPILE_LOCK:
        if target in _LOADERS:
            return _LOADERS[target]
        if target in _COMPILING:  # a type that contains itself: look it up when called
            return lambda data: _loader(target)(data)
        _COMPILING.add(target)
        try:
            compiled = _compile(target)
        finally:
            _COMPILING.discard(target)
        _LOADERS[target] = compiled
        return compiled


_COMPILE_LOCK = threading.RLock()
_COMPILING: set[Any] = set()


# Its branches are a dispatch, one branch per kind of type it reads (`noqa: C901`).
def _compile(target: Any) -> Loader:  # noqa: C901
    if target is Any:
        return lambda data: data
    origin = get_origin(target)
    if origin is Union or origin is types.UnionType:
        return _union_loader(target)
    if origin is Literal:
        allowed = get_args(target)

        def literal(data: JSON) -> Any:
            if data not in allowed:
                raise CodecError(f"{data!r} is not one of {allowed}")
            return data

        return literal
    if origin in (list, tuple):
        return _sequence_loader(target, origin)
    if origin is dict and get_args(target) == (str, Any):
        return _json_object_loader
    if origin is dict:
        key_type, value_type = get_args(target)
        key_loader, value_loader = _loader(key_type), _loader(value_type)

        def mapping(data: JSON) -> Any:
            if not isinstance(data, dict):
                raise CodecError(f"expected an object for {target}, got {data!r}")
            return {key_loader(key): value_loader(item) for key, item in data.items()}

        return mapping
    if target is Card:
        return _load_card
    if isinstance(target, type) and issubclass(target, enum.Enum):
        return target
    if target in _SCALARS:
        return _SCALARS[target]
    if isinstance(target, type) and dataclasses.is_dataclass(target):
        return _dataclass_loader(target)

    def unknown(data: JSON) -> Any:
        raise CodecError(f"cannot read {target!r} from JSON")

    return unknown


def _json_object_loader(data: JSON) -> dict[str, JSON]:
    """A JSON object kept as it is (an event): a copy, its keys strings as JSON's are."""
    if data.__class__ is not dict:
        raise CodecError(f"expected an object, got {data!r}")
    return dict(data)


def _union_loader(target: Any) -> Loader:
    options = get_args(target)
    optional = type(None) in options
    loaders = [_loader(option) for option in options if option is not type(None)]

    def union(data: JSON) -> Any:
        if data is None and optional:
            return None
        errors = []
        for loader in loaders:
            try:
                return loader(data)
            except (CodecError, ValueError, TypeError, KeyError) as error:
                errors.append(str(error))
        raise CodecError(f"{data!r} fits none of {target}: {'; '.join(errors)}")

    return union


def _sequence_loader(target: Any, origin: Any) -> Loader:
    args = get_args(target)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        loaders = [_loader(arg) for arg in args]

        def fixed(data: JSON) -> Any:
            if not isinstance(data, list):
                raise CodecError(f"expected a list for {target}, got {data!r}")
            return tuple(loader(item) for loader, item in zip(loaders, data, strict=True))

        return fixed
    item_loader = _loader(args[0])
    as_tuple = origin is tuple

    def sequence(data: JSON) -> Any:
        if not isinstance(data, list):
            raise CodecError(f"expected a list for {target}, got {data!r}")
        items = [item_loader(item) for item in data]
        return tuple(items) if as_tuple else items

    return sequence


_CARDS: dict[str, Card] = {}


def _load_card(data: JSON) -> Card:
    try:
        return _CARDS[data]
    except (KeyError, TypeError):  # not read yet, or not a code at all
        pass
    if not isinstance(data, str):
        raise CodecError(f"expected a card code like 'QD', got {data!r}")
    card = Card.parse(data)
    if len(_CARDS) < 1024:  # cards are values: one parse per code is enough
        _CARDS[data] = card
    return card


def _load_bool(data: JSON) -> bool:
    if not isinstance(data, bool):
        raise CodecError(f"expected true or false, got {data!r}")
    return data


def _load_int(data: JSON) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise CodecError(f"expected an integer, got {data!r}")
    return data


def _load_float(data: JSON) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise CodecError(f"expected a number, got {data!r}")
    return float(data)


def _load_str(data: JSON) -> str:
    if not isinstance(data, str):
        raise CodecError(f"expected a string, got {data!r}")
    return data


_SCALARS: dict[Any, Loader] = {
    bool: _load_bool,
    int: _load_int,
    float: _load_float,
    str: _load_str,
}
# The test that lets a generated reader take a value `v` as it is (`{v}`: its first mention);
# otherwise the field's own reader says what is wrong.
_INLINE_SCALARS: dict[Any, str] = {
    bool: "{v} is True or v is False",
    int: "{v}.__class__ is int",
    str: "{v}.__class__ is str",
}


def _dataclass_loader(cls: type[Any]) -> Loader:
    """A reader for `cls`: generated for the usual data (every field there, as `dump` writes
    them), which hands anything else, errors included, to the careful reader below it."""
    hints = _hints(cls)
    fields = _fields(cls)
    careful = _careful_dataclass_loader(cls, hints)
    namespace: dict[str, Any] = {
        "cls": cls,
        "careful": careful,
        "_load_card": _load_card,
        **{f"load_{i}": _loader(hints[field.name]) for i, field in enumerate(fields)},
    }
    arguments = ", ".join(
        f"{field.name}={_load_expression(hints[field.name], f'data[{field.name!r}]', i)}"
        for i, field in enumerate(fields)
    )
    source = (
        "def generated(data):\n"
        f"    if data.__class__ is dict and len(data) == {len(fields)}:\n"
        f"        try:\n"
        f"            return cls({arguments})\n"
        f"        except Exception:\n"
        f"            pass  # the careful reader says what is wrong\n"
        f"    return careful(data)"
    )
    read: Loader = _generated(f"read {cls.__name__}", source, namespace)
    return read


def _load_expression(hint: Any, item: str, index: int) -> str:
    if hint in _INLINE_SCALARS:
        check = _INLINE_SCALARS[hint].format(v=f"(v := {item})")
        return f"(v if ({check}) else load_{index}(v))"
    if _optional(hint) in _INLINE_SCALARS:
        check = _INLINE_SCALARS[_optional(hint)].format(v="v")
        return f"(v if (v := {item}) is None or ({check}) else load_{index}(v))"
    if hint is Card:
        return f"_load_card({item})"
    if get_origin(hint) is list and get_args(hint) == (Card,):
        return (
            f"([_load_card(c) for c in v] if (v := {item}).__class__ is list else load_{index}(v))"
        )
    return f"load_{index}({item})"


def _careful_dataclass_loader(cls: type[Any], hints: dict[str, Any]) -> Loader:
    known = frozenset(field.name for field in _fields(cls))
    loaders = {name: _loader(hints[name]) for name in known}

    def read(data: JSON) -> Any:
        if not isinstance(data, dict):
            raise CodecError(f"expected an object for {cls.__name__}, got {data!r}")
        if not known.issuperset(data):
            unknown = set(data) - known
            raise CodecError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        values = {name: loaders[name](item) for name, item in data.items()}
        try:
            return cls(**values)
        except TypeError as error:
            raise CodecError(f"cannot build {cls.__name__} from {data!r}: {error}") from None

    return read


def load_dataclass(cls: type[T], data: JSON) -> T:
    result: T = _loader(cls)(data)
    return result


class JSONDataclass:
    """Mixin for a dataclass that travels as JSON through this module: `to_json` writes it,
    `from_json` reads it back. It adds no field and no instance storage (slots stay slots)."""

    __slots__ = ()

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = dump(self)
        return data

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Self:
        return load_dataclass(cls, data)


_FIELDS: dict[type[Any], tuple[dataclasses.Field[Any], ...]] = {}
_HINTS: dict[type[Any], dict[str, Any]] = {}


def _fields(cls: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(field for field in dataclasses.fields(cls) if field.init)
    return _FIELDS[cls]


def _hints(cls: type[Any]) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]
