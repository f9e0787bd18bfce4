"""The review of a whole class over HTTP: the page's query count does not grow with the class,
the grid has a row per student and sorts by any shown measure, "mark all like this" marks every
sentence alike (or reads them as one of the class's ideas) and the measures follow, bad input
is a 4xx that changes nothing, and the Delphi report and CSV."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from classroom.models import Hypothesis, HypothesisMark, RoundInsight
from classroom.selectors.review import SORT_KEYS, normalise
from tests.factories import TOO_BROAD, TOO_NARROW, WORDS, class_session, delphi_session

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """Build a class session with every commit hook run (the rounds are analysed as they end,
    as the worker does)."""

    def build(**options):
        with django_capture_on_commit_callbacks(execute=True):
            session, roles = class_session(**options)
        client = Client()
        client.force_login(session.assignment.classroom.teacher)
        return session, roles, client

    return build


def _review(client, session, query=""):
    return client.get(f"/teach/sessions/{session.pk}/review/{query}")


def _queries(client, session, query="") -> int:
    with CaptureQueriesContext(connection) as context:
        response = _review(client, session, query)
    assert response.status_code == 200
    return len(context.captured_queries)


def test_the_review_runs_as_many_queries_for_thirty_students_as_for_eight(played):
    small, _roles, small_client = played(students=8, plays=16)
    large, _roles, large_client = played(students=30, plays=16)
    assert RoundInsight.objects.filter(status=RoundInsight.Status.DONE).count() == 2 + 8
    for client, session in ((small_client, small), (large_client, large)):
        _review(client, session)  # the first view computes nothing: the rounds are analysed
    small_count = _queries(small_client, small)
    large_count = _queries(large_client, large)
    assert large_count == small_count
    assert large_count <= 12
    # The student's timeline too.
    seat = large.tables.first().seats.first()
    with CaptureQueriesContext(connection) as context:
        response = large_client.get(f"/teach/sessions/{large.pk}/review/students/{seat.pk}/")
    assert response.status_code == 200
    assert len(context.captured_queries) <= 12


def test_ideas_grid_sorting_and_marking_all_alike(played, django_capture_on_commit_callbacks):
    session, roles, client = played(students=30, plays=20)
    response = _review(client, session)
    page = response.content.decode()
    review = response.context["review"]
    # Two spellings of each scripted idea are one group each, counted by student.
    by_sentence = {group.sentence: group for group in review.ideas.groups}
    broad = by_sentence[TOO_BROAD[0][0]]
    narrow = by_sentence[TOO_NARROW[0][0]]
    assert broad.relation == "broad" and narrow.relation == "narrow"
    scripted = {role: {s for s, r in roles.items() if r == role} for role in ("broad", "narrow")}
    assert scripted["broad"] <= broad.seats and scripted["narrow"] <= narrow.seats
    assert set(broad.texts) >= {TOO_BROAD[0][1], TOO_BROAD[1][1]}
    assert TOO_BROAD[0][0] in page and "too broad" in page
    # The rule written another way is the rule.
    rule = next(g for g in review.ideas.groups if g.is_rule)
    assert "color != last.color and suit != last.suit" in rule.texts

    # The grid: 30 rows, sortable by every shown measure, best first, unknown values last.
    assert page.count('<a class="cell') == sum(len(s.cells) for s in review.students)
    assert len(response.context["students"]) == 30
    # Hidden by the measures' catalogue (AUC below 0.8 on bots of another space: issue 34).
    assert "predictions" not in SORT_KEYS and "choice" not in SORT_KEYS
    for key in ("found", "negative", "bits", "logged", "agreement", "kept", "lag"):
        students = _review(client, session, f"?sort={key}").context["students"]
        sort_key = SORT_KEYS[key]
        values = [sort_key.value(s) for s in students if sort_key.value(s) is not None]
        assert values == sorted(values, reverse=sort_key.descending), key
    ascending = _review(client, session, "?sort=negative&dir=asc").context["students"]
    values = [s.negative_share for s in ascending if s.negative_share is not None]
    assert values == sorted(values)
    assert _review(client, session, "?sort=nonsense").status_code == 200

    # "Mark all like this": every sentence alike, in one request.
    words = normalise(WORDS[0])
    matching = [
        h.pk
        for h in Hypothesis.objects.filter(action__round__table__session=session, checkable="")
        if normalise(h.text) == words
    ]
    assert len({h for h in matching}) >= 8
    writers = {s for s, r in roles.items() if r == "words"}
    found_before = {
        s.person.seat.pk: s.found for s in review.students if s.person.seat.pk in writers
    }
    with django_capture_on_commit_callbacks(execute=True):  # the worker's part, at once
        response = client.post(
            f"/teach/sessions/{session.pk}/review/ideas/mark/", {"words": words, "mark": "right"}
        )
    assert response.status_code == 302
    assert HypothesisMark.objects.filter(hypothesis_id__in=matching, mark="right").count() == len(
        matching
    )
    after = _review(client, session).context["review"]
    found_after = {s.person.seat.pk: s.found for s in after.students if s.person.seat.pk in writers}
    assert sum(found_after.values()) > sum(found_before.values())
    assert all(s.final_agreement == 1.0 for s in after.students if s.person.seat.pk in writers)

    # "Same as" one of the class's ideas: the words are read as that rule and join its group.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/teach/sessions/{session.pk}/review/ideas/mark/",
            {"words": words, "mark": "same", "same_as": TOO_BROAD[1][1]},
        )
    assert response.status_code == 302
    assert set(
        HypothesisMark.objects.filter(hypothesis_id__in=matching).values_list("mark", "reads_as")
    ) == {("wrong", TOO_BROAD[1][1])}
    after = _review(client, session).context["review"]
    broad_after = next(g for g in after.ideas.groups if g.sentence == TOO_BROAD[0][0])
    assert writers <= broad_after.seats
    assert broad_after.plays > broad.plays

    # Bad input: a clear 4xx and nothing changes.
    before = list(HypothesisMark.objects.order_by("pk").values_list("mark", "reads_as"))
    url = f"/teach/sessions/{session.pk}/review/ideas/mark/"
    assert client.post(url, {"words": "", "mark": "right"}).status_code == 400
    assert client.post(url, {"words": words, "mark": "brilliant"}).status_code == 400
    assert client.post(url, {"words": "no one wrote this", "mark": "right"}).status_code == 400
    assert client.post(url, {"words": words, "same_as": "colour !="}).status_code == 400
    assert client.post(url, {"words": words, "mark": "same"}).status_code == 400
    assert list(HypothesisMark.objects.order_by("pk").values_list("mark", "reads_as")) == before

    # Names hidden on every view: no nickname on the page.
    hidden = _review(client, session, "?names=hidden").content.decode()
    assert not re.search(r"Kid\d", hidden)
    seat = session.tables.first().seats.first()
    timeline = client.get(f"/teach/sessions/{session.pk}/review/students/{seat.pk}/?names=hidden")
    assert not re.search(r"Kid\d", timeline.content.decode())


def test_the_delphi_report_and_its_csv(db):
    session = delphi_session(students=6, cards=10)
    client = Client()
    client.force_login(session.assignment.classroom.teacher)
    response = client.get(f"/teach/sessions/{session.pk}/review/")
    assert response.status_code == 200
    (report,) = response.context["report"].reports
    assert len(report.cards) == 10 and len(report.students) == 6
    for card in report.cards:
        assert card.fits + card.not_fits + card.silent == 6
    for student in report.students:
        assert student.predicted == 10
        assert student.right == sum(1 for token in student.tokens if token)
    assert sum(s.score for s in report.students) == 0  # the settlement is zero-sum
    # The majority's run: right on every card from there on, and not on the card before.
    start = report.majority_right_from
    if start is not None:
        assert all(c.majority_right for c in report.cards if c.number >= start)
        assert start == 2 or not report.cards[start - 3].majority_right
    response = client.get(f"/teach/sessions/{session.pk}/review/delphi.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 60
    assert {row["student"] for row in rows} == {f"Pia{n}" for n in range(1, 7)}
    hidden = client.get(f"/teach/sessions/{session.pk}/review/delphi.csv?names=pseudonymised")
    rows = list(csv.DictReader(io.StringIO(hidden.content.decode())))
    assert {row["student"] for row in rows} == {f"Student {n}" for n in range(1, 7)}
    replay = client.get(f"/teach/sessions/{session.pk}/review/rounds/{report.round.pk}/?step=3")
    assert replay.status_code == 200 and "Card 3 of 10 after the starter" in replay.content.decode()


def test_a_group_of_words_is_one_rule_s_and_its_mark_stays_under_that_rule(
    played, django_capture_on_commit_callbacks
):
    """Issue 34: words held in rounds of two rules are two groups, each naming its rule, and
    "Mark all like this" marks the words in that rule's rounds only."""
    from classroom.models import Round
    from classroom.selectors.review.data import session_hypotheses
    from classroom.selectors.review.free_text import free_text_groups

    session, _roles, client = played(students=8, rounds=2, plays=12)
    rounds = list(Round.objects.filter(table__session=session).order_by("pk"))
    other_rule = "suit == last.suit"
    words = normalise(WORDS[0])
    rows = [
        h
        for h in Hypothesis.objects.filter(action__round__table__session=session, checkable="")
        if normalise(h.text) == words
    ]
    held_in = {h.action.round_id for h in rows}
    assert len(held_in) >= 2
    first, *others = sorted(held_in)
    rules = {r.pk: (other_rule if r.pk in others else r.rule_text) for r in rounds}
    groups = [g for g in free_text_groups(session_hypotheses(session), rules) if g.key == words]
    assert sorted(g.rule_text for g in groups) == sorted({rules[first], other_rule})

    # Every group's form says its rule.
    page = _review(client, session).content.decode()
    assert f'<input type="hidden" name="rule" value="{rules[first]}">' in page

    # The second rule's rounds, as a teacher who changed the rule between rounds has them
    # (only the rule's text: the page is not drawn again, the rounds would not replay).
    Round.objects.filter(pk__in=others).update(rule_text=other_rule)
    first_rule = rules[first]
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(
            f"/teach/sessions/{session.pk}/review/ideas/mark/",
            {"words": words, "mark": "right", "rule": first_rule},
        )
    assert response.status_code == 302
    marked = set(HypothesisMark.objects.values_list("hypothesis__action__round_id", flat=True))
    assert marked and all(rules[r] == first_rule for r in marked)


