"""Teacher-side views of live games: who may use each one, and the flows they run."""

import pytest
from django.test import Client
from django.urls import reverse

from classroom.live import session_stamp
from classroom.models import Action, Assignment, GameSession, Round, Table
from classroom.services.games import (
    assignment_create,
    lobby_join,
    session_open,
    session_seat,
    session_start,
)
from classroom.services.rounds import engine_round, round_act
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import EndReason, Guess, Play
from tests.classroom.conftest import each_guarded_view, each_visitor, kept_out
from tests.factories import (
    ALTERNATE_COLORS,
    StudentFactory,
    live_table,
    play_form,
    seated_session,
    student_client,
)

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def assignment_data(**overrides):
    data = {
        "title": "Week 3",
        "rule_source": "library",
        "library_rule": "th-alternate-colors",
        "rule_text": "",
        "hand_size": "12",
        "decks": "2",
        "starter": "until_legal",
        "first_player": "left",
        "stock_exhaustion": "end",
        "table_size": "4",
        "hypothesis_policy": "every",
        "hypothesis_every": "3",
        "prediction_required": "on",
        "mode": "live",
        "due_at": "",
    }
    data.update(overrides)
    return data


def assigned_and_seated(visitors, classroom, *, players: int, seed: int, **overrides):
    """The teacher assigns a game through the form (`assignment_data(**overrides)`), then
    `players` students of the class sit at its table: the assignment, the table and each
    student's client, by seat."""
    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", kwargs={"pk": classroom.pk}),
        assignment_data(**overrides),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assignment = Assignment.objects.get(classroom=classroom)
    table, seats = seated_session(assignment, players=players, seed=seed)
    return assignment, table, [student_client(seat.student) for seat in seats]


@pytest.fixture
def game(classroom, student):
    """In the visitors' class: an assignment, a seated lobby, and a started session."""
    assignment = assignment_create(classroom=classroom, title="Colors", rule_text=ALTERNATE_COLORS)
    others = [StudentFactory(classroom=classroom) for _ in range(3)]
    lobby = session_open(assignment=assignment)
    live = session_open(assignment=assignment)
    for one in [student, *others]:
        lobby_join(session=lobby, student=one)
        lobby_join(session=live, student=one)
    session_seat(session=lobby, method="arrival")
    (table,) = session_seat(session=live, method="arrival")
    session_start(session=live, seed=3)
    return {
        "classroom": classroom,
        "assignment": assignment,
        "lobby": lobby,
        "live": live,
        "table": table,
        "round": table.rounds.get(),
    }


def state():
    """Everything a teacher-side view could change."""
    return (
        list(Assignment.objects.order_by("pk").values_list("pk", "title")),
        list(GameSession.objects.order_by("pk").values_list("pk", "status")),
        list(Table.objects.order_by("pk").values_list("pk", "session_id", "paused")),
        list(Round.objects.order_by("pk").values_list("pk", "status", "revealed", "version")),
        Action.objects.count(),
    )


# (method, url name, object the pk is taken from, data, status for this teacher)
GUARDED = [
    ("get", "classroom:assignment_create", "classroom", {}, 200),
    ("post", "classroom:assignment_create", "classroom", assignment_data(), 302),
    ("get", "classroom:assignment_detail", "assignment", {}, 200),
    ("post", "classroom:session_open", "assignment", {}, 302),
    ("get", "classroom:session_detail", "lobby", {}, 200),
    ("post", "classroom:session_seat", "lobby", {"method": "random"}, 302),
    ("post", "classroom:session_start", "lobby", {}, 302),
    ("get", "classroom:session_live", "live", {}, 200),
    ("post", "classroom:session_pause", "live", {"paused": "1"}, 302),
    ("post", "classroom:table_pause", "table", {"paused": "1"}, 302),
    ("post", "classroom:table_end_round", "table", {"round": "ROUND"}, 302),
    ("post", "classroom:table_hint", "table", {"round": "ROUND", "text": "Look at colors"}, 302),
    ("post", "classroom:table_verdict", "table", {"round": "ROUND", "correct": "yes"}, 409),
    ("post", "classroom:table_reveal", "table", {"round": "ROUND"}, 409),
    ("post", "classroom:table_next_round", "table", {}, 409),
]
# Those whose success changes something (the 409s are refused by the engine: nothing changes).
# Opening a session while the assignment's lobby is open (as here) leads to that lobby: a double
# click never makes a second one (tests/eleusis/test_limits.py).
CHANGES = {
    "classroom:assignment_create",
    "classroom:session_seat",
    "classroom:session_start",
    "classroom:session_pause",
    "classroom:table_pause",
    "classroom:table_end_round",
    "classroom:table_hint",
}


