"""HEAD is answered like GET on every page (and /healthz, /favicon.ico): the same status and
headers, no body; and the favicon is served."""

import pytest

from classroom.selectors.games import current_round
from tests.eleusis.test_every_url import _paths, _visitors
from tests.factories import live_table

pytestmark = [pytest.mark.django_db]


@pytest.mark.slow
def test_head_answers_every_url_like_get_for_every_visitor():
    table, seats = live_table()
    session = table.session
    ids = sorted({table.pk, session.pk, session.assignment.pk, current_round(table=table).pk})
    code = session.assignment.classroom.join_code
    differences, pages = [], 0
    for name, client in _visitors(table, seats).items():
        for path in [*_paths(ids, code), "/healthz", "/favicon.ico"]:
            get = client.get(path)
            head = client.head(path)
            if get.status_code == 200:
                pages += 1
            if head.status_code != get.status_code or head.content != b"":
                differences.append((name, path, get.status_code, head.status_code))
            elif get.status_code == 200 and head["Content-Type"] != get["Content-Type"]:
                differences.append((name, path, get["Content-Type"], head["Content-Type"]))
    assert differences == []
    assert pages > 40  # real pages were compared, not only refusals


def test_head_of_healthz_and_a_page_keeps_the_length_of_the_get(client):
    for path in ("/healthz", "/", "/join/"):
        get, head = client.get(path), client.head(path)
        assert (head.status_code, head.content) == (200, b"")
        assert int(head["Content-Length"]) == len(get.content) > 0


def test_the_favicon_is_served_and_linked(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert 'rel="icon"' in client.get("/").content.decode()
