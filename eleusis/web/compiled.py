"""Querysets compiled to SQL once, for the few reads a class makes many times a second.

Django turns a queryset into SQL anew each time it is evaluated. For the reads of a student's
table (their seat with the table's seats, students, session and assignment; the current round)
that work cost more of the server's CPU than the database spent answering them (see
`benchmarks/bench_table.py`). `CompiledQuery` asks Django once, per thread and database
connection, for the SQL of a queryset built from placeholder parameters (and for the
converters of its columns), then runs that SQL with each call's parameters and builds the model
instances as Django's own `ModelIterable` does: the same columns, converters, related objects
(`select_related`) and annotations.

Only for querysets whose parameters appear as they are in the SQL (`field=value` lookups, an
`Exists` on them); anything else is refused when first compiled.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators


class CompiledQueryError(ValueError):
    """A queryset whose parameters cannot be told apart in its SQL."""


def _placeholder(index: int, value: Any) -> Any:
    """A value of the parameter's type that no real call passes."""
    if isinstance(value, bool):
        raise CompiledQueryError(f"parameter {index}: a bool cannot be told apart in the SQL")
    if isinstance(value, int):
        return -7_346_000_000_000 - index
    if isinstance(value, str):
        return f"\x1fcompiled-parameter-{index}\x1f"
    raise CompiledQueryError(f"parameter {index}: {type(value).__name__} is not supported")


class _Arg:
    """Where a call's parameter goes among the SQL's parameters."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


class _Compiled:
    """One thread's compiled query: the SQL, its parameters, how to build the instances."""

    def __init__(self, queryset: QuerySet, placeholders: list[Any], connection: Any) -> None:
        compiler = queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()  # also sets select, klass_info, annotation_col_map
        positions = {value: index for index, value in enumerate(placeholders)}
        self.params: list[Any] = [
            _Arg(positions[value]) if value in positions else value for value in params
        ]
        found = {p.index for p in self.params if isinstance(p, _Arg)}
        if found != set(range(len(placeholders))):
            missing = sorted(set(range(len(placeholders))) - found)
            raise CompiledQueryError(f"parameters {missing} do not appear as they are in the SQL")
        self.sql = sql
        self.connection = connection
        self.compiler = compiler
        self.db = queryset.db
        klass_info = compiler.klass_info
        self.model: type[Model] = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [
            column[0].target.attname for column in compiler.select[self.start : self.end]
        ]
        self.related = get_related_populators(klass_info, compiler.select, self.db)
        self.annotations = dict(compiler.annotation_col_map or {})
        columns = [column[0] for column in compiler.select[: compiler.col_count]]
        self.converters = compiler.get_converters(columns)

    def run(self, args: tuple[Any, ...]) -> list[Any]:
        params = [args[p.index] if isinstance(p, _Arg) else p for p in self.params]
        with self.connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.compiler.has_extra_select:  # columns only the ordering asked for
            rows = [row[: self.compiler.col_count] for row in rows]
        objects = []
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        for row in rows:
            obj = self.model.from_db(self.db, self.init_list, row[self.start : self.end])
            for populator in self.related:
                populator.populate(row, obj)
            for name, position in self.annotations.items():
                setattr(obj, name, row[position])
            objects.append(obj)
        return objects


class CompiledQuery:
    """`build(*params)` returns the queryset; calling this with the parameters returns its
    model instances (a list), as `list(build(*params))` would, without compiling it again."""

    def __init__(self, build: Callable[..., QuerySet], *, using: str = "default") -> None:
        self.build = build
        self.using = using
        self._local = threading.local()

    def __call__(self, *args: Any) -> list[Any]:
        connection = connections[self.using]
        compiled = getattr(self._local, "compiled", None)
        if compiled is None or compiled.connection is not connection:
            placeholders = [_placeholder(i, value) for i, value in enumerate(args)]
            compiled = _Compiled(self.build(*placeholders), placeholders, connection)
            self._local.compiled = compiled
        return compiled.run(args)
