"""Nothing of one move is sent with the next: a student plays three moves (and guesses once)
with different inputs in a real browser, and the database holds what was chosen for each."""

from playwright.sync_api import expect

from classroom.models import Action, Assignment, Hypothesis
from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round, round_act
from classroom.templatetags.play_tags import card_label
from eleusis.engine.variants import Verdict
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page
from tests.factories import alternating_card, live_table

pytestmark = LIVE


def _right_card(table):
    """A card of the other color than the last one on the mainline (alternate colors)."""
    return alternating_card(engine_round(current_round(table=table)), 0)


def _plays(round_row):
    return list(Action.objects.filter(round=round_row, kind="play").order_by("seq"))


def _play(page, table, round_row, count):
    """Play a right card and wait until the play is stored; returns its action."""
    cards = page.locator("#hand-panel .hand button")
    held = cards.count()
    page.get_by_role("button", name=f"Play the {card_label(_right_card(table))}").first.click()
    expect(cards).to_have_count(held - 1)  # the answer has come: the card left the hand
    page.get_by_text("Right! Your card joins the mainline.").wait_for()
    plays = _plays(round_row)
    assert len(plays) == count
    return plays[-1]


def _inputs_are_empty(page):
    assert page.locator("#id_hypothesis").input_value() == ""
    assert page.locator("#id_b_if").input_value() == "always"
    assert page.locator("#id_b_then").input_value() == ""
    assert page.locator("#builder-parts select").count() == 2  # "When" and "Play" only
    assert page.locator("#id_guess").input_value() == ""
    for value in ("accepted", "rejected", "unsure"):
        assert not page.locator(f'input[name="prediction"][value="{value}"]').is_checked()


def test_each_move_sends_only_what_was_chosen_for_it(new_page, live_server):
    table, (seat,) = live_table(players=1, hypothesis_policy=Assignment.HypothesisPolicy.OPTIONAL)
    round_row = current_round(table=table)
    page = student_page(new_page, live_server, seat.student)
    page.goto(f"/play/tables/{table.pk}/")
    page.get_by_role("heading", name="Your hand").wait_for()

    # Move 1: a sentence from the builder, read back before it is sent, and "accepted".
    page.get_by_label("Play", exact=True).select_option("same")
    page.get_by_label("which property").select_option("suit")
    page.get_by_label("which card before").select_option("last")
    expect(page.locator("#builder-says")).to_contain_text(
        "Your sentence: “Play the same suit as the last card.”"
    )
    page.get_by_label("It will be accepted").check()
    first = _play(page, table, round_row, 1)
    _inputs_are_empty(page)

    # Move 2: words only, and "rejected".
    page.get_by_label("My hypothesis: the rule is…").fill("red and black take turns")
    page.get_by_label("It will be rejected").check()
    second = _play(page, table, round_row, 2)
    _inputs_are_empty(page)

    # A guess in words; the teacher says it is wrong.
    page.get_by_label("My guess, in my own words").fill("colors swap every card")
    page.get_by_role("button", name="Guess the rule", exact=True).click()
    page.get_by_text("Your guess goes to your teacher").wait_for()
    _inputs_are_empty(page)
    round_act(round_id=round_row.pk, action=Verdict(False))

    # Move 3: nothing chosen is refused (a prediction is required), then "not sure" alone.
    page.locator("#table-status").get_by_text("Your turn!").wait_for()
    card = _right_card(table)
    page.get_by_role("button", name=f"Play the {card_label(card)}").first.click()
    page.get_by_text("Make a prediction: will the dealer accept it?").wait_for()
    assert len(_plays(round_row)) == 2
    page.get_by_label("Not sure").check()
    third = _play(page, table, round_row, 3)

    first_words = Hypothesis.objects.get(action=first)
    assert first_words.frame_id == "builder"
    assert first_words.frame_choices == {"then": "same", "then-prop": "suit", "then-ref": "last"}
    assert first_words.text == "Play the same suit as the last card."
    assert first_words.checkable == "suit == last.suit"
    assert first.payload["prediction"] is True

    second_words = Hypothesis.objects.get(action=second)
    assert second_words.text == "red and black take turns"
    assert (second_words.checkable, second_words.frame_id) == ("", "")
    assert second.payload["prediction"] is False

    assert not Hypothesis.objects.filter(action=third).exists()
    assert third.payload.get("hypothesis") is None
    assert third.payload["prediction"] is None
    guess = Action.objects.get(round=round_row, kind="guess")
    assert guess.payload["text"] == "colors swap every card"
