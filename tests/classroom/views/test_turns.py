"""What the pages of Abbott/Howell and the Russian rules share (play/turns.html): a game lasts
one round per player, as their sources score it, with running totals and the winner on every
page and the live view; a poll redraws the hand only when it changed, so cards ticked and an
order typed survive the others' moves."""

import pytest
from django.test import Client
from django.urls import reverse

from classroom.selectors.games import current_round, game_target
from classroom.selectors.rounds import engine_round
from classroom.services.games import table_next_round
from classroom.services.rounds import round_act
from eleusis.engine.variants import End, IllegalActionError
from tests.factories import live_table, student_client

pytestmark = pytest.mark.django_db


def _table(variant):
    """A live table of four students at `variant`, and a client for their teacher."""
    table, _seats = live_table(players=4, variant=variant, seed=3)
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    return table, teacher


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_a_game_is_one_round_per_player_with_totals_and_a_winner(variant):
    table, teacher = _table(variant)
    assert game_target(table=table) == 4
    student = student_client(table.seats.get(position=0).student)
    page = reverse("classroom:table", args=[table.pk])
    for number in range(1, 5):
        round_act(round_id=current_round(table=table).pk, action=End("time is up"))
        body = student.get(page).content.decode()
        live = teacher.get(
            reverse("classroom:session_live", args=[table.session.pk])
        ).content.decode()
        if number < 4:
            assert f"Rounds played: {number} of 4." in body and "Running totals" in body
            assert f"Rounds played: {number} of 4." in live
            table_next_round(table=table)
    assert "The game is over." in body and "Winner" in body
    assert "The game is over" in live
    with pytest.raises(IllegalActionError):
        table_next_round(table=table)


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_a_poll_redraws_the_hand_only_when_it_changed(variant):
    table, _teacher = _table(variant)
    round_row = current_round(table=table)
    seat = table.seats.get(position=round_row.position_of(1))
    client = student_client(seat.student)
    url = reverse("classroom:table", args=[table.pk])
    full = client.get(url).content.decode()
    assert 'id="act-form"' in full and "#act-form:abort" in full
    hand = full.split("&amp;hand=", 1)[1].split('"', 1)[0]
    same = client.get(url, {"mode": "player", "hand": hand}, HTTP_HX_REQUEST="true")
    assert 'id="table-live"' in same.content.decode()
    assert 'id="hand-panel"' not in same.content.decode()
    stale = client.get(url, {"mode": "player", "hand": "old"}, HTTP_HX_REQUEST="true")
    assert 'id="hand-panel" class="hand-panel" hx-swap-oob="true"' in stale.content.decode()


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_the_live_views_controls_play_the_game_on(variant):
    """The teacher's live view gives an Abbott/Howell or Russian table the controls every game's
    tables have (pause, end the round, reveal, next round), and they work: posted as the page
    posts them, the table goes to round 2 (issue 33: the game stuck at "Rounds played: 1")."""
    table, teacher = _table(variant)
    live = reverse("classroom:session_live", args=[table.session.pk])
    page = teacher.get(live).content.decode()
    for name in ("table_pause", "table_end_round"):
        assert reverse(f"classroom:{name}", args=[table.pk]) in page
    first = current_round(table=table)
    assert first.rule_text in page  # the secret rule, for the teacher only
    teacher.post(reverse("classroom:table_pause", args=[table.pk]), {"paused": "1"})
    table.refresh_from_db()
    assert table.paused
    teacher.post(reverse("classroom:table_pause", args=[table.pk]), {"paused": "0"})
    teacher.post(reverse("classroom:table_end_round", args=[table.pk]), {"round": first.pk})
    page = teacher.get(live).content.decode()
    assert reverse("classroom:table_reveal", args=[table.pk]) in page
    assert reverse("classroom:table_next_round", args=[table.pk]) in page
    teacher.post(reverse("classroom:table_reveal", args=[table.pk]), {"round": first.pk})
    teacher.post(reverse("classroom:table_next_round", args=[table.pk]), {"next_rule": "list"})
    second = current_round(table=table)
    assert second.number == 2 and second.pk != first.pk
    assert "Rounds played: 1 of 4." in teacher.get(live).content.decode()


@pytest.mark.parametrize("variant", ["abbott", "russian"])
def test_skip_hint_and_remove_at_every_game_s_tables(variant):
    """The controls Express's tables had and an Abbott/Howell or Russian table lacked (issue
    33): skip the player who is away, send a hint (written, or one the app suggests) that
    reaches the students' pages, and take a student away; posted as the page posts them."""
    table, teacher = _table(variant)
    live = reverse("classroom:session_live", args=[table.session.pk])
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    away = table.seats.get(position=round_row.position_of(turn))
    page = teacher.get(live).content.decode()
    assert reverse("classroom:table_skip", args=[table.pk]) in page
    assert f"Skip {away.name}&#x27;s turn (away)" in page or f"Skip {away.name}'s turn" in page
    assert reverse("classroom:table_hint", args=[table.pk]) in page
    assert 'class="suggested-hints"' in page
    for seat in table.seats.all():
        assert reverse("classroom:seat_remove", args=[seat.pk]) in page

    teacher.post(reverse("classroom:table_skip", args=[table.pk]), {"round": round_row.pk})
    assert engine_round(current_round(table=table)).state.turn != turn
    teacher.post(
        reverse("classroom:table_hint", args=[table.pk]),
        {"round": round_row.pk, "text": "Look at the colors.", "key": "k1"},
    )
    assert engine_round(current_round(table=table)).dealer_view().hints == ("Look at the colors.",)
    student = student_client(away.student)
    assert (
        "Look at the colors."
        in student.get(reverse("classroom:table", args=[table.pk])).content.decode()
    )
    assert "Look at the colors." in teacher.get(live).content.decode()

    leaver = table.seats.get(position=3)
    teacher.post(reverse("classroom:seat_remove", args=[leaver.pk]))
    leaver.refresh_from_db()
    assert leaver.left
    assert (
        reverse("classroom:seat_remove", args=[leaver.pk]) not in teacher.get(live).content.decode()
    )


@pytest.mark.parametrize("variant", ["express", "abbott", "russian", "delphi"])
def test_every_table_lists_its_students_with_remove_once(variant):
    """One place for the controls: each table of the live view lists its students, each with
    one Remove, whatever the game (no table shows the list twice)."""
    config = {"starter": "until_legal"} if variant == "delphi" else {}
    table, _seats = live_table(players=4, variant=variant, seed=3, config=config)
    teacher = Client()
    teacher.force_login(table.session.assignment.classroom.teacher)
    page = teacher.get(reverse("classroom:session_live", args=[table.session.pk]))
    body = page.content.decode()
    assert body.count('class="teach-seat-removal"') == 1
    for seat in table.seats.all():
        assert body.count(reverse("classroom:seat_remove", args=[seat.pk])) == 2  # action, hx-post
