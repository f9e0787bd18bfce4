"""The review pages: who may see each, what they show (charts with their numbers, the
timeline, the replay stepping, prompts, names hidden), the teacher's marks, and the CSV files
with a row for every play."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classroom.models import Hypothesis, HypothesisMark, RoundInsight
from classroom.services.review import round_insight_compute
from tests.classroom.conftest import each_visitor
from tests.factories import (
    StudentFactory,
    free_text_first,
    live_table,
    played_to_the_end,
    student_client,
)

pytestmark = pytest.mark.django_db

PLAYS = 6


@pytest.fixture
def played(classroom, student):
    """A finished round at a table of the visitors' class, analysed: the visitors' student
    logs free text, the others checkable hypotheses."""
    table, seats = live_table(players=3)
    session = table.session
    session.assignment.classroom = classroom
    session.assignment.save()
    for seat, nickname in zip(seats, ("Ana", "Ben", "Cleo"), strict=True):
        seat.student.classroom = classroom
        seat.student.nickname = nickname
        seat.student.save()
    student.nickname = "Zoë"
    student.save()
    seats[0].student = student
    seats[0].save()
    round_row = played_to_the_end(
        table,
        seats,
        plays=PLAYS,
        hypothesis=free_text_first("red and black take turns", words="alternate"),
        prediction=lambda player: player != 1,
    )
    round_insight_compute(round_id=round_row.pk)
    return {
        "session": session,
        "round": round_row,
        "seat": seats[0],
        "hypothesis": Hypothesis.objects.filter(seat=seats[0]).first(),
    }


def urls(played) -> dict[str, tuple[str, str]]:
    pk = played["session"].pk
    return {
        "overview": ("get", reverse("classroom:review_session", args=[pk])),
        "student": ("get", reverse("classroom:review_student", args=[pk, played["seat"].pk])),
        "replay": ("get", reverse("classroom:review_replay", args=[pk, played["round"].pk])),
        "plays_csv": ("get", reverse("classroom:review_plays_csv", args=[pk])),
        "students_csv": ("get", reverse("classroom:review_students_csv", args=[pk])),
        "mark": (
            "post",
            reverse("classroom:review_mark", args=[pk, played["hypothesis"].pk]),
        ),
    }


@each_visitor
@pytest.mark.parametrize(
    "page", ["overview", "student", "replay", "plays_csv", "students_csv", "mark"]
)
def test_only_the_classs_teacher_may_review(visitors, played, visitor, page) -> None:
    method, url = urls(played)[page]
    response = getattr(visitors[visitor], method)(
        url, {"mark": "partly"} if method == "post" else {}
    )
    marked = HypothesisMark.objects.exists()
    if visitor in {"anonymous", "student", "other_student"}:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("classroom:login") + "?next=")
        assert not marked
    elif visitor == "other_teacher":
        assert response.status_code == 404
        assert not marked
    else:
        assert response.status_code == (302 if method == "post" else 200)
        assert marked == (page == "mark")


def test_ids_from_another_session_are_not_found(visitors, played) -> None:
    other_table, other_seats = live_table(players=3)
    teacher = visitors["teacher"]
    pk = played["session"].pk
    other_round = other_table.rounds.get()
    for url in (
        reverse("classroom:review_student", args=[pk, other_seats[0].pk]),
        reverse("classroom:review_replay", args=[pk, other_round.pk]),
        reverse("classroom:review_session", args=[other_table.session.pk]),
    ):
        assert teacher.get(url).status_code == 404
    other_hypothesis = Hypothesis.objects.create(
        action=other_round.actions.create(seq=99, kind="play", payload={}), seat=other_seats[0]
    )
    url = reverse("classroom:review_mark", args=[pk, other_hypothesis.pk])
    assert teacher.post(url, {"mark": "right"}).status_code == 404
    mark_url = urls(played)["mark"][1]
    assert teacher.post(mark_url, {"mark": "brilliant"}).status_code == 400


def test_the_overview_shows_a_chart_with_its_numbers(visitors, played) -> None:
    response = visitors["teacher"].get(urls(played)["overview"][1])
    html = response.content.decode()
    assert html.count("<svg") == 1 and "<polyline" in html
    assert 'role="img"' in html and "<title" in html
    assert html.count('<th scope="row">') >= PLAYS  # a row per play beside the chart
    assert "style=" not in html and "<script>" not in html  # CSP: no inline styles or scripts
    assert played["seat"].student.nickname in html
    assert "color != last.color" in html  # the round is over: the teacher sees the rule
    assert "insight-progress" not in html  # all computed


def test_names_are_hidden_for_projecting(visitors, played) -> None:
    nickname = played["seat"].student.nickname
    for page, query in (("overview", ""), ("student", ""), ("replay", "&step=6")):
        url = urls(played)[page][1]
        html = visitors["teacher"].get(url + "?names=hidden" + query).content.decode()
        assert nickname not in html and "Ben" not in html, page
        assert "Student 1" in html, page
        assert nickname in visitors["teacher"].get(url + "?step=6").content.decode()


def test_a_progress_bar_polls_while_rounds_are_computed(visitors, played) -> None:
    RoundInsight.objects.filter(round=played["round"]).update(
        status=RoundInsight.Status.RUNNING, results=None
    )
    url = urls(played)["overview"][1]
    teacher = visitors["teacher"]
    fragment = teacher.get(url + "?fragment=progress", HTTP_HX_REQUEST="true")
    assert b"<progress" in fragment.content and "HX-Refresh" not in fragment
    round_insight_compute(round_id=played["round"].pk)
    # The computation finishes: the next poll reloads the page.
    done = teacher.get(url + "?fragment=progress", HTTP_HX_REQUEST="true")
    assert done["HX-Refresh"] == "true" and b"<progress" not in done.content


def test_the_student_timeline_and_marking_free_text(
    visitors, played, django_capture_on_commit_callbacks
) -> None:
    teacher = visitors["teacher"]
    html = teacher.get(urls(played)["student"][1]).content.decode()
    assert "red and black take turns" in html
    assert 'name="mark"' in html  # free text can be marked
    with django_capture_on_commit_callbacks(execute=True):
        response = teacher.post(urls(played)["mark"][1], {"mark": "right"})
    assert response.status_code == 302
    insight = RoundInsight.objects.get(round=played["round"])
    marked = [p for p in insight.results["plays"] if p["mark"] == "right"]
    assert marked and all(p["agreement"]["share"] == 1.0 for p in marked)
    html = teacher.get(urls(played)["student"][1]).content.decode()
    assert 'value="right" selected' in html


def test_a_stored_play_of_several_cards_shows_every_card_on_the_timeline(visitors, played):
    insight = RoundInsight.objects.get(round=played["round"])
    seats = {int(player): seat for player, seat in insight.results["seats"].items()}
    play = next(p for p in insight.results["plays"] if seats[p["player"]] == played["seat"].pk)
    play["cards"] = ["QD", "3C", "JH"]  # a string, as a game of strings would store it
    RoundInsight.objects.filter(pk=insight.pk).update(results=insight.results)
    html = visitors["teacher"].get(urls(played)["student"][1]).content.decode()
    row = html.split(f'id="r{played["round"].pk}-p{play["number"]}"', 1)[1].split("</tr>", 1)[0]
    assert "QD 3C JH" in row


def test_the_replay_steps_through_the_plays(visitors, played) -> None:
    teacher = visitors["teacher"]
    url = urls(played)["replay"][1]
    start = teacher.get(url).content.decode()
    assert "Play 0 of 6" in start and 'rel="next"' in start and 'rel="prev"' not in start
    cards = [start.count('class="card')]
    for step in range(1, PLAYS + 1):
        html = teacher.get(f"{url}?step={step}", HTTP_HX_REQUEST="true").content.decode()
        assert f"Play {step} of 6" in html and "<h1" not in html  # the fragment only
        cards.append(html.count('class="card'))
    assert cards == sorted(cards) and cards[-1] == cards[0] + PLAYS  # one card more per play
    assert 'rel="next"' not in html
    assert teacher.get(f"{url}?step=oops").status_code == 200
    assert "Play 6 of 6" in teacher.get(f"{url}?step=99").content.decode()


def test_discussion_prompts_come_from_the_class(visitors, played) -> None:
    html = visitors["teacher"].get(urls(played)["overview"][1]).content.decode()
    assert "For the next lesson" in html


def test_a_session_with_no_finished_round_says_so(visitors, classroom) -> None:
    table, _ = live_table(players=3)
    table.session.assignment.classroom = classroom
    table.session.assignment.save()
    html = visitors["teacher"].get(reverse("classroom:review_session", args=[table.session.pk]))
    assert b"No round of this session has finished yet" in html.content


def test_a_student_client_helper_is_not_a_teacher(played) -> None:
    client = student_client(StudentFactory())
    assert client.get(urls(played)["overview"][1]).status_code == 302


def test_words_the_app_can_read_are_offered_as_the_idea_others_wrote_as_a_sentence(
    visitors, classroom
):
    """Issue 34: a student who wrote "colors alternate" in words holds the idea the others
    built as a sentence; the review offers that idea, preselected, for one click (in the
    teacher's language, as the students' "did you mean" is in theirs)."""
    table, seats = live_table(players=3)
    session = table.session
    session.assignment.classroom = classroom
    session.assignment.save()
    hypothesis = free_text_first("Colors alternate!", words="other colour")
    round_row = played_to_the_end(table, seats, plays=PLAYS, hypothesis=hypothesis)
    round_insight_compute(round_id=round_row.pk)
    review = visitors["teacher"].get(reverse("classroom:review_session", args=[session.pk]))
    (group,) = [g for g in review.context["review"].free_text if g.key == "colors alternate"]
    assert group.suggested is not None and group.suggested.rule_text == "color != last.color"
    page = review.content.decode()
    item = page.split('data-words="colors alternate"', 1)[1].split("</li>", 1)[0]
    assert 'value="color != last.color" selected' in item
    assert "The app reads these words as" in item


def test_words_the_app_cannot_read_are_offered_nothing(visitors, played):
    review = visitors["teacher"].get(
        reverse("classroom:review_session", args=[played["session"].pk])
    )
    (group,) = [g for g in review.context["review"].free_text if "take turns" in g.key]
    assert group.suggested is None
    assert "The app reads these words as" not in review.content.decode()
