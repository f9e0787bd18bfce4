import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_healthz_reports_every_service(client, settings):
    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "ok"
    assert body["cache"] == "ok"
    expected_broker = "eager" if settings.CELERY_TASK_ALWAYS_EAGER else "ok"
    assert body["broker"] == expected_broker
    assert body["status"] == "ok"


def test_healthz_is_503_when_the_database_fails(client, monkeypatch):
    from eleusis import health

    def broken_database():
        raise ConnectionError("database is down")

    monkeypatch.setitem(health.CHECKS, "database", broken_database)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["database"] == "error: ConnectionError"
    assert response.json()["status"] == "unavailable"


@override_settings(CELERY_TASK_ALWAYS_EAGER=False)
def test_healthz_says_degraded_when_the_broker_does_not_answer(client, monkeypatch):
    from eleusis.celery import app

    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:1/0")

    response = client.get("/healthz")

    # The app still serves (the bots wait): 200, and the body says what is degraded.
    assert response.status_code == 200
    assert response.json()["broker"].startswith("error:")
    assert response.json()["status"] == "degraded"
    assert response.json()["degraded"] == ["broker"]


def test_healthz_answers_within_its_deadline_when_a_service_hangs(client, monkeypatch):
    import threading

    from eleusis import health

    # The cache check hangs until the test lets it go: the answer must come while it still
    # hangs (no timing asserted, so a loaded machine cannot make this pass or fail).
    release, finished = threading.Event(), threading.Event()

    def hanging_check():
        release.wait(60)
        finished.set()
        return "ok"

    monkeypatch.setitem(health.CHECKS, "cache", hanging_check)
    try:
        response = client.get("/healthz")
        assert not finished.is_set()
    finally:
        release.set()

    assert response.json()["cache"].startswith("error: no answer")
    assert response.json()["status"] == "degraded"


def test_healthz_refuses_post(client):
    assert client.post("/healthz").status_code == 405


def test_home_page_serves_htmx_locally_with_csp(client):
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/django_htmx/htmx-2.min.js" in html
    assert "X-CSRFToken" in html
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "https://" not in html.replace('"https://', "")  # no CDN anywhere on the page
