"""A dealing student's hint (classroom/views/play/dealer.py): a double click gives it once, and
the box comes back empty with a new key, so the next hint is not mistaken for the same one."""

import re

import pytest
from django.urls import reverse

from classroom.selectors.games import current_round
from tests.classroom.views.test_golden_game import students_deal_by_hand
from tests.factories import deal_order, student_client

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _hint_key(page: str) -> str:
    form = page[page.index('id="dealer-panel"') :]
    return re.search(r'name="key" value="([0-9a-f]+)"', form).group(1)


def _dealt_table():
    table, seats = students_deal_by_hand()
    dealer = student_client(deal_order(table, seats)[0].student)
    dealer.post(
        reverse("classroom:table_deal", args=[table.pk]),
        {"rule_words": "Red and black take turns", "rule_text": "color != last.color"},
    )
    return table, dealer


def test_a_hint_sent_twice_with_one_key_is_given_once_and_the_box_comes_back_empty():
    table, dealer = _dealt_table()
    url = reverse("classroom:table_dealer_move", args=[table.pk])
    key = _hint_key(dealer.get(reverse("classroom:table", args=[table.pk])).content.decode())
    hint = {"op": "hint", "hint": "Look at the colours", "key": key}
    first = dealer.post(url, hint, **HTMX)
    second = dealer.post(url, hint, **HTMX)
    assert first.status_code == second.status_code == 200
    hints = current_round(table=table).actions.filter(kind="dealer_hint")
    assert hints.count() == 1

    answer = first.content.decode()
    assert 'id="dealer-panel"' in answer and 'hx-swap-oob="true"' in answer
    assert re.search(r'<input id="id_hint" name="hint" maxlength="300">', answer)  # empty
    new_key = _hint_key(answer)
    assert new_key != key
    dealer.post(url, {**hint, "key": new_key}, **HTMX)
    assert hints.count() == 2


def test_a_verdict_brings_no_dealer_panel_back():
    """Only a hint resets the box: a verdict leaves a half-written hint where it was."""
    table, dealer = _dealt_table()
    answer = dealer.post(
        reverse("classroom:table_dealer_move", args=[table.pk]), {"op": "verdict"}, **HTMX
    ).content.decode()
    assert 'id="dealer-panel"' not in answer
