"""The API tokens in the admin: own tokens only (superusers: all), the key shown once."""

from __future__ import annotations

import hashlib
import re

from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from baohuang.tokens import services
from baohuang.tokens.models import ApiToken

LIST = "/admin/tokens/apitoken/"
ADD = "/admin/tokens/apitoken/add/"


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_adding_a_token_shows_its_key_once(alice: User) -> None:
    client = logged_in(alice)
    assert client.get(ADD).status_code == 200

    response = client.post(ADD, {"name": "deploy script", "scope": "write", "expires_in_days": "7"})

    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    page = response.content.decode()
    found = re.search(r'id="api-token-key"[^>]*value="(bh_[A-Za-z0-9_-]{43})"', page)
    assert found, page
    key = found.group(1)
    token = ApiToken.objects.get()
    assert (token.user, token.name, token.scope) == (alice, "deploy script", "write")
    assert token.expires_at is not None
    assert token.digest == hashlib.sha256(key.encode()).hexdigest()
    assert key not in client.get(LIST).content.decode()
    assert key not in client.get(f"{LIST}{token.pk}/change/").content.decode()
    # … and it works.
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/simulations/").status_code == 200


def test_the_admin_page_is_in_chinese(alice: User) -> None:
    client = logged_in(alice)
    page = client.post(
        ADD, {"name": "x", "scope": "read"}, HTTP_ACCEPT_LANGUAGE="zh-Hans"
    ).content.decode()
    assert "它只显示这一次" in page
    assert "API 令牌" in client.get(LIST, HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()


def test_a_bad_form_is_refused_with_the_field(alice: User) -> None:
    response = logged_in(alice).post(ADD, {"name": "  ", "scope": "admin"})
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert set(errors) == {"name", "scope"}
    assert not ApiToken.objects.exists()


def test_staff_see_only_their_own_tokens_superusers_all(alice: User, bob: User) -> None:
    services.create_token(alice, "alice-token", "read")
    bobs, _ = services.create_token(bob, "bob-token", "read")

    page = logged_in(alice).get(LIST).content.decode()
    assert "alice-token" in page
    assert "bob-token" not in page
    assert logged_in(alice).get(f"{LIST}{bobs.pk}/change/").status_code == 302  # not there

    root = User.objects.create_superuser("root", password="pw-root-123")
    page = logged_in(root).get(LIST).content.decode()
    assert "alice-token" in page
    assert "bob-token" in page


def test_revoking_in_the_admin(alice: User, bob: User) -> None:
    mine, key = services.create_token(alice, "mine", "read")
    bobs, _ = services.create_token(bob, "bobs", "read")
    client = logged_in(alice)

    # Bob's token is not in alice's queryset: the action cannot reach it.
    client.post(
        LIST,
        {"action": "revoke_tokens", "_selected_action": [str(mine.pk), str(bobs.pk)]},
    )

    mine.refresh_from_db()
    bobs.refresh_from_db()
    assert mine.revoked_at is not None
    assert bobs.revoked_at is None
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/simulations/").json()["error"] == "token_revoked"


def test_only_the_name_changes_and_only_superusers_delete(alice: User) -> None:
    token, _ = services.create_token(alice, "old name", "read")
    client = logged_in(alice)
    response = client.post(f"{LIST}{token.pk}/change/", {"name": "new name", "scope": "write"})
    assert response.status_code == 302
    token.refresh_from_db()
    assert (token.name, token.scope) == ("new name", "read")
    assert client.get(f"{LIST}{token.pk}/delete/").status_code == 403


def test_accounts_outside_staff_have_no_token_admin(db: None) -> None:
    outsider = User.objects.create_user("outsider", password="pw-out-123")
    assert logged_in(outsider).get(LIST).status_code == 302  # to the login page
