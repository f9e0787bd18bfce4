"""Leaving and removal as game events, in browsers (issues 33 and 35): a student removed on their
turn at an Abbott/Howell table (before: the engine refused the Leave and the table froze at
"'s turn"), and a student who went home at the end of a Russian game (before: "Winner: Gus" on
every screen). Every wait is on what a page shows."""

from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.rounds import round_act
from eleusis.engine.variants import End, Play
from tests.browser.marks import LIVE
from tests.browser.signed_in import WIDE, student_page, teacher_page
from tests.browser.turns import SEEN_MS, before_play, player_row
from tests.factories import live_table

pytestmark = LIVE

YOUR_TURN = "Your turn: play one card or a string of cards, or declare “no play”."


def _seat_of(round_row, seats, player):
    return next(seat for seat in seats if round_row.player_of(seat.position) == player)


def _open(new_page, live_server, table, seats):
    pages = {}
    for seat in seats:
        page = student_page(new_page, live_server, seat.student)
        page.goto(f"/play/tables/{table.pk}/")
        pages[seat.position] = page
    teacher = teacher_page(
        new_page, live_server, table.session.assignment.classroom.teacher, viewport=WIDE
    )
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    return teacher, pages


def test_abbott_a_student_removed_on_their_turn_passes_it_and_the_table_plays_on(
    new_page, live_server
):
    table, seats = live_table(players=4, variant="abbott", config={}, seed=3)
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    leaving = _seat_of(round_row, seats, turn)
    following = _seat_of(round_row, seats, (turn + 1) % 4)
    teacher, pages = _open(new_page, live_server, table, seats)
    expect(pages[leaving.position].locator("#table-status")).to_have_text(YOUR_TURN)

    teacher.get_by_role("button", name=f"Remove {leaving.name}").click()
    expect(teacher.get_by_text(f"{leaving.name} has left Table 1")).to_be_visible()
    # The turn passes: the next player's page says so, the others' seat lists show it.
    expect(pages[following.position].locator("#table-status")).to_have_text(
        YOUR_TURN, timeout=SEEN_MS
    )
    for seat in seats:
        if seat in (leaving, following):
            continue
        page = pages[seat.position]
        expect(player_row(page, following.name)).to_contain_text("their turn", timeout=SEEN_MS)
        expect(player_row(page, leaving.name)).to_contain_text("left the table")
    # And the table plays on: the next player plays a card from their page.
    player = round_row.player_of(following.position)
    card = engine_round(current_round(table=table)).state.hands[player][0]
    page = pages[following.position]
    page.get_by_label("Or type the cards in the order").fill(card.code)
    before_play(page)
    page.get_by_role("button", name="Play these cards").click()
    expect(page.locator("#move-message")).to_be_visible(timeout=SEEN_MS)
    assert engine_round(current_round(table=table)).state.table[-1].player == player


def test_russian_a_student_who_left_at_the_end_of_the_game_is_not_the_winner(new_page, live_server):
    table, seats = live_table(players=3, variant="russian", config={}, game_rounds=1, seed=3)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    card = next(c for c in engine.state.hands[turn] if engine.judge(engine.state.history, c))
    leader = _seat_of(round_row, seats, turn)
    round_act(round_id=round_row.pk, action=Play(turn, card), seat=leader)
    round_act(round_id=round_row.pk, action=End("ended by the teacher"))
    teacher, pages = _open(new_page, live_server, table, seats)
    for page in [*pages.values(), teacher]:  # the one who shed a card leads, alone
        expect(page.locator(".game-winner").first).to_contain_text(leader.name)

    teacher.get_by_role("button", name=f"Remove {leader.name}").click()
    expect(teacher.get_by_text(f"{leader.name} has left Table 1")).to_be_visible()
    staying = [seat for seat in seats if seat != leader]
    for page in [*(pages[seat.position] for seat in staying), teacher]:
        winner = page.locator(".game-winner").first
        expect(winner).not_to_contain_text(leader.name, timeout=SEEN_MS)
        expect(winner).to_contain_text(staying[0].name)
        row = page.locator(".game-totals tbody tr", has_text=leader.name).first
        expect(row).to_contain_text("left the table")