@each_guarded_view(GUARDED)
def test_who_may_use_each_teach_view(
    visitors, game, visitor, method, name, target, data, ok_status
):
    url = reverse(name, kwargs={"pk": game[target].pk})
    data = {key: game["round"].pk if value == "ROUND" else value for key, value in data.items()}
    before = state()

    response = getattr(visitors[visitor], method)(url, data)

    if not kept_out(visitor, response, snapshot=state, before=before):
        assert response.status_code == ok_status
        if method == "post":
            assert (state() != before) == (name in CHANGES)


@each_visitor
def test_who_may_check_a_rule(visitors, visitor):
    response = visitors[visitor].post(reverse("classroom:rule_check"), {"rule_text": "color"})
    if visitor in {"teacher", "other_teacher"}:
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("classroom:login"))


@pytest.mark.parametrize(
    "name", ["classroom:assignment_create", "classroom:session_live", "classroom:table_pause"]
)
def test_views_refuse_the_wrong_method(visitors, game, name):
    target = {"classroom:assignment_create": "classroom", "classroom:session_live": "live"}
    obj = game[target.get(name, "table")]
    url = reverse(name, kwargs={"pk": obj.pk})
    response = visitors["teacher"].put(url)
    assert response.status_code == 405


# Assigning a game -------------------------------------------------------------------------------


def test_the_class_page_links_to_assigning_and_lists_assignments(visitors, game):
    response = visitors["teacher"].get(
        reverse("classroom:classroom_detail", kwargs={"pk": game["classroom"].pk})
    )
    content = response.content.decode()
    assert reverse("classroom:assignment_create", kwargs={"pk": game["classroom"].pk}) in content
    assert reverse("classroom:assignment_detail", kwargs={"pk": game["assignment"].pk}) in content
    assert reverse("classroom:session_live", kwargs={"pk": game["live"].pk}) in content


def test_the_form_offers_the_library_with_difficulty(visitors, classroom):
    response = visitors["teacher"].get(
        reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    )
    content = response.content.decode()
    assert "Alternate colors (easy)" in content
    assert 'hx-trigger="input changed delay:400ms"' in content


def test_create_with_a_library_rule(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].post(
        url, assignment_data(hand_size="10", table_size="5", buying_hints="on")
    )
    assignment = Assignment.objects.get(classroom=classroom)
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "classroom:assignment_detail", kwargs={"pk": assignment.pk}
    )
    assert assignment.rule_text == LIBRARY["th-alternate-colors"].text
    assert assignment.library_rule_id == "th-alternate-colors"
    assert assignment.rule_source == Assignment.RuleSource.LIBRARY
    assert assignment.config["hand_size"] == 10
    assert assignment.config["buying_hints"] is True
    assert assignment.table_size == 5
    assert assignment.prediction_required is True


def test_create_with_a_written_rule(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].post(
        url,
        assignment_data(
            rule_source="written",
            library_rule="",
            rule_text="suit == last.suit or rank == last.rank",
            hypothesis_policy="every_n",
            hypothesis_every="4",
            prediction_required="",
        ),
    )
    assert response.status_code == 302
    assignment = Assignment.objects.get(classroom=classroom)
    assert assignment.rule_text == "suit == last.suit or rank == last.rank"
    assert assignment.rule_source == Assignment.RuleSource.WRITTEN
    assert assignment.library_rule_id == ""
    assert assignment.hypothesis_policy == "every_n"
    assert assignment.hypothesis_every == 4
    assert assignment.prediction_required is False


def test_a_bad_rule_says_where_and_creates_nothing(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].post(
        url,
        assignment_data(rule_source="written", library_rule="", rule_text="color != last.colour"),
    )
    content = response.content.decode()
    assert response.status_code == 400
    assert "Line 1, column 15" in content
    assert "unknown property" in content
    assert "^^^^^^" in content
    assert not Assignment.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "field_error"),
    [
        ({"title": "Alternate colors"}, "title"),
        ({"title": "x" * 121}, "title"),
        ({"library_rule": "no-such-rule"}, "library_rule"),
        ({"rule_source": "written", "rule_text": "  "}, "rule_text"),
        ({"hand_size": "11"}, "hand_size"),
        ({"table_size": "9"}, "table_size"),
        ({"table_size": "2"}, "table_size"),
        ({"mode": "solo"}, "due_at"),
        ({"starter": "sometimes"}, "starter"),
        ({"due_at": "not a date", "mode": "solo"}, "due_at"),
    ],
)
def test_bad_settings_are_explained_and_create_nothing(visitors, classroom, overrides, field_error):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].post(url, assignment_data(**overrides))
    assert response.status_code == 400
    assert field_error in response.context["form"].errors
    assert not Assignment.objects.exists()


