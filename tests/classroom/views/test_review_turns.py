"""The review of Abbott/Howell and the Russian rules by HTTP: the session's page opens with the
replay and says which measures do not apply; every review page and export of such a session
answers (never a 500); the replay's steps follow the plays and a step out of range is clamped."""

import pytest
from django.urls import reverse

from classroom.models import RoundInsight
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
