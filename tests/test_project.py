"""The Django project skeleton: health check, admin, Celery app, settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client


@pytest.mark.django_db
def test_healthz_answers_ok_with_a_working_database(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok", "database": "ok"}


@pytest.mark.django_db
def test_healthz_accepts_a_trailing_slash(client: Client) -> None:
    assert client.get("/healthz/").status_code == 200


def test_healthz_answers_503_when_the_database_is_unreachable(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"] == "unreachable"
    assert "connection refused" in body["detail"]


def test_healthz_refuses_writes(client: Client) -> None:
    assert client.post("/healthz").status_code == 405


@pytest.mark.django_db
def test_admin_login_page_is_served(client: Client) -> None:
    response = client.get("/admin/login/")

    assert response.status_code == 200
    assert b"csrfmiddlewaretoken" in response.content


@pytest.mark.django_db
def test_admin_index_redirects_anonymous_users_to_login(client: Client) -> None:
    response = client.get("/admin/")

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_celery_app_is_configured_from_django_settings() -> None:
    from baohuang.project import celery_app

    assert celery_app.main == "baohuang"
    assert celery_app.conf.broker_url == settings.CELERY_BROKER_URL
    assert celery_app.conf.result_backend == settings.CELERY_RESULT_BACKEND


def test_filesystem_broker_folders_exist_when_it_is_the_broker() -> None:
    if not settings.CELERY_BROKER_URL.startswith("filesystem://"):
        pytest.skip("another broker is configured (CELERY_BROKER_URL)")
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    for key in ("data_folder_in", "data_folder_out", "processed_folder"):
        assert Path(options[key]).is_dir(), key
    assert options["data_folder_in"] == options["data_folder_out"]


def test_the_favicon_is_served(client: Client) -> None:
    """Browsers ask every page's /favicon.ico (the admin's login names none): no 404."""
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "皇" in response.content.decode()