def test_a_solo_assignment_with_a_due_date(visitors, classroom):
    url = reverse("classroom:assignment_create", kwargs={"pk": classroom.pk})
    response = visitors["teacher"].post(
        url, assignment_data(mode="solo", due_at="2030-05-01T10:00")
    )
    assert response.status_code == 302
    assignment = Assignment.objects.get()
    assert assignment.mode == "solo"
    assert assignment.due_at.year == 2030
    # Solo practice has no live session to open.
    response = visitors["teacher"].post(
        reverse("classroom:session_open", kwargs={"pk": assignment.pk})
    )
    assert response.status_code == 302
    assert not GameSession.objects.exists()


def test_the_rule_check_explains_a_rule(visitors):
    response = visitors["teacher"].post(
        reverse("classroom:rule_check"), {"rule_text": "color != last.color"}, **HTMX
    )
    content = response.content.decode()
    assert response.status_code == 200
    assert "different color from the last card" in content
    assert "<html" not in content


def test_the_rule_check_shows_the_error_with_line_column_and_caret(visitors):
    response = visitors["teacher"].post(
        reverse("classroom:rule_check"), {"rule_text": "rank > 3\n  and colour == red"}, **HTMX
    )
    content = response.content.decode()
    assert "line 2, column 7" in content
    assert "unknown word" in content
    assert "did you mean" in content
    assert "^^^^^^" in content


def test_the_rule_check_warns_of_a_rule_that_accepts_everything(visitors):
    response = visitors["teacher"].post(
        reverse("classroom:rule_check"), {"rule_text": "rank >= 1"}, **HTMX
    )
    assert "Too loose" in response.content.decode()


# Lobby, seating, start --------------------------------------------------------------------------


def test_open_seat_by_hand_and_start(visitors, classroom, student):
    teacher = visitors["teacher"]
    assignment = assignment_create(classroom=classroom, title="Colors", rule_text=ALTERNATE_COLORS)
    response = teacher.post(reverse("classroom:session_open", kwargs={"pk": assignment.pk}))
    session = GameSession.objects.get()
    assert response["Location"] == reverse("classroom:session_detail", kwargs={"pk": session.pk})
    students = [student, *(StudentFactory(classroom=classroom) for _ in range(5))]
    for one in students:
        lobby_join(session=session, student=one)

    page = teacher.get(reverse("classroom:session_detail", kwargs={"pk": session.pk}))
    assert all(one.nickname in page.content.decode() for one in students)

    choice = {f"student_{one.pk}": "1" if i < 3 else "2" for i, one in enumerate(students)}
    response = teacher.post(
        reverse("classroom:session_seat", kwargs={"pk": session.pk}), {"method": "manual", **choice}
    )
    assert response.status_code == 302
    tables = list(session.tables.order_by("number"))
    assert [set(t.seats.values_list("student_id", flat=True)) for t in tables] == [
        {one.pk for one in students[:3]},
        {one.pk for one in students[3:]},
    ]

    response = teacher.post(reverse("classroom:session_start", kwargs={"pk": session.pk}))
    assert response["Location"] == reverse("classroom:session_live", kwargs={"pk": session.pk})
    session.refresh_from_db()
    assert session.status == GameSession.Status.RUNNING
    assert Round.objects.filter(table__session=session).count() == 2

    live = teacher.get(reverse("classroom:session_live", kwargs={"pk": session.pk}))
    content = live.content.decode()
    assert "Table 1" in content and "Table 2" in content
    assert ALTERNATE_COLORS in content  # the teacher may see the rule

    # Seating again once started is refused with a message, tables unchanged.
    response = teacher.post(
        reverse("classroom:session_seat", kwargs={"pk": session.pk}), {"method": "random"}
    )
    assert response.status_code == 409
    assert "has started" in response.content.decode()
    assert list(session.tables.order_by("number")) == tables


@pytest.mark.parametrize("method", ["random", "arrival"])
def test_seat_by_method(visitors, game, method):
    response = visitors["teacher"].post(
        reverse("classroom:session_seat", kwargs={"pk": game["lobby"].pk}), {"method": method}
    )
    assert response.status_code == 302
    assert game["lobby"].tables.get().seats.count() == 4


def test_start_without_tables_says_so(visitors, game):
    session = session_open(assignment=game["assignment"])
    response = visitors["teacher"].post(
        reverse("classroom:session_start", kwargs={"pk": session.pk})
    )
    assert response.status_code == 409
    assert "Seat the students" in response.content.decode()
    session.refresh_from_db()
    assert session.status == GameSession.Status.LOBBY


@pytest.mark.parametrize(
    "data",
    [{}, {"method": "sideways"}, {"method": "manual"}, {"method": "manual", "student_0": "1"}],
)
def test_malformed_seating_is_a_4xx(visitors, game, data):
    before = list(Table.objects.values_list("pk", flat=True))
    response = visitors["teacher"].post(
        reverse("classroom:session_seat", kwargs={"pk": game["lobby"].pk}), data
    )
    assert response.status_code == 400
    assert list(Table.objects.values_list("pk", flat=True)) == before


