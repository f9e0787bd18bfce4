"""Bare Django for bench_class.py to compare with, served by the same gunicorn settings as the
app (`gunicorn hello:application`), with no middleware:

- `GET /`: "hello", no database;
- `POST /write/`: the floor of any request that keeps something: one row inserted into
  PostgreSQL in a transaction (the app's `DATABASE_URL`; bench_class creates the table), and a
  short answer. A play is such a request, and more.
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


def hello(request):
    return HttpResponse("hello")


def write(request):
    if request.method != "POST":
        return HttpResponse(status=405)
    with transaction.atomic(), connection.cursor() as cursor:
        body = request.POST.get("body", "")
        cursor.execute(f"INSERT INTO {WRITE_TABLE} (body) VALUES (%s)", [body])
    return HttpResponse("written")


urlpatterns = [path("", hello), path("write/", write)]
application = get_wsgi_application()
