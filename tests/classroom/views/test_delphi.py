"""Delphi by HTTP: who may predict and reveal, a whole round with three students to the
settlement, double clicks, malformed requests, the teacher's live view and the review."""

import pytest
from django.test import Client
from django.urls import reverse

from classroom.models import Action, Assignment, Round
from classroom.selectors.games import current_round
from classroom.services.delphi import delphi_predict
from tests.classroom.conftest import each_visitor
from tests.classroom.services.test_delphi import delphi_assignment, delphi_table, on_show
from tests.classroom.views.test_teach import assignment_data
from tests.factories import StudentFactory, TeacherFactory, started_session, student_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(classroom, student):
    """A started Delphi session of the visitors' class: `student` and two classmates."""
    assignment = delphi_assignment(classroom)
    session, (table,) = started_session(assignment, students=[student, None, None], seed=5)
    return {"table": table, "session": session, "round": table.rounds.get()}


def _predict_data(table, value="true", key=""):
    """What the page of the card on show sends: its round, version (issue 38), card, token."""
    round_row, card, _fits = on_show(table)
    return {
        "round": round_row.pk,
        "seq": round_row.version,
        "card": card.code,
        "value": value,
        "key": key,
    }


@each_visitor
def test_who_may_see_a_delphi_table_and_predict(visitors, game, visitor):
    table = game["table"]
    page = visitors[visitor].get(reverse("classroom:table", args=[table.pk]))
    data = _predict_data(table)
    predict = visitors[visitor].post(reverse("classroom:table_predict", args=[table.pk]), data)

    if visitor == "student":
        assert page.status_code == 200 and predict.status_code == 200
        assert "Will the next card fit the rule?" in page.content.decode()
        assert Action.objects.filter(round=game["round"]).count() == 1
        return
    expected = {"anonymous": 302, "other_student": 404, "teacher": 302, "other_teacher": 302}
    assert page.status_code == predict.status_code == expected[visitor]
    assert not Action.objects.filter(round=game["round"]).exists()


@each_visitor
def test_who_may_reveal_the_card_on_show(visitors, game, visitor):
    table = game["table"]
    round_row, card, _fits = on_show(table)
    url = reverse("classroom:table_reveal_card", args=[table.pk])

    response = visitors[visitor].post(url, {"round": round_row.pk, "card": card.code})

    placed = Action.objects.filter(round=round_row, kind="reveal").count()
    if visitor == "teacher":
        assert response.status_code == 302 and placed == 1
    elif visitor == "other_teacher":
        assert response.status_code == 404 and placed == 0
    else:
        assert response.status_code == 302 and placed == 0
        assert response["Location"].startswith(reverse("classroom:login") + "?next=")


def test_a_whole_round_by_http_with_three_students_to_the_settlement():
    table, seats = delphi_table(players=3)
    clients = [student_client(seat.student) for seat in seats]
    url = reverse("classroom:table_predict", args=[table.pk])
    for _card in range(60):
        round_row, card, fits = on_show(table)
        if card is None:
            break
        for seat, client in zip(seats, clients, strict=True):
            value = {0: fits, 1: not fits, 2: True}[seat.position]
            data = {
                "round": round_row.pk,
                "seq": round_row.version,
                "card": card.code,
                "value": "true" if value else "false",
                "hypothesis": "colors alternate" if seat.position == 0 else "",
                "key": f"{seat.position}-{card.code}",
            }
            response = client.post(url, data, **HTMX)
            assert response.status_code == 200

    round_row = Round.objects.get(table=table)
    assert round_row.status == Round.Status.OVER
    page = clients[0].get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "The round is over." in page
    assert "Score after settling" in page and "The dealer scores" in page
    assert "My predictions: 51 right of 51" in page
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    live = teacher.get(reverse("classroom:session_live", args=[table.session.pk])).content.decode()
    assert "Settlement: every pair of players settled the difference of their chips." in live
    assert Action.objects.filter(round=round_row, hypothesis__text="colors alternate").count() == 51


def test_the_students_page_says_right_or_wrong_in_words_and_waits_for_the_others():
    table, seats = delphi_table(players=2)
    url = reverse("classroom:table_predict", args=[table.pk])
    _round, _card, fits = on_show(table)

    first = student_client(seats[0].student).post(
        url, _predict_data(table, "true" if fits else "false"), **HTMX
    )
    assert "Waiting for the others" in first.content.decode()
    assert 'hx-swap-oob="true"' in first.content.decode()
    second = student_client(seats[1].student).post(
        url, _predict_data(table, "false" if fits else "true"), **HTMX
    )
    assert "✗ Not this time" in second.content.decode()
    page = student_client(seats[0].student).get(reverse("classroom:table", args=[table.pk]))
    assert "✓ you were right" in page.content.decode()


def test_a_double_click_predicts_once(game, student):
    table = game["table"]
    client = student_client(student)
    url = reverse("classroom:table_predict", args=[table.pk])
    data = _predict_data(table, key="same")

    client.post(url, data, **HTMX)
    second = client.post(url, data, **HTMX)

    assert Action.objects.filter(round=game["round"]).count() == 1
    assert "counted once" in second.content.decode()


