"""An operator's afternoon in Chinese (issue 34, "Done when"), on a desktop and on a phone:
clone 威海 → a successful rebellion pays ×4 → compare the draft with its origin (nothing
published) → read the plain summary → simulate the draft and balance it keeping the table's
shape → accept the proposal into the draft → print (a note about a changed rule is flagged
and left out until confirmed) → play a hand of the draft → publish. Every screen it passes
through speaks Chinese: no English word, field path or library name (only the card faces and
the rule sets' own identifiers), no word the glossary avoids, and axe-core finds no serious
or critical violation. Job sizes are small: the test is about the path, not the figures.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from baohuang.rules.glossary import avoided_words
from tests.browser.conftest import ARTIFACTS, DESKTOP, PHONE, shoot
from tests.browser.test_first_hour import AXE, axe_violations
from tests.browser.test_play import settle, take_turn
from tests.prerequisites import require

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = "baike-weihai"
NAME = "我们的威海"
SLUG = "wo-men-de-wei-hai"  # made from the Chinese name
#: Latin words a Chinese screen may show: card faces, the rule sets' own identifiers and
#: English names (data: the diff quotes the clone's new English name), the sides of a
#: comparison (A, B), the raw tab's format names, and the header's account name, tokens link
#: (API, as the admin calls them) and switch to English (in its own language).
ALLOWED = {
    *("J", "Q", "K", "A", "B"),
    *ORIGIN.split("-"),
    *SLUG.split("-"),
    *("Weihai", "baike", "copy"),
    *("YAML", "JSON"),
    *("operator", "API", "English"),
}
#: The note of 威海 about the multipliers (flagged by ×4).
ABOUT_MULTIPLIERS = 11


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(target)


class Screens:
    """What the operator saw: English words, avoided words and axe violations per screen."""

    def __init__(self, page: Any, size: str) -> None:
        self.started = time.perf_counter()
        self.page = page
        self.size = size
        self.latin: dict[str, set[str]] = {}
        self.avoided: dict[str, list[str]] = {}
        self.axe: dict[str, list[dict[str, Any]]] = {}

    def look(self, name: str, axe: bool = False, shot: bool = False) -> None:
        """Read the whole editor as it is now (run axe-core, take a screenshot when asked)."""
        text = self.page.locator("#root").inner_text()
        words = set(re.findall(r"[A-Za-z_][A-Za-z_.]*", text)) - ALLOWED
        if words:
            self.latin[name] = words
        avoided = [word for word, _ in avoided_words(text)]
        if avoided:
            self.avoided[name] = avoided
        if axe:
            violations = axe_violations(self.page)
            if violations:
                self.axe[name] = violations
        if shot:
            shoot(self.page, f"afternoon-{self.size}-{name}", full_page=True)
        print(f"{self.size} {name}: {time.perf_counter() - self.started:.1f} s")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"afternoon-{self.size}-{name}.txt").write_text(text, encoding="utf-8")

    def check(self) -> None:
        assert self.latin == {}, "\n".join(f"{k}: {sorted(v)}" for k, v in self.latin.items())
        assert self.avoided == {}, self.avoided
        assert self.axe == {}, json.dumps(self.axe, indent=1, ensure_ascii=False)


def rebellion_pays(page: Any, factor: int) -> None:
    """Set the rebellion's multiplier in the rules form."""
    rows = page.get_by_test_id("multipliers").locator("select")
    for i in range(rows.count()):
        if rows.nth(i).input_value() == "rebellion":
            row = rows.nth(i).locator("xpath=ancestor::*[contains(@class, 'inline')][1]")
            row.locator("input").fill(str(factor))
            return
    raise AssertionError("威海 has no multiplier for a rebellion")


