"""Fixtures of the catalog tests: a bundled definition, rule sets, users with roles."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.contrib.auth.models import Permission, User
from django.core.management import call_command
from django.test import override_settings

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from baohuang.rules import VARIANTS_DIR

COMMON = VARIANTS_DIR / "baike-common.yaml"


def load(path: Path = COMMON) -> dict[str, Any]:
    """A bundled variant file as a dict."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture
def definition() -> dict[str, Any]:
    """A fresh copy of the valid bundled ``baike-common`` definition."""
    return copy.deepcopy(load())


@pytest.fixture
def rule_set(db: None, definition: dict[str, Any]) -> RuleSet:
    """``baike-common`` as a rule set with version 1 published."""
    created = services.create_rule_set(
        "baike-common", "普通玩法", "Common (baike)", definition, None
    )
    services.publish(created, None)
    created.refresh_from_db()
    return created


@pytest.fixture
def operator(db: None) -> User:
    """The operator account of ``ensure_operator`` (staff, group Operators, may publish),
    with the local-development default password (operator / operator: DEBUG on)."""
    with override_settings(DEBUG=True):
        call_command("ensure_operator", stdout=io.StringIO())
    return User.objects.get(username="operator")


@pytest.fixture
def editor(db: None) -> User:
    """Staff who may edit rule sets but not publish."""
    user = User.objects.create_user("editor", password="editor-pass-123", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label="catalog",
            codename__in=[
                "add_ruleset",
                "change_ruleset",
                "view_ruleset",
                "view_rulesetversion",
                "view_editevent",
            ],
        )
    )
    return user


@pytest.fixture
def outsider(db: None) -> User:
    """A logged-in user who is not staff."""
    return User.objects.create_user("outsider", password="outsider-pass-123")
