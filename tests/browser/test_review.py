"""The review in a real browser: after a round at a table of four, the teacher opens the
session's review; the convergence chart renders, the replay steps play by play, and the CSV
downloads with a row for every play."""

import csv
import io

from classroom.services.rounds import HypothesisInput, round_act
from eleusis.engine.variants import End
from tests.browser.marks import LIVE
from tests.browser.signed_in import teacher_page
from tests.factories import live_table, logged_plays

pytestmark = LIVE

PLAYS = 8


def _finished_round():
    table, seats = live_table(players=4)
    round_row = table.rounds.get()
    logged_plays(
        round_row,
        seats,
        plays=PLAYS,
        hypothesis=lambda player, _move: (
            HypothesisInput(text="colors take turns", checkable="color != last.color")
            if player % 2
            else HypothesisInput(text="every card is red", checkable="red")
        ),
        card=lambda move: move % 3,
    )
    round_act(round_id=round_row.pk, action=End("time is up"))
    return table


def test_the_teacher_reviews_a_finished_round(new_page, live_server, screenshot):
    table = _finished_round()
    session = table.session
    page = teacher_page(
        new_page, live_server, session.assignment.classroom.teacher, accept_downloads=True
    )

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


def test_a_words_only_dealers_round_in_the_review(new_page, live_server):
    """Issue 35, point 4: a student dealer's rule in words only is analysed from their verdicts;
    the review shows the words, every player, and why some measures are empty."""
    from playwright.sync_api import expect

    from tests.classroom.views.test_golden_game import words_only_round

    table, seats, _round = words_only_round()
    session = table.session
    page = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    page.goto(f"/teach/sessions/{session.pk}/review/")
    summary = page.locator("details.review-round[open] summary", has_text="Table 1, round 1")
    expect(summary).to_contain_text("analysed from the dealer's verdicts", timeout=60_000)
    expect(page.locator("details.review-round q")).to_have_text("Red and black take turns")
    expect(page.get_by_text("need the rule in the rule language")).to_be_visible()
    grid = page.locator("#grid")
    for seat in seats[1:]:
        expect(grid.get_by_role("link", name=seat.name, exact=True)).to_be_visible()
    expect(page.get_by_text("column 1")).to_have_count(0)
    expect(page.get_by_text("Not analysed yet.")).to_have_count(0)
