"""The review of Abbott/Howell and the Russian rules by HTTP: the session's page opens with the
replay and says which measures do not apply; every review page and export of such a session
answers (never a 500); the replay's steps follow the plays and a step out of range is clamped;
a student's page lists their plays (every card of a string, the hypothesis, the prediction, the
replay's step) and their score."""

import pytest
from django.urls import reverse

from classroom.models import Hypothesis, RoundInsight
from classroom.selectors.review.turns import session_turns_review
from eleusis.engine.cards import Card
from tests.browser.turns import HYPOTHESIS, finished_session

pytestmark = pytest.mark.django_db(transaction=True)

PLAY_KINDS = ("play", "play_string", "no_play")


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_the_review_of_a_game_played_in_turns(variant, visitors, classroom):
    session, round_row = finished_session(classroom, variant, title="Review")
    teacher = visitors["teacher"]
    page = teacher.get(reverse("classroom:review_session", args=[session.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert body.index("Replay: Table 1, round 1") < body.index("Scores over the rounds")
    assert "Measures that do not apply to this game" in body
    assert "Predictions right" in body and "could not be analysed" not in body
    assert not RoundInsight.objects.exists()

    steps = round_row.actions.filter(kind__in=PLAY_KINDS).count()
    replay = reverse("classroom:review_replay", args=[session.pk, round_row.pk])
    last = teacher.get(replay, {"step": 10_000}).content.decode()
    assert f"Play {steps} of {steps}" in last and HYPOTHESIS in last
    stage = teacher.get(replay, {"step": 1}, HTTP_HX_REQUEST="true").content.decode()
    assert "Play 1 of" in stage and "<h1" not in stage

    seat = round_row.table.seats.first()
    assert (
        teacher.get(reverse("classroom:review_student", args=[session.pk, seat.pk])).status_code
        == 200
    )
    for name in ("review_plays_csv", "review_students_csv", "review_guesses_csv"):
        assert teacher.get(reverse(f"classroom:{name}", args=[session.pk])).status_code == 200


def _students_plays(round_row, seat):
    """The seat's plays in the round as (the replay's step, action)."""
    plays = round_row.actions.filter(kind__in=PLAY_KINDS).order_by("seq")
    return [
        (step, action) for step, action in enumerate(plays, start=1) if action.seat_id == seat.pk
    ]


def _shown_cards(action) -> list[str]:
    payload = action.payload
    return [str(Card.parse(code)) for code in payload.get("cards") or [payload["card"]]]


def _row(body: str, round_row, step: int) -> str:
    return body.split(f'id="r{round_row.pk}-p{step}"', 1)[1].split("</tr>", 1)[0]


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_a_students_page_lists_their_plays_with_cards_hypotheses_and_replay_steps(
    variant, visitors, classroom
):
    session, round_row = finished_session(classroom, variant, title="Review")
    teacher = visitors["teacher"]
    seat = round_row.table.seats.get(position=0)
    plays = _students_plays(round_row, seat)
    others = [
        step
        for step, action in enumerate(round_row.actions.filter(kind__in=PLAY_KINDS), start=1)
        if action.seat_id != seat.pk
    ]
    assert plays and others
    url = reverse("classroom:review_student", args=[session.pk, seat.pk])
    body = teacher.get(url).content.decode()
    assert "No finished round" not in body
    assert "Measures that do not apply to this game" in body
    assert "<caption" in body and '<th scope="col">Cards</th>' in body
    replay = reverse("classroom:review_replay", args=[session.pk, round_row.pk])
    for step, action in plays:
        assert f'href="{replay}?step={step}"' in body
        row = _row(body, round_row, step)
        assert " ".join(_shown_cards(action)) in row
        assert HYPOTHESIS in row and "predicted “accepted”" in row
        accepted = next(event["accepted"] for event in action.events if "accepted" in event)
        verdict = 'class="verdict-ok">right' if accepted else 'class="verdict-bad">wrong'
        assert verdict in row  # in words, not by colour alone
    for step in others:  # only this student's plays
        assert f'id="r{round_row.pk}-p{step}"' not in body
    assert body.count(HYPOTHESIS) == len(plays)
    (scores,) = [
        row.scores
        for row in session_turns_review(session, {}).tables[0][1].rows
        if row.position == seat.position
    ]
    assert f"<dd>{scores[0]}</dd>" in body

    # The teacher marks the free text; a game the insight does not read is not sent to it.
    hypothesis = Hypothesis.objects.filter(seat=seat).first()
    marked = teacher.post(
        reverse("classroom:review_mark", args=[session.pk, hypothesis.pk]), {"mark": "partly"}
    )
    assert marked.status_code == 302 and marked["Location"] == url
    assert 'value="partly" selected' in teacher.get(url).content.decode()
    assert not RoundInsight.objects.exists()


def test_a_string_of_several_cards_shows_every_card_in_order(visitors, classroom):
    session, round_row = finished_session(classroom, "abbott", title="Strings", string=3)
    seat = round_row.table.seats.get(position=1)
    step, action = _students_plays(round_row, seat)[0]
    assert action.kind == "play_string" and len(action.payload["cards"]) == 3
    url = reverse("classroom:review_student", args=[session.pk, seat.pk])
    row = _row(visitors["teacher"].get(url).content.decode(), round_row, step)
    assert " ".join(_shown_cards(action)) in row
