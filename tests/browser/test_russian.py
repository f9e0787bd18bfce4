"""Russian Eleusis in browsers (docs/rules.md §4): a teacher assigns it with the form and starts a
session; four students, each on their own device, play one card a turn with a hypothesis and a
prediction; a wrong card lies face up in front of its player on every page; the round is played
to its end and every browser shows the scores the engine gave."""

import pytest
from playwright.sync_api import expect

from classroom.models import Action
from classroom.templatetags.play_tags import card_label
from tests.browser import turns

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("patient_expect"),
]

TITLE = "Russian rules, week 6"
GAME = "Russian Eleusis: one card a turn; wrong cards stay in front of their player"


def _play_in_browser(page, round_, player: int, *, fits: bool | None):
    """The player plays a card of their own choosing: one that fits (`fits` True), one that does
    not (False), or any (None). Returns the card and whether it fitted."""
    playable = round_.playable(player)
    history = round_.state.history
    chosen = next(
        (card for card in playable if fits is None or round_.judge(history, card) == fits),
        playable[0],
    )
    accepted = round_.judge(history, chosen)
    expect(page.locator("#table-status")).to_have_text(
        "Your turn: play one card.", timeout=turns.SEEN_MS
    )
    turns.before_play(page, accepted=True)
    page.get_by_role("button", name=f"Play {chosen}", exact=True).click()
    return chosen, accepted


# Rerun once: on a loaded machine the round-ending click has, about one run in three, left its
# page at "Your turn" past the wait (seen in CI on 2026-12-04, cause not yet found; the move path
# refuses a page older than the round, so a lost race shows as a refused move, not a wrong one).
@pytest.mark.flaky(reruns=1)
def test_four_students_play_the_russian_rules_to_the_scores(
    new_page, live_server, readme_screenshot
):
    teacher, table, pages, who = turns.four_at_a_table(
        new_page, live_server, title=TITLE, game=GAME
    )
    expect(teacher.get_by_text("Russian Eleusis").first).to_be_visible()
    assert len(pages) == 4 and all(len(hand) == 10 for hand in turns.engine(table).state.hands)

    # Two turns each in the browsers; the second card of the round does not fit.
    wrong = None
    for move in range(8):
        round_ = turns.engine(table)
        player = round_.state.turn
        card, accepted = _play_in_browser(pages[player], round_, player, fits=move != 1)
        outcome = "✓ Accepted!" if accepted else "✗ Wrong: the card lies in front of you."
        expect(pages[player].locator("#move-message")).to_have_text(outcome)
        if move == 1:
            assert not accepted
            wrong = (who[player], card)
    # The wrong card lies face up in front of its player, on every page and the teacher's.
    name, card = wrong
    for page in (*pages.values(), teacher):
        row = page.locator("table.turns-players tbody tr", has_text=name)
        expect(row.get_by_role("img", name=card_label(card))).to_be_visible(timeout=turns.SEEN_MS)
    # Every page shows the cards set aside (issue 35), and links to this game's rules.
    for page in (*pages.values(), teacher):
        expect(page.locator(".turns-public")).to_contain_text(
            "10 cards are set aside face down, out of play this round."
        )
    expect(pages[0].get_by_role("link", name="How to play (opens in a new tab)")).to_have_attribute(
        "href", "/lessons/how-to-play/#russian"
    )
    hypotheses = Action.objects.filter(round__table=table, kind="play", hypothesis__isnull=False)
    assert hypotheses.count() == 8
    readme_screenshot(pages[0], "russian-table")

    # Their minds play on (server side, through the same service) until one card would end the
    # round; that last card is played in its player's browser.
    action = turns.minds_play(table, "russian", before_last=True, limit=400)
    assert action is not None
    player = action.player
    page = pages[player]
    expect(page.locator("#table-status")).to_have_text(
        "Your turn: play one card.", timeout=turns.SEEN_MS
    )
    turns.before_play(page)
    page.get_by_role("button", name=f"Play {action.card}", exact=True).click()

    for page in pages.values():
        expect(page.locator("#table-status")).to_have_text(
            "The round is over.", timeout=turns.SEEN_MS
        )
    over = turns.engine(table)
    assert over.is_over
    for page in pages.values():
        for other, name in who.items():
            score = turns.player_row(page, name).locator("td").last
            expect(score).to_have_text(str(over.scores().players[other]))
    expect(teacher.get_by_text("round over").first).to_be_visible(timeout=turns.SEEN_MS)
    assert any(over.scores().players)
    if over.state.interim is not None:  # the interim score, when it was taken, on every page
        for page in pages.values():
            expect(page.get_by_role("columnheader", name="Interim score")).to_be_visible()
