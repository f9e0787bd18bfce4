"""The review in a real browser: after a round at a table of four, the teacher opens the
session's review; the convergence chart renders, the replay steps play by play, and the CSV
downloads with a row for every play."""

import csv
import io

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.cached_db import SessionStore

from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import End, Play
from tests.factories import live_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYS = 8


def _teacher_page(new_page, live_server, teacher):
    session = SessionStore()
    session[SESSION_KEY] = str(teacher.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = teacher.get_session_auth_hash()
    session.create()
    page = new_page(accept_downloads=True)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session.session_key,
                "url": live_server.url,
            }
        ]
    )
    return page


def _finished_round():
    table, seats = live_table(players=4)
    round_row = table.rounds.get()
    for move in range(PLAYS):
        engine = engine_round(round_row)
        player = engine.state.turn
        card = engine.state.hands[player][move % 3]
        hypothesis = (
            HypothesisInput(text="colors take turns", checkable="color != last.color")
            if player % 2
            else HypothesisInput(text="every card is red", checkable="red")
        )
        round_act(
            round_id=round_row.pk,
            action=Play(player, card, hypothesis=hypothesis.summary, prediction=True),
            seat=seats[player],
            hypothesis=hypothesis,
            schedule=False,
        )
        round_row.refresh_from_db()
    round_act(round_id=round_row.pk, action=End("time is up"))
    return table


def test_the_teacher_reviews_a_finished_round(new_page, live_server, screenshot):
    table = _finished_round()
    session = table.session
    page = _teacher_page(new_page, live_server, session.assignment.classroom.teacher)

    page.goto(f"/teach/sessions/{session.pk}/review/")
    # A session of one round shows its chart unfolded (longer sessions fold each round away).
    summary = page.locator("details.review-round[open] summary", has_text="Table 1, round 1")
    summary.wait_for(timeout=60_000)
    chart = page.locator("svg.chart")
    chart.wait_for()
    assert chart.bounding_box()["width"] > 200  # rendered, not just present
    assert page.locator("svg.chart circle").count() == PLAYS  # a point per play
    assert page.locator("svg.chart .chart-bar").count() == PLAYS
    page.get_by_text("The numbers").click()
    assert page.locator(".chart-numbers tbody tr").count() == PLAYS
    screenshot(page, "review-overview")

    # The CSV downloads with a row for every play.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download plays (CSV)").click()
    text = download.value.path().read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(row["play"]) for row in rows] == list(range(1, PLAYS + 1))
    assert {row["checkable"] for row in rows} == {"color != last.color", "red"}

    # The replay steps through the plays with htmx, one card more on the table each time.
    page.get_by_role("link", name="Replay this round").click()
    page.get_by_text(f"Play 0 of {PLAYS}").wait_for()
    cards = page.locator("#replay-stage .layout .card")
    counts = [cards.count()]
    for step in range(1, PLAYS + 1):
        page.get_by_role("link", name="Next play ▶").click()
        page.get_by_text(f"Play {step} of {PLAYS}").wait_for()
        counts.append(cards.count())
        assert page.locator(".replay-hypotheses li").count() == step
    assert counts == list(range(counts[0], counts[0] + PLAYS + 1))
    assert page.url.endswith(f"?step={PLAYS}")  # each step has its own address
    page.get_by_role("link", name="◀ Previous play").click()
    page.get_by_text(f"Play {PLAYS - 1} of {PLAYS}").wait_for()
    screenshot(page, "review-replay")
