"""The news a screen reader hears at an Abbott/Howell table (issue 36): the offer to become the
prophet, who the prophet is, and the prophet's verdict on a player's own play, each a sentence
in a `data-announce` span of the page (read once by site.js)."""

import html
import re

import pytest

from classroom.selectors.games import current_round
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import BecomeProphet, PlayString, ProphetJudgement
from tests.factories import live_table, student_client

pytestmark = pytest.mark.django_db


def _news(seat) -> list[str]:
    page = student_client(seat.student).get(f"/play/tables/{seat.table_id}/")
    assert page.status_code == 200
    return [html.unescape(s) for s in re.findall(r'data-say="([^"]*)"', page.content.decode())]


def _seat_of(seats, round_row, player):
    return next(s for s in seats if round_row.player_of(s.position) == player)


def _play(seats, round_row, player):
    round_ = engine_round(round_row)
    card = round_.state.hands[player][0]
    action = PlayString(player, (card,), hypothesis="red then black", prediction=True)
    round_act(
        round_id=round_row.pk,
        action=action,
        seat=_seat_of(seats, round_row, player),
        hypothesis=HypothesisInput(text="red then black"),
        schedule=False,
    )


def test_the_offer_the_prophet_and_the_verdict_on_ones_own_play_are_news():
    table, seats = live_table(players=4, variant="abbott")
    round_row = current_round(table=table)
    first = engine_round(round_row).state.turn
    _play(seats, round_row, first)
    prophet_seat = _seat_of(seats, round_row, first)
    assert any("You may become the prophet now" in text for text in _news(prophet_seat))

    round_act(round_id=round_row.pk, action=BecomeProphet(first), seat=prophet_seat)
    round_row.refresh_from_db()
    second = engine_round(round_row).state.turn
    second_seat = _seat_of(seats, round_row, second)
    assert f"{prophet_seat.name} is the prophet now." in _news(second_seat)

    _play(seats, round_row, second)
    round_row.refresh_from_db()
    round_ = engine_round(round_row)
    truth = round_.judge_string(round_.state.pending.cards)
    round_act(round_id=round_row.pk, action=ProphetJudgement(correct=truth), seat=prophet_seat)
    verdict = "accepted" if truth else "rejected"
    assert f"The prophet judged your play: {verdict}." in _news(second_seat)
    third_seat = next(s for s in seats if s not in (prophet_seat, second_seat))
    assert any(
        text.startswith(f"{second_seat.name} played the ") and "The prophet judged it." in text
        for text in _news(third_seat)
    )
