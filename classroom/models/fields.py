"""A model field for a cached JSON document that only Python reads: `PackedJSONField`.

A round's snapshot is rewritten whole at every move and read whole at every page, and nothing
ever queries inside it. Stored as JSON (`jsonb`), PostgreSQL parses the whole document on each
write and prints it back on each read, and the driver quotes and parses it again: about a fifth
of a play's cost (benchmarks/bench_table.py). Packed instead — orjson's bytes, compressed with
zlib at its fastest level — the database only stores and returns bytes, a quarter the size.
"""

from __future__ import annotations

import base64
import logging
import zlib
from typing import Any

import orjson
from django.db import models

logger = logging.getLogger(__name__)

# Keys that are not text (a player's number) become text, as the standard json module does.
_OPTIONS = orjson.OPT_NON_STR_KEYS
_LEVEL = 1  # zlib's fastest: 23 kB of a round's JSON in 0.1 ms, down to 5.6 kB


def pack(value: Any) -> bytes:
    return zlib.compress(orjson.dumps(value, option=_OPTIONS), _LEVEL)


def unpack(data: bytes | memoryview) -> Any:
    return orjson.loads(zlib.decompress(data))


class PackedJSONField(models.BinaryField):
    """JSON-ready data (dicts, lists, text, numbers) kept as compressed bytes. For caches the
    app can always rebuild: a value it cannot read (stored by an older version, or damaged)
    reads as None, so the caller rebuilds it, rather than failing the page."""

    description = "JSON data, packed (orjson and zlib)"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> tuple[str, str, list[Any], dict[str, Any]]:
        name, path, args, kwargs = super().deconstruct()
        kwargs.pop("editable", None)  # always False, as for every BinaryField
        return name, path, args, kwargs

    def get_prep_value(self, value: Any) -> Any:
        if value is None or isinstance(value, bytes | memoryview):
            return value
        return pack(value)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if value is None:
            return None
        try:
            return unpack(value)
        except (zlib.error, orjson.JSONDecodeError):
            logger.warning("%s: a stored value could not be read; it is rebuilt", self)
            return None

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str):  # as `value_to_string` writes it (serialized fixtures)
            value = base64.b64decode(value)
        if isinstance(value, bytes | memoryview):
            return self.from_db_value(value, None, None)
        return value

    def value_to_string(self, obj: models.Model) -> str:
        value = self.value_from_object(obj)
        return "" if value is None else base64.b64encode(pack(value)).decode("ascii")
