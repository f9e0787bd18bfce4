"""Delphi in four browsers: a teacher assigns Delphi with the form and starts a session; three
students, each on their own device, predict the cards the app turns (True / False); the last
token places a card, the teacher places the next with "Reveal now", and everyone's chips show."""

from playwright.sync_api import expect

from classroom.services.games import lobby_join
from classroom.templatetags.play_tags import card_label
from tests.browser.marks import LIVE
from tests.browser.signed_in import WIDE, student_page, teacher_page
from tests.browser.turns import open_live_session
from tests.classroom.services.test_delphi import on_show
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = LIVE

SEEN_MS = 6_000  # every page polls every 1.5 s
TITLE = "Delphi, week 4"


def _chips(page, name):
    row = page.locator("#table-live table.delphi-chips tbody tr", has_text=name)
    return row.locator("td").nth(1)


def test_three_students_predict_and_the_teacher_reveals(
    new_page, live_server, screenshot, readme_screenshot
):
    classroom = ClassroomFactory()
    students = [StudentFactory(classroom=classroom, nickname=n) for n in ("Ana", "Ben", "Cleo")]
    teacher = teacher_page(new_page, live_server, classroom.teacher, viewport=WIDE)

    game = "Delphi: the whole class predicts each card the app turns"
    session = open_live_session(teacher, classroom, title=TITLE, game=game)
    pages = []
    for student in students:
        lobby_join(session=session, student=student)
        page = student_page(new_page, live_server, student, viewport=WIDE)
        page.goto(f"/play/sessions/{session.pk}/")
        pages.append(page)
    teacher.reload()
    teacher.get_by_role("button", name="Seat by arrival").click()
    teacher.get_by_role("button", name="Deal and start playing").click()
    expect(teacher.get_by_role("heading", name=f"Live: {TITLE}")).to_be_visible()
    for page in pages:
        expect(page.get_by_role("heading", name="Will the next card fit the rule?")).to_be_visible(
            timeout=SEEN_MS + 2_000
        )
    table = session.tables.get()

    # Card 2: Ana and Cleo are right, Ben is wrong; Cleo's token places the card.
    _round, _card, fits = on_show(table)
    right, wrong = ("True: it fits", "False: it does not fit")[:: 1 if fits else -1]
    pages[0].get_by_label("My hypothesis: the rule is…").fill("red and black take turns")
    pages[0].get_by_role("button", name=right).click()
    expect(pages[0].get_by_text("Waiting for the others…").first).to_be_visible()
    pages[1].get_by_role("button", name=wrong).click()
    expect(teacher.get_by_text("2 of 3 have predicted.")).to_be_visible(timeout=SEEN_MS)
    pages[2].get_by_role("button", name=right).click()
    expect(pages[2].get_by_text("✓ You were right! You win a chip.")).to_be_visible()
    for page in pages:
        expect(page.get_by_role("heading", name="Card 3 of 52")).to_be_visible(timeout=SEEN_MS)
    expect(pages[1].get_by_text("✗ you were wrong")).to_be_visible()
    expect(teacher.get_by_text("2 cards placed, 50 to go.")).to_be_visible(timeout=SEEN_MS)

    # Card 3: Ana and Ben are right; Cleo is away, and the teacher places the card anyway.
    _round, _card, fits = on_show(table)
    right = "True: it fits" if fits else "False: it does not fit"
    pages[0].get_by_role("button", name=right).click()
    pages[1].get_by_role("button", name=right).click()
    expect(teacher.get_by_text("2 of 3 have predicted.")).to_be_visible(timeout=SEEN_MS)
    teacher.get_by_role("button", name="Reveal now").click()
    expect(teacher.locator("#session-live .message-success")).to_have_text("Table 1: card placed.")
    expect(teacher.get_by_text("3 cards placed, 49 to go.")).to_be_visible()

    for page in pages:
        expect(page.get_by_role("heading", name="Card 4 of 52")).to_be_visible(timeout=SEEN_MS)
        expect(_chips(page, "Ana")).to_have_text("2")
        expect(_chips(page, "Ben")).to_have_text("1")
        expect(_chips(page, "Cleo")).to_have_text("1")
    expect(pages[2].get_by_text("no prediction")).to_be_visible()
    readme_screenshot(pages[0], "delphi-student")
    screenshot(teacher, "delphi-teacher")


def test_a_latecomer_goes_to_the_game_and_predicts_the_card_on_show(new_page, live_server):
    """Dev arrives after the deal, goes to the game from their page as every student does, and
    is at the class's table at once: the card on show waits for their token too."""
    from tests.classroom.services.test_delphi import delphi_table

    table, _seats = delphi_table(players=3)
    session = table.session
    teacher = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    teacher.goto(f"/teach/sessions/{session.pk}/live/")
    expect(teacher.get_by_text("0 of 3 have predicted.")).to_be_visible()
    dev = StudentFactory(classroom=session.assignment.classroom, nickname="Dev")
    page = student_page(new_page, live_server, dev, viewport=WIDE)
    page.goto("/me/")
    page.get_by_role("button", name="Go to the game").click()
    expect(page.get_by_role("heading", name="Will the next card fit the rule?")).to_be_visible(
        timeout=SEEN_MS
    )
    expect(teacher.get_by_text("0 of 4 have predicted.")).to_be_visible(timeout=SEEN_MS)
    page.get_by_role("button", name="True: it fits").click()
    expect(page.get_by_text("Waiting for the others…").first).to_be_visible()
    expect(teacher.get_by_text("1 of 4 have predicted.")).to_be_visible(timeout=SEEN_MS)


def test_the_projector_follows_delphi_card_by_card(new_page, live_server):
    """The class's projector shows the card to predict, and the next one once every token
    placed it, with the chips; never the stock or the rule."""
    from classroom.services.delphi import delphi_predict
    from tests.classroom.services.test_delphi import delphi_table

    table, seats = delphi_table(players=3)
    session = table.session
    projector = teacher_page(new_page, live_server, session.assignment.classroom.teacher)
    projector.goto(f"/teach/sessions/{session.pk}/projector/")
    round_row, card, fits = on_show(table)
    shown = projector.locator("#projector-table-1 .projector-on-show")
    expect(shown.get_by_role("img", name=card_label(card))).to_be_visible()
    for seat in seats:
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=fits)
    _round, following, _fits = on_show(table)
    expect(shown.get_by_role("img", name=card_label(following))).to_be_visible(timeout=SEEN_MS)
    expect(projector.locator("#projector-table-1 .layout")).to_contain_text(card.rank_name)
    assert session.assignment.rule_text not in projector.content()
