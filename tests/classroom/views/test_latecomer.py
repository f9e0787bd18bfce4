"""A latecomer sees the table as it is (issue 33 point 7): a student seated at a table during a
round plays from the next round, and meanwhile watches this one: the mainline, everyone's card
counts and scores, the hints the teacher sends, and nobody's hand."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import late_arrival_seat, lobby_join
from classroom.services.rounds import round_act
from classroom.templatetags.play_tags import card_label
from eleusis.engine.variants import DealerHint, Play
from tests.factories import StudentFactory, live_table, student_client

pytestmark = pytest.mark.django_db


def _late(table):
    """A student arrives after the start; the teacher seats them at `table`."""
    session = table.session
    student = StudentFactory(classroom=session.assignment.classroom, nickname="Late Lou")
    lobby_join(session=session, student=student)
    late_arrival_seat(session=session, student=student, table=table)
    return student


def test_a_latecomer_watches_the_round_as_it_is_and_gets_the_next_hint():
    table, seats = live_table(players=3, table_size=4)
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    for _ in range(2):  # two plays, so the table is not as it was dealt
        turn = engine.state.turn
        round_act(
            round_id=round_row.pk,
            action=Play(turn, engine.state.hands[turn][0]),
            seat=seats[turn],
        )
        round_row.refresh_from_db()
        engine = engine_round(round_row)
        if engine.state.deciding is not None:
            from eleusis.engine.variants import PassGuess

            round_act(round_id=round_row.pk, action=PassGuess(engine.state.deciding))
            round_row.refresh_from_db()
            engine = engine_round(round_row)
    late = _late(table)
    client = student_client(late)
    url = reverse("classroom:table", args=[table.pk])

    page = client.get(url).content.decode()
    assert "You are seated: you join the game at the next round." in page
    # The mainline as it is: every card of the history, by its label.
    for attempt in engine.state.history:
        assert card_label(attempt.card) in page
    # Everyone's card count and score as they stand, not 0.
    scores = engine.scores().players
    for seat in seats:
        rows = page.split("<tr")
        row = next(r for r in rows if f"{seat.name}</td>" in r)
        assert f"<td>{len(engine.state.hands[seat.position])}</td>" in row
        assert f"<td>{scores[seat.position]}</td>" in row
    # Nobody's hand reaches the latecomer's page.
    assert 'id="hand-panel"' in page
    hand_panel = page.split('id="hand-panel"')[1].split("</div>")[0]
    assert "hand-card" not in hand_panel

    # The teacher's next hint reaches them.
    round_act(round_id=round_row.pk, action=DealerHint(text="Look at the colours"))
    page = client.get(url).content.decode()
    assert "Look at the colours" in page


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_a_latecomer_at_a_table_played_in_turns_watches_the_round(variant):
    """Before, a seat added after the deal answered 500 on its own page, on every other page of
    the table and on the teacher's live view (its seat line asked the engine for player 4)."""
    table, seats = live_table(players=4, table_size=5, variant=variant, config={})
    late = _late(table)
    engine = engine_round(current_round(table=table))
    url = reverse("classroom:table", args=[table.pk])
    page = student_client(late).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "You are seated: you join the game at the next round." in html
    assert 'id="act-form"' not in html  # nothing to play, no hand
    for attempt in engine.state.history:
        assert card_label(attempt.card) in html
    for seat in seats:  # every player of the round, with the cards they hold
        count = len(engine.state.hands[seat.position])
        assert re.search(rf">{seat.name}[^<]*</th><td>{count}</td>", html), seat.name
    # The others' pages and the teacher's live view show the table with its new seat.
    assert student_client(seats[0].student).get(url).status_code == 200
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    live = teacher.get(reverse("classroom:session_live", args=[table.session.pk]))
    assert live.status_code == 200 and "Late Lou" in live.content.decode()