def test_the_lobby_poll_is_204_when_nothing_changed(
    visitors, game, django_capture_on_commit_callbacks
):
    session = game["lobby"]
    url = reverse("classroom:session_detail", kwargs={"pk": session.pk})
    stamp = session_stamp(session.pk)
    assert visitors["teacher"].get(url, {"stamp": stamp}, **HTMX).status_code == 204
    newcomer = StudentFactory(classroom=game["classroom"])
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(session=session, student=newcomer)
    response = visitors["teacher"].get(url, {"stamp": stamp}, **HTMX)
    assert response.status_code == 200
    assert newcomer.nickname in response.content.decode()
    assert "<html" not in response.content.decode()


# The live view ----------------------------------------------------------------------------------


def teacher_of(table) -> Client:
    client = Client()
    client.force_login(table.session.assignment.classroom.teacher)
    return client


def play_a_right_card(table, seats):
    """The player whose turn it is plays a card the rule accepts; returns their seat."""
    round_row = table.rounds.get()
    view = engine_round(round_row).dealer_view()
    seat = seats[view.turn]
    last = view.layout[-1].card
    card = next(c for c in view.hands[view.turn] if c.color != last.color)
    round_act(round_id=round_row.pk, action=Play(seat.position, card), seat=seat)
    return seat


def test_the_live_poll_is_204_when_nothing_changed(visitors, game):
    url = reverse("classroom:session_live", kwargs={"pk": game["live"].pk})
    stamp = session_stamp(game["live"].pk)
    assert visitors["teacher"].get(url, {"stamp": stamp}, **HTMX).status_code == 204
    response = visitors["teacher"].get(url, {"stamp": "old"}, **HTMX)
    assert response.status_code == 200
    assert 'id="session-live"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_accept_a_pending_guess():
    table, seats = live_table(players=4)
    seat = play_a_right_card(table, seats)
    round_row = table.rounds.get()
    round_act(
        round_id=round_row.pk,
        action=Guess(seat.position, "red and black take turns", checkable=False),
        seat=seat,
    )
    teacher = teacher_of(table)
    live = teacher.get(reverse("classroom:session_live", kwargs={"pk": table.session_id}))
    assert "red and black take turns" in live.content.decode()
    assert "Accept: that is the rule" in live.content.decode()

    response = teacher.post(
        reverse("classroom:table_verdict", kwargs={"pk": table.pk}),
        {"round": round_row.pk, "correct": "yes"},
        **HTMX,
    )
    assert response.status_code == 200
    assert "guess accepted" in response.content.decode()
    round_row.refresh_from_db()
    assert round_row.status == Round.Status.OVER
    assert round_row.end_reason == "guessed"
    verdict = round_row.actions.order_by("-seq").first()
    assert verdict.kind == "verdict" and verdict.seat is None
    # The table found the rule: "Next round" proposes a new rule, not the same again.
    live = teacher.get(reverse("classroom:session_live", kwargs={"pk": table.session_id}))
    page = live.content.decode()
    assert '<option value="list" selected>' in page
    assert "The same rule again" not in page
    # It names who found it (issue 33 said only "(someone found the rule)").
    assert f"({seat.student.nickname} found the rule)" in page
    assert "someone found the rule" not in page


def test_reject_a_pending_guess_and_play_goes_on():
    table, seats = live_table(players=3)
    seat = play_a_right_card(table, seats)
    round_row = table.rounds.get()
    round_act(
        round_id=round_row.pk, action=Guess(seat.position, "any card", checkable=False), seat=seat
    )
    response = teacher_of(table).post(
        reverse("classroom:table_verdict", kwargs={"pk": table.pk}),
        {"round": round_row.pk, "correct": "no"},
    )
    assert response.status_code == 302
    round_row.refresh_from_db()
    assert round_row.status == Round.Status.PLAYING
    assert engine_round(round_row).dealer_view().guesses[-1].correct is False


