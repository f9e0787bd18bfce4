"""The whole classroom flow in five browsers: a teacher signs up, creates a class and a live
assignment, four students join with the class code, wait in the lobby, are seated and play a
round with a hypothesis and a prediction at every play; a free-text guess is accepted in the
teacher's live view, the round ends for everyone and the scores and hypotheses show; then the
teacher reviews it: the chart, the CSV with a row per play, the replay."""

import csv
import io

from playwright.sync_api import expect

from classroom.models import Seat, Table
from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from classroom.templatetags.play_tags import card_label
from tests.browser.marks import LIVE
from tests.factories import alternating_card

pytestmark = LIVE

# Every page polls every 1.5 s: a change made in one browser shows in the others within 2 s.
SEEN_MS = 6_000
VIEWPORT = {"width": 1280, "height": 900}
NICKNAMES = ["Ana", "Ben", "Chloe", "Dev"]
TITLE = "Science, week 3"
GUESS = "red and black take turns"


def test_teacher_and_four_students_play_a_round_to_the_end(new_page, screenshot):
    teacher = new_page(viewport=VIEWPORT, accept_downloads=True)
    code = _teacher_creates_class_and_assignment(teacher)

    students = {}
    for nickname in NICKNAMES:
        page = new_page(viewport=VIEWPORT)
        page.goto("/join/")
        page.get_by_label("Class code").fill(code)
        page.get_by_label("Nickname").fill(nickname)
        page.get_by_role("button", name="Join", exact=True).click()
        expect(page.get_by_role("heading", name=f"Hello, {nickname}!")).to_be_visible()
        expect(page.get_by_text("No game yet. Your teacher will start one.")).to_be_visible()
        students[nickname] = page

    # The teacher opens a live session; the students find it on their page and wait in the lobby.
    teacher.get_by_role("button", name="Open a live session").click()
    expect(teacher.get_by_role("heading", name=f"Lobby: {TITLE}")).to_be_visible()
    for page in students.values():
        page.reload()
        game = page.locator("form", has_text=TITLE)
        game.get_by_role("button", name="Go to the game").click()
        expect(page.get_by_text("You are in the lobby. Waiting for your teacher")).to_be_visible()
    expect(teacher.get_by_text("4 students waiting")).to_be_visible(timeout=SEEN_MS)
    expect(teacher.locator(".lobby-list li")).to_have_text(NICKNAMES)

    # Seated by arrival at one table, then dealt: every lobby moves to the table by itself.
    teacher.get_by_role("button", name="Seat by arrival").click()
    expect(teacher.locator(".table-plan")).to_contain_text("Table 1: Ana, Ben, Chloe, Dev")
    for page in students.values():
        expect(page.get_by_text("You will play at Table 1.")).to_be_visible(timeout=SEEN_MS)
    teacher.get_by_role("button", name="Deal and start playing").click()
    expect(teacher.get_by_role("heading", name=f"Live: {TITLE}")).to_be_visible()
    for page in students.values():
        expect(page.get_by_role("heading", name="Your hand")).to_be_visible(timeout=SEEN_MS + 2_000)
        expect(page.get_by_role("heading", name=f"{TITLE} · Table 1")).to_be_visible()

    table = Table.objects.get(session__assignment__title=TITLE)
    round_row = current_round(table=table)
    player_names = {
        round_row.player_of(seat.position): seat.student.nickname
        for seat in Seat.objects.filter(table=table).select_related("student")
    }

    # Four right plays, one wrong one, and a last right play that earns a guess.
    hypotheses = []
    mainline = 1  # the starting card
    for number, right in enumerate([True, True, True, True, False, True], start=1):
        engine = engine_round(current_round(table=table))
        player = engine.state.turn
        page = students[player_names[player]]
        expect(page.locator("#table-status")).to_have_text("Your turn!")
        card = alternating_card(engine, player, right=right)
        hypothesis = f"play {number}: the colors alternate"
        hypotheses.append((player_names[player], hypothesis))
        page.get_by_label("My hypothesis: the rule is…").fill(hypothesis)
        page.get_by_label("It will be accepted" if right else "It will be rejected").check()
        page.get_by_role("button", name=f"Play the {card_label(card)}").first.click()
        if right:
            mainline += 1
            # The assignment keeps the Thai way: the guess belongs to the player's turn.
            expect(page.get_by_text("Guess the rule now, or pass").first).to_be_visible()
            if number < 6:
                page.get_by_role("button", name="Pass: no guess now").click()
                expect(page.get_by_text("You passed. Play goes on.")).to_be_visible()
        else:
            expect(page.get_by_text("Wrong: your card goes below the mainline")).to_be_visible()
        # Everyone, the teacher included, sees the layout change within two seconds.
        for other in [*students.values(), teacher]:
            columns = other.locator(".layout > li.column")
            expect(columns).to_have_count(mainline, timeout=SEEN_MS)
            expect(other.locator(".layout .sideline")).to_have_count(
                0 if number < 5 else 1, timeout=SEEN_MS
            )

    # Right after a right play, the player types a guess; it waits for the teacher.
    guesser_name = player_names[player]
    guesser = students[guesser_name]
    guesser.get_by_label("My guess, in my own words").fill(GUESS)
    guesser.get_by_role("button", name="Guess the rule").click()
    expect(guesser.get_by_text("Your guess goes to your teacher")).to_be_visible()

    pending = teacher.get_by_role("group", name="A guess waits for you")
    expect(pending).to_contain_text(GUESS, timeout=SEEN_MS)
    expect(pending.locator(".player-name")).to_have_text(guesser_name)
    pending.get_by_role("button", name="Accept: that is the rule").click()
    expect(teacher.locator("#session-live .message-success")).to_have_text(
        "Table 1: guess accepted, the round is over."
    )
    expect(pending).to_have_count(0)

    # The round is over for everyone; each page shows the engine's final scores.
    engine = engine_round(current_round(table=table))
    assert engine.state.over and engine.state.guessed_by == player
    scores = engine.scores().players
    assert scores[player] == max(scores) and scores[player] > 6
    by_name = {player_names[p]: str(score) for p, score in enumerate(scores)}
    for page in students.values():
        expect(page.locator("#table-status")).to_have_text("The round is over.", timeout=SEEN_MS)
        rows = page.locator("#table-live table tbody tr")
        expect(rows).to_have_count(4)
        for name, score in by_name.items():
            expect(rows.filter(has_text=name).locator("td").nth(2)).to_have_text(score)
        expect(page.locator("#table-live")).to_contain_text(f"{guesser_name}: “{GUESS}” — right")

    # The teacher's live view: the layout, the scores and the stream of hypotheses.
    live = teacher.locator("#table-1")
    expect(live.get_by_text("round over")).to_be_visible()
    expect(live.locator(".layout > li.column")).to_have_count(mainline)
    for name, score in by_name.items():
        row = live.locator("tbody tr").filter(has_text=name)
        expect(row.locator("td").nth(1)).to_have_text(score)
    # The stream, newest first: who wrote each hypothesis, at which table.
    expect(teacher.locator(".hypothesis-stream li")).to_have_text(
        [f"Table 1 · {name}: {text}" for name, text in reversed(hypotheses)],
        use_inner_text=True,
    )

    screenshot(guesser, "student-table")
    screenshot(teacher, "teacher-live")

    _teacher_reviews_the_round(teacher, plays=len(hypotheses))


