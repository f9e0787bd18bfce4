"""The card that refuted an idea is the engine's observer's answer (issue 34 finding 6, issue
32): the first evidence of the round the idea contradicts, of every kind (a card, a "no play",
the start, a wrong guess), and whether it was already shown when the idea was first held."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom.selectors.review.aggregate import session_review
from classroom.services.review import round_insight_compute
from classroom.services.rounds import HypothesisInput, round_act
from eleusis.engine.cards import Card, Suit
from eleusis.engine.variants import NoPlay, Play
from tests.factories import live_table, round_over

pytestmark = pytest.mark.django_db

# Only one black card after the starter; red starters, as under the rule: a hand without
# that card holds no legal card for this idea.
ONLY = "start: red rule: suit == spades and rank == {rank}"


def _act(round_row, seats, action, hypothesis: str) -> None:
    round_act(
        round_id=round_row.pk,
        action=action,
        seat=seats[action.player],
        hypothesis=HypothesisInput(text=hypothesis, checkable=hypothesis),
        schedule=False,
    )
    round_row.refresh_from_db()


def test_a_wrong_no_play_refutes_the_idea_that_said_no_card_was_legal() -> None:
    table, seats = live_table(players=3, rule_text="red", seed=7)
    round_row = table.rounds.get()
    from classroom.selectors.rounds import engine_round

    state = engine_round(round_row).state
    player = state.turn
    hand = list(state.hands[player])
    assert any(card.suit.is_red for card in hand)  # the "no play" is wrong under "red"
    rank = next(r for r in range(1, 14) if Card(r, Suit.SPADES) not in hand)
    only = ONLY.format(rank=rank)  # the "no play" is right under this idea
    _act(round_row, seats, NoPlay(player, hypothesis=only, prediction=True), only)
    # Then a red card played: it refutes the idea too, but later.
    state = engine_round(round_row).state
    nxt = state.turn
    red = next(card for card in state.hands[nxt] if card.suit.is_red)
    _act(round_row, seats, Play(nxt, red, hypothesis=only, prediction=True), only)
    round_over(round_row)
    round_insight_compute(round_id=round_row.pk)

    review = session_review(table.session)
    group = next(g for g in review.ideas.groups if g.rule_text == only)
    refutation = group.refutation
    assert refutation is not None
    assert (refutation.kind, refutation.play, refutation.accepted) == ("no_play", 1, False)
    assert refutation.card is None and not refutation.before_held
    assert review.ideas.by_play[(round_row.pk, 2)] is group
    client = Client()
    client.force_login(table.session.assignment.classroom.teacher)
    page = client.get(f"/teach/sessions/{table.session.pk}/review/").content.decode()
    assert "“No play” at play 1" in page
