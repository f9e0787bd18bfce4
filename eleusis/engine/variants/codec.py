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
import types
import typing
from typing import Any, Literal, Self, TypeVar, Union, get_args, get_origin

from eleusis.engine.cards import Card

T = TypeVar("T")

JSON = Any  # what json.dumps accepts: dicts, lists, str, int, float, bool, None


class CodecError(ValueError):
    """JSON data does not match the shape of the value it should become."""


def dump(value: object) -> JSON:
    """A JSON-ready copy of `value`."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: dump(getattr(value, field.name)) for field in _fields(type(value))}
    if isinstance(value, list | tuple):
        return [dump(item) for item in value]
    if isinstance(value, dict):
        return {str(key): dump(item) for key, item in value.items()}
    raise CodecError(f"cannot turn {value!r} ({type(value).__name__}) into JSON")


def load(target: Any, data: JSON) -> Any:
    """Rebuild a value of type `target` from what `dump` made."""
    if target is Any:
        return data
    origin = get_origin(target)
    if origin is Union or origin is types.UnionType:
        options = get_args(target)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return load(option, data)
            except (CodecError, ValueError, TypeError, KeyError) as error:
                errors.append(str(error))
        raise CodecError(f"{data!r} fits none of {target}: {'; '.join(errors)}")
    if origin is Literal:
        if data not in get_args(target):
            raise CodecError(f"{data!r} is not one of {get_args(target)}")
        return data
    if origin in (list, tuple):
        if not isinstance(data, list):
            raise CodecError(f"expected a list for {target}, got {data!r}")
        args = get_args(target)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return tuple(load(arg, item) for arg, item in zip(args, data, strict=True))
        items = [load(args[0], item) for item in data]
        return items if origin is list else tuple(items)
    if origin is dict:
        key_type, value_type = get_args(target)
        if not isinstance(data, dict):
            raise CodecError(f"expected an object for {target}, got {data!r}")
        return {load(key_type, key): load(value_type, item) for key, item in data.items()}
    if target is Card:
        if not isinstance(data, str):
            raise CodecError(f"expected a card code like 'QD', got {data!r}")
        return Card.parse(data)
    if isinstance(target, type) and issubclass(target, enum.Enum):
        return target(data)
    if target is bool:
        if not isinstance(data, bool):
            raise CodecError(f"expected true or false, got {data!r}")
        return data
    if target is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(f"expected an integer, got {data!r}")
        return data
    if target is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise CodecError(f"expected a number, got {data!r}")
        return float(data)
    if target is str:
        if not isinstance(data, str):
            raise CodecError(f"expected a string, got {data!r}")
        return data
    if isinstance(target, type) and dataclasses.is_dataclass(target):
        return load_dataclass(target, data)
    raise CodecError(f"cannot read {target!r} from JSON")


def load_dataclass(cls: type[T], data: JSON) -> T:
    if not isinstance(data, dict):
        raise CodecError(f"expected an object for {cls.__name__}, got {data!r}")
    klass: type[Any] = cls
    hints = _hints(klass)
    known = {field.name for field in _fields(klass)}
    unknown = set(data) - known
    if unknown:
        raise CodecError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    values = {name: load(hints[name], item) for name, item in data.items()}
    try:
        return cls(**values)
    except TypeError as error:
        raise CodecError(f"cannot build {cls.__name__} from {data!r}: {error}") from None


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
