"""Bare Django for bench_class.py to compare with, served by the same gunicorn settings as the
app (`gunicorn hello:application`), with no middleware:

- `GET /`: "hello", no database;
- `POST /write/`: the floor of any request that keeps something: one row inserted into
  PostgreSQL in a transaction (the app's `DATABASE_URL`; bench_class creates the table), and a
  short answer. A play is such a request, and more.
- `POST /play/`: the floor of a play in the database: the statements a play sends, in one
  transaction, in plain SQL on bench_class's own tables: the table's seats and its round read,
  the round written back at the version read (a snapshot of a play's size, as it was read: no
  encoding), the action and the hypothesis inserted. No session, no check, no rule, no page.
"""

import os

import dj_database_url
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-hello-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF=__name__,
    MIDDLEWARE=[],
    INSTALLED_APPS=[],
    DATABASES=(
        {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}
        if os.environ.get("DATABASE_URL")
        else {}
    ),
)

from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.urls import path  # noqa: E402

WRITE_TABLE = "bench_bare_write"  # bench_class.py creates it (CREATE_WRITE_TABLE)
# bench_class.py creates and fills these (BARE_PLAY_TABLES): bench_bare_seat, bench_bare_round,
# bench_bare_action, bench_bare_hypothesis.


def hello(request):
    return HttpResponse("hello")


def write(request):
    if request.method != "POST":
        return HttpResponse(status=405)
    with transaction.atomic(), connection.cursor() as cursor:
        body = request.POST.get("body", "")
        cursor.execute(f"INSERT INTO {WRITE_TABLE} (body) VALUES (%s)", [body])
    return HttpResponse("written")


def play(request):
    if request.method != "POST":
        return HttpResponse(status=405)
    table = int(request.POST.get("table", "0"))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, position, name FROM bench_bare_seat WHERE table_id = %s", [table]
        )
        seats = cursor.fetchall()
        cursor.execute(
            "SELECT id, version, snapshot FROM bench_bare_round WHERE table_id = %s", [table]
        )
        round_id, version, snapshot = cursor.fetchone()
        cursor.execute(
            "UPDATE bench_bare_round SET version = %s, snapshot = %s "
            "WHERE id = %s AND version = %s",
            [version + 1, snapshot, round_id, version],
        )
        cursor.execute(
            "INSERT INTO bench_bare_action (round_id, seq, seat_id, payload) "
            "VALUES (%s, %s, %s, %s) RETURNING id",
            [round_id, version + 1, seats[0][0], request.POST.get("payload", "")],
        )
        (action_id,) = cursor.fetchone()
        cursor.execute(
            "INSERT INTO bench_bare_hypothesis (action_id, seat_id, text) VALUES (%s, %s, %s)",
            [action_id, seats[0][0], request.POST.get("hypothesis", "")],
        )
    return HttpResponse("played")


urlpatterns = [path("", hello), path("write/", write), path("play/", play)]
application = get_wsgi_application()
