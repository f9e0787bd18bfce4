"""The game as the sources tell it (issue 19), in real browsers: a hint sent mid-round reaches
the table; after a right play the next player waits until the player has guessed or passed."""

from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page, teacher_page
from tests.factories import alternating_play, alternating_turn, deal_order, live_table

pytestmark = LIVE

SEEN_MS = 4_000


def card_label(card) -> str:
    from classroom.templatetags.play_tags import card_label as label

    return label(card)


def right_card(table):
    return alternating_turn(current_round(table=table))


def play_right_card(page, table):
    turn, card = right_card(table)
    page.get_by_label("My hypothesis: the rule is…").fill("colors alternate")
    page.get_by_label("It will be accepted").check()
    page.get_by_role("button", name=f"Play the {card_label(card)}").click()
    return turn, card


def test_a_hint_sent_mid_round_reaches_the_table(new_page, live_server):
    table, seats = live_table(players=3)
    students = [student_page(new_page, live_server, seat.student) for seat in seats]
    for page in students:
        page.goto(f"/play/tables/{table.pk}/")
    turn, _card = play_right_card(students[right_card(table)[0]], table)
    students[turn].get_by_text("Right! Your card joins the mainline.").wait_for()

    teacher = teacher_page(new_page, live_server, table.session.assignment.classroom.teacher)
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")
    teacher.get_by_label(f"Hint for {table}").fill("Look at the colors")
    teacher.get_by_role("button", name="Send hint").click()
    teacher.get_by_text("hint sent").wait_for()
    for page in students:
        page.locator("#table-live").get_by_text("Look at the colors").wait_for(timeout=SEEN_MS)


def test_after_a_right_play_the_next_player_waits_until_the_player_guesses_or_passes(
    new_page, live_server
):
    table, seats = live_table(players=3, config={"guess_turn": True})
    pages = [student_page(new_page, live_server, seat.student) for seat in seats]
    for page in pages:
        page.goto(f"/play/tables/{table.pk}/")
        page.get_by_role("heading", name="Your hand").wait_for()
    turn, _card = right_card(table)
    player, following = pages[turn], pages[(turn + 1) % 3]
    play_right_card(player, table)
    player.get_by_text("Guess the rule now, or pass").first.wait_for()

    # The next player sees who they wait for, and their cards stay disabled.
    following.locator("#table-status").get_by_text("may guess the rule, or pass").wait_for(
        timeout=SEEN_MS
    )
    assert following.locator("#hand-panel .hand button").first.is_disabled()

    player.get_by_role("button", name="Pass: no guess now").click()
    player.get_by_text("You passed. Play goes on.").wait_for()
    following.locator("#table-status").get_by_text("Your turn!").wait_for(timeout=SEEN_MS)
    assert following.locator("#hand-panel .hand button").first.is_enabled()


def test_a_no_play_hand_is_seen_by_the_other_players(new_page, live_server):
    table, seats = live_table(players=3)
    pages = [student_page(new_page, live_server, seat.student) for seat in seats]
    for page in pages:
        page.goto(f"/play/tables/{table.pk}/")
        page.get_by_role("heading", name="Your hand").wait_for()
    engine = engine_round(current_round(table=table))
    turn = engine.state.turn
    hand = list(engine.state.hands[turn])
    declarer = pages[turn]
    declarer.get_by_label("My hypothesis: the rule is…").fill("all red")
    declarer.get_by_label("It will be accepted").check()
    declarer.get_by_role("button", name="No play: none of my cards fits").click()
    declarer.get_by_text("Not quite: a card in your hand could be played.").wait_for()

    name = seats[turn].student.nickname
    for other in (pages[(turn + 1) % 3], pages[(turn + 2) % 3]):
        shown = other.locator(".no-plays li").filter(has_text=name)
        shown.get_by_text("Wrong: the dealer played this card from the hand:").wait_for(
            timeout=SEEN_MS
        )
        labels = shown.locator(".hand-cards .card").evaluate_all(
            "cards => cards.map(card => card.getAttribute('aria-label'))"
        )
        assert sorted(labels) == sorted(card_label(card) for card in hand)


