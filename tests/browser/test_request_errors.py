"""A move that fails on its way (issue 38 point 7, issue 36): the server answers 503, or cannot be
reached. htmx swaps nothing, and the page says so in the child's language, and that what they
typed is still there; it is (the hypothesis in its field)."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from tests.browser.marks import PATIENT
from tests.browser.signed_in import WIDE, student_page
from tests.factories import live_table

pytestmark = PATIENT

HYPOTHESIS = "red then black"
SERVER = (
    "The server could not do that just now: nothing was saved. Everything you typed, your "
    "hypothesis too, is still here: try again in a moment."
)
NETWORK = (
    "The connection to the server is lost: nothing was sent. Everything you typed, your "
    "hypothesis too, is still here: try again when the connection is back."
)


def _in(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_move_the_server_cannot_take_is_said_and_the_hypothesis_kept(
    new_page, live_server, language
):
    table, seats = live_table(players=2)
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    me = next(s for s in seats if round_row.player_of(s.position) == turn)
    page = student_page(new_page, live_server, me.student, viewport=WIDE, locale=language)
    page.goto(f"/play/tables/{table.pk}/")
    page.locator("#id_hypothesis").fill(HYPOTHESIS)
    page.locator("#id_prediction input[value=accepted]").check()
    alert = page.get_by_role("alert")

    # The server answers 503 to the move (the database is down, say).
    page.route("**/move/", lambda route: route.fulfill(status=503, body="Service Unavailable"))
    page.locator("#hand-panel button[name=card]:not([disabled])").first.click()
    expect(alert).to_have_text(_in(language, SERVER))
    expect(page.locator("#id_hypothesis")).to_have_value(HYPOTHESIS)
    assert _in(language, SERVER) != SERVER or language == "en"

    # The server cannot be reached at all.
    page.unroute("**/move/")
    page.route("**/move/", lambda route: route.abort("connectionrefused"))
    page.locator("#hand-panel button[name=card]:not([disabled])").first.click()
    expect(alert).to_have_text(_in(language, NETWORK))
    expect(page.locator("#id_hypothesis")).to_have_value(HYPOTHESIS)

    # The connection is back: the move is made, and the message goes.
    page.unroute("**/move/")
    page.locator("#hand-panel button[name=card]:not([disabled])").first.click()
    expect(page.locator("#move-message")).to_be_visible()
    expect(alert).to_have_text("")
