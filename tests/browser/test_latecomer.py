"""A latecomer sees the table as it is, in browsers (issue 33 point 7): the teacher seats a student
who arrived during a round at a table's free seat; the student's page shows the mainline and
everyone's counts and scores at once, and the hint the teacher sends next reaches it by itself.
Before, it showed an empty table with everyone at 0 and no hint."""

from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import lobby_join
from classroom.services.rounds import round_act
from classroom.templatetags.play_tags import card_label
from eleusis.engine.variants import PassGuess, Play
from tests.browser.marks import LIVE
from tests.browser.signed_in import WIDE, student_page, teacher_page
from tests.browser.turns import SEEN_MS
from tests.factories import StudentFactory, live_table

pytestmark = LIVE


def test_a_latecomer_sees_the_table_as_it_is_and_the_next_hint(new_page, live_server):
    table, seats = live_table(players=3, table_size=4, seed=5)
    round_row = current_round(table=table)
    for _ in range(2):  # two plays: the table is no longer as it was dealt
        engine = engine_round(round_row)
        turn = engine.state.turn
        round_act(round_id=round_row.pk, action=Play(turn, engine.state.hands[turn][0]))
        round_row.refresh_from_db()
        engine = engine_round(round_row)
        if engine.state.deciding is not None:
            round_act(round_id=round_row.pk, action=PassGuess(engine.state.deciding))
            round_row.refresh_from_db()
    session = table.session
    late = StudentFactory(classroom=session.assignment.classroom, nickname="Late Lou")
    lobby_join(session=session, student=late)

    teacher = teacher_page(
        new_page, live_server, session.assignment.classroom.teacher, viewport=WIDE
    )
    teacher.goto(f"/teach/sessions/{session.pk}/live/")
    teacher.get_by_label("Late Lou").select_option(
        label="Table 1: a free seat, from its next round"
    )
    teacher.get_by_role("button", name="Seat").click()
    expect(teacher.locator(".late-arrivals")).to_have_count(0)

    page = student_page(new_page, live_server, late)
    page.goto(f"/play/tables/{table.pk}/")
    expect(page.locator("#table-status")).to_contain_text(
        "You are seated: you join the game at the next round."
    )
    engine = engine_round(current_round(table=table))
    layout = page.locator("#table-live")
    for attempt in engine.state.history:
        expect(layout.get_by_label(card_label(attempt.card)).first).to_be_attached()
    scores = engine.scores().players
    for seat in seats:
        row = page.locator("#table-live table tbody tr", has_text=seat.name)
        expect(row.locator("td").nth(1)).to_have_text(str(len(engine.state.hands[seat.position])))
        expect(row.locator("td").nth(2)).to_have_text(str(scores[seat.position]))
    expect(
        page.locator("#hand-panel .hand-card, #hand-panel button[aria-label*='Play']")
    ).to_have_count(0)

    teacher.get_by_label("Hint for Table 1").fill("Look at the colours")
    teacher.get_by_role("button", name="Send hint").click()
    expect(page.get_by_text("Look at the colours")).to_be_visible(timeout=SEEN_MS)