def test_a_double_click_on_reveal_now_places_one_card(game, classroom):
    table = game["table"]
    teacher = Client()
    teacher.force_login(classroom.teacher)
    round_row, card, _fits = on_show(table)
    url = reverse("classroom:table_reveal_card", args=[table.pk])

    teacher.post(url, {"round": round_row.pk, "card": card.code}, **HTMX)
    second = teacher.post(url, {"round": round_row.pk, "card": card.code}, **HTMX)

    assert Action.objects.filter(round=round_row, kind="reveal").count() == 1
    assert "that card is placed" in second.content.decode()


@pytest.mark.parametrize(
    "bad",
    [
        {"value": "maybe"},
        {"value": ""},
        {"card": "ZZ"},
        {"card": ""},
        {"round": "x"},
        {"hypothesis": "h" * 501},
    ],
)
def test_a_malformed_prediction_is_a_400_and_changes_nothing(game, student, bad):
    table = game["table"]
    data = {**_predict_data(table), **bad}
    for headers in ({}, HTMX):
        response = student_client(student).post(
            reverse("classroom:table_predict", args=[table.pk]), data, **headers
        )
        assert response.status_code == 400
    assert not Action.objects.filter(round=game["round"]).exists()


def test_a_malformed_reveal_is_a_400(game, classroom):
    teacher = Client()
    teacher.force_login(classroom.teacher)
    url = reverse("classroom:table_reveal_card", args=[game["table"].pk])
    assert teacher.post(url, {"round": game["round"].pk, "card": "nope"}).status_code == 400
    assert not Action.objects.filter(round=game["round"]).exists()


def test_a_stale_card_gets_a_message_not_a_prediction_of_the_next_card(game, student, classroom):
    table = game["table"]
    data = _predict_data(table)
    teacher = Client()
    teacher.force_login(classroom.teacher)
    teacher.post(
        reverse("classroom:table_reveal_card", args=[table.pk]),
        {"round": data["round"], "card": data["card"]},
    )

    response = student_client(student).post(
        reverse("classroom:table_predict", args=[table.pk]), data, **HTMX
    )

    # The page's version is from before the card was placed (issue 38: "the table has moved on").
    assert "The table has moved on since you chose that move" in response.content.decode()
    assert not Action.objects.filter(round=game["round"], kind="predict").exists()


def test_express_moves_are_refused_at_a_delphi_table(game, student):
    table = game["table"]
    client = student_client(student)
    for name in ("table_deal", "table_dealer_move"):
        response = client.post(reverse(f"classroom:{name}", args=[table.pk]), {"op": "play"})
        assert response.status_code == 409
    # The one move view takes Delphi's move here, a token: an Express play is no form of it.
    play = {**_predict_data(table), "op": "play"}
    response = client.post(reverse("classroom:table_move", args=[table.pk]), play, **HTMX)
    assert response.status_code == 400
    assert not Action.objects.filter(round=game["round"]).exists()


def test_a_token_from_a_page_a_classmate_predicted_since_counts_one_without_a_version_not(
    game, student
):
    """Issue 38 point 4 in Delphi: the page carries the round's version; classmates' tokens
    for the same card leave it current, a page without a version is refused."""
    table = game["table"]
    drawn = _predict_data(table)
    classmate = table.seats.exclude(student=student).first()
    delphi_predict(round_id=drawn["round"], seat=classmate, card=on_show(table)[1], value=True)
    url = reverse("classroom:table_move", args=[table.pk])
    missing = {name: value for name, value in drawn.items() if name != "seq"}
    refused = student_client(student).post(url, missing, **HTMX)
    assert "The table has moved on since you chose that move" in refused.content.decode()
    assert Action.objects.filter(round=game["round"]).count() == 1
    made = student_client(student).post(url, drawn, **HTMX)
    assert "Your token is down" in made.content.decode()
    assert Action.objects.filter(round=game["round"]).count() == 2


def test_the_poll_is_204_when_nothing_changed_and_the_page_when_a_card_is_placed(game, student):
    table = game["table"]
    client = student_client(student)
    page = client.get(reverse("classroom:table", args=[table.pk])).content.decode()
    stamp = page.split("stamp=")[1].split("&")[0]
    url = reverse("classroom:table", args=[table.pk]) + f"?stamp={stamp}&mode=player"
    assert client.get(url, **HTMX).status_code == 204


def test_the_teachers_live_view_shows_the_card_count_who_predicted_and_reveal_now(
    game, classroom, student
):
    table = game["table"]
    student_client(student).post(
        reverse("classroom:table_predict", args=[table.pk]), _predict_data(table)
    )
    teacher = Client()
    teacher.force_login(classroom.teacher)

    page = teacher.get(reverse("classroom:session_live", args=[game["session"].pk])).content
    page = page.decode()

    assert "1 card placed, 51 to go." in page
    assert "1 of 3 have predicted." in page
    assert "Reveal now" in page
    assert "✓ predicted" in page


