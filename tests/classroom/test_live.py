"""Live stamps, and the idle poll answered before the rest of the middleware stack."""

import html
import re
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from classroom import live
from classroom.access import STUDENT_SESSION_KEY
from classroom.live import table_changed, table_stamp
from classroom.selectors import games as games_selectors
from classroom.selectors.games import current_round
from classroom.services.rounds import engine_round
from classroom.views import teach as teach_views
from tests.factories import live_table

pytestmark = pytest.mark.django_db


def _client_for(student) -> Client:
    client = Client()
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    return client


def test_an_idle_poll_is_answered_without_touching_the_database():
    table, seats = live_table()
    client = _client_for(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    client.get(url)  # the page: its session is in the cache now, as in a class
    stamp = table_stamp(table.pk)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{url}?stamp={stamp}&mode=player", HTTP_HX_REQUEST="true")

    assert response.status_code == 204
    assert len(queries) == 0
    assert "no-store" in response["Cache-Control"]


def test_a_poll_that_is_not_idle_goes_through_the_whole_stack():
    table, seats = live_table()
    client = _client_for(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    stale = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
    assert stale.status_code == 200 and 'id="table-live"' in stale.content.decode()
    # Without a student's session, even the right stamp is not "no change".
    stamp = table_stamp(table.pk)
    anonymous = Client().get(f"{url}?stamp={stamp}&mode=player", HTTP_HX_REQUEST="true")
    assert anonymous.status_code != 204


def test_a_play_reads_the_round_once_and_asks_few_queries():
    table, seats = live_table()
    round_row = current_round(table=table)
    turn = engine_round(round_row).state.turn
    client = _client_for(seats[turn].student)
    client.get(reverse("classroom:table", args=[table.pk]))
    card = engine_round(round_row).state.hands[turn][0]
    data = {
        "op": "play",
        "round": round_row.pk,
        "seq": 0,
        "key": "k1",
        "card": card.code,
        "hypothesis": "colors alternate",
        "prediction": "accepted",
    }

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
        )

    assert response.status_code == 200
    assert "Right!" in response.content.decode() or "Wrong:" in response.content.decode()
    print(f"\n{len(queries)} queries for a play:")
    for query in queries:
        print("  ", query["sql"][:120])
    writes = [q for q in queries if q["sql"].startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 3  # the action, the hypothesis, the round
    # The round is read once for the checks, locked once for the move (without its snapshot),
    # and the answer reuses both; the game's totals read the finished rounds once more.
    rounds = [q for q in queries if q["sql"].startswith('SELECT "classroom_round"')]
    assert len(rounds) <= 4
    assert len(queries) <= 12


# Stale stamps: a change whose stamp was lost is shown at most one stamp's lifetime late --------

_PAGE_STAMP = re.compile(r"\?stamp=([0-9a-f]+)")


def _stamp_of(response) -> str:
    return _PAGE_STAMP.search(response.content.decode()).group(1)


def _poll(client, url: str, stamp: str):
    return client.get(f"{url}?stamp={stamp}&mode=player", HTTP_HX_REQUEST="true")


def _move_whose_stamp_is_lost(table, seats) -> tuple[Client, str]:
    """The next player's page, then a move by the player before: its new stamp never reaches
    the cache (as when Redis refuses writes), which still holds the stamp the page has.
    Returns the next player's client and the stamp its page holds."""
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    mover = _client_for(seats[round_row.position_of(turn)].student)
    following = round_row.position_of((turn + 1) % len(seats))
    watcher = _client_for(seats[following].student)
    url = reverse("classroom:table", args=[table.pk])
    page = watcher.get(url)
    assert "Your turn!" not in page.content.decode()
    stamp = _stamp_of(page)
    data = {
        "op": "play",
        "round": round_row.pk,
        "seq": round_row.version,
        "key": "k1",
        "card": engine.state.hands[turn][0].code,
        "hypothesis": "colors alternate",
        "prediction": "accepted",
    }
    moved = mover.post(
        reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
    )
    assert moved.status_code == 200
    assert table_stamp(table.pk) != stamp  # the move's new stamp was written...
    cache.set(f"live:table:{table.pk}", stamp, live.STAMP_TIMEOUT)  # ...and is lost
    return watcher, stamp


@pytest.mark.django_db(transaction=True)  # stamps are written when a move commits
def test_a_stamp_left_stale_by_a_lost_write_expires_and_the_page_updates(monkeypatch):
    monkeypatch.setattr(live, "STAMP_TIMEOUT", 2)  # LIVE_STAMP_SECONDS, two seconds here
    table, seats = live_table()
    url = reverse("classroom:table", args=[table.pk])
    watcher, stale = _move_whose_stamp_is_lost(table, seats)
    lost_at = time.monotonic()

    # Until the stale stamp expires, a poll may say "no change" (the documented bound)...
    polls = []
    deadline = lost_at + live.STAMP_TIMEOUT + 30
    while time.monotonic() < deadline:
        sent = time.monotonic()
        response = _poll(watcher, url, stale)
        polls.append(response.status_code)
        if response.status_code != 204:
            break
        time.sleep(0.1)
    late = time.monotonic() - lost_at
    print(f"\nthe move reached the next page {late:.2f} s late (stamp lifetime 2 s): {polls}")

    # ...then the page is swapped with the move in it, and a new stamp.
    assert response.status_code == 200
    assert "Your turn!" in response.content.decode()
    assert _stamp_of(response) != stale
    # The stale stamp did hold before it expired (the test's premise), unless this machine was
    # so slow that the first poll went out after the stamp's lifetime.
    assert polls[0] == 204 or (len(polls) == 1 and sent - lost_at >= live.STAMP_TIMEOUT)
    # Idle polls are answered from the cache again with the new stamp.
    assert _poll(watcher, url, _stamp_of(response)).status_code == 204


@pytest.mark.django_db(transaction=True)
def test_a_stamp_the_cache_lost_never_makes_a_poll_say_nothing_changed():
    table, seats = live_table()
    url = reverse("classroom:table", args=[table.pk])
    watcher, stale = _move_whose_stamp_is_lost(table, seats)
    assert _poll(watcher, url, stale).status_code == 204  # the stale stamp, still there

    cache.clear()  # Redis restarted: stamps and cached sessions are gone

    response = _poll(watcher, url, stale)
    assert response.status_code == 200
    assert "Your turn!" in response.content.decode()
    fresh = _stamp_of(response)
    assert fresh != stale
    # A lost stamp without a change costs one render, never a missed change.
    cache.clear()
    again = _poll(watcher, url, fresh)
    assert again.status_code == 200 and "Your turn!" in again.content.decode()
    assert _poll(watcher, url, _stamp_of(again)).status_code == 204


def _next_poll_url(response) -> str:
    """The URL the page will poll next, with the stamp it was rendered under."""
    found = re.search(r'hx-get="([^"]*\?stamp=[^"]*)"', response.content.decode())
    assert found, "the page polls"
    return html.unescape(found.group(1))


def test_a_play_committed_while_a_poll_renders_shows_at_the_next_poll(monkeypatch):
    # Another student's play commits between the board's read and the page's stamp: the page
    # must not carry the new stamp over the old board, or every later poll would say "nothing
    # changed" and the play would never show.
    table, seats = live_table()
    client = _client_for(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    real_board = games_selectors.student_board

    def board_then_a_play_commits(**kwargs):
        board = real_board(**kwargs)
        table_changed(table.pk)
        return board

    monkeypatch.setattr(games_selectors, "student_board", board_then_a_play_commits)
    rendered = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
    monkeypatch.undo()

    assert client.get(_next_poll_url(rendered), HTTP_HX_REQUEST="true").status_code == 200


def test_a_change_committed_while_the_live_view_renders_shows_at_the_next_poll(monkeypatch):
    table, _ = live_table()
    session = table.session
    teacher = Client()
    teacher.force_login(session.assignment.classroom.teacher)
    real_hypotheses = teach_views.session_hypotheses

    def hypotheses_then_a_change(**kwargs):
        found = real_hypotheses(**kwargs)
        table_changed(table.pk, session.pk)
        return found

    monkeypatch.setattr(teach_views, "session_hypotheses", hypotheses_then_a_change)
    rendered = teacher.get(reverse("classroom:session_live", args=[session.pk]))
    monkeypatch.undo()

    assert teacher.get(_next_poll_url(rendered), HTTP_HX_REQUEST="true").status_code == 200
