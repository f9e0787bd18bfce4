"""'Found the rule' counts right guesses, and the class headline counts rounds (issue 34,
finding 1; docs/measures.md): a student who won a round by guessing the exact rule found it,
on their row, their timeline and the class's figure, whatever they logged."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from classroom.selectors.review import session_review
from classroom.services.review import round_insight_compute
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import Guess
from tests.factories import ALTERNATE_COLORS, live_table, logged_plays

pytestmark = pytest.mark.django_db


@pytest.fixture
def won_by_guess():
    """Three students log nothing; the first who may guess states the exact rule and wins."""
    table, seats = live_table(players=3)
    for seat, nickname in zip(seats, ("Ana", "Ben", "Cy"), strict=True):
        seat.student.nickname = nickname
        seat.student.save()
    round_row = table.rounds.get()
    winner: list[int] = []

    def guess_right(player: int) -> None:
        if not winner and engine_round(round_row).can_guess(player):
            round_act(
                round_id=round_row.pk,
                action=Guess(player, ALTERNATE_COLORS),
                seat=seats[player],
                schedule=False,
            )
            winner.append(player)
            round_row.refresh_from_db()

    for _ in range(20):
        if winner:
            break
        logged_plays(
            round_row, seats, plays=1, hypothesis=lambda *_: HypothesisInput(), after=guess_right
        )
    round_row.refresh_from_db()
    assert winner and round_row.status == round_row.Status.OVER
    round_insight_compute(round_id=round_row.pk)
    return table.session, seats[winner[0]]


def test_a_round_won_by_an_exact_guess_is_found(client, won_by_guess) -> None:
    session, seat = won_by_guess
    review = session_review(session)
    assert (review.rounds_found, review.rounds_checkable) == (1, 1)
    winner = next(s for s in review.students if s.person.seat_pk == seat.pk)
    assert (winner.found, winner.found_rounds) == (1, 1)
    client.force_login(session.assignment.classroom.teacher)
    html = client.get(reverse("classroom:review_session", args=[session.pk])).content.decode()
    headline = re.search(r'<dd data-measure="found">(.*?)</dd>', html, re.S)
    assert headline is not None and headline[1].strip() == "1 / 1"  # rounds, not student-rounds
    url = reverse("classroom:review_student", args=[session.pk, seat.pk])
    page = client.get(url).content.decode()
    assert "their guess was right" in page
    assert "Their hypothesis did not reach the rule." not in page
