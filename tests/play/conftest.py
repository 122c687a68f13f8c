"""Fixtures of the play-test game tests: a published variant, a player, his client."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSet
from tests.fixtures import make_user, publish_common, token_client


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Iterator[None]:
    """Throttle counts live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def common(db: None, definition: dict[str, Any]) -> RuleSet:
    """``baike-common`` with version 1 published."""
    return publish_common(definition)


@pytest.fixture
def player(db: None) -> User:
    """An account without any permission (playing a published version needs none)."""
    return make_user("player")


@pytest.fixture
def client(player: User) -> APIClient:
    """The player's token client."""
    return token_client(player)


@pytest.fixture
def no_throttles(settings: Any) -> None:
    """No rate limits: a test that plays whole games quickly is not a runaway script."""
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(rates),
    }
