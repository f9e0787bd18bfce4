"""The review of a whole class in a real browser: a 30-student session (8 tables, 24 rounds)
played through the engine and the services by bots of several strategies and scripted students
(tests/factories.py `class_session`), and a Delphi session of 12.

The teacher sees the class's wrong ideas grouped by meaning with their counts, a grid of 30
rows sorted by any measure, marks every sentence alike in one click (and the measures follow),
reads a student's timeline, hides the names, reads the Delphi report card by card, and the
pages fit a 320 px wide screen. Screenshots go to the README's folder when asked
(README_SCREENSHOTS in tests/browser/conftest.py)."""

from __future__ import annotations

import re

from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from classroom.models import Hypothesis, HypothesisMark, RoundInsight
from classroom.selectors.review import normalise
from classroom.selectors.rounds import engine_round
from eleusis.engine.rules import compile_rule, equivalence
from tests.browser.conftest import README_SCREENSHOTS
from tests.browser.marks import SLOW
from tests.factories import TOO_BROAD, TOO_NARROW, WORDS, class_session, delphi_session

pytestmark = SLOW

SCREENSHOTS = README_SCREENSHOTS
FIRST_SCREEN = {"width": 1280, "height": 800}


def _teacher_page(new_page, live_server, teacher, **options):
    client = Client()
    client.force_login(teacher)
    page = new_page(viewport=options.pop("viewport", FIRST_SCREEN), **options)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page


def _shot(page, name, *, full_page=False):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def _holders(session, idea_text: str) -> int:
    """The oracle: students who logged a checkable hypothesis exactly equivalent to the idea,
    counted from the stored rows with the rule language's exact check."""
    idea = compile_rule(idea_text)
    same: dict[str, bool] = {}
    seats = set()
    for seat_id, checkable in Hypothesis.objects.filter(
        action__round__table__session=session, seat__student__isnull=False
    ).values_list("seat_id", "checkable"):
        if not checkable:
            continue
        if checkable not in same:
            try:
                same[checkable] = bool(equivalence(compile_rule(checkable), idea).equivalent)
            except Exception:
                from eleusis.engine.insight.candidates import resolve

                rule = resolve(checkable)
                same[checkable] = rule is not None and bool(equivalence(rule, idea).equivalent)
        if same[checkable]:
            seats.add(seat_id)
    return len(seats)


def _idea_row(page, sentence: str):
    return page.locator("tr.idea", has=page.get_by_text(sentence, exact=True)).first


