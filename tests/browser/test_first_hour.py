"""An operator's first hour in the editor (issue #20): the YAML tab keeps broken text and
says where it is broken, the tabs are an ARIA tab list, ``yaml`` loads only with the raw
tab, and axe-core finds no serious or critical accessibility violation on the main screens.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, ROOT, shoot
from tests.prerequisites import require

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "baike-weihai"
AXE = ROOT / "frontend" / "node_modules" / "axe-core" / "axe.min.js"


def expect(page: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(page)


def open_variant(page: Any) -> None:
    page.locator(f"[data-slug='{SLUG}'] a").click()
    expect(page.get_by_test_id("validity")).to_have_text("Valid")


def raw_lines(page: Any) -> list[str]:
    text = page.get_by_test_id("raw-text").input_value()
    assert isinstance(text, str)
    return text.split("\n")


def test_a_yaml_syntax_error_is_kept_shown_at_its_line_and_blocks_the_tab_switch(
    open_editor: Callable[..., Any],
) -> None:
    page = open_editor(DESKTOP)
    open_variant(page)
    page.get_by_test_id("tab-raw").click()
    raw = page.get_by_test_id("raw-text")
    expect(raw).to_be_visible()

    # An unclosed [ in the hand sizes: the parser notices on the next line; we say this one.
    lines = raw_lines(page)
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("hand_sizes:"))
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    lines[at] = f"{indent}hand_sizes: [33, 33, 33, 33, 33"
    raw.fill("\n".join(lines))
    line = at + 1

    problem = page.get_by_test_id("raw-problem-text")
    expect(problem).to_have_text(
        re.compile(
            rf"^Line {line}, column \d+: This “\[” is never closed: add “]” where it ends\.$"
        )
    )
    expect(page.get_by_test_id("validity")).to_have_text(
        f"The YAML text is not valid (line {line})"
    )
    expect(page.get_by_test_id("validity")).to_have_class(re.compile("bad"))
    expect(page.get_by_test_id("dirty")).to_have_text("Text not applied · unsaved")
    expect(page.get_by_test_id("save")).to_be_disabled()
    expect(page.get_by_test_id("raw-gutter").locator(".err")).to_have_text(str(line))
    expect(page.get_by_test_id("raw-excerpt")).to_contain_text("hand_sizes: [33, 33, 33, 33, 33")
    shoot(page, "first-hour-raw-error")

    # Leaving the tab asks; keeping goes back to the text, untouched, at the error's line.
    page.get_by_test_id("tab-rules").click()
    leave = page.get_by_test_id("raw-leave")
    expect(leave).to_be_visible()
    expect(leave).to_have_attribute("role", "alertdialog")
    expect(leave).to_contain_text(f"Line {line}")
    expect(page.get_by_test_id("tab-raw")).to_have_attribute("aria-selected", "true")
    shoot(page, "first-hour-raw-leave")
    page.get_by_test_id("raw-keep").click()
    expect(leave).to_have_count(0)
    expect(raw).to_be_focused()
    assert raw_lines(page)[at].endswith("hand_sizes: [33, 33, 33, 33, 33")
    assert page.url.endswith("/raw")

    # The text survives another tab reached by the address (the back button) as well.
    page.evaluate(f"window.location.hash = '#/variants/{SLUG}/diff'")
    expect(page.get_by_test_id("raw-kept")).to_be_visible()
    page.get_by_test_id("raw-kept").get_by_role("button", name="Back to the text").click()
    expect(page.get_by_test_id("raw-problem-text")).to_contain_text(f"Line {line}")
    assert raw_lines(page)[at].endswith("hand_sizes: [33, 33, 33, 33, 33")

    # Discarding goes where the operator asked, with the rules as they were.
    page.get_by_test_id("tab-rules").click()
    page.get_by_test_id("raw-discard").click()
    expect(page.get_by_test_id("tab-rules")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id("validity")).to_have_text("Valid")
    expect(page.get_by_test_id("dirty")).to_have_text("No unsaved changes")

    # An empty text is explained, in English and in Chinese.
    page.get_by_test_id("tab-raw").click()
    page.get_by_test_id("raw-text").fill("")
    expect(page.get_by_test_id("raw-problem-text")).to_contain_text(
        "The text is empty. A rule set is written as named sections"
    )
    expect(page.get_by_test_id("validity")).to_have_text("The YAML text is not valid")
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("raw-problem-text")).to_contain_text("文本是空的")
    page.get_by_test_id("raw-text").fill("- a\n- b\n")
    expect(page.get_by_test_id("raw-problem-text")).to_contain_text("这段文本却是一个列表")
    assert not page.js_errors


def test_the_tabs_are_an_aria_tab_list_with_arrow_keys(open_editor: Callable[..., Any]) -> None:
    page = open_editor(DESKTOP)
    open_variant(page)
    tablist = page.get_by_role("tablist")
    expect(tablist).to_have_attribute("aria-label", "Editor tabs")
    tabs = tablist.get_by_role("tab")
    names = [tabs.nth(i).get_attribute("data-testid") for i in range(tabs.count())]
    assert names[0] == "tab-rules"
    assert "tab-raw" in names
    assert len(names) >= 6

    for i in range(tabs.count()):
        tab = tabs.nth(i)
        controls = tab.get_attribute("aria-controls")
        panel = page.locator(f"#{controls}")
        expect(panel).to_have_attribute("role", "tabpanel")
        expect(panel).to_have_attribute("aria-labelledby", str(tab.get_attribute("id")))
    selected = page.get_by_role("tabpanel")  # only the selected panel is exposed
    expect(selected).to_have_count(1)
    expect(selected).to_have_attribute("id", "edpanel-rules")
    # Roving tab index: only the selected tab is in the Tab order.
    expect(page.get_by_test_id("tab-rules")).to_have_attribute("tabindex", "0")
    expect(page.get_by_test_id("tab-raw")).to_have_attribute("tabindex", "-1")

    page.get_by_test_id("tab-rules").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("tab-raw")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id("tab-raw")).to_be_focused()
    expect(page.get_by_role("tabpanel")).to_have_attribute("id", "edpanel-raw")
    page.keyboard.press("End")
    last = names[-1]
    expect(page.get_by_test_id(last)).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id(last)).to_be_focused()
    page.keyboard.press("ArrowRight")  # wraps round
    expect(page.get_by_test_id("tab-rules")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id(last)).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(page.get_by_test_id("tab-rules")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id("tab-rules")).to_be_focused()
    assert not page.js_errors


def test_yaml_loads_only_with_the_raw_tab(open_editor: Callable[..., Any]) -> None:
    page = open_editor(DESKTOP)
    scripts: list[str] = []
    page.on(
        "response",
        lambda r: (
            scripts.append(r.url) if r.url.endswith(".js") and "/static/editor/" in r.url else None
        ),
    )
    page.reload()
    open_variant(page)
    page.get_by_test_id("tab-diff").click()
    page.get_by_test_id("tab-rules").click()
    before = list(scripts)
    assert len(before) == 1, before  # the app's one entry chunk

    page.get_by_test_id("tab-raw").click()
    expect(page.get_by_test_id("raw-text")).to_be_visible()
    later = [url for url in scripts if url not in before]
    assert len(later) == 1, scripts  # the yaml chunk, on demand
    assert "schema_version: 1" in page.get_by_test_id("raw-text").input_value()


# --------------------------------------------------------------------------- axe-core


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (WCAG 2.x A/AA)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async () => {
          const r = await window.axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
          });
          return r.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
          }));
        }"""
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def test_no_serious_accessibility_violations_on_the_main_screens(
    open_editor: Callable[..., Any], site: str
) -> None:
    require(
        AXE.exists(),
        f"{AXE} is missing: run `npm ci` in frontend/ (axe-core is a dev dependency)",
    )
    found: dict[str, list[dict[str, Any]]] = {}

    def check(name: str) -> None:
        page.wait_for_timeout(200)
        violations = axe_violations(page)
        if violations:
            found[name] = violations

    for lang in ("en", "zh"):
        page = open_editor(DESKTOP, lang=lang)
        expect(page.get_by_test_id("variant-list")).to_be_visible()
        check(f"{lang}: variant list")
        page.locator(f"[data-slug='{SLUG}'] a").click()
        expect(page.get_by_test_id("validity")).to_be_visible()
        check(f"{lang}: rules")
        for tab in ("raw", "diff", "check", "sim", "compare", "rulebook"):
            page.get_by_test_id(f"tab-{tab}").click()
            expect(page.get_by_test_id(f"tab-{tab}")).to_have_attribute("aria-selected", "true")
            check(f"{lang}: {tab}")
        # A broken text and the choice on leaving it.
        page.get_by_test_id("tab-raw").click()
        page.get_by_test_id("raw-text").fill("id: [x\n")
        expect(page.get_by_test_id("raw-problem")).to_be_visible()
        page.get_by_test_id("tab-rules").click()
        expect(page.get_by_test_id("raw-leave")).to_be_visible()
        check(f"{lang}: raw error and leave dialog")

    assert not found, json.dumps(found, indent=2, ensure_ascii=False)


def test_the_axe_script_is_the_frontends_dev_dependency() -> None:
    package = json.loads(Path(ROOT / "frontend" / "package.json").read_text(encoding="utf-8"))
    assert "axe-core" in package["devDependencies"]