def test_marking_words_stores_what_analysing_the_rounds_again_would(
    played, django_capture_on_commit_callbacks
):
    """Issue 34: "Mark all like this" changes the stored insights at once (no round analysed
    again: nothing is queued) and they are what a new analysis gives."""
    from classroom.models import Round
    from classroom.services.review import round_inputs, round_results

    session, _roles, client = played(students=8, rounds=2, plays=12)
    words = normalise(WORDS[0])
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = client.post(
            f"/teach/sessions/{session.pk}/review/ideas/mark/", {"words": words, "mark": "right"}
        )
    assert response.status_code == 302
    assert not queued  # no analysis asked for
    touched = Round.objects.filter(
        actions__hypothesis__mark__mark="right", table__session=session
    ).distinct()
    assert touched
    for round_row in touched:
        stored = RoundInsight.objects.get(round=round_row)
        assert stored.inputs == round_inputs(round_row)
        assert stored.results == round_results(round_row)


def test_every_guess_at_the_rule_is_on_the_review_with_its_judgement(played) -> None:
    """Issue 34: wrong guesses were on no page."""
    from classroom.models import Action

    session, _roles, client = played(students=8, rounds=2, plays=24)
    guesses = Action.objects.filter(round__table__session=session, kind="guess")
    assert guesses.exists(), "the class's bots guessed"
    review = _review(client, session).context["review"]
    assert len(review.guesses) == guesses.count()
    assert any(g.correct is False for g in review.guesses)
    page = _review(client, session).content.decode()
    assert 'id="guesses"' in page and "Guesses at the rule" in page
    wrong = next(g for g in review.guesses if g.correct is False)
    assert wrong.text in page.replace("&quot;", '"').replace("&#x27;", "'")