def test_a_rejected_guess_tells_the_guesser_until_they_move_again():
    """The teacher's verdict comes after the guess's answer ("goes to your teacher"): the
    guesser's page says it (issue 33 said a wrong verdict gave the player no message), on its
    next poll, and no longer once they have moved again."""
    table, seats = live_table(players=3)
    seat = play_a_right_card(table, seats)
    round_row = table.rounds.get()
    round_act(
        round_id=round_row.pk, action=Guess(seat.position, "any card", checkable=False), seat=seat
    )
    guesser = student_client(seat.student)
    page = reverse("classroom:table", args=[table.pk])
    assert 'id="own-verdict"' not in guesser.get(page).content.decode()
    teacher_of(table).post(
        reverse("classroom:table_verdict", kwargs={"pk": table.pk}),
        {"round": round_row.pk, "correct": "no"},
    )

    told = guesser.get(page, **HTMX).content.decode()
    assert 'id="own-verdict" class="message message-error"' in told
    assert "That is not the rule. Keep experimenting!" in told
    others = [other for other in seats if other != seat]
    assert all(
        'id="own-verdict"' not in student_client(other.student).get(page).content.decode()
        for other in others
    )
    # The next players play on; once the guesser has played again, the message is gone.
    for _ in range(len(seats)):
        mover = play_a_right_card(table, seats)
        if mover == seat:
            break
        assert 'id="own-verdict"' in guesser.get(page, **HTMX).content.decode()
    assert 'id="own-verdict"' not in guesser.get(page, **HTMX).content.decode()


def test_pause_blocks_student_moves_and_resume_lets_them_play():
    table, seats = live_table(players=3)
    teacher = teacher_of(table)
    url = reverse("classroom:table_pause", kwargs={"pk": table.pk})
    assert teacher.post(url, {"paused": "1"}).status_code == 302
    table.refresh_from_db()
    assert table.paused

    round_row = table.rounds.get()
    view = engine_round(round_row).dealer_view()
    seat = seats[view.turn]
    move = play_form(
        round_row,
        view.hands[view.turn][0],
        hypothesis="colors alternate",
        prediction="accepted",
        key="k1",
    )
    response = student_client(seat.student).post(
        reverse("classroom:table_move", kwargs={"pk": table.pk}), move
    )
    assert "paused" in response.content.decode()
    assert round_row.actions.count() == 0

    assert teacher.post(url, {"paused": "0"}).status_code == 302
    student_client(seat.student).post(
        reverse("classroom:table_move", kwargs={"pk": table.pk}), move
    )
    assert round_row.actions.count() == 1


def test_pause_and_resume_every_table(visitors, game):
    url = reverse("classroom:session_pause", kwargs={"pk": game["live"].pk})
    visitors["teacher"].post(url, {"paused": "1"})
    game["live"].refresh_from_db()
    assert game["live"].status == GameSession.Status.PAUSED
    assert all(Table.objects.filter(session=game["live"]).values_list("paused", flat=True))
    visitors["teacher"].post(url, {"paused": "0"})
    game["live"].refresh_from_db()
    assert game["live"].status == GameSession.Status.RUNNING
    assert not any(Table.objects.filter(session=game["live"]).values_list("paused", flat=True))


def test_reveal_only_after_the_round_is_over():
    table, seats = live_table(players=3)
    teacher = teacher_of(table)
    round_row = table.rounds.get()
    reveal = reverse("classroom:table_reveal", kwargs={"pk": table.pk})

    projector = reverse("classroom:session_projector", kwargs={"pk": table.session_id})
    response = teacher.post(reveal, {"round": round_row.pk})
    assert response.status_code == 409
    assert "end the round before revealing" in response.content.decode()
    round_row.refresh_from_db()
    assert not round_row.revealed
    student_page = student_client(seats[0].student).get(
        reverse("classroom:table", kwargs={"pk": table.pk})
    )
    assert ALTERNATE_COLORS not in student_page.content.decode().replace("&#x27;", "'")

    end = reverse("classroom:table_end_round", kwargs={"pk": table.pk})
    assert teacher.post(end, {"round": round_row.pk}).status_code == 302
    round_row.refresh_from_db()
    assert round_row.status == Round.Status.OVER
    before = teacher.get(projector).content.decode()
    assert "The secret rule was" not in before and "last.color" not in before

    assert teacher.post(reveal, {"round": round_row.pk}).status_code == 302
    round_row.refresh_from_db()
    assert round_row.revealed
    student_page = student_client(seats[0].student).get(
        reverse("classroom:table", kwargs={"pk": table.pk})
    )
    assert "!= last.color" in student_page.content.decode()
    # The whole class sees it on the projector too (issue 33: it never showed there), in words
    # and in the rule language; before the reveal it shows nothing of it.
    projected = teacher.get(projector).content.decode()
    assert "The secret rule was" in projected and "!= last.color" in projected
    assert "color" in projected.split('class="rule-words">', 1)[1].split("</p>", 1)[0]

    # The revealed rule is not dealt again; the next in the library is.
    url = reverse("classroom:table_next_round", kwargs={"pk": table.pk})
    assert teacher.post(url).status_code == 409
    assert table.rounds.count() == 1
    response = teacher.post(url, {"next_rule": "list"})
    assert response.status_code == 302
    assert table.rounds.count() == 2
    assert table.rounds.order_by("number").last().rule_text != round_row.rule_text


