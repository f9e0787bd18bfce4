"""The smaller findings of issue 33's class (point 7), each seen in a real browser."""

import re

from playwright.sync_api import expect

from classroom.models import Action, Assignment
from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from classroom.templatetags.play_tags import card_label
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page
from tests.factories import live_table

pytestmark = LIVE


def test_a_double_clicked_card_is_played_once_with_no_error(new_page, live_server):
    """The second click of a double click is dropped while the first is on its way: htmx sent
    it after the answer, when its card had left the hand, so with no card ("Choose a card to
    play.")."""
    table, (seat,) = live_table(
        players=1,
        hypothesis_policy=Assignment.HypothesisPolicy.OPTIONAL,
        prediction_required=False,
    )
    round_row = current_round(table=table)
    card = engine_round(round_row).state.hands[0][-1]  # not the form's first button
    page = student_page(new_page, live_server, seat.student)
    page.goto(f"/play/tables/{table.pk}/")
    moves = []
    page.on("request", lambda r: moves.append(r) if r.url.endswith("/move/") else None)
    page.get_by_role("button", name=f"Play the {card_label(card)}").first.dblclick()
    expect(page.locator("#move-message")).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")

    assert Action.objects.filter(round=round_row, kind="play").count() == 1
    expect(page.locator("#move-message")).to_have_class(re.compile(r"\bmessage-success\b"))
    expect(page.locator("#move-message")).not_to_contain_text("Choose a card to play.")
    assert len(moves) == 1
