"""The review pages read the measures right (docs/measures.md): the replay names who played,
students sort naturally, a student who never logged shows "—", and the overview runs a bounded
number of queries whatever the size of the class."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.classroom.views.test_exports import NICKNAMES, session_played, teacher

pytestmark = pytest.mark.django_db

__all__ = ["session_played", "teacher"]


def test_the_replay_names_the_student_who_played(teacher, session_played) -> None:
    session = session_played[0]
    round_row = session.tables.get().rounds.get()
    url = reverse("classroom:review_replay", args=[session.pk, round_row.pk])
    html = teacher.get(f"{url}?step=1").content.decode()
    current = re.search(r'<p class="replay-current"[^>]*>(.*?):', html, re.S)
    assert current is not None
    assert "?" not in current.group(1)
    assert any(f"{name} played" in current.group(1) for name in NICKNAMES)
    # The card in words, as a screen reader should say it (issue 36): never "A♥".
    assert " of " in current.group(1) and not set("♠♥♦♣") & set(current.group(1))


def test_students_sort_naturally_and_one_who_never_logged_shows_a_dash(
    teacher, session_played
) -> None:
    session = session_played[0]
    html = teacher.get(reverse("classroom:review_session", args=[session.pk])).content.decode()
    table = html[html.index('id="grid-heading"') :]
    rows = re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>(.*?)</tr>', table, re.S)
    assert [name for name, _ in rows] == ["Ana", "Kid2", "Kid10"]

    def found(cells: str) -> str:
        return re.search(r'<td class="num" data-measure="found">(.*?)</td>', cells, re.S)[1]

    # Found: a dash, not "0 / 1", for a student who never logged.
    assert found(rows[0][1]).strip() == "—"
    assert found(rows[1][1]).strip() == "1 / 1"


def _overview_queries(client, session) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(session.assignment.classroom.teacher)
    url = reverse("classroom:review_session", args=[session.pk])
    client.get(url)  # the first visit may ask for a missing round; count a later one
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.slow
def test_the_overview_runs_the_same_queries_for_a_small_and_a_larger_class(client) -> None:
    from tests.factories import played_session

    small = played_session(students=6, plays=6, table_size=3)
    large = played_session(students=15, plays=6, table_size=3)
    assert large.tables.count() > small.tables.count()
    counted = (_overview_queries(client, small), _overview_queries(client, large))
    assert counted[0] == counted[1] <= 15, counted