def test_a_stale_control_does_not_act_on_the_next_round():
    table, _seats = live_table(players=3)
    teacher = teacher_of(table)
    first = table.rounds.get()
    teacher.post(reverse("classroom:table_end_round", kwargs={"pk": table.pk}), {"round": first.pk})
    teacher.post(reverse("classroom:table_next_round", kwargs={"pk": table.pk}))
    second = table.rounds.get(number=2)
    response = teacher.post(
        reverse("classroom:table_end_round", kwargs={"pk": table.pk}), {"round": first.pk}
    )
    assert response.status_code == 409
    second.refresh_from_db()
    assert second.status == Round.Status.PLAYING


def test_a_hint_goes_to_a_stuck_table_at_any_moment_by_default():
    table, seats = live_table(players=3)
    teacher = teacher_of(table)
    round_row = table.rounds.get()
    play_a_right_card(table, seats)  # the turns are now uneven: 1, 0, 0
    url = reverse("classroom:table_hint", kwargs={"pk": table.pk})
    response = teacher.post(url, {"round": round_row.pk, "text": "Look at colors"}, **HTMX)
    assert "hint sent" in response.content.decode()
    round_row.refresh_from_db()
    assert engine_round(round_row).dealer_view().hints == ("Look at colors",)


def test_a_hint_sent_twice_with_one_key_is_given_once():
    """A double click (or a retry) repeats the request with the page's key: one hint."""
    table, _seats = live_table(players=3)
    teacher = teacher_of(table)
    round_row = table.rounds.get()
    url = reverse("classroom:table_hint", kwargs={"pk": table.pk})
    sent = {"round": round_row.pk, "text": "Look at colors", "key": "k1"}
    first = teacher.post(url, sent, **HTMX)
    again = teacher.post(url, sent, **HTMX)
    assert "hint sent" in first.content.decode()
    assert again.status_code == 200
    assert "that hint was sent already, once" in again.content.decode()
    round_row.refresh_from_db()
    assert engine_round(round_row).dealer_view().hints == ("Look at colors",)
    # A new key (the page after the answer) sends a new hint.
    teacher.post(url, {**sent, "text": "Red, black", "key": "k2"}, **HTMX)
    round_row.refresh_from_db()
    assert engine_round(round_row).dealer_view().hints == ("Look at colors", "Red, black")


def test_an_unprompted_hint_waits_for_even_turns_and_says_why():
    table, seats = live_table(players=3, config={"hints_after_equal_turns": True})
    teacher = teacher_of(table)
    round_row = table.rounds.get()
    url = reverse("classroom:table_hint", kwargs={"pk": table.pk})
    response = teacher.post(url, {"round": round_row.pk, "text": "Watch the colors"}, **HTMX)
    assert "hint sent" in response.content.decode()
    round_row.refresh_from_db()
    assert engine_round(round_row).dealer_view().hints == ("Watch the colors",)

    play_a_right_card(table, seats)
    response = teacher.post(url, {"round": round_row.pk, "text": "Another"}, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200  # htmx: the message in the live view
    assert "same number of turns" in body and "wait until play comes round" in body
    assert "unprompted" not in body  # words for a teacher, not the engine's message
    round_row.refresh_from_db()
    assert engine_round(round_row).dealer_view().hints == ("Watch the colors",)


def test_the_live_view_shows_hypotheses_and_can_hide_names():
    table, seats = live_table(players=3)
    round_row = table.rounds.get()
    view = engine_round(round_row).dealer_view()
    seat = seats[view.turn]
    student_client(seat.student).post(
        reverse("classroom:table_move", kwargs={"pk": table.pk}),
        play_form(
            round_row,
            view.hands[view.turn][0],
            hypothesis="red then black",
            prediction="accepted",
            key="k1",
        ),
    )
    content = (
        teacher_of(table)
        .get(reverse("classroom:session_live", kwargs={"pk": table.session_id}))
        .content.decode()
    )
    assert "red then black" in content
    assert f'<span class="player-name">{seat.student.nickname}</span>' in content
    assert "Player " in content and 'id="toggle-names"' in content
    assert "teach.js" in content
    assert "<script>" not in content and "style=" not in content


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("classroom:table_verdict", {"correct": "maybe", "round": "ROUND"}),
        ("classroom:table_verdict", {"correct": "yes"}),
        ("classroom:table_pause", {"paused": "sideways"}),
        ("classroom:table_end_round", {}),
        ("classroom:table_end_round", {"round": "x"}),
        ("classroom:table_hint", {"round": "ROUND", "text": ""}),
        ("classroom:table_hint", {"round": "ROUND", "text": "x" * 301}),
        ("classroom:table_reveal", {"round": "-1"}),
    ],
)
def test_malformed_table_controls_are_a_4xx(visitors, game, name, data):
    data = {key: game["round"].pk if value == "ROUND" else value for key, value in data.items()}
    before = state()
    response = visitors["teacher"].post(reverse(name, kwargs={"pk": game["table"].pk}), data)
    assert 400 <= response.status_code < 500
    assert state() == before


