"""The teacher's controls at an Abbott/Howell and a Russian table, in the browser: the live view
shows the same controls as every game's tables, and the teacher ends the round (confirming the
browser's question) and deals the next one, with every click made as a teacher makes it."""

import pytest
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from tests.browser.marks import LIVE
from tests.browser.signed_in import WIDE, teacher_page
from tests.factories import live_table

pytestmark = LIVE


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_the_teacher_ends_a_round_and_deals_the_next(new_page, live_server, variant):
    table, _seats = live_table(players=4, variant=variant, seed=3)
    teacher = teacher_page(
        new_page, live_server, table.session.assignment.classroom.teacher, viewport=WIDE
    )
    teacher.on("dialog", lambda dialog: dialog.accept())  # "End the round at Table 1?"
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    section = teacher.locator(f"#table-{table.number}")
    section.get_by_role("button", name="Pause").click()
    expect(section.get_by_role("button", name="Resume")).to_be_visible()
    section.get_by_role("button", name="Resume").click()
    section.get_by_role("button", name="End round").click()
    expect(section.get_by_text("round over")).to_be_visible()
    section.get_by_role("button", name="Reveal the rule").click()
    expect(section.get_by_text("The rule has been revealed to this table.")).to_be_visible()
    section.get_by_role("button", name="Next round").click()
    expect(section.get_by_role("heading", name="round 2")).to_be_visible()
    assert current_round(table=table).number == 2
