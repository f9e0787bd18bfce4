"""What a screen reader hears at the tables of the games played in turns (issue 36): another
player's play is announced once, through the page's lasting polite live region, with the
player's name and the card in words (never a card code), as at an Express table."""

import pytest
from playwright.sync_api import expect

from classroom.selectors.games import current_round
from classroom.services.delphi import delphi_predict
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from classroom.templatetags.play_tags import card_label
from eleusis.engine.variants import Play, PlayString
from tests.browser.marks import PATIENT
from tests.browser.signed_in import WIDE, student_page
from tests.browser.spoken import record_spoken, spoken_all, wait_spoken_where
from tests.classroom.services.test_delphi import delphi_table, on_show
from tests.factories import live_table

pytestmark = PATIENT

POLLS_MS = 4_000  # more than two polls (every 1.5 s): time for a second announcement to come


def _action(variant: str, round_, player: int):
    """One card of `player`'s, as a play of the game: a string of one in Abbott/Howell."""
    hypothesis = "red and black take turns"
    if variant == "russian":
        card = round_.playable(player)[0]
        return card, Play(player, card, hypothesis=hypothesis, prediction=True)
    card = round_.state.hands[player][0]
    return card, PlayString(player, (card,), hypothesis=hypothesis, prediction=True)


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_another_players_play_is_announced_once_with_the_card_in_words(
    new_page, live_server, variant
):
    table, seats = live_table(players=3, variant=variant)
    round_row = current_round(table=table)
    round_ = engine_round(round_row)
    turn = round_.state.turn
    player = next(s for s in seats if round_row.player_of(s.position) == turn)
    me = next(s for s in seats if s != player)
    page = student_page(new_page, live_server, me.student, viewport=WIDE)
    record_spoken(page)
    page.goto(f"/play/tables/{table.pk}/")
    expect(page.locator("#table-status")).to_contain_text("Waiting for the other players.")
    before = len(spoken_all(page))

    card, action = _action(variant, round_, turn)
    round_act(
        round_id=round_row.pk,
        action=action,
        seat=player,
        hypothesis=HypothesisInput(text="red and black take turns"),
        schedule=False,
    )
    said = wait_spoken_where(
        page, lambda text: player.name in text and card_label(card) in text, after=before
    )
    page.wait_for_timeout(POLLS_MS)
    said = spoken_all(page)[before:]
    assert len(said) == 1, said
    assert card.code not in said[0].split(), said


def test_a_delphi_class_is_announced_a_few_times_per_card_and_the_card_in_words(
    new_page, live_server
):
    """A class of eight predicts: the student hears their own token, then nothing of each
    classmate's, then the card's outcome with the next card to predict, named in words."""
    table, seats = delphi_table(players=8)
    me, *classmates = seats
    page = student_page(new_page, live_server, me.student, viewport=WIDE)
    record_spoken(page)
    page.goto(f"/play/tables/{table.pk}/")
    expect(page.get_by_role("heading", name="Card 2 of 52")).to_be_visible()
    before = len(spoken_all(page))

    page.get_by_role("button", name="True: it fits").click()
    expect(page.locator("#table-status")).to_contain_text("1 of 8 have predicted")
    for count, seat in enumerate(classmates, start=2):
        round_row, card, _fits = on_show(table)
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=True)
        if count < len(seats):  # the last token places the card
            expect(page.locator("#table-status")).to_contain_text(f"{count} of 8 have predicted")
    expect(page.get_by_role("heading", name="Card 3 of 52")).to_be_visible()
    _round, next_card, _fits = on_show(table)
    wait_spoken_where(page, lambda text: card_label(next_card) in text, after=before)
    page.wait_for_timeout(POLLS_MS)
    said = spoken_all(page)[before:]
    assert len(said) <= 3, said
    assert not any("have predicted" in text for text in said), said
