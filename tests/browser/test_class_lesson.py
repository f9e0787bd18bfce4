"""A real class, in real browsers (issue 14, continued): the end of a round on the students'
pages, the teacher's hint box, students dealing, and the live view on a phone."""

from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.variants import End, EndReason
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page, teacher_page
from tests.browser.test_classroom_events import _started
from tests.factories import alternating_play, deal_order

pytestmark = LIVE


def test_a_finished_round_shows_the_students_who_won_and_the_scores(new_page, live_server):
    _session, table, _students = _started(players=3)
    seats = {seat.position: seat for seat in table.seats.select_related("student")}
    pages = {
        position: student_page(new_page, live_server, seat.student)
        for position, seat in seats.items()
    }
    for page in pages.values():
        page.goto(f"/play/tables/{table.pk}/")
        expect(page.get_by_label("My hypothesis: the rule is…")).to_be_visible()
    for _ in range(2):
        alternating_play(table, seats)
    round_row = current_round(table=table)
    round_act(round_id=round_row.pk, action=End(reason=EndReason.TEACHER))

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


def test_the_hint_box_says_too_early_in_words_then_sends_once_and_clears(new_page, live_server):
    from tests.factories import live_table

    table, seat_list = live_table(players=3, config={"hints_after_equal_turns": True})
    seats = {seat.position: seat for seat in seat_list}
    student = student_page(new_page, live_server, seat_list[0].student)
    student.goto(f"/play/tables/{table.pk}/")
    teacher = teacher_page(new_page, live_server, table.session.assignment.classroom.teacher)
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    box = teacher.get_by_label(f"Hint for {table}")
    send = teacher.locator(".hint-form").get_by_role("button", name="Send hint")

    # Too early (one player has had a turn, the others not): refused in words, the text kept.
    alternating_play(table, seats)
    box.fill("Look at the colors")
    send.click()
    refusal = teacher.locator("#session-live .message-error")
    expect(refusal).to_contain_text("every player has had the same number of turns")
    assert "turns so far" not in refusal.inner_text()
    expect(box).to_have_value("Look at the colors")

    # Once the turns are even, a double click sends it once, and the box is empty again.
    for _ in range(2):
        alternating_play(table, seats)
    send.dblclick()
    expect(teacher.locator("#session-live .message-success")).to_contain_text("hint sent")
    expect(box).to_have_value("")
    given = (
        teacher.locator("#table-1").get_by_role("listitem").filter(has_text="Look at the colors")
    )
    expect(given).to_have_count(1)
    student.locator("#table-live").get_by_text("Look at the colors").wait_for()
    expect(student.locator("#table-live").get_by_text("Look at the colors")).to_have_count(1)
    round_row = current_round(table=table)
    assert engine_round(round_row).dealer_view().hints == ("Look at the colors",)

    # The same request twice (a retry, a double submit the page did not stop): one hint.
    key = teacher.locator(".hint-form input[name=key]").input_value()
    token = next(c["value"] for c in teacher.context.cookies() if c["name"] == "csrftoken")
    form = {"round": str(round_row.pk), "text": "Red, then black", "key": key}
    headers = {"X-CSRFToken": token, "Referer": live_server.url, "HX-Request": "true"}
    for _ in range(2):
        answer = teacher.request.post(f"/teach/tables/{table.pk}/hint/", form=form, headers=headers)
        assert answer.status == 200
    assert "sent already, once" in answer.text()
    hints = engine_round(current_round(table=table)).dealer_view().hints
    assert hints == ("Look at the colors", "Red, then black")


def test_a_student_dealer_who_leaves_passes_the_deal_to_the_next_student(new_page, live_server):
    from classroom.services.games import round_deal_by_student
    from tests.classroom.views.test_golden_game import students_deal_table

    table, seats = students_deal_table(players=4)
    seats = deal_order(table, seats)  # the first dealer is drawn by lot
    round_deal_by_student(seat=seats[0], rule_text="color != last.color", seed=5)
    teacher = teacher_page(new_page, live_server, table.session.assignment.classroom.teacher)
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    following = student_page(new_page, live_server, seats[1].student)
    following.goto(f"/play/tables/{table.pk}/")
    expect(following.get_by_role("heading", name="Your hand")).to_be_visible()

    teacher.get_by_role("button", name=f"Remove {seats[0].name}").click()
    expect(teacher.get_by_text(f"{seats[0].name} has left Table 1")).to_be_visible()
    # The round ends; the next student's page turns to writing the rule, without a reload.
    expect(following.get_by_role("heading", name="Write the secret rule")).to_be_visible()
    expect(following.locator("#table-status")).to_contain_text("You deal the next round")
    expect(teacher.locator("#table-1 .next-dealer")).to_contain_text(seats[1].name)

    following.get_by_label("Secret rule").fill("suit == hearts or suit == spades")
    following.get_by_role("button", name="Deal with this rule").click()
    expect(following.get_by_role("heading", name="You are the dealer")).to_be_visible()
    second = current_round(table=table)
    assert second.dealer_position == seats[1].position and second.players == 2
    # The dealer's status names whose turn it is.
    turn = second.position_of(engine_round(second).state.turn)
    turn_name = next(seat.name for seat in seats if seat.position == turn)
    expect(following.locator("#table-status")).to_contain_text(f"{turn_name}'s turn")


def test_the_teacher_lets_the_students_deal_the_next_round(new_page, live_server):
    _session, table, _students = _started(players=3)
    seats = list(table.seats.select_related("student").order_by("position"))
    seats = deal_order(table, seats)  # the first dealer is drawn by lot
    teacher = teacher_page(new_page, live_server, table.session.assignment.classroom.teacher)
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    pages = [student_page(new_page, live_server, seat.student) for seat in seats]
    for page in pages:
        page.goto(f"/play/tables/{table.pk}/")

    teacher.get_by_role("button", name="End round").click()
    choice = teacher.get_by_label("Rule of the next round at Table 1")
    choice.select_option("students")
    teacher.get_by_role("button", name="Next round").click()
    expect(teacher.locator("#session-live .message-success")).to_contain_text(
        f"{seats[0].name} writes the next rule"
    )
    expect(teacher.locator("#table-1 .next-dealer")).to_contain_text(seats[0].name)
    assert table.rounds.count() == 1

    # The first dealer's page asks for the rule by itself; they deal, the others get hands.
    dealer = pages[0]
    expect(dealer.get_by_role("heading", name="Write the secret rule")).to_be_visible()
    dealer.get_by_label("Secret rule").fill("color != last.color")
    dealer.get_by_role("button", name="Deal with this rule").click()
    expect(dealer.get_by_role("heading", name="You are the dealer")).to_be_visible()
    second = current_round(table=table)
    assert second.number == 2 and second.dealer_position == seats[0].position
    assert second.players == 2
    for page in pages[1:]:
        expect(page.locator("button[aria-label*='Play the']").first).to_be_visible()
    # The secret rule the student wrote stays off the other students' pages.
    for page in pages[1:]:
        assert "color != last.color" not in page.content()
