"""Fixtures and helpers shared by the API, catalog and job tests (a pytest plugin that the
root ``conftest.py`` loads): accounts, API clients, the bundled ``baike-common`` definition
and the API's one error shape.

Accounts have no password (tokens and ``force_login`` authenticate): hashing one takes a
good part of a second.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from django.contrib.auth.models import Permission, User
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from baohuang.rules import VARIANTS_DIR
from baohuang.tokens.services import create_token

#: The bundled variant most tests publish.
COMMON_SLUG = "baike-common"


def load_variant(slug: str = COMMON_SLUG) -> dict[str, Any]:
    """A bundled variant file as a dict."""
    data = yaml.safe_load((VARIANTS_DIR / f"{slug}.yaml").read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise TypeError(f"{slug}.yaml is not a mapping")
    return data


def publish_common(definition: dict[str, Any] | None = None) -> RuleSet:
    """``baike-common`` created and its version 1 published (as ``make run`` imports it)."""
    rule_set = services.create_rule_set(
        COMMON_SLUG,
        "普通玩法",
        "Common (baike)",
        copy.deepcopy(definition if definition is not None else load_variant()),
        None,
    )
    services.publish(rule_set, None)
    rule_set.refresh_from_db()
    return rule_set


def make_user(username: str, **flags: Any) -> User:
    """An account without a password."""
    return User.objects.create_user(username, **flags)


def with_perms(user: User, *names: str) -> User:
    """``user`` given the permissions ``app_label.codename``."""
    for name in names:
        app_label, codename = name.split(".")
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    return user


def token_client(user: User) -> APIClient:
    """A client that authenticates with the user's API token."""
    client = APIClient()
    _, key = create_token(user, "tests", "write")
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    """Check the API's one error shape (with this status and code); the body."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "detail", "errors"}, body
    assert isinstance(body["error"], str)
    assert body["error"]
    assert isinstance(body["detail"], str)
    assert body["detail"]
    assert isinstance(body["errors"], list)
    for item in body["errors"]:
        assert set(item) == {"path", "message", "code", "params"}, item
        assert isinstance(item["code"], str)
        assert item["code"]
        assert isinstance(item["params"], dict)
        assert isinstance(item["path"], str)
        assert isinstance(item["message"], str)
    if code is not None:
        assert body["error"] == code, body
    return dict(body)


@pytest.fixture
def definition() -> dict[str, Any]:
    """A fresh copy of the valid bundled ``baike-common`` definition."""
    return load_variant()


@pytest.fixture
def outsider(db: None) -> User:
    """A logged-in account that is not staff and holds no permission."""
    return make_user("outsider")


@pytest.fixture
def bare_staff(db: None) -> User:
    """A staff account without any permission (issue #16: the API must refuse it)."""
    return make_user("bare", is_staff=True)


@pytest.fixture
def anon() -> APIClient:
    """An anonymous client."""
    return APIClient()