def test_a_student_dealer_judges_three_cards_and_is_warned_privately(new_page, live_server):
    from tests.classroom.views.test_golden_game import students_deal_by_hand

    table, seats = students_deal_by_hand(players=4, starter="flip")
    order = deal_order(table, seats)  # the first dealer is drawn by lot
    dealer = student_page(new_page, live_server, order[0].student)
    watcher = student_page(new_page, live_server, order[1].student)
    dealer.goto(f"/play/tables/{table.pk}/")
    dealer.get_by_label("My rule, in words").fill("Red and black take turns")
    dealer.get_by_label("My rule in the rule language (optional)").fill("color != last.color")
    dealer.get_by_role("button", name="Deal with this rule").click()
    dealer.get_by_role("heading", name="You are the dealer").wait_for()
    watcher.goto(f"/play/tables/{table.pk}/")

    for number in range(3):
        seat, card = alternating_play(table, seats)
        # The verdict buttons come by themselves (the page polls), no reload.
        verdict = dealer.locator(".dealer-verdict")
        verdict.get_by_text(f"{seat.student.nickname} plays").wait_for(timeout=SEEN_MS)
        if number < 2:
            verdict.get_by_role("button", name=f"Right: {card_label(card)} fits").click()
        else:
            # The third verdict contradicts the rule the dealer wrote: only they are warned.
            verdict.get_by_role("button", name=f"Wrong: {card_label(card)} does not fit").click()
            dealer.get_by_text("Careful: your rule in the rule language accepts").wait_for()
            assert engine_round(current_round(table=table)).state.pending is not None
            assert watcher.get_by_text("Careful").count() == 0
            dealer.get_by_role("button", name="Confirm my verdict").click()
        dealer.locator("#table-status").get_by_text("You are the dealer.").wait_for(timeout=SEEN_MS)
        # The verdict is given: its buttons are gone until the next card waits.
        expect(verdict.get_by_role("button")).to_have_count(0)
    history = engine_round(current_round(table=table)).state.history
    assert [a.accepted for a in history[1:]] == [True, True, False]
    watcher.locator("#table-live .layout .sideline").first.wait_for(timeout=SEEN_MS)


def test_a_game_of_three_students_ends_after_each_has_dealt(new_page, live_server):
    from tests.classroom.views.test_golden_game import play_out_rounds, students_deal_table

    table, seats = students_deal_table(players=3)
    play_out_rounds(table, seats, 2)
    seats = deal_order(table, seats)  # the third dealer first
    pages = [student_page(new_page, live_server, seat.student) for seat in seats]
    for page in pages:
        page.goto(f"/play/tables/{table.pk}/")
    pages[0].get_by_role("heading", name="Running totals").wait_for()
    pages[0].get_by_text("Rounds played: 2 of 3.").wait_for()
    teacher = teacher_page(new_page, live_server, table.session.assignment.classroom.teacher)
    teacher.goto(f"/teach/sessions/{table.session.pk}/live/")

    # The third student deals; the round ends; every page shows the end of the game by itself.
    third = pages[0]
    third.get_by_label("Secret rule").fill("color != last.color")
    third.get_by_role("button", name="Deal with this rule").click()
    third.get_by_role("heading", name="You are the dealer").wait_for()
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import End

    round_act(round_id=current_round(table=table).pk, action=End("ended by the dealer"))

    from classroom.selectors.games import game_totals

    game = game_totals(table=table, seats=seats)
    assert game.over
    winner = game.winners[0]
    for page in [*pages, teacher]:
        end = page.locator(".game-over")
        end.get_by_role("heading", name="The game is over").wait_for(timeout=SEEN_MS + 2_000)
        assert winner.name in end.locator(".game-winner").inner_text()
        rows = end.locator("tbody tr")
        assert rows.count() == 3
        for row in game.rows:
            cells = rows.filter(has_text=row.name).locator("td")
            assert cells.last.inner_text() == str(row.total)
            assert cells.count() == 4  # three rounds and the total
    assert pages[0].get_by_text("write the secret rule").count() == 0
