"""The migration tokens.0002 imports the keys of rest_framework.authtoken, hashed."""

from __future__ import annotations

import hashlib
import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection
from rest_framework.test import APIClient

from baohuang.tokens.models import ApiToken

migration = importlib.import_module("baohuang.tokens.migrations.0002_import_drf_tokens")

LEGACY_KEY = "0123456789abcdef0123456789abcdef01234567"  # DRF's keys: 40 hex digits


@pytest.fixture
def legacy_table(transactional_db: None) -> None:
    """``authtoken_token`` as DRF's migrations made it (the app is no longer installed)."""
    with connection.cursor() as cursor:
        cursor.execute(
            'CREATE TABLE "authtoken_token" ("key" varchar(40) NOT NULL PRIMARY KEY, '
            '"created" timestamp NOT NULL, "user_id" integer NOT NULL UNIQUE)'
        )
    yield
    with connection.cursor() as cursor:
        cursor.execute('DROP TABLE "authtoken_token"')


def test_drf_keys_become_hashed_write_tokens_and_keep_working(legacy_table: None) -> None:
    user = User.objects.create_user("scripted", is_staff=True)
    with connection.cursor() as cursor:
        cursor.execute(
            'INSERT INTO "authtoken_token" ("key", "created", "user_id") VALUES (%s, %s, %s)',
            [LEGACY_KEY, "2026-01-02 03:04:05", user.pk],
        )

    migration.import_drf_tokens(apps, SimpleNamespace(connection=connection))

    token = ApiToken.objects.get()
    assert token.user == user
    assert token.scope == "write"
    assert token.digest == hashlib.sha256(LEGACY_KEY.encode()).hexdigest()
    assert token.prefix == LEGACY_KEY[:8]
    assert token.created_at.year == 2026
    with connection.cursor() as cursor:
        cursor.execute('SELECT COUNT(*) FROM "authtoken_token"')
        assert cursor.fetchone() == (0,)  # no key left in clear
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {LEGACY_KEY}")
    assert client.get("/api/v1/simulations/").status_code == 200


def test_without_the_old_table_nothing_happens(db: None) -> None:
    migration.import_drf_tokens(apps, SimpleNamespace(connection=connection))
    assert not ApiToken.objects.exists()