def test_the_form_assigns_delphi_and_ignores_the_express_settings(visitors, classroom):
    data = assignment_data(variant="delphi", starter="flip", hand_size="99", table_size="")
    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", args=[classroom.pk]), data
    )
    assert response.status_code == 302
    assignment = Assignment.objects.get(classroom=classroom)
    assert assignment.variant == "delphi" and assignment.config == {"starter": "flip"}


def test_a_delphi_with_a_rotating_oracle_can_be_assigned(visitors, classroom):
    data = assignment_data(variant="delphi", rule_source="students", library_rule="")
    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", args=[classroom.pk]), data
    )
    assert response.status_code == 302
    assignment = Assignment.objects.get(classroom=classroom)
    assert assignment.variant == "delphi" and assignment.rule_source == "students"


@pytest.mark.parametrize(
    ("overrides", "error"),
    [
        ({"mode": "solo", "due_at": "2030-01-01T10:00"}, "Delphi is played live"),
    ],
)
def test_the_form_refuses_what_delphi_cannot_do(visitors, classroom, overrides, error):
    data = assignment_data(variant="delphi", **overrides)
    response = visitors["teacher"].post(
        reverse("classroom:assignment_create", args=[classroom.pk]), data
    )
    assert response.status_code == 400 and error in response.content.decode()
    assert not Assignment.objects.exists()


def test_the_review_of_a_delphi_session_does_not_break(game, classroom):
    table = game["table"]
    teacher = Client()
    teacher.force_login(classroom.teacher)
    teacher.post(reverse("classroom:table_end_round", args=[table.pk]), {"round": game["round"].pk})
    round_row = current_round(table=table)
    assert round_row.status == Round.Status.OVER
    session = game["session"]
    for url in (
        reverse("classroom:review_session", args=[session.pk]),
        reverse("classroom:review_replay", args=[session.pk, round_row.pk]),
        reverse("classroom:review_student", args=[session.pk, table.seats.first().pk]),
        reverse("classroom:review_plays_csv", args=[session.pk]),
        reverse("classroom:review_students_csv", args=[session.pk]),
    ):
        assert teacher.get(url).status_code == 200, url


def test_another_teacher_cannot_reveal(game):
    other = Client()
    other.force_login(TeacherFactory())
    round_row, card, _fits = on_show(game["table"])
    url = reverse("classroom:table_reveal_card", args=[game["table"].pk])
    assert other.post(url, {"round": round_row.pk, "card": card.code}).status_code == 404


def test_a_latecomer_joins_by_the_class_code_and_predicts_at_once_and_is_on_the_review():
    """A student who arrives after the start goes to the game as every student does: they are
    at the class's table at once, with the token buttons, and the round's review counts them
    (no token for the cards placed before they came)."""
    from classroom.services.rounds import engine_round, round_act
    from eleusis.engine.variants import End

    table, seats = delphi_table(players=3)
    session = table.session
    round_row, card, fits = on_show(table)
    for seat in seats:
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=fits)
    late = StudentFactory(classroom=session.assignment.classroom, nickname="Late Lou")
    client = student_client(late)
    joined = client.post(reverse("classroom:session_join", args=[session.pk]))
    assert joined.status_code == 302
    lobby = client.get(reverse("classroom:session_lobby", args=[session.pk]))
    table_url = reverse("classroom:table", args=[table.pk])
    assert lobby.status_code == 302 and lobby["Location"] == table_url
    page = client.get(table_url).content.decode()
    assert "True: it fits" in page and "join the game at the next round" not in page
    made = client.post(reverse("classroom:table_predict", args=[table.pk]), _predict_data(table))
    assert made.status_code == 200 and "message-error" not in made.content.decode()
    round_row = current_round(table=table)
    assert engine_round(round_row).state.predictions == [None, None, None, True]
    teacher = Client()
    teacher.force_login(session.assignment.classroom.teacher)
    live = teacher.get(reverse("classroom:session_live", args=[session.pk])).content.decode()
    assert "Late Lou" in live and "Arrived late" not in live
    _round, card, fits = on_show(table)
    for seat in seats:  # the classmates' tokens place the card Lou predicted
        delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=fits)
    round_act(round_id=round_row.pk, action=End(reason="teacher"))
    review = teacher.get(reverse("classroom:review_session", args=[session.pk]))
    assert review.status_code == 200
    (report,) = review.context["report"].reports
    lou = next(s for s in report.students if s.person.name == "Late Lou")
    assert lou.tokens[0] is None and lou.predicted == 1 and len(lou.tokens) == 2
    replay = reverse("classroom:review_replay", args=[session.pk, round_row.pk])
    for step in (1, 2, 3):  # before, at and after the card Lou joined on
        answer = teacher.get(f"{replay}?step={step}")
        assert answer.status_code == 200 and "cannot be shown" not in answer.content.decode()
    exported = teacher.get(reverse("classroom:review_delphi_csv", args=[session.pk]))
    assert exported.status_code == 200 and "Late Lou" in exported.content.decode()
