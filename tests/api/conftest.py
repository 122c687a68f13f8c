"""Fixtures of the API tests: published variants, users with roles, their clients."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from tests.fixtures import make_user, publish_common, token_client

GOLDENS = Path(__file__).resolve().parents[1] / "engine" / "goldens"


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
def common(db: None, definition: dict[str, Any]) -> RuleSet:
    """``baike-common`` with version 1 published (as ``make run`` imports it)."""
    return publish_common(definition)


@pytest.fixture
def common_v2(common: RuleSet, staff: User) -> RuleSet:
    """``baike-common`` with a version 2 whose multipliers differ (an open guard doubles)."""
    changed = copy.deepcopy(common.draft)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    services.update_draft(common, changed, common.draft_revision, staff)
    services.publish(common, staff)
    common.refresh_from_db()
    return common


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
    user = make_user("editor", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=("catalog", "jobs"), codename__in=EDITOR_PERMISSIONS
        )
    )
    return user


@pytest.fixture
def publisher(db: None) -> User:
    """Staff with ``catalog.publish_ruleset``."""
    user = make_user("publisher", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="publish_ruleset"))
    return user


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
