"""A real class, in real browsers: the projector, and the classroom's events (late arrivals,
leavers, the end of the session, the next round's rule)."""

from classroom.codes import join_code_display
from classroom.selectors.games import current_round
from classroom.services.games import (
    assignment_create,
    lobby_join,
    session_open,
    session_seat,
    session_start,
)
from classroom.services.rounds import engine_round, round_act
from classroom.templatetags.play_tags import card_label
from classroom.titles import library_matches
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import DealerHint
from eleusis.web.rule_check import rule_check
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page, teacher_page
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = LIVE

RULE = LIBRARY["th-alternate-colors"]


def lobby(players=4, **options):
    classroom = ClassroomFactory()
    assignment = assignment_create(
        classroom=classroom,
        title="Mystery rule 1 · easy",
        rule_text=RULE.text,
        library_rule_id=RULE.id,
        table_size=max(players, 3),
        **options,
    )
    session = session_open(assignment=assignment)
    students = [StudentFactory(classroom=classroom) for _ in range(players)]
    for student in students:
        lobby_join(session=session, student=student)
    return session, students


def test_the_projector_shows_the_code_then_the_tables_never_a_rule_or_a_hand(
    new_page, live_server, screenshot
):
    session, students = lobby(players=4)
    classroom = session.assignment.classroom
    page = teacher_page(new_page, live_server, classroom.teacher)
    page.goto(f"/teach/sessions/{session.pk}/projector/")
    code = page.locator(".projector-code")
    assert code.inner_text() == join_code_display(classroom.join_code)
    assert float(code.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 48
    for student in students:
        page.get_by_text(student.nickname, exact=True).wait_for()

    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=11)
    round_row = current_round(table=table)
    # The poll brings the table in, without a reload: the lines and whose turn it is.
    page.locator("#projector-table-1 .layout").wait_for()
    engine = engine_round(round_row)
    turn_name = table.seats.get(position=engine.state.turn).name
    page.locator(".projector-turn").get_by_text(turn_name).wait_for()
    round_act(round_id=round_row.pk, action=DealerHint(text="Look at the colors"))
    page.locator(".projector-hints").get_by_text("Look at the colors").wait_for()

    html = page.content()
    for secret in (RULE.text, RULE.name, RULE.description, rule_check(RULE.text).explanation):
        assert secret not in html
    assert "Secret rule" not in html and "Show hand" not in html
    # Every card on the page is on the table's lines: no hand is shown.
    view = engine_round(round_row).dealer_view()
    on_lines = sum(1 + sum(len(g) for g in column.sideline) for column in view.layout)
    assert page.locator(".card").count() == on_lines
    assert not page.locator(".hand-cards, .teach-hand, .suggested-hints").count()

    # Names hide for the projector: the N key.
    page.keyboard.press("Alt+n")
    assert not page.get_by_text(turn_name, exact=True).first.is_visible()
    page.locator(".projector-turn").get_by_text("Player").wait_for()
    screenshot(page, "projector")


def test_the_last_suggested_hint_stays_closed_until_the_teacher_opens_it(new_page, live_server):
    session, _students = lobby(players=3)
    session_seat(session=session, method="arrival")
    session_start(session=session, seed=3)
    page = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    page.goto(f"/teach/sessions/{session.pk}/live/")
    explanation = rule_check(RULE.text).explanation.split(". ")[0]  # the rule in words
    last = page.locator(".suggested-hints details.last-hint")
    assert last.count() == 1
    assert not last.get_by_role("button").is_visible()
    assert page.locator(".suggested-hints button:visible").count() >= 1
    for button in page.locator(".suggested-hints button:visible").all():
        assert explanation not in button.inner_text()
    last.locator("summary").click()
    assert explanation in last.get_by_role("button").inner_text()
    # It stays open across the live view's polls.
    page.wait_for_timeout(2_000)
    assert last.get_by_role("button").is_visible()


def _started(players=4, seed=5):
    session, students = lobby(players=players)
    (table,) = session_seat(session=session, method="arrival")
    session_start(session=session, seed=seed)
    return session, table, students


def test_finishing_the_session_is_final(new_page, live_server):
    session, table, students = _started()
    page = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"/teach/sessions/{session.pk}/live/")
    player = student_page(new_page, live_server, students[0])
    player.goto(f"/play/tables/{table.pk}/")
    page.get_by_role("button", name="Finish the session").click()
    page.get_by_text("The session is finished.", exact=True).wait_for()
    assert page.get_by_role("button", name="Next round").count() == 0

    # A next round sent anyway (a stale page, a crafted request) is refused; nothing is dealt.
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    answer = page.request.post(
        f"/teach/tables/{table.pk}/next-round/",
        form={"next_rule": "list"},
        headers={"X-CSRFToken": token, "Referer": live_server.url},
    )
    assert answer.status == 409
    assert "the session is finished" in answer.text()
    assert table.rounds.count() == 1
    # No move either: the student's table (by itself, no reload) says the game has ended and
    # offers no card to play.
    player.locator("#table-status").get_by_text("This game has ended.").wait_for()
    player.locator(".round-over").wait_for()
    assert player.locator("button[aria-label*='Play the']:enabled").count() == 0


