"""The editor's API tokens screen end to end: create (key shown once), use, revoke."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from baohuang.tokens.models import ApiToken
from baohuang.tokens.services import digest
from tests.browser.conftest import DESKTOP, PHONE, shoot
from tests.browser.test_first_hour import AXE, axe_violations
from tests.prerequisites import require

pytestmark = pytest.mark.django_db(transaction=True)


def expect(page: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(page)


def test_create_use_and_revoke_a_token_in_the_editor(
    open_editor: Callable[..., Any], site: str
) -> None:
    page = open_editor(DESKTOP, lang="en")
    page.get_by_test_id("tokens-link").click()
    expect(page.get_by_test_id("tokens-empty")).to_be_visible()
    assert page.url.endswith("#/tokens")

    page.get_by_test_id("token-name").fill("nightly script")
    page.get_by_test_id("token-scope").select_option("read")
    page.get_by_test_id("token-lifetime").select_option("30")
    page.get_by_test_id("token-create").click()
    key = page.get_by_test_id("token-key").input_value()
    assert key.startswith("bh_")
    assert len(key) == 46
    expect(page.get_by_test_id("token-created")).to_contain_text("shown only this once")
    shoot(page, "tokens-01-created")
    token = ApiToken.objects.get()
    assert token.digest == digest(key)
    assert token.scope == "read"
    assert token.user.get_username() == "operator"

    # The key works, as a read token: GET yes, POST no; a fresh context, no session.
    api = page.context.browser.new_context()
    try:
        headers = {"Authorization": f"Token {key}"}
        assert api.request.get(f"{site}/api/v1/simulations/", headers=headers).status == 200
        refused = api.request.post(f"{site}/api/v1/simulations/", headers=headers, data={})
        assert refused.status == 403
        assert refused.json()["error"] == "token_read_only"

        # Gone once dismissed, and not shown by a reload; the last use is.
        page.get_by_test_id("token-created-done").click()
        expect(page.get_by_test_id("token-key")).to_have_count(0)
        page.reload()
        row = page.get_by_test_id("token-row")
        expect(row).to_have_count(1)
        expect(row.get_by_test_id("token-last-used")).not_to_have_text("never")
        assert key[3:] not in page.content()

        page.once("dialog", lambda dialog: dialog.accept())
        row.get_by_test_id("token-revoke").click()
        expect(row).to_have_attribute("data-state", "revoked")
        expect(row.get_by_test_id("token-state")).to_have_text("revoked")
        gone = api.request.get(f"{site}/api/v1/simulations/", headers=headers)
        assert gone.status == 401
        assert gone.json()["error"] == "token_revoked"
    finally:
        api.close()
    assert not page.js_errors


def test_the_tokens_screen_in_chinese_on_a_phone(open_editor: Callable[..., Any]) -> None:
    page = open_editor(PHONE, lang="zh")
    page.get_by_test_id("tokens-link").click()
    expect(page.get_by_role("heading", name="API 令牌")).to_be_visible()
    page.get_by_test_id("token-name").fill("部署脚本")
    page.get_by_test_id("token-scope").select_option("write")
    page.get_by_test_id("token-create").click()
    expect(page.get_by_test_id("token-created")).to_contain_text("只显示这一次")
    expect(page.get_by_test_id("token-row")).to_contain_text("读写")
    expect(page.get_by_test_id("token-state")).to_have_text("有效")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page is {overflow}px wider than the viewport"
    shoot(page, "tokens-02-phone-zh", full_page=True)
    require(AXE.exists(), f"{AXE} is missing: run `npm ci` in frontend/")
    assert axe_violations(page) == []
    assert not page.js_errors