def _teacher_reviews_the_round(page, *, plays):
    """After class: the review from the class page; the chart renders with a point per play,
    the CSV has a row per play, the replay steps through them."""
    page.get_by_role("link", name="My classes").click()
    page.get_by_role("link", name="Science 7B").click()
    page.get_by_role("link", name="review").first.click()
    # A session of one round shows its chart unfolded (longer sessions fold each round away).
    page.locator("details.review-round[open] summary", has_text="Table 1, round 1").wait_for(
        timeout=60_000
    )
    chart = page.locator("svg.chart")
    assert chart.bounding_box()["width"] > 200
    expect(page.locator("svg.chart .chart-bar")).to_have_count(plays)

    with page.expect_download() as download:
        page.get_by_role("link", name="Download plays (CSV)").click()
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text(encoding="utf-8"))))
    assert [int(row["play"]) for row in rows] == list(range(1, plays + 1))
    assert all(row["hypothesis"].endswith("the colors alternate") for row in rows)

    page.get_by_role("link", name="Replay this round").click()
    page.get_by_text(f"Play 0 of {plays}").wait_for()
    for step in range(1, plays + 1):
        page.get_by_role("link", name="Next play ▶").click()
        page.get_by_text(f"Play {step} of {plays}").wait_for()
    expect(page.locator(".replay-hypotheses li")).to_have_count(plays)


def _teacher_creates_class_and_assignment(page):
    """Sign up, create a class and a live assignment; returns the class code as shown."""
    page.goto("/signup/")
    page.get_by_label("Username").fill("ms.rivera")
    page.get_by_label("Email").fill("rivera@school.example")
    page.get_by_label("Password:", exact=True).fill("a long classroom pass 42")
    page.get_by_label("Password confirmation").fill("a long classroom pass 42")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("Welcome! Create your first class below.")).to_be_visible()

    page.get_by_label("Class name").fill("Science 7B")
    page.get_by_role("button", name="Create class").click()
    expect(page.get_by_role("heading", name="Science 7B", exact=True)).to_be_visible()
    code = page.locator("#join-panel strong.code").inner_text()

    page.get_by_role("link", name="Assign a game").click()
    page.get_by_label("Title").fill(TITLE)
    page.get_by_label("Pick one from the library").check()
    page.get_by_label("Library rule").select_option("th-alternate-colors")
    page.get_by_label("Students log a hypothesis").select_option(label="With every play")
    page.get_by_label("Ask for a prediction with each play").check()
    page.get_by_label("Mode").select_option(label="Live, in class")
    page.get_by_role("button", name="Create the assignment").click()
    expect(page.get_by_text(f"Assignment “{TITLE}” created.")).to_be_visible()
    expect(page.get_by_role("heading", name=TITLE)).to_be_visible()
    return code
