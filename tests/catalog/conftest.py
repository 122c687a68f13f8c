"""Fixtures of the catalog tests: a bundled definition, rule sets, users with roles."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import call_command
from django.test import override_settings

from baohuang.catalog.models import RuleSet
from tests.fixtures import publish_common


@pytest.fixture
def rule_set(db: None, definition: dict[str, Any]) -> RuleSet:
    """``baike-common`` as a rule set with version 1 published."""
    return publish_common(definition)


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
