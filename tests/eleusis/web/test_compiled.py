"""Querysets compiled once: the same instances as the ORM gives, for any parameters."""

import pytest
from django.db import connection
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext

from classroom.models import Action, Round, Seat
from eleusis.web.compiled import CompiledQuery, CompiledQueryError
from tests.factories import live_table

pytestmark = pytest.mark.django_db


def _seats(table_id):
    return (
        Seat.objects.filter(table_id=table_id)
        .select_related("student", "table__session__assignment")
        .order_by("position")
    )


def _fields(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def test_a_compiled_query_gives_what_the_orm_gives_for_each_call():
    tables = [live_table()[0] for _ in range(2)]
    compiled = CompiledQuery(_seats)
    for table in [*tables, *tables]:  # compiled at the first call, reused by the others
        expected = list(_seats(table.pk))
        with CaptureQueriesContext(connection) as queries:
            found = compiled(table.pk)
        assert len(queries) == 1
        assert [_fields(s) for s in found] == [_fields(s) for s in expected]
        # The related objects come with the rows, as select_related gives them.
        for seat, other in zip(found, expected, strict=True):
            assert _fields(seat.student) == _fields(other.student)
            assert _fields(seat.table.session.assignment) == _fields(other.table.session.assignment)
        assert [s.name for s in found] == [s.name for s in expected]
    assert compiled(-1) == []


def test_an_annotation_and_a_string_parameter():
    table, _ = live_table()
    round_row = Round.objects.get(table=table)
    action = Action.objects.create(
        round=round_row, seq=99, kind="x", payload={}, events=[], idempotency_key="used"
    )

    def with_key(table_id, key):
        used = Action.objects.filter(round=OuterRef("pk"), idempotency_key=key)
        return Round.objects.filter(table_id=table_id).annotate(key_used=Exists(used))

    compiled = CompiledQuery(with_key)
    assert [r.key_used for r in compiled(table.pk, "used")] == [True]
    assert [r.key_used for r in compiled(table.pk, "other")] == [False]
    assert compiled(table.pk, "used")[0].snapshot == round_row.snapshot
    action.delete()


def test_a_parameter_that_does_not_appear_as_it_is_is_refused():
    compiled = CompiledQuery(lambda name: Seat.objects.filter(student__nickname__icontains=name))
    with pytest.raises(CompiledQueryError):
        compiled("an")