def test_the_delphi_report_shows_each_students_hypotheses_as_they_changed(db):
    """Issue 34: the hypotheses Delphi students log with their tokens are on the report (each
    from the card it came with, the same words sent again not repeated) and in the CSV."""
    session = delphi_session(students=4, cards=8)
    logged = Hypothesis.objects.filter(action__round__table__session=session).exclude(text="")
    assert logged.exists()  # the scientist bots say what they think
    client = Client()
    client.force_login(session.assignment.classroom.teacher)
    response = client.get(f"/teach/sessions/{session.pk}/review/")
    (report,) = response.context["report"].reports
    for student in report.students:
        said = [card.hypotheses[student.player] for card in report.cards]
        said = [words.strip() for words in said if words and words.strip()]
        changes = [words for _number, words in student.hypotheses]
        assert changes == [w for i, w in enumerate(said) if i == 0 or said[i - 1] != w]
        numbers = [number for number, _words in student.hypotheses]
        assert numbers == sorted(numbers) and all(2 <= n <= 9 for n in numbers)
    page = response.content.decode()
    assert "Each student's hypotheses" in page
    first = next(s for s in report.students if s.hypotheses)
    assert html.escape(first.hypotheses[0][1]) in page
    exported = client.get(f"/teach/sessions/{session.pk}/review/delphi.csv").content.decode()
    assert {row["hypothesis"] for row in csv.DictReader(io.StringIO(exported))} - {""}
