"""The sentence builder on a phone, in a real browser: words the app knows become a sentence
with one tap, the sentence is read back, and the play stores it checkable. The screenshot is
the README's."""

from playwright.sync_api import expect

from classroom.models import Action, Assignment
from classroom.selectors.games import current_round
from classroom.templatetags.play_tags import card_label
from tests.browser.conftest import ARTIFACTS
from tests.browser.marks import LIVE
from tests.browser.signed_in import student_page
from tests.browser.test_move_inputs import _right_card
from tests.factories import live_table

pytestmark = LIVE

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}


def test_words_become_a_checkable_sentence_with_one_tap(new_page, live_server):
    table, (seat,) = live_table(players=1, hypothesis_policy=Assignment.HypothesisPolicy.OPTIONAL)
    round_row = current_round(table=table)
    page = student_page(new_page, live_server, seat.student, **PHONE)
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
    page = student_page(new_page, live_server, seat.student)
    page.goto(f"/play/tables/{table.pk}/")
    page.get_by_label("When").select_option("last")
    expect(page.locator("#builder-says")).to_contain_text("Say what the card in your “if …” is")
    expect(page.get_by_label("what the card is")).to_have_attribute("aria-invalid", "true")
    page.get_by_label("what the card is").select_option("face")
    page.get_by_label("Play", exact=True).select_option("within")
    expect(page.locator("#builder-says")).to_contain_text("Say how many ranks: choose a number.")
    assert Action.objects.filter(round=current_round(table=table)).count() == 0


QUICK_SECOND_CHOICE = """() => {
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.target.id !== "builder-parts" || window.quickChoiceMade) return;
    window.quickChoiceMade = true;
    // The next task after the answer is swapped in: where a held-down arrow key's next change
    // lands, or a switch user's next step.
    window.setTimeout(() => {
      const play = document.getElementById("id_b_then");
      play.value = "other-color";
      play.dispatchEvent(new Event("change", { bubbles: true }));
    }, 0);
  });
}"""


def test_a_choice_made_the_moment_the_parts_arrive_still_asks_for_its_own_parts(
    new_page, live_server
):
    """htmx wires up new parts only when they settle; a choice made before that asked the server
    for nothing, so the builder showed "other colour" with the parts of the choice before it and
    read back a sentence the student never chose."""
    table, (seat,) = live_table(players=1)
    page = student_page(new_page, live_server, seat.student)
    page.goto(f"/play/tables/{table.pk}/")
    page.evaluate(QUICK_SECOND_CHOICE)
    page.locator("#id_b_then").select_option("same")
    page.wait_for_function("() => window.quickChoiceMade")
    expect(page.locator("#id_b_then-ref")).to_be_visible()
    expect(page.locator("#id_b_then-prop")).to_have_count(0)
    expect(page.locator("#id_b_then")).to_have_value("other-color")
