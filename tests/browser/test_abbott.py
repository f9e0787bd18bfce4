"""Abbott/Howell in browsers (docs/rules.md §2): a teacher assigns it with the form and starts a
session; four students, each in their own browser, play strings of cards (typed in order, or
ticked) with a hypothesis and a prediction; one becomes prophet and judges a play rightly, then
one wrongly, and is overthrown on every page; the round is played out and every browser shows the
scores the engine gave. Every wait is on what a page shows."""

from playwright.sync_api import expect

from classroom.models import Action
from classroom.templatetags.play_tags import card_label
from tests.browser.marks import PATIENT
from tests.browser.turns import (
    SEEN_MS,
    before_play,
    engine,
    four_at_a_table,
    minds_play,
    player_row,
)

pytestmark = PATIENT

TITLE = "Strings, week 5"
GAME = "Abbott/Howell Eleusis: tables play strings of cards; a player may become prophet"
YOUR_TURN = "Your turn: play one card or a string of cards, or declare “no play”."


def _play(page, cards, *, typed: bool) -> None:
    """Play a string: its codes typed in order, or its cards ticked in the hand."""
    expect(page.locator("#table-status")).to_have_text(YOUR_TURN, timeout=SEEN_MS)
    if typed:
        page.get_by_label("Or type the cards in the order").fill(" ".join(c.code for c in cards))
    else:
        for card in cards:
            page.locator("#hand-panel").get_by_label(card_label(card)).first.check()
    before_play(page)
    page.get_by_role("button", name="Play these cards").click()


def test_four_students_play_strings_a_prophet_is_overthrown_and_the_round_is_scored(
    new_page, live_server, readme_screenshot
):
    teacher, table, pages, who = four_at_a_table(new_page, live_server, title=TITLE, game=GAME)
    expect(teacher.get_by_text("Abbott/Howell").first).to_be_visible()

    # The first player types a string of two cards; the message says what became of it.
    round_ = engine(table)
    first = round_.state.turn
    cards = tuple(round_.state.hands[first][:2])
    _play(pages[first], cards, typed=True)
    outcome = "✓ Accepted!" if round_.judge_string(cards) else "✗ Rejected."
    expect(pages[first].locator("#move-message")).to_have_text(outcome)

    # The second ticks one card, then becomes the prophet: their page is the prophet's now.
    round_ = engine(table)
    prophet = round_.state.turn
    assert prophet != first
    _play(pages[prophet], (round_.state.hands[prophet][0],), typed=False)
    page = pages[prophet]
    page.get_by_role("button", name="Become the prophet").click()
    expect(page.locator("#table-status")).to_have_text(
        "You are the prophet: wait for the next play to judge."
    )
    expect(page.locator("#act-form")).to_have_count(0)
    for other in pages.values():
        row = player_row(other, who[prophet])
        expect(row).to_contain_text("prophet", timeout=SEEN_MS)
    # Every page shows the public facts (issue 35): the prophet, their marker, the card count
    # and from how many cards a wrong move expels; and the link to this game's rules.
    state = engine(table).state
    for other in (*pages.values(), teacher):
        public = other.locator(".turns-public")
        expect(public).to_contain_text(
            f"Prophet: {who[prophet]}. The prophet's marker is on", timeout=SEEN_MS
        )
        expect(public).to_contain_text(f"{len(state.history)} cards on the table.")
        expect(public).to_contain_text(f"From {state.marker + 20} cards on the table")
    expect(page.get_by_role("link", name="How to play (opens in a new tab)")).to_have_attribute(
        "href", "/lessons/how-to-play/#abbott"
    )

    # The next two play; the prophet judges the first play rightly, the second wrongly.
    for rightly in (True, False):
        round_ = engine(table)
        player = round_.state.turn
        assert player not in (prophet,)
        cards = (round_.state.hands[player][0],)
        _play(pages[player], cards, typed=False)
        expect(pages[player].locator("#move-message")).to_have_text("The prophet judges your play…")
        truth = round_.judge_string(cards)
        expect(page.get_by_role("heading", name="Judge as the prophet")).to_be_visible(
            timeout=SEEN_MS
        )
        if not rightly:
            readme_screenshot(page, "abbott-prophet")
        accept = truth if rightly else not truth
        page.get_by_role(
            "button", name="Right: accept it" if accept else "Wrong: reject it"
        ).click()
        if rightly:
            expect(page.get_by_role("heading", name="Judge as the prophet")).to_have_count(0)
            expect(page.locator("#table-status")).to_have_text(
                "You are the prophet: wait for the next play to judge."
            )
    # Overthrown: back in play with the hand form, and so shown on every page.
    expect(page.locator("#act-form")).to_be_visible(timeout=SEEN_MS)
    for other in (*pages.values(), teacher):
        expect(player_row(other, who[prophet])).to_contain_text(
            "overthrown prophet", timeout=SEEN_MS
        )
    assert engine(table).state.prophets[0].fell
    # A "no play": every page shows the hand its player held.
    round_ = engine(table)
    player = round_.state.turn
    held = round_.state.hands[player]
    expect(pages[player].locator("#table-status")).to_have_text(YOUR_TURN, timeout=SEEN_MS)
    before_play(pages[player])
    pages[player].get_by_role("button", name="No play").click()
    for other in (*pages.values(), teacher):
        line = other.locator(".turns-no-plays li", has_text=f"{who[player]} held:")
        # Three decks: the hand may hold the same card twice.
        card = line.get_by_role("img", name=card_label(held[0])).first
        expect(card).to_be_visible(timeout=SEEN_MS)
    plays = Action.objects.filter(round__table=table, kind="play_string")  # and one "no play"
    assert plays.count() == 4 and plays.filter(hypothesis__isnull=False).count() == 4

    # The round is played out by the students' minds (server side, the same service), and every
    # browser shows the scores.
    minds_play(table, "abbott")
    round_ = engine(table)
    assert round_.is_over
    scores = round_.scores().players
    for page in pages.values():
        expect(page.locator("#table-status")).to_have_text("The round is over.", timeout=SEEN_MS)
        for player, name in who.items():
            expect(player_row(page, name).locator("td").last).to_have_text(str(scores[player]))
    expect(teacher.get_by_text("round over").first).to_be_visible(timeout=SEEN_MS)