def test_malformed_session_pause_is_a_4xx(visitors, game):
    before = state()
    response = visitors["teacher"].post(
        reverse("classroom:session_pause", kwargs={"pk": game["live"].pk}), {"paused": "2"}
    )
    assert response.status_code == 400
    assert state() == before


def test_unknown_objects_are_404(visitors):
    for name in ("classroom:session_live", "classroom:table_pause", "classroom:assignment_detail"):
        method = "post" if name == "classroom:table_pause" else "get"
        response = getattr(visitors["teacher"], method)(reverse(name, kwargs={"pk": 999999}))
        assert response.status_code == 404


def test_an_assignment_where_the_students_deal_in_turn(visitors, classroom):
    from classroom.models import Assignment

    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", args=[classroom.pk]),
        assignment_data(rule_source="students", library_rule=""),
    )

    assert response.status_code == 302
    assignment = Assignment.objects.get(classroom=classroom)
    assert assignment.rule_source == "students" and assignment.rule_text == ""


def test_the_rule_check_warns_of_a_dead_end_and_a_too_strict_rule(visitors):
    response = visitors["teacher"].post(
        reverse("classroom:rule_check"), {"rule_text": "rank == last.rank + 1"}, **HTMX
    )
    body = response.content.decode()
    assert "Too strict" in body and "Dead end" in body


def test_a_started_session_links_to_its_review(visitors, classroom):
    from classroom.services.games import assignment_create
    from tests.factories import seated_session

    assignment = assignment_create(classroom=classroom, title="Colors", rule_text=ALTERNATE_COLORS)
    session = seated_session(assignment, players=3, seed=1)[0].session
    review = reverse("classroom:review_session", args=[session.pk])

    for page in (
        reverse("classroom:assignment_detail", args=[assignment.pk]),
        reverse("classroom:classroom_detail", args=[classroom.pk]),
    ):
        assert review in visitors["teacher"].get(page).content.decode()


# Hints suggested by the app ---------------------------------------------------------------------


def _escaped(text):
    import html

    return html.escape(text)


def test_the_live_view_suggests_hints_for_the_table_s_rule_vaguest_first():
    from eleusis.engine.rules import compile_rule, suggest_hints

    table, _seats = live_table(players=3)
    body = teacher_of(table).get(reverse("classroom:session_live", args=[table.session_id]))
    body = body.content.decode()
    hints = suggest_hints(compile_rule(table.session.assignment.rule_text))
    assert [hint.level for hint in hints] == [1, 2, 3, 4]
    places = [body.index(f'value="{_escaped(hint.text)}"') for hint in hints]
    assert places == sorted(places)
    assert "The rule looks only at the last card." in body


def test_a_hint_too_long_for_a_dealer_s_hint_is_not_offered():
    table, _seats = live_table(players=3, rule_text=LIBRARY["th-sum-two"].text)
    body = teacher_of(table).get(reverse("classroom:session_live", args=[table.session_id]))
    body = body.content.decode()
    assert "The rule looks only at the last two cards." in body
    assert "the sum of the values" not in body  # the explanation: 320 characters, over 300


def test_a_suggested_hint_is_sent_and_the_students_see_it():
    table, seats = live_table(players=3)
    round_row = table.rounds.get()
    teacher = teacher_of(table)
    student = student_client(seats[0].student)
    table_url = reverse("classroom:table", args=[table.pk])
    first, second = "The rule looks only at the last card.", "It is about color."
    assert first not in student.get(table_url).content.decode()

    response = teacher.post(
        reverse("classroom:table_hint", args=[table.pk]),
        {"round": round_row.pk, "text": first},
        **HTMX,
    )

    assert "hint sent" in response.content.decode()
    round_row.refresh_from_db()
    assert engine_round(round_row).dealer_view().hints == (first,)
    assert first in student.get(table_url).content.decode()
    assert second not in student.get(table_url).content.decode()
    # The hint sent is no longer offered; the next level comes first.
    body = response.content.decode()
    assert f'value="{first}"' not in body
    assert body.index(f'value="{second}"') < body.index('value="Exactly half')


def test_no_hint_is_suggested_once_the_round_is_over():
    table, _seats = live_table(players=3)
    round_row = table.rounds.get()
    teacher = teacher_of(table)
    teacher.post(reverse("classroom:table_end_round", args=[table.pk]), {"round": round_row.pk})
    body = teacher.get(reverse("classroom:session_live", args=[table.session_id]))
    assert 'class="suggested-hints"' not in body.content.decode()


# Finishing the session --------------------------------------------------------------------------


