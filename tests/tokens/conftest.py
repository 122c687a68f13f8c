"""Fixtures of the API token tests: accounts, a logged-in browser-like client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Iterator[None]:
    """Throttle counts live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice(db: None) -> User:
    """Staff who may create rule sets and run simulations."""
    user = User.objects.create_user("alice", password="pw-alice-123", is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=("add_ruleset", "view_ruleset", "run_simulation"))
    )
    return user


@pytest.fixture
def bob(db: None) -> User:
    """Another staff account."""
    return User.objects.create_user("bob", password="pw-bob-123", is_staff=True)


def session_client(user: User) -> APIClient:
    """A client logged in with the session and checking CSRF, as the editor is."""
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    secret = "tokensTestCsrfSecret0123456789ab"  # 32 letters and digits, as Django's
    client.cookies["csrftoken"] = secret
    client.credentials(HTTP_X_CSRFTOKEN=secret)
    return client


@pytest.fixture
def alice_session(alice: User) -> APIClient:
    """Alice in the editor."""
    return session_client(alice)


@pytest.fixture
def bob_session(bob: User) -> APIClient:
    """Bob in the editor."""
    return session_client(bob)
