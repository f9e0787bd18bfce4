"""The review of Abbott/Howell and of the Russian rules opens with the replay (docs/rules.md §2,
§4): the teacher's review page shows the first round's table at its start and steps through the
plays (who played what, right or wrong, their hypothesis), forward and back; it shows the scores
over the rounds and which measures do not apply."""

import pytest
from playwright.sync_api import expect

from tests.browser.marks import PATIENT
from tests.browser.signed_in import WIDE, teacher_page
from tests.browser.turns import HYPOTHESIS, finished_session
from tests.factories import ClassroomFactory

pytestmark = PATIENT


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_the_review_opens_with_the_replay_and_steps_it(variant, new_page, live_server):
    classroom = ClassroomFactory()
    session, round_row = finished_session(classroom, variant, title=f"Review {variant}")
    plays = round_row.actions.filter(kind__in=("play", "play_string", "no_play")).order_by("seq")
    steps = plays.count()
    assert steps > 2
    first_player = plays.select_related("seat__student").first().seat.name

    teacher = teacher_page(new_page, live_server, classroom.teacher, viewport=WIDE)
    teacher.goto(f"/teach/sessions/{session.pk}/review/")
    # The first thing under the title: the replay of the round, at its start.
    first = teacher.locator("main h2").first
    expect(first).to_have_text(f"Replay: {round_row.table}, round 1")
    stage = teacher.locator("#replay-stage")
    expect(stage.locator(".replay-step")).to_have_text(f"Play 0 of {steps}")
    expect(stage.get_by_text("Only the starter is on the table.")).to_be_visible()

    # Step forward twice, then back once: the table and the plays follow.
    stage.get_by_role("link", name="Next play ▶").click()
    expect(stage.locator(".replay-step")).to_have_text(f"Play 1 of {steps}")
    expect(stage.locator(".replay-current")).to_contain_text(f"{first_player} ")
    expect(stage.locator(".replay-hypotheses li")).to_have_count(1)
    expect(stage.locator(".replay-hypotheses li").first).to_contain_text(HYPOTHESIS)
    cards = stage.locator("ol.layout .card").count()
    stage.get_by_role("link", name="Next play ▶").click()
    expect(stage.locator(".replay-step")).to_have_text(f"Play 2 of {steps}")
    expect(stage.locator(".replay-hypotheses li")).to_have_count(2)
    assert stage.locator("ol.layout .card").count() > cards
    stage.get_by_role("link", name="◀ Previous play").click()
    expect(stage.locator(".replay-step")).to_have_text(f"Play 1 of {steps}")
    expect(stage.locator("ol.layout .card")).to_have_count(cards)
    assert teacher.url.endswith(f"/teach/sessions/{session.pk}/review/")

    expect(teacher.get_by_role("heading", name="Scores over the rounds")).to_be_visible()
    expect(
        teacher.get_by_role("heading", name="Measures that do not apply to this game")
    ).to_be_visible()
    expect(teacher.get_by_text("Agreement with the rule")).to_be_visible()
