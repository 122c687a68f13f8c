"""The web editor end to end: log in, break and fix a rule, save, publish, simulate."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from tests.browser.conftest import DESKTOP, PHONE, shoot
from tests.prerequisites import require

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "baike-weihai"


def expect(page: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(page)


def no_horizontal_scroll(page: Any) -> None:
    """The page itself never scrolls sideways (wide tables scroll inside their box)."""
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page is {overflow}px wider than the viewport"


def simulations_available(page: Any, site: str) -> bool:
    response = page.request.get(f"{site}/api/v1/simulations/")
    return response.status != 404


def test_break_fix_save_publish_and_simulate(
    open_editor: Callable[..., Any], site: str, celery_worker_in_thread: Callable[[], None]
) -> None:
    page = open_editor(DESKTOP)
    cards = page.get_by_test_id("variant-list")
    expect(cards.locator(f"[data-slug='{SLUG}']")).to_contain_text("v1")
    shoot(page, "desktop-01-list")

    page.locator(f"[data-slug='{SLUG}'] a").click()
    expect(page.get_by_test_id("validity")).to_have_text("Valid")
    summary = page.get_by_test_id("count-summary").first
    expect(summary).to_contain_text("deck 165 cards")

    # Take one ♠7 out: 164 cards, but the hands still add up to 165.
    page.get_by_test_id("trim-7-s").click()
    expect(page.get_by_test_id("trim-7-left")).to_have_text("15/16")
    expect(summary).to_contain_text("deck 164 cards")
    expect(summary).to_have_class(re.compile("mismatch"))
    pinned = page.get_by_test_id("problems-deal.hand_sizes")
    expect(pinned).to_contain_text("add up to 165")
    # … pinned at the hand-size inputs, not in the summary list.
    field = page.locator("[data-anchor='deal.hand_sizes']")
    expect(field.get_by_test_id("problems-deal.hand_sizes")).to_be_visible()
    expect(field.get_by_test_id("hand-size-0")).to_be_visible()
    expect(page.get_by_test_id("validity")).to_contain_text("1 error")
    expect(page.get_by_test_id("save")).to_be_enabled()
    field.scroll_into_view_if_needed()
    shoot(page, "desktop-02-hand-sizes-error")

    # Fix it where the error is: seat 4 gets 32 cards.
    page.get_by_test_id("hand-size-4").fill("32")
    expect(pinned).to_have_count(0)
    expect(page.get_by_test_id("validity")).to_have_text("Valid")

    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_text("Draft saved")
    rule_set = RuleSet.objects.get(slug=SLUG)
    assert rule_set.draft["deal"]["hand_sizes"] == [33, 33, 33, 33, 32]
    assert rule_set.draft["deck"]["remove"][-1] == {"rank": "7", "suits": ["s"]}

    # The diff against version 1 shows exactly what changed, as sentences (the server's).
    page.get_by_test_id("tab-diff").click()
    diff = page.get_by_test_id("diff-table")
    expect(diff).to_contain_text("Cards dealt to each seat: 33/33/33/33/33 → 33/33/33/33/32")
    expect(diff).to_contain_text("Also remove the 7 of spades")
    expect(diff.locator("li")).to_have_count(2)
    shoot(page, "desktop-03-diff")

    # Publishing lists the changes first and asks.
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("publish-changes").locator("li")).to_have_count(2)
    page.get_by_test_id("publish-go").click()
    expect(page.get_by_test_id("publish-result")).to_have_text("Published as version 2")
    assert rule_set.versions.filter(number=2).exists()
    shoot(page, "desktop-04-published")

    # The diff against the published version is now empty; v1 → v2 lists the change.
    page.get_by_test_id("tab-diff").click()
    expect(page.get_by_test_id("diff-table-none")).to_be_visible()

    # The play checker asks the engine (compare) about version 2.
    page.get_by_test_id("tab-check").click()
    page.get_by_test_id("chk-previous").fill("SJ 8 8 8")
    page.get_by_test_id("chk-candidate").fill("9 9 9 9")
    page.get_by_test_id("chk-run").click()
    expect(page.get_by_test_id("chk-result")).to_contain_text("does not beat it")
    shoot(page, "desktop-05-play-checker")
    assert not page.js_errors

    page.get_by_test_id("tab-sim").click()
    require(
        simulations_available(page, site),
        "/api/v1/simulations/ answers 404: the simulation jobs' route is missing",
    )
    celery_worker_in_thread()
    page.get_by_test_id("sim-games").fill("200")
    page.get_by_test_id("sim-start").click()
    expect(page.get_by_test_id("sim-progress")).to_be_visible()
    expect(page.get_by_test_id("sim-charts")).to_be_visible(timeout=120_000)
    expect(page.get_by_test_id("chart-wdl")).to_be_visible()
    expect(page.get_by_test_id("chart-emperor-rank")).to_be_visible()
    shoot(page, "desktop-06-simulation", full_page=True)

    # Version 2 against version 1, side by side (same seed and games).
    page.get_by_test_id("sim-compare").select_option("1")
    page.get_by_test_id("sim-start").click()
    for version in (2, 1):
        run = page.get_by_test_id(f"sim-run-v{version}")
        expect(run.get_by_test_id("sim-charts")).to_be_visible(timeout=120_000)
        expect(run.get_by_test_id("chart-wdl")).to_be_visible()
    shoot(page, "desktop-07-simulation-v2-vs-v1", full_page=True)
    assert not page.js_errors


def test_diff_sentences_in_both_languages(open_editor: Callable[..., Any]) -> None:
    page = open_editor(DESKTOP, lang="zh")
    page.goto(page.url.split("#")[0] + f"#/variants/{SLUG}")
    expect(page.get_by_test_id("validity")).to_be_visible()
    grid = page.get_by_test_id("scoring-grid").first
    grid.get_by_test_id("score-1-2-emperor").fill("8")
    grid.get_by_test_id("score-1-2-guard").fill("1")

    page.get_by_test_id("tab-diff").click()  # unsaved edits are compared too
    diff = page.get_by_test_id("diff-table")
    expect(diff).to_contain_text("皇帝头客、侍卫二客时皇帝得分 6 → 8")
    expect(diff).to_contain_text("皇帝头客、侍卫二客时侍卫得分 3 → 1")
    expect(diff).not_to_contain_text("—")
    shoot(page, "desktop-09-diff-zh")

    page.get_by_role("button", name="English").click()
    expect(diff).to_contain_text("Emperor 1st out, guard 2nd out: the emperor's points 6 → 8")
    assert not page.js_errors


def test_clone_edit_diff_against_origin_and_publish(open_editor: Callable[..., Any]) -> None:
    page = open_editor(DESKTOP)
    page.get_by_test_id(f"clone-{SLUG}").click()
    form = page.get_by_test_id("new-form")
    expect(form.get_by_test_id("new-version")).to_have_value("1")
    form.get_by_test_id("new-slug").fill("our-weihai")
    form.get_by_test_id("new-en").fill("Our Weihai")
    form.get_by_test_id("new-create").click()

    # The clone opens in the editor; it remembers where it came from.
    expect(page.get_by_test_id("validity")).to_have_text("Valid")
    clone = RuleSet.objects.get(slug="our-weihai")
    assert clone.based_on is not None
    assert clone.based_on.rule_set.slug == SLUG
    grid = page.get_by_test_id("scoring-grid").first
    grid.get_by_test_id("score-1-2-emperor").fill("8")
    grid.get_by_test_id("score-1-2-guard").fill("1")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_text("Draft saved")

    page.get_by_test_id("tab-diff").click()
    origin = page.get_by_test_id("origin-changes")
    expect(origin).to_contain_text("Emperor 1st out, guard 2nd out: the emperor's points 6 → 8")
    expect(origin).to_contain_text("English name: “Weihai (baike)” → “Our Weihai”")
    shoot(page, "desktop-10-diff-origin", full_page=True)

    # The first version of the clone: the confirmation says so, then it is published.
    page.get_by_test_id("publish").click()
    confirm = page.get_by_test_id("publish-confirm")
    expect(confirm).to_contain_text("This will be the first version.")
    shoot(page, "desktop-11-publish-confirm")
    page.get_by_test_id("publish-go").click()
    expect(page.get_by_test_id("publish-result")).to_have_text("Published as version 1")

    # Edit again: now the confirmation lists the change since version 1.
    page.get_by_test_id("tab-rules").click()
    grid.get_by_test_id("score-1-3-emperor").fill("5")
    grid.get_by_test_id("score-1-3-guard").fill("1")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_text("Draft saved")
    page.get_by_test_id("publish").click()
    changes = page.get_by_test_id("publish-changes")
    expect(changes).to_contain_text("Emperor 1st out, guard 3rd out: the emperor's points 4 → 5")
    expect(changes.locator("li")).to_have_count(2)
    shoot(page, "desktop-12-publish-changes")
    page.get_by_test_id("publish-go").click()
    expect(page.get_by_test_id("publish-result")).to_have_text("Published as version 2")
    assert clone.versions.count() == 2
    assert not page.js_errors


def test_someone_else_saved_first(open_editor: Callable[..., Any]) -> None:
    page = open_editor(DESKTOP)
    page.goto(page.url.split("#")[0] + f"#/variants/{SLUG}")
    expect(page.get_by_test_id("validity")).to_have_text("Valid")
    page.get_by_test_id("hand-size-0").fill("34")
    page.get_by_test_id("hand-size-1").fill("32")

    # Meanwhile another operator saves the draft.
    rule_set = RuleSet.objects.get(slug=SLUG)
    theirs = dict(rule_set.draft)
    theirs["source"] = "edited elsewhere"
    services.update_draft(rule_set, theirs, rule_set.draft_revision, None)

    page.get_by_test_id("save").click()
    conflict = page.get_by_test_id("conflict")
    expect(conflict).to_contain_text("Someone else changed this draft")
    # Nothing was lost: my edits are still on the page and unsaved.
    expect(page.get_by_test_id("hand-size-0")).to_have_value("34")
    expect(page.get_by_test_id("dirty")).to_have_text("Unsaved changes")
    shoot(page, "desktop-08-conflict")

    page.get_by_test_id("conflict-overwrite").click()
    expect(page.get_by_test_id("dirty")).to_have_text("Draft saved")
    rule_set.refresh_from_db()
    assert rule_set.draft["deal"]["hand_sizes"][:2] == [34, 32]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_every_screen_fits(
    open_editor: Callable[..., Any],
    site: str,
    celery_worker_in_thread: Callable[[], None],
    viewport: dict[str, int],
) -> None:
    name = f"{viewport['width']}x{viewport['height']}"
    page = open_editor(viewport, lang="zh")
    expect(page.get_by_test_id("variant-list")).to_be_visible()
    expect(page.locator(f"[data-slug='{SLUG}']")).to_contain_text("威海玩法")
    no_horizontal_scroll(page)
    shoot(page, f"{name}-list")

    page.locator(f"[data-slug='{SLUG}'] a").click()
    expect(page.get_by_test_id("validity")).to_have_text("规则有效")
    no_horizontal_scroll(page)
    shoot(page, f"{name}-editor-top")
    for section in ("deck", "bidding", "scoring"):
        page.locator(f"#sec-{section}").scroll_into_view_if_needed()
        page.evaluate(f"document.getElementById('sec-{section}').scrollIntoView()")
        no_horizontal_scroll(page)
        shoot(page, f"{name}-editor-{section}")
    # The scoring grid's inputs are reachable and usable at this width.
    cell = page.get_by_test_id("score-1-2-emperor").first
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    assert box
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= viewport["width"]
    assert box["width"] >= 28, "a score input is too narrow to use"

    if viewport == DESKTOP:
        # Reorder the bidding flow by dragging (real HTML5 drag and drop in Chromium).
        steps = page.get_by_test_id("flow-editor").locator("li.flow-step")
        expect(steps).to_have_count(3)
        page.get_by_test_id("flow-step-2").drag_to(page.get_by_test_id("flow-step-0"))
        expect(page.get_by_test_id("flow-step-0")).to_have_attribute("data-step", "redeal")
        page.get_by_test_id("flow-step-0").get_by_role("button", name=re.compile("下移")).click()
        expect(page.get_by_test_id("flow-step-0")).to_have_attribute("data-step", "grab_solo")
        expect(page.get_by_test_id("dirty")).to_have_text("有未保存的修改")

        # A key the language does not know: its problem has no field, so it is listed on top.
        page.get_by_test_id("tab-raw").click()
        raw = page.get_by_test_id("raw-text")
        raw.fill(raw.input_value() + "mystery_rule: 1\n")
        page.get_by_test_id("tab-rules").click()
        summary = page.get_by_test_id("problem-summary")
        expect(summary).to_contain_text("mystery_rule")
        shoot(page, f"{name}-unknown-key-summary")

    for tab in ("raw", "diff", "check", "sim"):
        page.get_by_test_id(f"tab-{tab}").click()
        page.wait_for_timeout(150)
        no_horizontal_scroll(page)
        shoot(page, f"{name}-tab-{tab}")

    if viewport == PHONE and simulations_available(page, site):
        celery_worker_in_thread()
        page.get_by_test_id("sim-games").fill("100")
        page.get_by_test_id("sim-start").click()
        expect(page.get_by_test_id("sim-charts")).to_be_visible(timeout=120_000)
        no_horizontal_scroll(page)
        shoot(page, f"{name}-simulation", full_page=True)

    # The language switch is remembered.
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("tab-rules")).to_have_text("Rules")
    page.reload()
    expect(page.get_by_test_id("tab-rules")).to_have_text("Rules")
    assert not page.js_errors


def test_saving_a_draft_with_an_error_in_chinese(open_editor: Callable[..., Any]) -> None:
    """Chinese first (issue #14): the editor asks the server in Chinese, and the refusal of a
    save comes back in Chinese, at the field and in the banner."""
    page = open_editor(DESKTOP, lang="zh")
    page.locator(f"[data-slug='{SLUG}'] a").click()
    expect(page.get_by_test_id("tab-rules")).to_have_text("规则")

    # One ♠7 fewer: the hands add up to 165 cards, the deck has 164.
    page.get_by_test_id("trim-7-s").click()
    field = page.locator("[data-anchor='deal.hand_sizes']")
    pinned = field.get_by_test_id("problems-deal.hand_sizes")
    expect(pinned).to_contain_text("各家手牌合计 165 张")

    page.get_by_test_id("save").click()
    banner = page.get_by_test_id("save-error")
    expect(banner).to_contain_text("规则定义有 1 个问题")
    expect(banner).not_to_contain_text("problem")
    # The server's problem, now the one at the field, is Chinese too.
    expect(pinned).to_contain_text("各家手牌合计 165 张，但去掉指定的牌后牌堆只有 164 张")
    expect(pinned).not_to_contain_text("add up to")
    shoot(page, "desktop-zh-save-error")
    assert RuleSet.objects.get(slug=SLUG).draft_revision == 1  # nothing was saved
    assert not page.js_errors


def test_the_buttons_follow_the_accounts_permissions(open_editor: Callable[..., Any]) -> None:
    """A staff account that may only view rule sets gets no "new rule set" or "clone"
    button (the API would refuse them), while the operator gets both."""
    from django.contrib.auth.models import Permission, User

    viewer = User.objects.create_user("viewer", password="view-only-4711", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_ruleset"))
    page = open_editor(account=("viewer", "view-only-4711"))
    page.get_by_test_id("variant-list").wait_for()
    assert page.get_by_test_id("new-rule-set").count() == 0
    assert page.get_by_test_id("clone-baike-common").count() == 0
    operator = open_editor()
    operator.get_by_test_id("variant-list").wait_for()
    assert operator.get_by_test_id("new-rule-set").count() == 1
    assert operator.get_by_test_id("clone-baike-common").count() == 1
    assert page.js_errors == []
