"""A printout that never contradicts the rules (issue 34 §3), in the browser: a clone of 威海
whose rebellion pays ×4 flags the house notes about the multipliers in the editor and the
diff, its draft rulebook leaves them out (and says so on a page marked as a draft); the
operator rewrites one and confirms the other, and they print again."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, shoot

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "my-weihai"
#: baike-weihai's notes about the multipliers: the rebellion's and the kick's.
REBELLION, KICK = 11, 13


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(target)


def _clone_paying_four() -> None:
    """What cloning 威海 and setting a rebellion to ×4 leaves: the notes keep the origin's
    fingerprints, the multiplier changed."""
    from baohuang.catalog import services
    from baohuang.catalog.models import RuleSet
    from baohuang.catalog.selectors import latest_version

    origin = RuleSet.objects.get(slug="baike-weihai")
    clone = services.clone_rule_set(
        origin,
        SLUG,
        None,
        version=latest_version(origin),
        name_zh="我们的威海",
        name_en="Our Weihai",
    )
    definition = copy.deepcopy(clone.draft)
    for m in definition["scoring"]["multipliers"]:
        if m["event"] == "rebellion":
            m["factor"] = 4
    services.update_draft(clone, definition, clone.draft_revision, None)


def test_a_note_about_a_changed_rule_is_flagged_then_confirmed_and_printed(
    open_editor: Callable[..., Any], site: str
) -> None:
    _clone_paying_four()
    page = open_editor(DESKTOP, lang="zh")
    page.goto(f"{site}/editor/#/variants/{SLUG}/rules")
    expect(page.get_by_test_id("validity")).to_contain_text("规则有效")

    # The editor flags both notes, naming the changed rule in words.
    expect(page.get_by_test_id("house-notes-waiting")).to_contain_text("2 条待确认")
    flag = page.get_by_test_id(f"house-note-{REBELLION}").get_by_test_id("note-stale")
    expect(flag).to_contain_text("这条说明涉及的规则改过：翻倍")
    expect(page.get_by_test_id(f"house-note-{KICK}").get_by_test_id("note-stale")).to_be_visible()
    shoot(page, "house-notes-stale")

    # The diff lists them; the draft's rulebook leaves them out, on pages marked as a draft.
    page.get_by_test_id("tab-diff").click()
    expect(page.get_by_test_id("diff-stale-notes").locator("li")).to_have_count(2)
    page.get_by_test_id("tab-rulebook").click()
    frame = page.frame_locator("[data-testid=rulebook-frame]")
    expect(frame.get_by_test_id("rulebook-stamp")).to_contain_text("草稿 · 我们的威海 · 草稿修订 2")
    expect(frame.locator("body")).to_contain_text("有 2 条本规则说明没有印出")
    expect(frame.locator("body")).not_to_contain_text("造反成功分数×2")

    # Rewrite the rebellion's note, confirm the kick's as it is, save.
    page.get_by_test_id("tab-rules").click()
    note = page.get_by_test_id(f"house-note-{REBELLION}")
    text = note.locator("textarea[lang='zh-Hans']").input_value()
    note.locator("textarea[lang='zh-Hans']").fill(text.replace("造反成功分数×2", "造反成功分数×4"))
    expect(note.get_by_test_id("note-stale")).to_have_count(0)
    page.get_by_test_id(f"house-note-{KICK}").get_by_test_id("note-confirm").click()
    expect(page.get_by_test_id("house-notes-waiting")).to_have_count(0)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_text("草稿已保存")

    page.get_by_test_id("tab-rulebook").click()
    frame = page.frame_locator("[data-testid=rulebook-frame]")
    expect(frame.get_by_test_id("rulebook-stamp")).to_contain_text("草稿修订 3")
    expect(frame.locator("body")).to_contain_text("造反成功分数×4")
    expect(frame.locator("body")).not_to_contain_text("没有印出")
    assert page.js_errors == []
