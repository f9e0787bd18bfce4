"""Through a change of round, in every game (issue 36): the page changes in place (no reload),
focus stays in the page's main part (never on the body, at the top), and the live region says
what changed: the round is over, the secret rule in words once revealed, the next round began."""

import pytest
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.games import (
    assignment_create,
    round_deal_by_student,
    table_next_round,
)
from classroom.services.rounds import HypothesisInput, engine_round, round_act, round_reveal
from eleusis.engine.variants import End, EndReason, PlayString
from tests.browser.marks import PATIENT
from tests.browser.signed_in import WIDE, student_page
from tests.browser.spoken import record_spoken, spoken_all, wait_spoken_where
from tests.factories import (
    ALTERNATE_COLORS,
    ClassroomFactory,
    deal_order,
    live_table,
    seated_session,
)

pytestmark = PATIENT

NEXT_RULE = "suit == last.suit"
# Where focus is: not the body, inside `#main`; and whether this is still the page first loaded.
FOCUS = """() => {
  const a = document.activeElement;
  return {
    body: !a || a === document.body || a === document.documentElement,
    inMain: !!a && document.getElementById("main").contains(a),
    what: a ? a.tagName + "#" + a.id : "",
    samePage: window.loadedOnce === true,
  };
}"""


def _focus_kept(page) -> None:
    focus = page.evaluate(FOCUS)
    assert not focus["body"] and focus["inMain"], focus
    assert focus["samePage"], "the page reloaded"


def _said_after(page, before: int, *parts: str) -> int:
    said = wait_spoken_where(page, lambda text: all(p in text for p in parts), after=before)
    return len(said)


@pytest.mark.parametrize("variant", ["express", "abbott", "russian"])
def test_a_round_ends_is_revealed_and_the_next_begins_in_place(new_page, live_server, variant):
    table, seats = live_table(players=3, variant=variant)
    page = student_page(new_page, live_server, seats[0].student, viewport=WIDE)
    record_spoken(page)
    page.goto(f"/play/tables/{table.pk}/")
    page.evaluate("() => { window.loadedOnce = true; }")
    page.locator("#id_hypothesis").fill("red then black")  # where the child was
    before = len(spoken_all(page))

    round_act(round_id=current_round(table=table).pk, action=End(reason=EndReason.TEACHER))
    expect(page.locator("#table-status")).to_have_text("The round is over.")
    before = _said_after(page, before, "The round is over.")
    _focus_kept(page)

    round_reveal(round_id=current_round(table=table).pk)
    said = wait_spoken_where(page, lambda text: "The secret rule was:" in text, after=before)
    reveal = next(text for text in said[before:] if "The secret rule was:" in text)
    assert "different color from the last card" in reveal and ALTERNATE_COLORS not in reveal
    before = len(said)
    _focus_kept(page)

    table_next_round(table=table, rule_text=NEXT_RULE)
    expect(page.locator("#table-status")).not_to_have_text("The round is over.")
    _said_after(page, before, "Round 2 has started.")
    _focus_kept(page)


def test_becoming_the_prophet_and_falling_change_the_page_in_place(new_page, live_server):
    table, seats = live_table(players=4, variant="abbott")
    round_row = current_round(table=table)

    def seat_of(player):
        return next(s for s in seats if round_row.player_of(s.position) == player)

    def play(player):
        card = engine_round(round_row).state.hands[player][0]
        round_act(
            round_id=round_row.pk,
            action=PlayString(player, (card,), hypothesis="red then black", prediction=True),
            seat=seat_of(player),
            hypothesis=HypothesisInput(text="red then black"),
            schedule=False,
        )

    first = engine_round(round_row).state.turn
    page = student_page(new_page, live_server, seat_of(first).student, viewport=WIDE)
    record_spoken(page)
    play(first)
    page.goto(f"/play/tables/{table.pk}/")
    page.evaluate("() => { window.loadedOnce = true; }")
    before = len(spoken_all(page))

    page.get_by_role("button", name="Become the prophet").click()
    expect(page.locator("#table-status")).to_contain_text("You are the prophet")
    before = _said_after(page, before, "You are the prophet")
    _focus_kept(page)

    round_row.refresh_from_db()
    play(engine_round(round_row).state.turn)
    round_row.refresh_from_db()
    round_ = engine_round(round_row)
    truth = round_.judge_string(round_.state.pending.cards)
    wrong = "Wrong: reject it" if truth else "Right: accept it"
    page.get_by_role("button", name=wrong).click()
    expect(page.locator("#table-status")).not_to_contain_text("You are the prophet")
    _said_after(page, before, "You are no longer the prophet.")
    _focus_kept(page)


def test_a_delphi_round_ends_and_the_student_who_deals_next_is_asked_in_place(
    new_page, live_server
):
    """Delphi with the students as oracles in turn: when the round ends, the next oracle's page
    becomes the form to write the rule, in place."""
    assignment = assignment_create(
        classroom=ClassroomFactory(),
        title="Oracles",
        rule_text="",
        variant="delphi",
        students_deal=True,
    )
    table, seats = seated_session(assignment, players=3, seed=7)
    seats = deal_order(table, seats)  # the first oracle is drawn by lot; the second deals next
    round_deal_by_student(seat=seats[0], rule_text=ALTERNATE_COLORS, seed=3)
    page = student_page(new_page, live_server, seats[1].student, viewport=WIDE)
    record_spoken(page)
    page.goto(f"/play/tables/{table.pk}/")
    page.evaluate("() => { window.loadedOnce = true; }")
    page.locator("#id_hypothesis").fill("red then black")
    before = len(spoken_all(page))

    round_act(round_id=current_round(table=table).pk, action=End(reason=EndReason.TEACHER))
    expect(page.get_by_label("My rule, in words")).to_be_visible()
    before = _said_after(page, before, "You are the oracle next: write the secret rule.")
    _focus_kept(page)

    round_reveal(round_id=current_round(table=table).pk)
    _said_after(page, before, "The secret rule was:", "different color")
    _focus_kept(page)