def test_the_next_round_after_a_reveal_deals_another_rule(new_page, live_server):
    session, table, _students = _started()
    page = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"/teach/sessions/{session.pk}/live/")
    page.get_by_role("button", name="End round").click()
    page.get_by_role("button", name="Reveal the rule").click()
    page.get_by_text("The rule has been revealed to this table.").wait_for()
    choice = page.get_by_label("Rule of the next round at Table 1")
    options = choice.locator("option").all_inner_texts()
    assert not any("same rule" in option for option in options)
    assert choice.input_value() == "list"
    page.get_by_role("button", name="Next round").click()
    page.get_by_text("Table 1: new round dealt.").wait_for()
    first, second = table.rounds.order_by("number")
    assert second.rule_text != first.rule_text
    assert LIBRARY["th-alternate-colors"] not in library_matches(second.rule_text)

    # Reveal that one too, then try the first rule again, by name from the library: refused.
    page.get_by_role("button", name="End round").click()
    page.get_by_role("button", name="Reveal the rule").click()
    page.get_by_text("The rule has been revealed to this table.").wait_for()
    page.get_by_label("Rule of the next round at Table 1").select_option(
        "library:th-alternate-colors"
    )
    with page.expect_response(lambda response: "next-round" in response.url) as answer:
        page.get_by_role("button", name="Next round").click()
    # Refused, in words (the live view's next poll may replace the message quickly).
    assert answer.value.status == 200  # htmx swaps only 2xx answers: the refusal is its message
    assert "that rule was revealed" in answer.value.text()
    assert table.rounds.count() == 2
    # The teacher's own rule is dealt.
    page.get_by_label("Rule of the next round at Table 1").select_option("written")
    page.get_by_label("My own rule (in the rule language)").fill("suit == hearts or rank > 10")
    page.get_by_role("button", name="Next round").click()
    page.get_by_text("Table 1: new round dealt.").wait_for()
    assert current_round(table=table).rule_text == "suit == hearts or rank > 10"


def test_the_newest_card_is_in_view_on_a_phone_with_twenty_cards_on_the_line(
    new_page, live_server, screenshot
):
    from eleusis.engine.variants import PassGuess, Play
    from tests.factories import live_table

    table, seats = live_table(players=4, rule_text="rank >= 1")  # every card is right
    round_row = current_round(table=table)
    while len(engine_round(current_round(table=table)).dealer_view().layout) < 20:
        engine = engine_round(current_round(table=table))
        if engine.state.deciding is not None:
            round_act(round_id=round_row.pk, action=PassGuess(player=engine.state.deciding))
            continue
        turn = engine.state.turn
        card = engine.state.hands[turn][0]
        round_act(round_id=round_row.pk, action=Play(player=turn, card=card), seat=seats[turn])
    newest = engine_round(current_round(table=table)).dealer_view().layout[-1].card

    phone = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}
    student = student_page(lambda **o: new_page(**phone, **o), live_server, seats[0].student)
    student.goto(f"/play/tables/{table.pk}/")
    teacher = teacher_page(
        lambda **o: new_page(**phone, **o), live_server, table.session.assignment.classroom.teacher
    )
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    for page, where in ((student, "#table-live .layout"), (teacher, ".teach-table .layout")):
        line = page.locator(where).first
        assert line.locator(":scope > li").count() == 20
        last = line.locator(":scope > li").last.locator(".card").first
        assert last.get_attribute("aria-label") == card_label(newest)
        last.scroll_into_view_if_needed()
        box = last.bounding_box()
        # In view without scrolling sideways: inside the 375 px the phone shows.
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        assert line.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    # Neither page scrolls sideways at 375 px (reflow): the wide parts scroll in their own box.
    from tests.browser.test_reflow import OVERFLOW

    for page in (student, teacher):
        assert page.evaluate(OVERFLOW)["over"] <= 0, page.evaluate(OVERFLOW)
    screenshot(student, "phone-twenty-cards")


