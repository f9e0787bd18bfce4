"""A round whose rule the sentence builder cannot state says so on the review (issue 34
finding 5): students could log it only in words."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom.services.review import round_insight_compute
from eleusis.engine.rules import LIBRARY
from tests.factories import live_table, round_over

pytestmark = pytest.mark.django_db

WARNING = "The sentence builder cannot state this rule"


def _review_page(rule_id: str) -> str:
    table, _seats = live_table(players=3, rule_text=LIBRARY[rule_id].text)
    round_row = table.rounds.get()
    round_over(round_row)
    round_insight_compute(round_id=round_row.pk)
    client = Client()
    client.force_login(table.session.assignment.classroom.teacher)
    response = client.get(f"/teach/sessions/{table.session.pk}/review/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_rule_the_builder_cannot_state_is_named_so_on_its_round() -> None:
    assert not LIBRARY["el-step-up-1-3"].buildable
    assert WARNING in _review_page("el-step-up-1-3")


def test_a_buildable_rule_gets_no_warning() -> None:
    assert LIBRARY["th-alternate-colors"].buildable
    assert WARNING not in _review_page("th-alternate-colors")