@each_visitor
def test_who_may_finish_a_session(visitors, game, visitor):
    url = reverse("classroom:session_finish", args=[game["live"].pk])
    before = state()

    response = visitors[visitor].post(url)

    if not kept_out(visitor, response, snapshot=state, before=before):
        assert response.status_code == 302
        assert response["Location"] == reverse("classroom:session_live", args=[game["live"].pk])
        assert state() != before
    assert visitors[visitor].get(url).status_code in {302, 404, 405}


def test_finish_ends_every_round_and_links_to_the_review(visitors, game):

    live = game["live"]
    live_url = reverse("classroom:session_live", args=[live.pk])
    assert "Finish the session" in visitors["teacher"].get(live_url).content.decode()

    response = visitors["teacher"].post(reverse("classroom:session_finish", args=[live.pk]), **HTMX)

    assert response.status_code == 200
    body = response.content.decode()
    assert "The session is finished" in body
    assert reverse("classroom:review_session", args=[live.pk]) in body
    assert "Finish the session" not in body
    live.refresh_from_db()
    assert live.status == GameSession.Status.FINISHED and live.ended_at is not None
    round_row = game["round"]
    round_row.refresh_from_db()
    assert round_row.status == Round.Status.OVER and round_row.end_reason == EndReason.TEACHER
    end = round_row.actions.order_by("-seq").first()
    assert end.kind == "end" and end.seat is None
    assert "you ended it" in visitors["teacher"].get(live_url).content.decode()

    # Students: the table says the game has ended; moves are refused.
    table_page = visitors["student"].get(reverse("classroom:table", args=[game["table"].pk]))
    assert "This game has ended." in table_page.content.decode()
    # Finishing again changes nothing.
    before = state()
    visitors["teacher"].post(reverse("classroom:session_finish", args=[live.pk]))
    assert state() == before


def test_a_finished_lobby_tells_the_students_the_game_has_ended(visitors, game, student):
    lobby = session_open(assignment=game["assignment"])
    lobby_join(session=lobby, student=student)  # waiting, not seated
    visitors["teacher"].post(reverse("classroom:session_finish", args=[lobby.pk]))
    page = visitors["student"].get(reverse("classroom:session_lobby", args=[lobby.pk]))
    assert "This game has ended." in page.content.decode()


def test_the_suggested_hints_are_in_the_teacher_s_language():
    table, _seats = live_table(players=3)
    teacher = Client(HTTP_ACCEPT_LANGUAGE="es")
    teacher.force_login(table.session.assignment.classroom.teacher)
    body = teacher.get(reverse("classroom:session_live", args=[table.session_id]))
    body = body.content.decode()
    first, second = "La regla se fija solo en la última carta.", "Es cuestión de color."
    assert body.index(f'value="{first}"') < body.index(f'value="{second}"')
    assert 'value="Después de cualquier carta sirve exactamente la mitad de la baraja' in body
    assert "The rule looks only at the last card." not in body
    # The English page keeps the engine's words: the hints are cached per language.
    english = teacher_of(table).get(reverse("classroom:session_live", args=[table.session_id]))
    assert 'value="The rule looks only at the last card."' in english.content.decode()


EIGHT_BACK = (
    "if suit == last.suit and suit == last2.suit and suit == last3.suit and rank == last4.rank "
    "then red else rank + last5.rank + last6.rank + last7.rank + last8.rank > 30"
)


def test_the_rule_check_answers_a_rule_that_looks_eight_cards_back(visitors):
    response = visitors["teacher"].post(
        reverse("classroom:rule_check"), {"rule_text": EIGHT_BACK}, **HTMX
    )
    content = response.content.decode()
    assert response.status_code == 200
    assert "the card 8 back on the mainline" in content


def test_the_rule_check_explains_a_comparison_with_the_previous_verdict(visitors):
    response = visitors["teacher"].post(
        reverse("classroom:rule_check"),
        {"rule_text": "if previous.accepted == true then red else black"},
        **HTMX,
    )
    assert response.status_code == 200
    assert "If the previous play was right, the card is red" in response.content.decode()


def test_the_rule_check_is_throttled_per_user(visitors):
    from eleusis.web.rule_check import RULE_CHECKS_PER_WINDOW

    teacher = visitors["teacher"]
    url = reverse("classroom:rule_check")
    for number in range(RULE_CHECKS_PER_WINDOW):
        response = teacher.post(url, {"rule_text": f"rank != {number}"}, **HTMX)
        assert response.status_code == 200
    refused = teacher.post(url, {"rule_text": EIGHT_BACK}, **HTMX)
    assert refused.status_code == 429
    assert "Too many checks in a row" in refused.content.decode()
    assert "8 back" not in refused.content.decode()
    # Another teacher is not affected.
    other = visitors["other_teacher"].post(url, {"rule_text": EIGHT_BACK}, **HTMX)
    assert other.status_code == 200 and "8 back" in other.content.decode()