def test_a_late_arrival_is_shown_in_the_lobby_and_seated_from_the_live_view(new_page, live_server):
    session, table, _students = _started(players=3)
    teacher = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    teacher.on("dialog", lambda dialog: dialog.accept())
    late, later = (StudentFactory(classroom=session.assignment.classroom) for _ in range(2))
    pages = []
    for student in (late, later):
        page = student_page(new_page, live_server, student)
        page.goto("/me/")
        page.get_by_role("button", name="Go to the game").click()
        page.get_by_text("You are in the lobby.").wait_for()
        pages.append(page)
    teacher.goto(f"/teach/sessions/{session.pk}/")
    lobby = teacher.locator("section", has=teacher.get_by_role("heading", name="Arrived late"))
    lobby.get_by_text(late.nickname).wait_for()
    lobby.get_by_text(later.nickname).wait_for()

    # A free seat at table 1: the student's lobby moves to the table; they play from its next round.
    teacher.goto(f"/teach/sessions/{session.pk}/live/")
    teacher.get_by_label(late.nickname).select_option(
        label="Table 1: a free seat, from its next round"
    )
    teacher.get_by_label(late.nickname).locator("xpath=..").get_by_role(
        "button", name="Seat"
    ).click()
    teacher.get_by_text(f"{late.nickname} is at Table 1").wait_for()
    pages[0].locator("#table-status").get_by_text("you join the game at the next round").wait_for()
    assert pages[0].locator("button[aria-label*='Play the']").count() == 0
    # A new table for the other: dealt at once, their hand is there.
    teacher.get_by_label(later.nickname).select_option("new")
    teacher.get_by_label(later.nickname).locator("xpath=..").get_by_role(
        "button", name="Seat"
    ).click()
    teacher.get_by_text(f"{later.nickname} is at Table 2, a new table").wait_for()
    pages[1].get_by_role("heading", name="Your hand").wait_for()
    assert pages[1].locator("button[aria-label*='Play the']").count() > 0

    # The next round at table 1 deals the late student in.
    teacher.locator("#table-1").get_by_role("button", name="End round").click()
    teacher.locator("#table-1").get_by_role("button", name="Next round").click()
    teacher.get_by_text("Table 1: new round dealt.").wait_for()
    assert current_round(table=table).players == 4
    pages[0].locator("button[aria-label*='Play the']").first.wait_for()


def test_removing_a_student_mid_round_passes_the_turn_and_the_next_round_works(
    new_page, live_server
):
    session, table, _students = _started(players=4)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    leaver = table.seats.get(position=turn)
    hand = list(engine.state.hands[turn])
    stock = list(engine.state.stock)
    next_seat = table.seats.get(position=(turn + 1) % 4)
    teacher = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.goto(f"/teach/sessions/{session.pk}/live/")
    pages = {
        seat.position: student_page(new_page, live_server, seat.student)
        for seat in table.seats.all()
    }
    for page in pages.values():
        page.goto(f"/play/tables/{table.pk}/")

    teacher.get_by_role("button", name=f"Remove {leaver.name}").click()
    teacher.get_by_text(f"{leaver.name} has left Table 1").wait_for()
    # Their cards are under the stock, the turn is the next player's, every page says so.
    state = engine_round(current_round(table=table)).state
    assert state.stock == stock + hand and state.hands[turn] == []
    assert state.turn == next_seat.position
    pages[leaver.position].locator("#table-status").get_by_text(
        "You are no longer at this table."
    ).wait_for()
    assert pages[leaver.position].locator("button[aria-label*='Play the']:enabled").count() == 0
    pages[next_seat.position].locator("#table-status").get_by_text("Your turn!").wait_for()
    for position, page in pages.items():
        if position not in (leaver.position, next_seat.position):
            page.locator("#table-status").get_by_text(f"{next_seat.name}'s turn.").wait_for()
    teacher.locator("#table-1").get_by_text("left the table").wait_for()

    # The next round deals the three who stayed; every page keeps working.
    teacher.locator("#table-1").get_by_role("button", name="End round").click()
    teacher.locator("#table-1").get_by_role("button", name="Next round").click()
    teacher.get_by_text("Table 1: new round dealt.").wait_for()
    second = current_round(table=table)
    assert second.number == 2 and second.players == 3
    assert leaver.position not in second.positions
    # Every student's page turns to the new round by itself (no reload).
    for position, page in pages.items():
        if position == leaver.position:
            page.locator("#table-status").get_by_text("You are no longer at this table.").wait_for()
        else:
            page.get_by_role("heading", name="Your hand").wait_for()
            page.locator("button[aria-label*='Play the']").first.wait_for()
    teacher.reload()
    assert teacher.locator("#table-1 .layout").count() == 1
    # The first player of the new round plays, from their own page.
    engine = engine_round(second)
    first = second.position_of(engine.state.turn)
    pages[first].locator("#table-status").get_by_text("Your turn!").wait_for()
