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
from classroom.live import table_changed, table_stamp
from classroom.selectors import games as games_selectors
from classroom.selectors.games import current_round
from classroom.services import moves as move_service
from classroom.services.rounds import engine_round
from classroom.views.teach import live as teach_views
from tests.factories import live_table, student_client

pytestmark = pytest.mark.django_db


def test_an_idle_poll_is_answered_without_touching_the_database():
    table, seats = live_table()
    client = student_client(seats[0].student)
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
    client = student_client(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    stale = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
    assert stale.status_code == 200 and 'id="table-live"' in stale.content.decode()
    # Without a student's session, even the right stamp is not "no change".
    stamp = table_stamp(table.pk)
    anonymous = Client().get(f"{url}?stamp={stamp}&mode=player", HTTP_HX_REQUEST="true")
    assert anonymous.status_code != 204


# The idle poll under the WSGI server, before Django's handler --------------------------------


def _wsgi_get(app, path: str, query: str = "", cookie: str = "", **environ) -> tuple:
    """Send `app` a GET as gunicorn would: (status, headers, body). As Django's test client
    does, the handler's signals do not close the test's database connection."""
    from wsgiref.util import setup_testing_defaults

    from django.core import signals
    from django.db import close_old_connections

    request = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "HTTP_COOKIE": cookie,
        "HTTP_HX_REQUEST": "true",
        "SERVER_NAME": "testserver",
        **environ,
    }
    setup_testing_defaults(request)
    answered = {}

    def start_response(status, headers, exc_info=None):
        answered.update(status=status, headers=headers)

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        response = app(request, start_response)
        body = b"".join(response)
        getattr(response, "close", lambda: None)()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    return int(answered["status"].split()[0]), dict(answered["headers"]), body


def _watched_poll(student_seat, **settings_changes) -> tuple:
    """(the WSGI app as gunicorn serves it, the poll's path, its query with the table's stamp,
    the student's session cookie), after the student opened the page."""
    from django.conf import settings
    from django.core.wsgi import get_wsgi_application

    table = student_seat.table
    client = student_client(student_seat.student)
    url = reverse("classroom:table", args=[table.pk])
    client.get(url)  # the page: its session is in the cache now, as in a class
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    app = live.IdleTablePollApp(get_wsgi_application())
    return app, url, f"stamp={table_stamp(table.pk)}&mode=player", cookie


def test_under_wsgi_an_idle_poll_is_answered_before_djangos_handler_as_the_stack_answers_it():
    from django.core.signals import request_started

    _table, seats = live_table()
    app, url, query, cookie = _watched_poll(seats[0])
    handled = []
    request_started.connect(handled.append)
    try:
        with CaptureQueriesContext(connection) as queries:
            status, headers, body = _wsgi_get(app, url, query, cookie)
    finally:
        request_started.disconnect(handled.append)

    assert (status, body, len(queries), handled) == (204, b"", 0, [])
    # The very headers the middleware stack gives the same answer.
    stack = student_client(seats[0].student)
    stack.cookies.load(cookie)
    through_stack = stack.get(f"{url}?{query}", HTTP_HX_REQUEST="true")
    assert through_stack.status_code == 204
    assert headers == dict(through_stack.items())
    assert "no-store" in headers["Cache-Control"]


def test_under_wsgi_a_poll_that_is_not_idle_is_drawn_by_django_from_one_cache_read(monkeypatch):
    table, seats = live_table()
    app, url, query, cookie = _watched_poll(seats[0])
    table_changed(table.pk)  # another student played: the page's stamp is old now
    reads = []
    checked = live.table_poll_is_idle
    monkeypatch.setattr(live, "table_poll_is_idle", lambda *a: reads.append(a) or checked(*a))

    status, _headers, body = _wsgi_get(app, url, query, cookie)

    assert status == 200 and b'id="table-live"' in body
    assert len(reads) == 1  # the middleware took what the wrapper read
    assert table_stamp(table.pk).encode() in body  # the page carries the new stamp


