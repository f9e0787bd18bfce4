"""Abbott/Howell in browsers (docs/rules.md §2): a teacher assigns it with the form and starts a
session; four students, each on their own device; one plays a string of cards with a hypothesis
and a prediction, one becomes prophet and judges wrongly in their browser and is overthrown; the
round is played out and the scores show."""

import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from classroom.models import GameSession
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import lobby_join
from classroom.services.rounds import round_act
from eleusis.engine.games import GAMES
from tests.browser.test_delphi import _student_page, _teacher_page
from tests.factories import ClassroomFactory, StudentFactory

# Four polling pages and reloads: a poll can interrupt a navigation on a loaded machine, so a
# failure is tried again (twice) before it counts.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.flaky(reruns=2),
]

TITLE = "Strings, week 5"
WAIT_MS = 6_000


def _reload(page) -> None:
    """Reload; once more if the page's own poll aborted the navigation."""
    try:
        page.reload()
    except PlaywrightError:
        page.goto(page.url)


def _wait(check, seconds: float = 8.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the move did not land"
        time.sleep(0.1)


def _play_until(table, minds, done, fallback=None) -> None:
    """The students' moves by their engine minds, server side, until `done(engine)`."""
    record = GAMES["abbott"]
    for _ in range(800):
        round_row = current_round(table=table)
        engine = engine_round(round_row)
        if engine.is_over or done(engine):
            return
        action = record.next_action(engine, minds)
        if action is None:  # the prophet's verdict on a "no play": judged rightly
            action = record.next_action(engine, fallback)
        state = engine.state
        player = state.prophet if action.kind == "prophet_judgement" else action.player
        seat = table.seats.get(position=player)
        round_act(round_id=round_row.pk, action=action, seat=seat)
    raise AssertionError("the round did not get there")


def test_four_students_a_string_a_prophet_overthrown_and_the_scores(
    new_page, live_server, screenshot
):
    classroom = ClassroomFactory()
    names = ("Ana", "Ben", "Cleo", "Dev")
    students = [StudentFactory(classroom=classroom, nickname=n) for n in names]
    teacher = _teacher_page(new_page, live_server, classroom.teacher)
    teacher.goto(f"/classes/{classroom.pk}/")
    teacher.get_by_role("link", name="Assign a game").click()
    teacher.get_by_label("Title").fill(TITLE)
    teacher.get_by_label(
        "Abbott/Howell Eleusis: tables play strings of cards; a player may become prophet"
    ).check()
    teacher.get_by_label("Pick one from the library").check()
    teacher.get_by_label("Library rule").select_option("th-alternate-colors")
    teacher.get_by_label("Mode").select_option(label="Live, in class")
    teacher.get_by_role("button", name="Create the assignment").click()
    expect(teacher.get_by_text(f"Assignment “{TITLE}” created.")).to_be_visible()
    teacher.get_by_role("button", name="Open a live session").click()

    session = GameSession.objects.get(assignment__title=TITLE)
    for student in students:
        lobby_join(session=session, student=student)
    teacher.reload()
    teacher.get_by_role("button", name="Seat by arrival").click()
    teacher.get_by_role("button", name="Deal and start playing").click()
    expect(teacher.get_by_role("heading", name=f"Live: {TITLE}")).to_be_visible()
    expect(teacher.get_by_text("Abbott/Howell").first).to_be_visible()

    table = session.tables.get()
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    pages = {}
    for seat in table.seats.select_related("student"):
        page = _student_page(new_page, live_server, seat.student)
        page.goto(f"/play/tables/{table.pk}/")
        pages[seat.position] = page

    # The player whose turn it is plays a string of two cards, in the order typed.
    page = pages[turn]
    expect(page.get_by_text("Your turn: play one card or a string")).to_be_visible()
    hand = engine.state.hands[turn]
    page.get_by_label("Or type the cards in the order").fill(f"{hand[0].code} {hand[1].code}")
    page.get_by_label("My hypothesis: the rule is…").fill("red and black take turns")
    page.get_by_label("It will be accepted").check()
    page.get_by_role("button", name="Play these cards").click()
    # The page's message can be replaced by the next poll's fragment: the move itself is checked.
    _wait(lambda: current_round(table=table).actions.filter(kind="play_string").count() == 1)

    # Right after their turn, they become the prophet in their browser.
    page.get_by_role("button", name="Become the prophet").click()
    _wait(lambda: engine_round(current_round(table=table)).state.prophet == turn)
    prophet = turn

    # The others play (their minds, server side) until the prophet has an attempt to judge.
    minds = list(GAMES["abbott"].seat(["scientist"], 4, round_row.seed))
    people = [None if i == prophet else mind for i, mind in enumerate(minds)]
    _play_until(
        table,
        people,
        lambda engine: engine.state.pending is not None and engine.state.pending.what == "attempt",
        fallback=minds,
    )
    engine = engine_round(current_round(table=table))
    pending = engine.state.pending
    assert pending is not None and pending.what == "attempt"
    truth = engine.judge_string(pending.cards)
    _reload(page)
    expect(page.get_by_role("heading", name="Judge as the prophet")).to_be_visible()
    screenshot(page, "abbott-prophet")
    wrong = "Wrong: reject it" if truth else "Right: accept it"
    page.get_by_role("button", name=wrong).click()
    _wait(lambda: engine_round(current_round(table=table)).state.prophets[0].fell)

    # The round is played out; every browser shows the scores.
    _play_until(table, minds, lambda engine: False)
    assert engine_round(current_round(table=table)).is_over
    for page in pages.values():
        _reload(page)
        expect(page.get_by_text("The round is over.").first).to_be_visible(timeout=WAIT_MS)
        expect(page.get_by_role("columnheader", name="Score")).to_be_visible()
