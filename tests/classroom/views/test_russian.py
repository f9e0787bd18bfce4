"""Russian Eleusis by HTTP (docs/rules.md §4): a teacher assigns it, three students play one card
a turn with a hypothesis and a prediction, wrong cards lie in front of their player, the round
ends and is scored; bots fill seats; the live view and the review's replay open."""

import pytest
from django.urls import reverse

from classroom.models import Action
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from eleusis.engine.games import GAMES
from eleusis.engine.rules import LIBRARY
from tests.classroom.views.test_teach import assigned_and_seated
from tests.factories import bot_table, play_form, student_client

pytestmark = pytest.mark.django_db

RULE = LIBRARY["th-alternate-colors"].text


def test_three_students_play_a_russian_round_to_its_score(visitors, classroom):
    assignment, table, clients = assigned_and_seated(
        visitors, classroom, players=3, seed=5, variant="russian"
    )
    assert assignment.variant == "russian"
    session = table.session
    page = clients[0].get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "The mainline" in page and RULE not in page

    record = GAMES["russian"]
    minds = list(record.seat(["scientist"], 3, current_round(table=table).seed))
    url = reverse("classroom:table_card", args=[table.pk])
    wrong = 0
    for _ in range(200):
        round_row = current_round(table=table)
        engine = engine_round(round_row)
        if engine.is_over:
            break
        action = record.next_action(engine, minds)
        data = play_form(
            round_row, action.card, hypothesis="colours alternate", prediction="accepted"
        )
        response = clients[action.player].post(url, data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        body = response.content.decode()
        assert "message-error" not in body, body[:2000]
        wrong += "Wrong: the card lies in front of you" in body
    else:
        pytest.fail("the round did not end")
    engine = engine_round(current_round(table=table))
    assert engine.is_over and any(engine.scores().players)
    assert wrong >= 1
    page = clients[1].get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "The round is over." in page and "Score" in page
    assert Action.objects.filter(round__table=table, kind="play").count() >= 10
    live = visitors["teacher"].get(reverse("classroom:session_live", args=[session.pk]))
    assert live.status_code == 200 and "Russian Eleusis" in live.content.decode()
    replay = visitors["teacher"].get(
        reverse("classroom:review_replay", args=[session.pk, current_round(table=table).pk])
    )
    assert replay.status_code == 200 and "Replay:" in replay.content.decode()


def test_bots_fill_a_russian_table():
    _, table, _ = bot_table(variant="russian", rule_text=RULE, bots=2)
    engine = engine_round(current_round(table=table))
    assert engine.is_over or engine.state.turn == 0


def test_every_player_sees_the_cards_set_aside_and_the_interim_score():
    """Issue 35, point 1 (docs/rules.md §4): the cards set aside and the interim score, on every
    player's page and the teacher's, once taken."""
    from classroom.services.rounds import round_act
    from tests.classroom.views.test_teach import teacher_of
    from tests.factories import live_table

    record = GAMES["russian"]
    for seed in range(1, 30):
        table, seats = live_table(
            players=4, variant="russian", rule_text=RULE, config={}, seed=seed
        )
        round_row = current_round(table=table)
        by_player = {round_row.player_of(seat.position): seat for seat in seats}
        minds = list(record.seat(["scientist"], 4, round_row.seed))
        for _ in range(300):
            engine = engine_round(current_round(table=table))
            if engine.is_over or engine.state.interim is not None:
                break
            action = record.next_action(engine, minds)
            round_act(round_id=round_row.pk, action=action, seat=by_player[action.player])
        if engine.state.interim is not None:
            break
    else:
        pytest.fail("no round took the interim score")
    page = student_client(seats[0].student).get(reverse("classroom:table", args=[table.pk]))
    text = page.content.decode()
    assert "10 cards are set aside face down, out of play this round." in text
    assert "Interim score</th>" in text and "the interim score was taken" in text
    leader = max(range(4), key=lambda p: engine.state.interim[p])
    assert engine.state.interim[leader] >= 0
    assert f"<td>{engine.state.interim[leader]}</td>" in text
    live = teacher_of(table).get(reverse("classroom:session_live", args=[table.session_id]))
    assert "10 cards are set aside face down" in live.content.decode()
