"""The editor page: behind the login, the built app with the user's context injected."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from baohuang.editor import views

pytestmark = pytest.mark.django_db

BUILT = """<!doctype html>
<html><head><script type="module" src="/static/editor/assets/index-x.js"></script></head>
<body><div id="root"></div></body></html>"""


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for frontend/dist/index.html (the real build is not needed here)."""
    index = tmp_path / "index.html"
    index.write_text(BUILT, encoding="utf-8")
    monkeypatch.setattr(views, "index_path", lambda: index)
    return index


def context_of(html: str) -> dict[str, object]:
    match = re.search(
        r'<script id="editor-context" type="application/json">(.*?)</script>', html, re.S
    )
    assert match, html
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def test_anonymous_users_are_sent_to_the_admin_login(client: Client) -> None:
    response = client.get("/editor/")
    assert response.status_code == 302
    assert response["Location"] == "/admin/login/?next=/editor/"


def test_the_page_carries_the_user_and_the_publish_permission(client: Client, built: Path) -> None:
    user = User.objects.create_user("ed", password="pw-123-xyz", is_staff=True)
    client.force_login(user)
    response = client.get("/editor/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="root">' in html
    assert "/static/editor/assets/index-x.js" in html
    ctx = context_of(html)
    assert ctx["user"] == "ed"
    assert ctx["is_staff"] is True
    assert ctx["can_publish"] is False
    assert ctx["csrf_token"]
    assert "csrftoken" in response.cookies  # the app sends it back as X-CSRFToken
    assert "no-cache" in response["Cache-Control"]

    user.user_permissions.add(Permission.objects.get(codename="publish_ruleset"))
    user = User.objects.get(pk=user.pk)  # drop the permission cache
    client.force_login(user)
    assert context_of(client.get("/editor/").content.decode())["can_publish"] is True


def test_the_page_carries_the_permissions_the_buttons_follow(client: Client, built: Path) -> None:
    """A staff account without permissions sees no "new rule set" button and no draft: the
    editor follows the model permissions, as the admin and the API do, not "is staff"."""
    user = User.objects.create_user("bare", password="pw-123-xyz", is_staff=True)
    client.force_login(user)
    ctx = context_of(client.get("/editor/").content.decode())
    assert ctx["is_staff"] is True
    assert (ctx["can_add"], ctx["can_change"], ctx["can_read_drafts"]) == (False, False, False)
    assert ctx["can_simulate"] is False
    for codename in ("add_ruleset", "view_ruleset", "run_simulation"):
        user.user_permissions.add(Permission.objects.get(codename=codename))
    user = User.objects.get(pk=user.pk)
    client.force_login(user)
    ctx = context_of(client.get("/editor/").content.decode())
    assert (ctx["can_add"], ctx["can_change"], ctx["can_read_drafts"]) == (True, False, True)
    assert ctx["can_simulate"] is True


def test_the_page_carries_the_servers_game_limit(
    client: Client, built: Path, settings: Any
) -> None:
    """Issue #31: the editor capped a simulation at 100,000 games while the API allowed
    200,000; the page now carries the server's limit, which the editor's inputs use."""
    user = User.objects.create_user("limits", password="pw-123-xyz", is_staff=True)
    client.force_login(user)
    assert context_of(client.get("/editor/").content.decode())["max_games"] == 200_000
    settings.BAOHUANG_MAX_SIMULATION_GAMES = 5_000
    assert context_of(client.get("/editor/").content.decode())["max_games"] == 5_000


def test_the_page_carries_each_policys_cpu_seconds_a_game(client: Client, built: Path) -> None:
    """Issue 35: the editor estimates a job's run time before it starts, from the server's
    cost of a game of each policy (the search player's hundreds of times the heuristic's)."""
    from baohuang.bots import MC_COST, UNIT_SECONDS

    user = User.objects.create_user("estimate", password="pw-123-xyz", is_staff=True)
    client.force_login(user)
    seconds = context_of(client.get("/editor/").content.decode())["seconds_per_game"]
    assert set(seconds) == {"heuristic", "adaptive", "random", "mc"}
    assert seconds["heuristic"] == UNIT_SECONDS
    assert seconds["mc"] == MC_COST * UNIT_SECONDS > 100 * seconds["heuristic"]


def test_a_missing_build_says_how_to_build_it(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "index_path", lambda: None)
    client.force_login(User.objects.create_user("ed", password="pw-123-xyz"))
    response = client.get("/editor/")
    assert response.status_code == 503
    assert "npm run build" in response.content.decode()


def test_only_safe_methods(client: Client, built: Path) -> None:
    client.force_login(User.objects.create_user("ed", password="pw-123-xyz"))
    assert client.post("/editor/").status_code == 405


def test_a_static_url_other_than_the_builds_is_rewritten(
    client: Client, built: Path, settings: Any
) -> None:
    settings.STATIC_URL = "/assets-cdn/"
    client.force_login(User.objects.create_user("ed", password="pw-123-xyz"))
    html = client.get("/editor/").content.decode()
    assert "/assets-cdn/editor/assets/index-x.js" in html
    assert "/static/editor/" not in html


# --------------------------------------------------------------------------- the landing page


def test_the_root_is_a_landing_page_linking_editor_admin_api_docs_and_health(
    client: Client,
) -> None:
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>Baohuang rule configurator</title>" in html
    for href in ('href="/editor/"', 'href="/admin/"', 'href="/api/docs/"', 'href="/healthz"'):
        assert href in html, href
    assert "The editor and the admin ask you to log in." in html
    assert client.head("/").status_code == 200
    assert client.post("/").status_code == 405


def test_the_landing_page_speaks_chinese(client: Client) -> None:
    from django.utils import translation

    with translation.override("zh-hans"):
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-Hans")

    html = response.content.decode()
    assert '<html lang="zh-hans">' in html
    assert "<title>保皇规则配置器</title>" in html
    assert "网页编辑器" in html
    assert "管理后台" in html
    assert "健康检查" in html
    assert "Web editor" not in html


def test_the_admin_links_the_editor_and_view_site_leads_to_the_landing_page(
    client: Client,
) -> None:
    boss = User.objects.create_superuser("boss", password=None)
    client.force_login(boss)

    html = client.get("/admin/").content.decode()

    assert 'href="/editor/"' in html
    assert "Open the web editor" in html
    assert 'href="/">View site' in html
    assert "Logged in as boss." in client.get("/").content.decode()
