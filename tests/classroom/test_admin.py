"""The admin lists every model for staff, and keeps the action log read-only."""

import pytest
from django.urls import reverse

from tests.factories import live_table

pytestmark = pytest.mark.django_db

MODELS = ["user", "classroom", "student", "assignment", "gamesession", "table", "round", "action"]


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_lists_each_model(admin_client, model):
    live_table()
    response = admin_client.get(reverse(f"admin:classroom_{model}_changelist"))
    assert response.status_code == 200


def test_the_action_log_cannot_be_edited_in_the_admin(admin_client):
    table, _seats = live_table()
    round_row = table.rounds.get()
    assert admin_client.get(reverse("admin:classroom_action_add")).status_code == 403
    response = admin_client.post(
        reverse("admin:classroom_round_change", args=[round_row.pk]), {"status": "over"}
    )
    assert response.status_code == 403
    round_row.refresh_from_db()
    assert round_row.status == "playing"