@pytest.mark.parametrize(
    "change",
    [
        {"REQUEST_METHOD": "POST"},
        {"HTTP_HX_REQUEST": ""},  # a whole page, not htmx's poll
        {"HTTP_COOKIE": ""},  # no session
        {"QUERY_STRING": "mode=player"},  # no stamp
        {"PATH_INFO": "/play/tables/x/"},
    ],
    ids=["post", "not-htmx", "no-session", "no-stamp", "not-a-table"],
)
def test_under_wsgi_only_a_students_idle_poll_is_answered_early(change):
    _table, seats = live_table()
    app, url, query, cookie = _watched_poll(seats[0])
    request = {"path": url, "query": query, "cookie": cookie}
    for name, key in (("PATH_INFO", "path"), ("QUERY_STRING", "query"), ("HTTP_COOKIE", "cookie")):
        if name in change:
            request[key] = change.pop(name)

    status, _headers, _body = _wsgi_get(
        app, request["path"], request["query"], request["cookie"], **change
    )

    assert status != 204


def test_under_wsgi_an_idle_poll_over_plain_http_is_left_to_django_when_the_site_redirects(
    settings,
):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    _table, seats = live_table()
    app, url, query, cookie = _watched_poll(seats[0])

    plain = _wsgi_get(app, url, query, cookie, HTTP_X_FORWARDED_PROTO="http")
    secure = _wsgi_get(app, url, query, cookie, HTTP_X_FORWARDED_PROTO="https")

    assert plain[0] == 301 and plain[1]["Location"].startswith("https://")
    assert secure[0] == 204 and secure[1]["Strict-Transport-Security"] == "max-age=3600"


# Statements that only open or close a transaction (or a test's savepoint) are not counted.
_TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def _statements(queries) -> list[str]:
    return [q["sql"] for q in queries if not q["sql"].startswith(_TRANSACTION)]


def _play_data(table, seq: int = 0, key: str = "k1") -> tuple:
    """(position of the player whose turn it is, the form of their play: first card in hand)."""
    round_row = current_round(table=table)
    engine = engine_round(round_row)
    turn = engine.state.turn
    card = engine.state.hands[turn][0]
    data = {
        "op": "play",
        "round": round_row.pk,
        "seq": seq,
        "key": key,
        "card": card.code,
        "hypothesis": "colors alternate",
        "prediction": "accepted",
    }
    return turn, data


