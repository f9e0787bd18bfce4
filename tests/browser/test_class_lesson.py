"""A real class, in real browsers (issue 14, continued): the end of a round on the students'
pages, the teacher's hint box, students dealing, and the live view on a phone."""

import pytest
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.games import TEACHER_END
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.variants import End, Play
from tests.browser.test_classroom_events import _started, student_page, teacher_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _play_right(table, seats_by_position, count):
    """`count` right plays (red and black take turns) by whoever's turn it is."""
    for _ in range(count):
        round_row = current_round(table=table)
        engine = engine_round(round_row)
        turn = engine.state.turn
        last = [a.card for a in engine.state.history if a.accepted][-1]
        card = next(c for c in engine.state.hands[turn] if c.is_red != last.is_red)
        seat = seats_by_position[round_row.position_of(turn)]
        round_act(round_id=round_row.pk, action=Play(turn, card), seat=seat)


def test_a_finished_round_shows_the_students_who_won_and_the_scores(new_page, live_server):
    session, table, _students = _started(players=3)
    seats = {seat.position: seat for seat in table.seats.select_related("student")}
    pages = {
        position: student_page(new_page, live_server, seat.student)
        for position, seat in seats.items()
    }
    for page in pages.values():
        page.goto(f"/play/tables/{table.pk}/")
        expect(page.get_by_label("My hypothesis: the rule is…")).to_be_visible()
    _play_right(table, seats, 2)
    round_row = current_round(table=table)
    round_act(round_id=round_row.pk, action=End(reason=TEACHER_END))

    scores = engine_round(current_round(table=table)).scores().players
    best = max(scores)
    winners = {seats[round_row.position_of(p)].name for p, s in enumerate(scores) if s == best}
    for position, page in pages.items():
        # The page changes by itself (the poll): the result, and no form to play.
        result = page.locator(".round-over")
        expect(result.get_by_role("heading", name="Round 1 is over")).to_be_visible()
        expect(page.get_by_label("My hypothesis: the rule is…")).to_have_count(0)
        expect(page.locator("button[aria-label*='Play the']")).to_have_count(0)
        shown = result.locator(".round-winner").inner_text()
        assert all(name in shown for name in winners), shown
        rows = result.locator("tbody tr")
        expect(rows).to_have_count(3)
        for player, score in enumerate(scores):
            name = seats[round_row.position_of(player)].name
            row = rows.filter(has_text=name)
            expect(row.locator("td")).to_have_text(str(score))
        expect(result.get_by_text("(you)")).to_contain_text(seats[position].name)
