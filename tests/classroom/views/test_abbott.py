"""Abbott/Howell by HTTP (docs/rules.md §2): a teacher assigns it, four students play strings
and "no play", one becomes prophet and judges, a wrong prophet is overthrown, the round ends
and is scored; bots fill seats; the live view shows the tables."""

import pytest
from django.urls import reverse

from classroom.models import Action
from classroom.selectors.abbott import abbott_board
from classroom.selectors.games import current_round
from classroom.selectors.rounds import engine_round
from eleusis.engine.games import GAMES
from eleusis.engine.rules import LIBRARY
from eleusis.engine.variants import BecomeProphet, PlayString
from tests.classroom.views.test_teach import assigned_and_seated
from tests.factories import bot_table, seated_session, student_client

pytestmark = pytest.mark.django_db

RULE = LIBRARY["th-alternate-colors"].text


def _post(client, table, action, round_row, *, wrong: bool = False):
    """The HTTP form of an engine action (a student acting as the bot would, or the opposite
    judgement when `wrong`), on the round's version as the page shows it."""
    url = reverse("classroom:table_move", args=[table.pk])
    data = {"round": round_row.pk, "seq": round_row.version}
    data.update(hypothesis="colours alternate", prediction="accepted")
    kind = action.kind
    if kind == "play":
        data.update(op="play", order=action.card.code)
    elif kind == "play_string":
        data.update(op="play", order=" ".join(card.code for card in action.cards))
    elif kind == "no_play":
        data.update(op="no_play")
    elif kind == "become_prophet":
        data.update(op="prophet")
    else:
        correct = action.correct != wrong
        data.update(op="accept" if correct else "reject")
        if not correct and action.card is None:
            return None  # a wrong "no play" verdict needs a legal card: judge it rightly
        if not correct:
            data["card"] = action.card.code
    return client.post(url, data, HTTP_HX_REQUEST="true")


def test_four_students_play_strings_a_prophet_judges_a_wrong_prophet_falls(visitors, classroom):
    assignment, table, clients = assigned_and_seated(
        visitors, classroom, players=4, seed=9, variant="abbott", prediction_required="on"
    )
    assert assignment.variant == "abbott" and assignment.config["decks"] == 3
    session = table.session
    page = clients[0].get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "tick the cards to play" in page and RULE not in page

    record = GAMES["abbott"]
    round_row = current_round(table=table)
    minds = list(record.seat(["scientist"], 4, round_row.seed))
    strings = prophets = fallen = 0
    for _ in range(600):
        round_row = current_round(table=table)
        engine = engine_round(round_row)
        if engine.is_over:
            break
        state = engine.state
        if state.prophet_window is not None and not prophets:
            action = BecomeProphet(state.prophet_window)
        else:
            action = record.next_action(engine, minds)
            if action.kind == "play" and strings < 4:  # each student tries a string once
                hand = engine.state.hands[action.player]
                action = PlayString(
                    action.player, (action.card, *[c for c in hand if c != action.card][:1])
                )
        actor = state.prophet if action.kind == "prophet_judgement" else action.player
        wrong = action.kind == "prophet_judgement" and not fallen
        response = _post(clients[actor], table, action, round_row, wrong=wrong)
        if response is None:
            response = _post(clients[actor], table, action, round_row)
            wrong = False
        assert response.status_code == 200
        body = response.content.decode()
        assert "message-error" not in body, body[:3000]
        strings += action.kind == "play_string" and len(action.cards) > 1
        prophets += action.kind == "become_prophet"
        if wrong:
            assert "overthrown" in body
            fallen += 1
    else:
        pytest.fail("the round did not end")
    engine = engine_round(current_round(table=table))
    assert engine.is_over and prophets >= 1 and fallen == 1
    assert strings == 4
    assert any(prophet.fell for prophet in engine.state.prophets)
    assert any(engine.scores().players)
    page = clients[1].get(reverse("classroom:table", args=[table.pk])).content.decode()
    assert "The round is over." in page and "Score" in page
    assert Action.objects.filter(round__table=table, kind="play_string").exists()
    live = visitors["teacher"].get(reverse("classroom:session_live", args=[session.pk]))
    assert live.status_code == 200 and "Abbott/Howell" in live.content.decode()