def test_the_teacher_reads_a_class_of_thirty(new_page, live_server):
    session, roles = class_session(students=30, rounds=3, plays=24)
    assert session.tables.count() == 8
    assert (
        RoundInsight.objects.filter(
            round__table__session=session, status=RoundInsight.Status.DONE
        ).count()
        == 24
    )
    page = _teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    page.goto(f"/teach/sessions/{session.pk}/review/")

    # The summary and the groups are on the first screen, the per-round charts folded away.
    summary = page.locator(".review-summary")
    expect(summary).to_be_visible()
    ideas_heading = page.get_by_role("heading", name="The class's ideas, grouped by meaning")
    assert summary.bounding_box()["y"] + summary.bounding_box()["height"] <= FIRST_SCREEN["height"]
    assert ideas_heading.bounding_box()["y"] < FIRST_SCREEN["height"]
    assert page.locator("details.review-round").count() == 24
    assert page.locator("details.review-round[open]").count() == 0
    assert not page.locator("svg.chart").first.is_visible()
    _shot(page, "review-class")

    # The expected wrong ideas, each written two ways, are one group each, with their counts.
    broad = _idea_row(page, TOO_BROAD[0][0])
    expect(broad.locator(".relation")).to_have_text("too broad")
    assert int(broad.locator("[data-students]").inner_text()) == _holders(session, TOO_BROAD[0][1])
    assert int(broad.locator("[data-students]").inner_text()) >= 4  # the scripted ones
    narrow = _idea_row(page, TOO_NARROW[0][0])
    expect(narrow.locator(".relation")).to_have_text("too narrow")
    assert int(narrow.locator("[data-students]").inner_text()) == _holders(
        session, TOO_NARROW[0][1]
    )
    # Its refuting card links to the replay at that play.
    refuted = narrow.locator("td").last
    assert "Nothing on the table refuted it" in refuted.inner_text() or refuted.locator(
        "a"
    ).get_attribute("href").count("step=")

    # The grid: one row per student; a sort link orders it by that measure, without script.
    rows = page.locator("table.review-grid tbody tr")
    expect(rows).to_have_count(30)
    page.locator("#sort-by").get_by_role("link", name="Negative tests").click()
    page.wait_for_url(re.compile(r"sort=negative"))
    expect(rows).to_have_count(30)
    header = page.locator("table.review-grid thead th[aria-sort]")
    expect(header).to_have_text("Negative tests")
    column = [
        c.get_attribute("aria-sort") for c in page.locator("table.review-grid thead th").all()
    ].index("descending")
    values = [row.locator("th, td").nth(column).inner_text() for row in rows.all()]
    shares = [int(v.rstrip("%")) for v in values if v != "—"]
    assert shares == sorted(shares, reverse=True) and len(shares) >= 20
    assert all(v == "—" for v in values[len(shares) :])  # no prediction: last
    # Clicking the sorted column again reverses it.
    page.locator("table.review-grid thead th[aria-sort] a").click()
    page.wait_for_url(re.compile(r"dir=asc"))
    values = [row.locator("th, td").nth(column).inner_text() for row in rows.all()]
    shares = [int(v.rstrip("%")) for v in values if v != "—"]
    assert shares == sorted(shares)
    page.locator("#grid").scroll_into_view_if_needed()
    _shot(page, "review-grid")

    # "Mark all like this": every sentence with these words, whatever their case and
    # punctuation, is marked right at once, and the measures are computed again.
    words = normalise(WORDS[0])
    matching = [
        h.pk
        for h in Hypothesis.objects.filter(action__round__table__session=session, checkable="")
        if normalise(h.text) == words
    ]
    assert len(matching) >= 10
    found_before = page.locator("dd[data-measure=found]").inner_text()
    group = page.locator(f"li.free-text-group[data-words='{words}']")
    writers = sum(1 for role in roles.values() if role == "words")
    expect(group).to_contain_text(f"{writers} students, {len(matching)} plays")
    group.get_by_role("button", name="Right", exact=True).click(timeout=120_000)
    # With eager tasks the request analyses every touched round again before it answers.
    expect(page.get_by_text(f"{len(matching)} sentences marked.")).to_be_visible(timeout=120_000)
    expect(page.locator(f"li.free-text-group[data-words='{words}'] .free-text-mark")).to_have_text(
        "Right"
    )
    assert HypothesisMark.objects.filter(hypothesis_id__in=matching, mark="right").count() == len(
        matching
    )
    found_after = page.locator("dd[data-measure=found]").inner_text()
    # The headline counts rounds where a student found the rule: marking ideas right can add
    # rounds, never take one away (here other students had already found it in every round).
    assert int(found_after.split("/")[0]) >= int(found_before.split("/")[0])
    page.locator("#free-text").scroll_into_view_if_needed()
    _shot(page, "review-free-text")

    # A click on a cell opens that student's timeline at that play.
    page.goto(f"/teach/sessions/{session.pk}/review/#grid")
    first_row = page.locator("table.review-grid tbody tr").first
    name = first_row.locator("th").inner_text()
    first_row.locator("a.cell").nth(2).click()
    expect(page.get_by_role("heading", name=name, level=1)).to_be_visible()
    assert re.search(r"#r\d+-p\d+$", page.url)
    expect(page.locator("tr:target")).to_have_count(1)
    # Where the evidence left only the rule (the pool's every other candidate refuted, decided
    # exactly), the timeline marks the play; against the 3,758-rule pool 24 plays may not get
    # there, and the page then says so.
    insights = RoundInsight.objects.filter(round__table__session=session)
    solved = any(insight.results.get("solved_at") for insight in insights)
    if solved:
        expect(page.locator(".evidence-row").first).to_contain_text(
            "the evidence left only the rule"
        )
    else:
        expect(page.get_by_text("The evidence never left only the rule.").first).to_be_visible()
    _shot(page, "review-timeline")

    # The N key hides the names for projecting; no nickname is left on the page.
    page.keyboard.press("n")
    page.wait_for_url(re.compile(r"names=hidden"))
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Student \d+$"))
    assert not re.search(r"Kid\d", _without_csrf_tokens(page.content()))
    page.goto(f"/teach/sessions/{session.pk}/review/?names=hidden")
    assert not re.search(r"Kid\d", page.locator("main").inner_text())

    # 320 px wide: nothing but the grid and tables scrolls sideways, inside their region.
    small = _teacher_page(
        new_page,
        live_server,
        session.assignment.classroom.teacher,
        viewport={"width": 320, "height": 640},
    )
    small.goto(f"/teach/sessions/{session.pk}/review/")
    assert small.evaluate("document.documentElement.scrollWidth") <= 320


def test_the_teacher_reads_a_delphi_report(new_page, live_server):
    session = delphi_session(students=12, cards=20)
    round_row = session.tables.get().rounds.get()
    placements = engine_round(round_row).dealer_view().placements
    assert len(placements) == 20
    page = _teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    page.goto(f"/teach/sessions/{session.pk}/review/")
    expect(
        page.get_by_role("heading", name="The class's predictions, card by card")
    ).to_be_visible()
    cards = page.locator("table.delphi-cards tbody tr")
    expect(cards).to_have_count(20)
    for row, placement in zip(cards.all()[:5], placements[:5], strict=True):
        fits = sum(1 for token in placement.predictions if token is True)
        not_fits = sum(1 for token in placement.predictions if token is False)
        assert row.locator("[data-fits]").get_attribute("data-fits") == str(fits)
        assert row.locator("[data-not]").get_attribute("data-not") == str(not_fits)
        assert fits + not_fits == 12
    expect(page.locator("table.delphi-students tbody tr")).to_have_count(12)
    expect(page.locator("[data-measure=majority-right-from]")).to_be_visible()
    _shot(page, "review-delphi", full_page=False)

    # The replay steps card by card; the CSV has a row per card and student.
    page.get_by_role("link", name="Replay card by card").click()
    page.get_by_role("link", name="Next card ▶").click()
    expect(page.get_by_text("Card 1 of 20 after the starter")).to_be_visible()
    page.goto(f"/teach/sessions/{session.pk}/review/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download predictions (CSV)").click()
    lines = download.value.path().read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 20 * 12


def _without_csrf_tokens(html: str) -> str:
    """The page without its CSRF tokens: random letters, which may spell a nickname."""
    html = re.sub(r"X-CSRFToken&quot;: &quot;[^&]*&quot;", "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