def tick_sizes(page: Any) -> list[float]:
    """The rendered size (px) of every chart's tick labels and axis titles on the page."""
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('svg.chart')].flatMap((svg) => {
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return [...svg.querySelectorAll('text.tick, text.axis-title')].map(
            (t) => parseFloat(getComputedStyle(t).fontSize) * scale);
        })"""
    )
    return [float(s) for s in sizes]


def an_afternoon(page: Any, site: str, size: str) -> None:
    screens = Screens(page, size)
    started = time.perf_counter()

    # Clone 威海 under a Chinese name: the identifier is made from it.
    page.get_by_test_id(f"clone-{ORIGIN}").click()
    form = page.get_by_test_id("new-form")
    form.get_by_test_id("new-zh").fill(NAME)
    expect(form.get_by_test_id("new-slug")).to_have_value(SLUG)
    form.get_by_test_id("new-create").click()
    expect(page.get_by_test_id("validity")).to_have_text("规则有效")

    # ×4 for a successful rebellion: the note about the multipliers is flagged at once.
    rebellion_pays(page, 4)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_text("草稿已保存")
    flag = page.get_by_test_id(f"house-note-{ABOUT_MULTIPLIERS}").get_by_test_id("note-stale")
    expect(flag).to_contain_text("翻倍")
    screens.look("rules", axe=True)

    # Compare the draft with its origin, nothing published; the plain summary comes first.
    page.get_by_test_id("tab-diff").click()
    expect(page.get_by_test_id("origin-changes")).to_contain_text("造反")
    screens.look("diff")
    page.get_by_test_id("origin-simulate").click()
    expect(page.get_by_test_id("cmp-mode")).to_have_value("origin")
    page.get_by_test_id("cmp-games").fill("100")
    page.get_by_test_id("cmp-start").click()
    expect(page.get_by_test_id("cmp-result")).to_be_visible(timeout=60_000)
    plain = page.get_by_test_id("cmp-plain")
    expect(plain).to_contain_text(re.compile(r"改变了其中约 \d+\.\d% 牌局的得分"))
    expect(plain).to_contain_text("保皇派：每座平均")
    screens.look("compare", axe=True, shot=True)

    # Simulate the draft itself and balance it, keeping the table's shape.
    page.get_by_test_id("tab-sim").click()
    expect(page.get_by_test_id("sim-version")).to_have_value("draft")
    page.get_by_test_id("sim-games").fill("100")
    page.get_by_test_id("sim-start").click()
    expect(page.get_by_test_id("sim-charts")).to_be_visible(timeout=60_000)
    sizes = tick_sizes(page)
    assert sizes, "no chart ticks"
    assert min(sizes) >= 11, sorted(sizes)[:5]
    panel = page.get_by_test_id("balance")
    expect(panel.get_by_test_id("bal-shape")).to_be_checked()
    panel.get_by_test_id("bal-games").fill("100")
    panel.get_by_test_id("bal-start").click()
    proposal = page.get_by_test_id("bal-proposal")
    expect(proposal).to_be_visible(timeout=60_000)
    expect(proposal.get_by_test_id("bal-grid").locator("td[data-changed=yes]")).not_to_have_count(0)
    # The verified figure comes with the interval of that same figure.
    expect(proposal.get_by_test_id("bal-verified-ci")).to_contain_text("…", timeout=60_000)
    screens.look("balance", axe=True, shot=True)
    proposal.get_by_test_id("bal-into-draft").click()
    expect(proposal.get_by_test_id("bal-kept")).to_be_visible()

    # Print: the balanced table stales the note about it; the draft's rulebook leaves the
    # flagged notes out and says so, on pages marked as a draft.
    page.reload()
    page.get_by_test_id("tab-rules").click()
    expect(page.get_by_test_id("validity")).to_contain_text("规则有效")
    # The multipliers' note, and at least one about the table the proposal changed.
    expect(page.get_by_test_id("note-stale").nth(1)).to_be_visible()
    expect(page.get_by_test_id("house-notes-waiting")).to_contain_text("条待确认")
    page.get_by_test_id("tab-rulebook").click()
    frame = page.frame_locator("[data-testid=rulebook-frame]")
    expect(frame.get_by_test_id("rulebook-stamp")).to_contain_text(f"草稿 · {NAME}")
    expect(frame.locator("body")).to_contain_text("没有印出")
    expect(frame.locator("body")).not_to_contain_text("造反成功分数×2")
    screens.look("rulebook", shot=True)
    # He rewrites the multipliers' note and confirms the others; they print again.
    page.get_by_test_id("tab-rules").click()
    note = page.get_by_test_id(f"house-note-{ABOUT_MULTIPLIERS}").locator(
        "textarea[lang='zh-Hans']"
    )
    note.fill(note.input_value().replace("造反成功分数×2", "造反成功分数×4"))
    flagged = [str(n.get_attribute("data-testid")) for n in page.locator(".house-note.stale").all()]
    for testid in flagged:
        confirm = page.get_by_test_id(testid).get_by_test_id("note-confirm")
        if confirm.count():
            confirm.click()
    expect(page.get_by_test_id("house-notes-waiting")).to_have_count(0)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_text("草稿已保存")
    page.get_by_test_id("tab-rulebook").click()
    frame = page.frame_locator("[data-testid=rulebook-frame]")
    expect(frame.locator("body")).to_contain_text("造反成功分数×4")
    expect(frame.locator("body")).not_to_contain_text("没有印出")

    # Play a hand of the draft: a few turns by hand, the rest on automatic.
    page.get_by_test_id("tab-play").click()
    expect(page.get_by_test_id("play-version")).to_have_value("draft")
    page.get_by_test_id("play-start").click()
    expect(page.get_by_test_id("play-table")).to_be_visible()
    settle(page)
    for _ in range(2):
        if page.get_by_test_id("play-result").count():
            break
        take_turn(page)
        settle(page)
    screens.look("play", axe=True)
    for _ in range(40):
        if page.get_by_test_id("play-result").count():
            break
        page.get_by_test_id("act-auto").click()
        settle(page)
    expect(page.get_by_test_id("play-result")).to_be_visible()
    screens.look("played", shot=True)

    # Publish: the first version of his house rules.
    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("publish-confirm")).to_be_visible()
    screens.look("publish")
    page.get_by_test_id("publish-go").click()
    expect(page.get_by_test_id("publish-result")).to_have_text("已发布为第 1 版")

    print(f"afternoon ({size}): {time.perf_counter() - started:.1f} s")
    screens.check()
    assert page.js_errors == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_operators_afternoon_in_chinese(
    open_editor: Callable[..., Any],
    site: str,
    celery_worker_in_thread: Callable[[], None],
    size: str,
) -> None:
    require(AXE.exists(), f"{AXE} is missing: run `npm ci` in frontend/")
    celery_worker_in_thread()
    page = open_editor(DESKTOP if size == "desktop" else PHONE, lang="zh")
    an_afternoon(page, site, size)
