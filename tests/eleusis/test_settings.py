"""Production settings pass Django's deployment checks; bad environment values are explained."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # As a deployment would run it: without the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE.
    base = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=120,
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-key-for-the-deploy-check-0123456789",
    "ALLOWED_HOSTS": "eleusis.example.org",
    "TRUSTED_PROXIES": "1",  # HTTPS behind one nginx, as the README's production section says
}


def test_check_deploy_reports_no_issue_with_production_settings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_when_a_proxy_is_trusted_but_its_addresses_are_not_read():
    result = _manage(
        "check", "--deploy", "--fail-level", "WARNING", **{**PRODUCTION, "TRUSTED_PROXIES": ""}
    )
    assert result.returncode == 1 and "eleusis.W001" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "0", "SECRET_KEY": ""}, "SECRET_KEY must be set"),
        ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a boolean"),
    ],
)
def test_a_bad_environment_is_refused_with_a_clear_message(env, message):
    result = _manage("check", **env)
    assert result.returncode != 0
    assert message in result.stderr


@pytest.mark.parametrize(
    ("worker", "url", "expected"),
    [
        ("", "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
        ("gw0", "redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/1"),
        ("gw1", "redis://127.0.0.1:6379/3", "redis://127.0.0.1:6379/5"),
        ("gw1", "redis://127.0.0.1:6379", "redis://127.0.0.1:6379"),
        ("gw0", "", ""),
    ],
)
def test_parallel_test_processes_each_get_their_own_redis_database(
    monkeypatch, worker, url, expected
):
    from eleusis.env import redis_url_for_process

    monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
    assert redis_url_for_process(url) == expected


@pytest.mark.django_db
def test_a_session_that_names_the_login_limit_backend_still_finds_its_teacher(client):
    from django.urls import reverse

    from tests.factories import TeacherFactory

    teacher = TeacherFactory()
    client.force_login(teacher, backend="eleusis.auth.LoginLimitBackend")
    assert client.get(reverse("classroom:dashboard")).status_code == 200