def test_bots_fill_an_abbott_table_and_play_to_the_end():
    _, table, _ = bot_table(variant="abbott", rule_text=RULE, bots=3)
    board = abbott_board(table=table, seat=table.seats.get(position=0))
    assert board.view is not None
    # The bots played up to the student's turn (or the student must judge as prophet).
    assert board.my_turn or board.to_judge or board.view.over


def test_the_review_of_an_abbott_session_opens_and_replays_its_round(visitors, classroom):
    session, _, round_row = bot_table(
        variant="abbott", rule_text=RULE, bots=3, classroom=classroom, title="Review"
    )
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import End

    round_act(round_id=round_row.pk, action=End("ended by the teacher"))
    teacher = visitors["teacher"]
    review = teacher.get(reverse("classroom:review_session", args=[session.pk]))
    assert review.status_code == 200
    replay = teacher.get(reverse("classroom:review_replay", args=[session.pk, round_row.pk]))
    assert replay.status_code == 200
    page = replay.content.decode()
    assert "Replay:" in page and "The table" in page


def test_the_teachers_controls_at_an_abbott_table(visitors, classroom):
    """Pause, hint, end round, reveal and next round: each answers without a server error,
    and ending, revealing and dealing again do what they say. A hint is given to the table as
    at every game's tables (issue 33: the Abbott/Howell engine had no dealer's hints)."""
    from classroom.services.games import assignment_create

    assignment = assignment_create(
        classroom=classroom, title="Controls", rule_text=RULE, variant="abbott", config={}
    )
    table, _ = seated_session(assignment, players=4, seed=2)
    session = table.session
    teacher = visitors["teacher"]
    first = current_round(table=table)
    answers = {}
    for name, data in [
        ("table_pause", {"paused": "1"}),
        ("table_pause", {"paused": "0"}),
        ("table_hint", {"text": "Look at the colours."}),
        ("table_end_round", {}),
        ("table_reveal", {}),
        ("table_next_round", {"next_rule": "list"}),
    ]:
        data = {**data, "round": current_round(table=table).pk}
        response = teacher.post(reverse(f"classroom:{name}", args=[table.pk]), data)
        answers[name] = response.status_code
        assert response.status_code < 500, (name, response.status_code)
    first.refresh_from_db()
    assert first.status == first.Status.OVER and first.revealed, answers
    assert current_round(table=table).number == 2, answers
    assert answers["table_hint"] == 302 and answers["table_pause"] == 302
    assert engine_round(first).dealer_view().hints == ("Look at the colours.",)
    live = teacher.get(reverse("classroom:session_live", args=[session.pk]))
    assert live.status_code == 200


def test_every_player_sees_the_count_the_threshold_the_prophet_and_no_play_hands():
    """Issue 35, point 1 (docs/rules.md §2): what Howell's table shows everyone."""
    from classroom.services.rounds import round_act
    from eleusis.engine.variants import NoPlay
    from tests.factories import live_table

    table, seats = live_table(players=4, variant="abbott", rule_text=RULE, config={})
    round_row = current_round(table=table)
    by_player = {round_row.player_of(seat.position): seat for seat in seats}
    engine = engine_round(round_row)
    first = engine.state.turn
    held = list(engine.state.hands[first])
    round_act(round_id=round_row.pk, action=NoPlay(first), seat=by_player[first])
    engine = engine_round(current_round(table=table))
    second = engine.state.turn
    card = engine.state.hands[second][0]
    round_act(round_id=round_row.pk, action=PlayString(second, (card,)), seat=by_player[second])
    round_act(round_id=round_row.pk, action=BecomeProphet(second), seat=by_player[second])
    engine = engine_round(current_round(table=table))
    assert engine.state.prophet == second
    watcher = next(p for p in by_player if p not in (first, second))
    page = student_client(by_player[watcher].student).get(
        reverse("classroom:table", args=[table.pk])
    )
    text = page.content.decode()
    count = len(engine.state.history)
    assert f"{count} cards on the table." in text
    threshold = engine.state.marker + 20
    assert f"From {threshold} cards on the table, a wrong play" in text
    assert f"Prophet: {by_player[second].name}." in text
    assert "The prophet's marker is on" in text
    assert f"{by_player[first].name} held:" in text
    assert text.count('class="card') >= len(held)
    # The teacher's live view shows the same facts.
    from tests.classroom.views.test_teach import teacher_of

    live = teacher_of(table).get(reverse("classroom:session_live", args=[table.session_id]))
    assert f"{by_player[first].name} held:" in live.content.decode()
