"""Four students at one table in four browsers: plays with hypotheses and predictions, everyone
sees each change within two seconds, a free-text guess is accepted, the scores show."""

from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.variants import Verdict
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page
from tests.factories import alternating_card, live_table

pytestmark = LIVE

SEEN_WITHIN_MS = 2_000


def test_four_students_play_and_a_guess_ends_the_round(new_page, live_server, screenshot):
    table, seats = live_table(players=4)
    pages = [student_page(new_page, live_server, seat.student) for seat in seats]
    for page in pages:
        page.goto(f"/play/tables/{table.pk}/")
        page.get_by_role("heading", name="Your hand").wait_for()

    round_row = current_round(table=table)
    for move in range(4):
        engine = engine_round(current_round(table=table))
        turn = engine.state.turn
        card = alternating_card(engine, turn)
        page = pages[turn]
        page.get_by_label("My hypothesis: the rule is…").fill(f"colors alternate ({move})")
        page.get_by_label("It will be accepted").check()
        page.get_by_role("button", name=f"Play the {_label(card)}").click()
        page.get_by_text("Right! Your card joins the mainline.").wait_for()
        # Every other browser shows the new card on the mainline within two seconds.
        for other in pages:
            other.locator(f'#table-live .layout [aria-label="{_label(card)}"]').wait_for(
                timeout=SEEN_WITHIN_MS + 1_000
            )

    guesser = pages[turn]
    guesser.get_by_label("My guess, in my own words").fill("red and black take turns")
    guesser.get_by_role("button", name="Guess the rule").click()
    guesser.get_by_text("Your guess goes to your teacher").wait_for()

    round_act(round_id=round_row.pk, action=Verdict(True))  # the teacher accepts it

    for page in pages:
        page.locator("#table-status").get_by_text("The round is over.").wait_for(
            timeout=SEEN_WITHIN_MS + 1_000
        )
    scores = pages[0].locator("#table-live table tbody tr")
    assert scores.count() == 4
    screenshot(pages[turn], "student-table-four")


def _label(card):
    from classroom.templatetags.play_tags import card_label

    return card_label(card)
