"""Fixtures of the API tests: published variants, users with roles, their clients."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from baohuang.rules import VARIANTS_DIR
from baohuang.tokens.services import create_token

GOLDENS = Path(__file__).resolve().parents[1] / "engine" / "goldens"


def load_variant(slug: str) -> dict[str, Any]:
    """A bundled variant file as a dict."""
    data = yaml.safe_load((VARIANTS_DIR / f"{slug}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def golden_record(slug: str) -> dict[str, Any]:
    """The golden game record of a bundled variant (tests/engine/goldens)."""
    data = json.loads((GOLDENS / f"{slug}.json").read_text(encoding="utf-8"))
    return dict(data["record"])


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Iterator[None]:
    """Throttle counts live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def definition() -> dict[str, Any]:
    """A fresh copy of the valid bundled ``baike-common`` definition."""
    return copy.deepcopy(load_variant("baike-common"))


@pytest.fixture
def common(db: None, definition: dict[str, Any]) -> RuleSet:
    """``baike-common`` with version 1 published (as ``make run`` imports it)."""
    rule_set = services.create_rule_set(
        "baike-common", "普通玩法", "Common (baike)", definition, None
    )
    services.publish(rule_set, None)
    rule_set.refresh_from_db()
    return rule_set


@pytest.fixture
def common_v2(common: RuleSet, staff: User) -> RuleSet:
    """``baike-common`` with a version 2 whose multipliers differ (an open guard doubles)."""
    changed = copy.deepcopy(common.draft)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    services.update_draft(common, changed, common.draft_revision, staff)
    services.publish(common, staff)
    common.refresh_from_db()
    return common


def _user(username: str, **flags: Any) -> User:
    return User.objects.create_user(username, **flags)  # no password: nothing to hash


#: What an editor (who may not publish) holds: the admin's rule-set permissions, and
#: starting and reading simulations.
EDITOR_PERMISSIONS = (
    "add_ruleset",
    "change_ruleset",
    "view_ruleset",
    "run_simulation",
    "view_simulationjob",
)


@pytest.fixture
def staff(db: None) -> User:
    """Staff who may create rule sets and edit drafts but not publish."""
    user = _user("editor", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=("catalog", "jobs"), codename__in=EDITOR_PERMISSIONS
        )
    )
    return user


@pytest.fixture
def bare_staff(db: None) -> User:
    """A staff account without any permission (issue #16: the API must refuse it)."""
    return _user("bare", is_staff=True)


@pytest.fixture
def publisher(db: None) -> User:
    """Staff with ``catalog.publish_ruleset``."""
    user = _user("publisher", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="publish_ruleset"))
    return user


@pytest.fixture
def outsider(db: None) -> User:
    """A logged-in user who is not staff."""
    return _user("outsider")


def token_client(user: User) -> APIClient:
    """A client that authenticates with the user's API token."""
    client = APIClient()
    _, key = create_token(user, "tests", "write")
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.fixture
def anon() -> APIClient:
    """An anonymous client."""
    return APIClient()


@pytest.fixture
def staff_client(staff: User) -> APIClient:
    """A staff client with a token."""
    return token_client(staff)


@pytest.fixture
def publisher_client(publisher: User) -> APIClient:
    """A client with the publish permission, by token."""
    return token_client(publisher)


@pytest.fixture
def outsider_client(outsider: User) -> APIClient:
    """A non-staff client, by token."""
    return token_client(outsider)


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    """Check the one error shape and return the body."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "detail", "errors"}, body
    assert isinstance(body["error"], str) and body["error"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["errors"], list)
    for item in body["errors"]:
        assert set(item) == {"path", "message", "code", "params"}, item
        assert isinstance(item["code"], str) and item["code"]
        assert isinstance(item["params"], dict)
        assert isinstance(item["path"], str) and isinstance(item["message"], str)
    if code is not None:
        assert body["error"] == code, body
    return dict(body)
