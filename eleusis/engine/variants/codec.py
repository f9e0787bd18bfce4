"""Turn the engine's value types into JSON-ready data and back, guided by type hints.

Cards travel as their ASCII code (`"QD"`), enums as their value, dataclasses as dicts of their
fields, tuples and lists as lists. Reading back follows the annotations of the target type, so
every dataclass that goes through here must annotate its fields with types this module knows:
`Card`, `Attempt`, other dataclasses, `int`, `str`, `bool`, `float`, `X | None`, `list[X]`,
`tuple[X, ...]`, `Literal[...]`, `dict[str, X]` and enums.
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
        names = tuple(field.name for field in _fields(kind))
        return lambda value: {name: dump(getattr(value, name)) for name in names}
    if issubclass(kind, list | tuple):
        return lambda value: [dump(item) for item in value]
    if issubclass(kind, dict):
        return lambda value: {str(key): dump(item) for key, item in value.items()}

    def refuse(value: Any) -> JSON:
        raise CodecError(f"cannot turn {value!r} ({type(value).__name__}) into JSON")

    return refuse


def _card_code(card: Card) -> str:
    return card.code


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


def _compile(target: Any) -> Loader:
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
    if not isinstance(data, str):
        raise CodecError(f"expected a card code like 'QD', got {data!r}")
    card = _CARDS.get(data)
    if card is None:
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


def _dataclass_loader(cls: type[Any]) -> Loader:
    hints = _hints(cls)
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
