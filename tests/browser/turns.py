"""Helpers for the browser tests of the games played in turns (Abbott/Howell, the Russian rules):
the teacher assigns the game with the form and starts a live session; each student opens the
table in their own browser. Moves are awaited by what the pages show (expect), never by sleeps."""

from __future__ import annotations

from dataclasses import replace

from playwright.sync_api import expect

from classroom.models import GameSession
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from classroom.services.games import lobby_join
from tests.browser.signed_in import WIDE, student_page, teacher_page
from tests.factories import minds_move

# A classmate's move reaches a page by its poll (every 1.5 s); a loaded CI machine is slow.
SEEN_MS = 15_000
HYPOTHESIS = "red and black take turns"


def open_live_session(teacher, classroom, *, title: str, game: str):
    """On the teacher's page: assigns `game` (its label on the form) live, with the library's
    alternate colors, and opens its session, whose lobby is then shown. Returns the session."""
    teacher.goto(f"/classes/{classroom.pk}/")
    teacher.get_by_role("link", name="Assign a game").click()
    teacher.get_by_label("Title").fill(title)
    teacher.get_by_label(game).check()
    teacher.get_by_label("Pick one from the library").check()
    teacher.get_by_label("Library rule").select_option("th-alternate-colors")
    teacher.get_by_label("Mode").select_option(label="Live, in class")
    teacher.get_by_role("button", name="Create the assignment").click()
    expect(teacher.get_by_text(f"Assignment “{title}” created.")).to_be_visible()
    teacher.get_by_role("button", name="Open a live session").click()
    expect(teacher.get_by_role("button", name="Seat by arrival")).to_be_visible()
    return GameSession.objects.get(assignment__title=title)


def assign_and_start(new_page, live_server, classroom, students, *, title: str, game: str):
    """The teacher assigns `game` (its label on the form) with a library rule and starts a live
    session at one table with every student. Returns (teacher's page, session, table)."""
    teacher = teacher_page(new_page, live_server, classroom.teacher, viewport=WIDE)
    session = open_live_session(teacher, classroom, title=title, game=game)
    for student in students:
        lobby_join(session=session, student=student)
    teacher.reload()
    teacher.get_by_role("button", name="Seat by arrival").click()
    teacher.get_by_role("button", name="Deal and start playing").click()
    expect(teacher.get_by_role("heading", name=f"Live: {title}")).to_be_visible()
    return teacher, session, session.tables.get()


def four_at_a_table(new_page, live_server, *, title: str, game: str):
    """Ana, Ben, Cleo and Dev at one table of `game` (`assign_and_start`), each in their own
    browser on the table page. Returns (teacher's page, table, pages and names by player)."""
    from tests.factories import ClassroomFactory, StudentFactory

    classroom = ClassroomFactory()
    students = [
        StudentFactory(classroom=classroom, nickname=n) for n in ("Ana", "Ben", "Cleo", "Dev")
    ]
    teacher, _session, table = assign_and_start(
        new_page, live_server, classroom, students, title=title, game=game
    )
    return teacher, table, student_pages(new_page, live_server, table), names(table)


def minds_play(table, variant: str, *, before_last: bool = False, limit: int = 800):
    """The students' minds (the game's scientist bots) play the round on, server side, through
    the same service as the pages: to its end, or (`before_last`) up to the one move that would
    end it, which is returned unplayed."""
    from eleusis.engine.games import GAMES

    record = GAMES[variant]
    bots = list(record.seat(["scientist"], 4, current_round(table=table).seed))

    unmade = []

    def ends_it(round_row, action) -> bool:
        probe = engine_round(round_row)
        probe.apply(action)
        if probe.is_over:
            unmade.append(action)
        return probe.is_over

    for _ in range(limit):
        action = minds_move(table, record, bots, unless=ends_it if before_last else None)
        if action is None or unmade:
            return action
    raise AssertionError("the round did not come to its end")


def student_pages(new_page, live_server, table) -> dict[int, object]:
    """Each seated student's browser on the table page, by the engine's player number."""
    round_row = current_round(table=table)
    pages = {}
    for seat in table.seats.select_related("student"):
        page = student_page(new_page, live_server, seat.student, viewport=WIDE)
        page.goto(f"/play/tables/{table.pk}/")
        expect(page.locator("#table-status")).not_to_have_text("Waiting for the first deal.")
        pages[round_row.player_of(seat.position)] = page
    return pages


def names(table) -> dict[int, str]:
    """Each engine player's nickname."""
    round_row = current_round(table=table)
    return {
        round_row.player_of(seat.position): seat.name
        for seat in table.seats.select_related("student")
    }


def engine(table):
    return engine_round(current_round(table=table))


def caught_up(page, table) -> None:
    """Wait until `page` shows the round as it stands (its `#move-seq`, which a move is checked
    against). A status line alone can be out of date: a page drawn at a player's turn still says
    "Your turn" after moves made server side have gone round the table and back to them, and a
    move from it is refused as made on a table that has moved on (docs/architecture.md)."""
    version = current_round(table=table).version
    expect(page.locator("#move-seq")).to_have_value(str(version), timeout=SEEN_MS)


def before_play(page, *, accepted: bool = True) -> None:
    """A hypothesis and a prediction, as every play carries."""
    page.get_by_label("My hypothesis: the rule is…").fill(HYPOTHESIS)
    prediction = "It will be accepted" if accepted else "It will be rejected"
    page.get_by_label(prediction).check()


def player_row(page, name: str):
    return page.locator("table.turns-players tbody tr", has_text=name)


def finished_session(classroom, variant: str, *, title: str, seed: int = 5, string: int = 1):
    """A session of `variant` whose one table of four students played a round to its end, each
    play with a hypothesis and a prediction (their moves by the game's bots, server side, through
    the same service as the pages). With `string` above 1 (Abbott/Howell), each student's first
    play is a string of that many cards: their mind's card, then the next of their hand.
    Returns (session, round)."""
    from classroom.services.games import (
        assignment_create,
    )
    from classroom.services.rounds import HypothesisInput, round_act
    from eleusis.engine.games import GAMES
    from eleusis.engine.variants import PlayString
    from tests.factories import ALTERNATE_COLORS, started_session

    assignment = assignment_create(
        classroom=classroom, title=title, rule_text=ALTERNATE_COLORS, variant=variant
    )
    session, (table,) = started_session(
        assignment, students=["Ana", "Ben", "Cleo", "Dev"], seed=seed
    )
    record = GAMES[variant]
    minds = list(record.seat(["scientist"], 4, current_round(table=table).seed))
    strung: set[int] = set()
    for _ in range(1000):
        round_row = current_round(table=table)
        round_ = engine_round(round_row)
        if round_.is_over:
            return session, round_row
        action = record.next_action(round_, minds)
        if string > 1 and action.kind == "play" and action.player not in strung:
            strung.add(action.player)
            others = [card for card in round_.state.hands[action.player] if card != action.card]
            action = PlayString(action.player, (action.card, *others[: string - 1]))
        actor = getattr(action, "player", None)
        if actor is None:
            actor = round_.state.prophet
        thinking = action.kind in ("play", "play_string", "no_play")
        if thinking:
            action = replace(action, hypothesis=HYPOTHESIS, prediction=True)
        round_act(
            round_id=round_row.pk,
            action=action,
            seat=table.seats.get(position=round_row.position_of(actor)),
            hypothesis=HypothesisInput(text=HYPOTHESIS) if thinking else None,
            schedule=False,
        )
    raise AssertionError("the round did not end")
