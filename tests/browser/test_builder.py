"""The sentence builder on a phone, in a real browser: words the app knows become a sentence
with one tap, the sentence is read back, and the play stores it checkable. The screenshot is
the README's."""

import pytest
from playwright.sync_api import expect

from classroom.models import Action, Assignment
from classroom.selectors.games import current_round
from classroom.templatetags.play_tags import card_label
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_move_inputs import _right_card, _signed_in_page
from tests.factories import live_table

# Each step waits for an htmx round trip; on a loaded CI machine a poll can land mid-step, so a
# failure is tried again (twice) before it counts.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.flaky(reruns=2),
]

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}


def test_words_become_a_checkable_sentence_with_one_tap(new_page, live_server):
    table, (seat,) = live_table(players=1, hypothesis_policy=Assignment.HypothesisPolicy.OPTIONAL)
    round_row = current_round(table=table)
    page = _signed_in_page(new_page, live_server, seat.student, **PHONE)
    page.goto(f"/play/tables/{table.pk}/")
    page.get_by_role("heading", name="Your hand").wait_for()

    page.get_by_label("My hypothesis: the rule is…").fill("red then black")
    page.get_by_text("Did you mean: “Play the other color from the last card.”?").wait_for()
    page.get_by_role("button", name="Yes, build that sentence").click()
    says = page.locator("#builder-says")
    expect(says).to_contain_text("Your sentence: “Play the other color from the last card.”")
    expect(page.get_by_label("Play", exact=True)).to_have_value("other-color")

    # A second part, chosen by hand: "… or the same rank as the last card".
    page.get_by_label("Then").select_option("or")
    page.locator("#id_b_then2").select_option("same")
    page.locator("#id_b_then2-prop").select_option("rank")
    page.locator("#id_b_then2-ref").select_option("last")
    expect(says).to_contain_text(
        "Play the other color from the last card or play the same rank as the last card."
    )
    page.get_by_label("It will be accepted").check()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#before-play").screenshot(path=str(ARTIFACTS / "sentence-builder.png"))

    page.get_by_role("button", name=f"Play the {card_label(_right_card(table))}").first.click()
    page.get_by_text("Right! Your card joins the mainline.").wait_for()
    hypothesis = Action.objects.get(round=round_row, kind="play").hypothesis
    assert hypothesis.text == "red then black"  # the student's words, kept
    assert hypothesis.checkable == "color != last.color or rank == last.rank"
    assert hypothesis.frame_id == "builder"


def test_an_unfinished_sentence_says_what_to_change(new_page, live_server):
    table, (seat,) = live_table(players=1)
    page = _signed_in_page(new_page, live_server, seat.student)
    page.goto(f"/play/tables/{table.pk}/")
    page.get_by_label("When").select_option("last")
    expect(page.locator("#builder-says")).to_contain_text("Say what the card in your “if …” is")
    expect(page.get_by_label("what the card is")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("what the card is").select_option("face")
    page.get_by_label("Play", exact=True).select_option("within")
    expect(page.locator("#builder-says")).to_contain_text("Say how many ranks: choose a number.")
    assert Action.objects.filter(round=current_round(table=table)).count() == 0