def test_a_play_reads_the_round_once_and_asks_at_most_five_queries():
    table, seats = live_table()
    turn, data = _play_data(table)
    client = student_client(seats[turn].student)
    client.get(reverse("classroom:table", args=[table.pk]))

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
        )

    assert response.status_code == 200
    assert "Right!" in response.content.decode() or "Wrong:" in response.content.decode()
    statements = _statements(queries)
    print(f"\n{len(statements)} queries for a play:")
    for sql in statements:
        print("  ", sql[:120])
    writes = [sql for sql in statements if sql.startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 3  # the action, the hypothesis, the round
    # The seat with the student, the table and every seat; the round (with the key's check),
    # locked by its update at the version read. The answer reuses all of them, and the game's
    # totals come from the cache.
    rounds = [sql for sql in statements if sql.startswith('SELECT "classroom_round"')]
    assert len(rounds) == 1
    assert "FOR UPDATE" not in " ".join(statements)
    assert len(statements) <= 5


def test_a_changed_poll_asks_at_most_two_queries():
    table, seats = live_table()
    client = student_client(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    client.get(url)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")

    assert response.status_code == 200 and 'id="table-live"' in response.content.decode()
    # The student's seat with the table's seats; the current round.
    assert len(_statements(queries)) <= 2


# The rows a change's polls share -------------------------------------------------------------


def _changed_poll(client, table):
    url = reverse("classroom:table", args=[table.pk])
    return client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")


def _you_row(body: str) -> str:
    """The players' row that says "(you)"."""
    return next(row for row in body.split("<tr") if "(you)" in row)


def test_the_polls_that_find_a_change_read_the_tables_rows_once(
    django_capture_on_commit_callbacks,
):
    table, seats = live_table()
    turn, data = _play_data(table)
    with django_capture_on_commit_callbacks(execute=True):  # the play's new stamp
        played = student_client(seats[turn].student).post(
            reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
        )
    assert played.status_code == 200
    first, second = (student_client(seats[(turn + n) % 4].student) for n in (1, 2))

    with CaptureQueriesContext(connection) as first_queries:
        first_answer = _changed_poll(first, table).content.decode()
    with CaptureQueriesContext(connection) as second_queries:
        second_answer = _changed_poll(second, table).content.decode()

    assert len(_statements(first_queries)) == 2  # the seats, the round
    assert _statements(second_queries) == []  # both from the first poll's read
    # Each page is its own player's, and shows the play.
    assert seats[(turn + 1) % 4].name in _you_row(first_answer)
    assert seats[(turn + 2) % 4].name in _you_row(second_answer)
    for answer in (first_answer, second_answer):
        assert f'name="seq" value="{data["seq"] + 1}"' in answer


def test_the_next_change_is_read_anew(django_capture_on_commit_callbacks):
    table, seats = live_table()
    watcher = student_client(seats[3].student)
    before = _changed_poll(watcher, table).content.decode()
    turn, data = _play_data(table)
    with django_capture_on_commit_callbacks(execute=True):
        student_client(seats[turn].student).post(
            reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
        )

    after = _changed_poll(watcher, table).content.decode()

    assert 'name="seq" value="0"' in before
    assert 'name="seq" value="1"' in after


def test_a_student_not_at_the_table_is_refused_though_its_rows_are_shared():
    table, seats = live_table()
    _other_table, other_seats = live_table()
    assert _changed_poll(student_client(seats[0].student), table).status_code == 200

    stranger = _changed_poll(student_client(other_seats[0].student), table)

    assert stranger.status_code == 404


def test_a_removed_student_is_refused_at_their_next_poll(django_capture_on_commit_callbacks):
    from classroom.services.classes import student_remove

    table, seats = live_table()
    leaving = student_client(seats[1].student)
    assert _changed_poll(leaving, table).status_code == 200
    name = seats[1].name

    with django_capture_on_commit_callbacks(execute=True):
        student_remove(student=seats[1].student)

    assert _changed_poll(leaving, table)["HX-Redirect"] == reverse("classroom:join")
    assert name not in _changed_poll(student_client(seats[0].student), table).content.decode()


def test_a_renamed_student_shows_with_the_new_name_at_the_next_poll(
    django_capture_on_commit_callbacks,
):
    from classroom.services.classes import student_rename

    table, seats = live_table()
    watcher = student_client(seats[0].student)
    assert seats[2].name in _changed_poll(watcher, table).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        student_rename(student=seats[2].student, nickname="Renamed Robin")

    assert "Renamed Robin" in _changed_poll(watcher, table).content.decode()


def test_finishing_a_session_changes_every_tables_stamp(django_capture_on_commit_callbacks):
    """A table between rounds too: its page says the game has ended at its next poll."""
    from classroom.services.games import session_finish

    table, _seats = live_table()
    before = table_stamp(table.pk)
    with django_capture_on_commit_callbacks(execute=True):
        session_finish(session=table.session)

    assert table_stamp(table.pk) != before


def _layout_cards(body: str) -> int:
    layout = body.split('id="layout-heading"', 1)[1].split('id="players-heading"', 1)[0]
    return layout.count('class="card')


def _shared_key(table) -> str:
    """The cache key of the table's live fragment as its players share it (play/table.html)."""
    from django.core.cache.utils import make_template_fragment_key

    round_row = current_round(table=table)
    vary = [table.pk, table_stamp(table.pk), round_row.pk, round_row.version, False, "en"]
    return make_template_fragment_key("table_live", vary)


def test_the_players_share_the_table_drawn_once_until_the_next_play(
    django_capture_on_commit_callbacks,
):
    from django.core.cache import cache

    table, seats = live_table()
    url = reverse("classroom:table", args=[table.pk])
    turn, data = _play_data(table)
    watcher, other = (student_client(seats[(turn + n) % 4].student) for n in (1, 2))
    first = watcher.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true").content.decode()
    cards_before = _layout_cards(first)
    # Marked in the cache: the next player's page takes the table from there.
    cache.set(_shared_key(table), cache.get(_shared_key(table)) + "<!-- shared -->", 30)
    shared = other.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true").content.decode()
    assert "<!-- shared -->" in shared

    with django_capture_on_commit_callbacks(execute=True):  # the play's new stamp, as it commits
        played = student_client(seats[turn].student).post(
            reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
        )
    assert played.status_code == 200

    after = watcher.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true").content.decode()
    assert "<!-- shared -->" not in after
    # An accepted card joins the mainline, a rejected one goes below it: either way, one more.
    assert _layout_cards(after) == cards_before + 1


def test_what_the_players_share_holds_nothing_of_one_player():
    from django.core.cache import cache

    table, seats = live_table()
    url = reverse("classroom:table", args=[table.pk])
    turn, _data = _play_data(table)
    pages = {}
    for seat in seats:  # the first draws the shared parts, the others take them from the cache
        client = student_client(seat.student)
        pages[seat.position] = client.get(
            f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true"
        ).content.decode()

    round_row = current_round(table=table)
    shared = cache.get(_shared_key(table))
    assert shared is not None  # the players shared it
    assert round_row.rule_text not in shared  # the secret rule
    assert "Your turn" not in shared and "(you)" not in shared and "'s turn" not in shared
    assert "hand-panel" not in shared and 'name="card"' not in shared
    assert "data-announce=" not in shared  # the news leave out each player's own plays
    # Each page still has its own: its turn, its "(you)", its hand.
    engine = engine_round(round_row)
    for seat in seats:
        page = pages[seat.position]
        assert ("Your turn!" in page) == (seat.position == turn)
        assert page.count("(you)") == 1
        assert f"{seat.name} (you)" in page
        hand = page.split('id="hand-panel"', 1)[1]
        assert all(f'value="{card.code}"' in hand for card in engine.view(seat.position).hand)


def test_after_a_play_each_player_fills_the_shared_fragment_with_their_own_news_and_status():
    table, seats = live_table()
    url = reverse("classroom:table", args=[table.pk])
    turn, data = _play_data(table)
    player = seats[turn]
    played = student_client(player.student).post(
        reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
    )
    assert played.status_code == 200
    next_name = seats[(turn + 1) % 4].name

    pages = {
        seat.position: student_client(seat.student)
        .get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
        .content.decode()
        for seat in seats
    }

    announce = re.compile(r'data-say="([^"]*)"')
    for seat in seats:
        page = pages[seat.position]
        news = [html.unescape(text) for text in announce.findall(page)]
        status = html.unescape(page.split('id="table-status"', 1)[1].split("</p>", 1)[0])
        if seat.position == turn:
            assert news == []  # a player is not told of their own play
        else:
            assert len(news) == 1 and news[0].startswith(f"{player.name} played the ")
        if seat.position == (turn + 1) % 4:
            assert "<strong>Your turn!</strong>" in status
        else:
            assert f"{next_name}'s turn." in status
        assert page.count("(you)") == 1 and f"{seat.name} (you)" in page
        assert "<@" not in page  # every slot filled


def test_a_nickname_shaped_like_a_slot_is_shown_as_typed_and_fills_nothing():
    table, seats = live_table()
    url = reverse("classroom:table", args=[table.pk])
    shaped = seats[1].student
    shaped.nickname = "<@status><@you:0>"
    shaped.save(update_fields=["nickname"])
    table_changed(table.pk)

    page = student_client(seats[0].student).get(url).content.decode()

    assert "&lt;@status&gt;&lt;@you:0&gt;" in page
    assert page.count("(you)") == 1 and "<@" not in page


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
    mover = student_client(seats[round_row.position_of(turn)].student)
    following = round_row.position_of((turn + 1) % len(seats))
    watcher = student_client(seats[following].student)
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


def _then_a_change_commits(monkeypatch, module, name: str, *changed: int) -> None:
    """`module.name` (called by keyword) does its work, then a change to the table (and the
    session) `changed` commits before the caller goes on, as another request's would."""
    real = getattr(module, name)

    def then_a_change_commits(**kwargs):
        result = real(**kwargs)
        table_changed(*changed)
        return result

    monkeypatch.setattr(module, name, then_a_change_commits)


def test_a_play_committed_while_a_poll_renders_shows_at_the_next_poll(monkeypatch):
    # Another student's play commits between the board's read and the page's stamp: the page
    # must not carry the new stamp over the old board, or every later poll would say "nothing
    # changed" and the play would never show.
    table, seats = live_table()
    client = student_client(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    _then_a_change_commits(monkeypatch, games_selectors, "student_board", table.pk)
    rendered = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
    monkeypatch.undo()

    assert client.get(_next_poll_url(rendered), HTTP_HX_REQUEST="true").status_code == 200


def test_a_change_committed_while_the_live_view_renders_shows_at_the_next_poll(monkeypatch):
    table, _ = live_table()
    session = table.session
    teacher = Client()
    teacher.force_login(session.assignment.classroom.teacher)
    _then_a_change_commits(monkeypatch, teach_views, "session_hypotheses", table.pk, session.pk)
    rendered = teacher.get(reverse("classroom:session_live", args=[session.pk]))
    monkeypatch.undo()

    assert teacher.get(_next_poll_url(rendered), HTTP_HX_REQUEST="true").status_code == 200


@pytest.mark.parametrize("page", ["classroom:session_live", "classroom:session_projector"])
def test_a_pause_committed_right_after_the_session_is_read_shows_at_the_next_poll(
    monkeypatch, page
):
    # The session row is read (running), then the teacher's other tab pauses every table before
    # this page reads its stamp: the page must not show "running" under the pause's stamp.
    from classroom.live import session_changed
    from classroom.services.games import session_set_paused
    from classroom.views.teach import lobby as lobby_views

    table, _ = live_table()
    session = table.session
    teacher = Client()
    teacher.force_login(session.assignment.classroom.teacher)
    url = reverse(page, args=[session.pk])
    teacher.get(url)  # the session has a stamp, as in class
    real_read = lobby_views.session_for_teacher

    def read_then_paused(request, pk):
        found = real_read(request, pk)
        session_set_paused(session=found, paused=True)
        session_changed(pk)  # as its commit does
        return found  # as read before the pause

    monkeypatch.setattr(lobby_views, "session_for_teacher", read_then_paused)
    rendered = teacher.get(f"{url}?stamp=old", HTTP_HX_REQUEST="true")
    monkeypatch.undo()

    assert teacher.get(_next_poll_url(rendered), HTTP_HX_REQUEST="true").status_code == 200


def _play_of_the_player_whose_turn_it_is(table, seats) -> tuple[Client, dict]:
    round_row = current_round(table=table)
    turn, data = _play_data(table, seq=round_row.version)
    return student_client(seats[round_row.position_of(turn)].student), data


@pytest.mark.django_db(transaction=True)  # stamps are written when a move commits
def test_a_plays_answer_carries_the_stamp_its_commit_set():
    table, seats = live_table()
    client, data = _play_of_the_player_whose_turn_it_is(table, seats)

    answer = client.post(
        reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
    )

    assert answer.status_code == 200
    assert re.search("Right!|Wrong:", answer.content.decode())
    # Nothing changed since the play: the page's next poll is answered "no change".
    assert client.get(_next_poll_url(answer), HTTP_HX_REQUEST="true").status_code == 204


@pytest.mark.django_db(transaction=True)
def test_a_change_committed_right_after_a_play_shows_at_the_players_next_poll(monkeypatch):
    # Another change commits between the play's commit and the drawing of its answer, which
    # shows the table as the play left it: the answer must not carry the newer stamp, or the
    # player's polls would say "nothing changed" until the next change.
    table, seats = live_table()
    client, data = _play_of_the_player_whose_turn_it_is(table, seats)
    _then_a_change_commits(monkeypatch, move_service, "round_act", table.pk)
    answer = client.post(
        reverse("classroom:table_move", args=[table.pk]), data, HTTP_HX_REQUEST="true"
    )
    monkeypatch.undo()

    assert answer.status_code == 200
    assert client.get(_next_poll_url(answer), HTTP_HX_REQUEST="true").status_code == 200


def test_a_changed_poll_reads_the_session_from_the_cache_once(monkeypatch):
    # The idle-poll middleware read it with the stamp: the session store does not read it again.
    from django.contrib.sessions.backends.cached_db import SessionStore

    table, seats = live_table()
    client = student_client(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    client.get(url)  # the page: its session is in the cache now, as in a class
    loads = []
    real_load = SessionStore.load

    def load(self):
        loads.append(self.session_key)
        return real_load(self)

    monkeypatch.setattr(SessionStore, "load", load)
    response = client.get(f"{url}?stamp=old&mode=player", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and f"{seats[0].name} (you)" in response.content.decode()
    assert loads == []
    # Without the middleware's read (a full page), the store reads it as usual.
    assert client.get(url).status_code == 200
    assert loads == [client.cookies["sessionid"].value]


def test_the_inputs_before_a_play_are_drawn_once_per_process_and_kept_out_of_redis():
    from django.core.cache import caches

    local = caches["local"]
    local.clear()
    table, seats = live_table()
    client = student_client(seats[0].student)
    url = reverse("classroom:table", args=[table.pk])
    first = client.get(url).content.decode()

    kept = [key for key in local._cache if "template.cache.before_play." in key]
    assert len(kept) == 1 and 'id="before-play"' in first
    key = kept[0].split(":", 2)[2]  # without the cache's prefix and version
    assert cache.get(key) is None  # not in the shared cache: no round trip for it
    local.set(key, local.get(key).replace("Before you play", "Drawn once"), 60)
    assert "Drawn once" in client.get(url).content.decode()


def test_a_seat_committed_while_the_lobby_renders_shows_at_the_next_poll(monkeypatch):
    # The teacher seats the class between the lobby's read and its stamp: the page must not
    # carry the new stamp over "waiting to be seated", or it would wait there for good.
    from classroom.live import session_changed
    from classroom.services.games import (
        assignment_create,
        lobby_join,
        session_open,
        session_seat,
    )
    from classroom.views.play import lobby as lobby_views
    from tests.factories import ClassroomFactory, StudentFactory

    assignment = assignment_create(
        classroom=ClassroomFactory(), title="Mystery rule 1", rule_text="color != last.color"
    )
    session = session_open(assignment=assignment)
    student = StudentFactory(classroom=assignment.classroom)
    lobby_join(session=session, student=student)
    client = student_client(student)
    url = reverse("classroom:session_lobby", args=[session.pk])
    first = client.get(url)
    stamp = re.search(r"\?stamp=([0-9a-f]*)", first.content.decode())[1]
    real_tables = lobby_views.student_tables

    def tables_then_the_class_is_seated(**kwargs):
        found = _ReadAlready(real_tables(**kwargs))
        session_seat(session=session, method="arrival")
        session_changed(session.pk)  # as its commit does
        return found

    monkeypatch.setattr(lobby_views, "student_tables", tables_then_the_class_is_seated)
    drawn = client.get(f"{url}?stamp={stamp}", HTTP_HX_REQUEST="true")
    monkeypatch.undo()
    assert "Waiting for your teacher to seat everyone" in drawn.content.decode()

    again = client.get(_next_poll_url(drawn), HTTP_HX_REQUEST="true")

    assert again.status_code == 200
    assert "You will play at Table 1" in again.content.decode()


class _ReadAlready(list):
    """Rows read before a change, as a queryset's `first()` gives them."""

    def first(self):
        return self[0] if self else None
