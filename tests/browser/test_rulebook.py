"""The rulebook in the browser: the editor's Rulebook tab, and the printed A4 pages.

The print test prints the zh HTML rulebook to PDF with Chromium (``page.pdf()``, print
media), reads the text back with pypdf and checks the section titles, the tables (each one
whole on a single page) and the number of pages. The PDFs and full-page print screenshots
are kept in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, DESKTOP, PHONE, shoot
from tests.prerequisites import require, require_import

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "baike-weihai"
A4_POINTS = (595, 842)  # 210 × 297 mm


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(target)


def rulebook_url(site: str, slug: str, lang: str, fmt: str, version: str | None = None) -> str:
    url = f"{site}/api/v1/variants/{slug}/rulebook/?lang={lang}&format={fmt}"
    return url + (f"&version={version}" if version else "")


def rulebook_json(page: Any, site: str, slug: str, lang: str, version: str | None = None) -> Any:
    """The rulebook's structure, read with the page's session."""
    response = page.request.get(rulebook_url(site, slug, lang, "json", version))
    require(
        response.status != 404,
        "the rulebook route (/api/v1/variants/{slug}/rulebook/) answers 404",
    )
    assert response.ok, response.text()
    return response.json()


def squash(text: str) -> str:
    """Text without any white space (PDF text extraction breaks lines and spaces freely)."""
    return re.sub(r"\s+", "", text)


def tables(book: Any) -> list[Any]:
    return [b for s in book["sections"] for b in s["blocks"] if b["kind"] == "table"]


def test_rulebook_tab_shows_the_draft_in_the_editor_language(
    open_editor: Callable[..., Any], site: str
) -> None:
    page = open_editor(DESKTOP, lang="zh")
    page.locator(f"[data-slug='{SLUG}'] a").click()
    expect(page.get_by_test_id("validity")).to_have_text("规则有效")
    page.get_by_test_id("tab-rulebook").click()
    assert page.url.endswith(f"#/variants/{SLUG}/rulebook")
    # Staff see the saved draft first; the published versions are offered too.
    picker = page.get_by_test_id("rulebook-version")
    expect(picker).to_have_value("draft")
    expect(picker.locator("option")).to_have_text(["草稿（已保存）", "第 1 版"])

    book = rulebook_json(page, site, SLUG, "zh", "draft")
    frame = page.frame_locator("[data-testid=rulebook-frame]")
    expect(frame.locator("h1")).to_have_text(book["title"])
    titles = [s["title"] for s in book["sections"]]
    assert {"计分", "出牌与管牌"} <= set(titles)
    expect(frame.locator("section.rb-section > h2")).to_have_text(
        [f"{n} {title}" for n, title in enumerate(titles, 1)]
    )
    # The scoring grid: emperor's place (rows) × guard's place (columns).
    grid_block = tables(book)[0]
    assert "积分表" in grid_block["caption"]
    assert grid_block["header"][:2] == ["皇帝＼侍卫", "头客"]
    grid = frame.locator("#rb-scoring table.rb-table").first
    expect(grid.locator("caption")).to_have_text(grid_block["caption"])
    expect(grid.locator("thead th")).to_have_text(grid_block["header"])
    expect(grid.locator("tbody tr")).to_have_count(5)
    expect(grid.locator("tbody tr").nth(0).locator("th, td")).to_have_text(grid_block["rows"][0])

    # The frame is as tall as the rulebook: the editor page scrolls, not the frame.
    overflow = page.get_by_test_id("rulebook-frame").evaluate(
        "f => f.contentDocument.documentElement.scrollHeight - f.clientHeight"
    )
    assert overflow <= 1, f"the rulebook frame scrolls by {overflow}px"
    # A contents link scrolls to its section and keeps the rulebook in the frame.
    frame.locator(".rb-contents a", has_text="计分").click()
    expect(frame.locator("h1")).to_have_text(book["title"])
    # … just below the editor's sticky head, not hidden under it.
    head = page.locator(".editor-head").bounding_box()
    box = frame.locator("#rb-scoring > h2").bounding_box()
    assert head is not None
    assert box is not None
    below = box["y"] - (head["y"] + head["height"])
    assert 0 <= below < 60, f"the section's heading is {below}px below the editor's head"
    shoot(page, "rulebook-tab-zh")

    # Print prints the frame (the rulebook alone), not the editor.
    page.evaluate(
        """() => {
          window.print = () => { window.__editorPrinted = true; };
          const frame = document.querySelector("[data-testid=rulebook-frame]");
          frame.contentWindow.print = () => { window.__rulebookPrinted = true; };
        }"""
    )
    page.get_by_test_id("rulebook-print").click()
    assert page.evaluate("[window.__rulebookPrinted, window.__editorPrinted]") == [True, None]

    # English: the tab, the rulebook and its sections follow the editor's language.
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("tab-rulebook")).to_have_text("Rulebook")
    english = rulebook_json(page, site, SLUG, "en", "draft")
    expect(frame.locator("h1")).to_have_text(english["title"])
    expect(frame.locator("section.rb-section > h2")).to_have_text(
        [f"{n} {s['title']}" for n, s in enumerate(english["sections"], 1)]
    )
    expect(frame.locator("#rb-scoring table.rb-table caption").first).to_have_text(
        tables(english)[0]["caption"]
    )
    expect(picker.locator("option").first).to_have_text("draft (saved)")
    # The published version, on request.
    picker.select_option("1")
    expect(page.get_by_test_id("rulebook-open")).to_have_attribute(
        "href", f"/api/v1/variants/{SLUG}/rulebook/?lang=en&format=html&version=1"
    )
    expect(frame.locator("h1")).to_have_text(english["title"])
    shoot(page, "rulebook-tab-en")
    assert not page.js_errors

    # On a phone, straight from the tab's address: the page does not scroll sideways.
    phone = open_editor(PHONE, lang="zh")
    phone.goto(f"{site}/editor/#/variants/{SLUG}/rulebook")
    expect(phone.frame_locator("[data-testid=rulebook-frame]").locator("h1")).to_have_text(
        book["title"]
    )
    overflow = phone.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page is {overflow}px wider than the phone"
    shoot(phone, "rulebook-tab-phone", full_page=True)
    assert not phone.js_errors


@pytest.mark.parametrize("slug", ["baike-weihai", "baike-qingdao"])
def test_printed_rulebook_keeps_sections_and_tables_whole(
    open_editor: Callable[..., Any], site: str, slug: str
) -> None:
    pypdf = require_import("pypdf", "pypdf is not installed (pip install -e '.[dev]')")
    page = open_editor(DESKTOP)  # a session: the rulebook is read like the editor reads it
    book = rulebook_json(page, site, slug, "zh")
    response = page.goto(rulebook_url(site, slug, "zh", "html"))
    assert response is not None
    assert response.ok
    page.emulate_media(media="print")

    # The print stylesheet never splits a table or a card example.
    breaks = page.eval_on_selector_all(
        ".rb-table, .rb-example", "els => els.map(e => getComputedStyle(e).breakInside)"
    )
    assert breaks
    assert set(breaks) == {"avoid"}
    family = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "WenQuanYi Micro Hei" in family
    shoot(page, f"rulebook-{slug}-zh-print-media", full_page=True)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf_path = ARTIFACTS / f"rulebook-{slug}-zh.pdf"
    page.pdf(path=str(pdf_path), prefer_css_page_size=True, print_background=True)
    reader = pypdf.PdfReader(io.BytesIO(pdf_path.read_bytes()))
    pages = [squash(p.extract_text() or "") for p in reader.pages]

    # A4 pages, a sensible number of them, none blank.
    for number, pdf_page in enumerate(reader.pages, 1):
        size = (round(float(pdf_page.mediabox.width)), round(float(pdf_page.mediabox.height)))
        assert size == A4_POINTS, f"page {number} is {size} points, not A4"
    assert 4 <= len(pages) <= 16, f"{len(pages)} pages"
    assert all(len(text) > 40 for text in pages), [len(text) for text in pages]

    # Every section title, in order, and the scoring tables' headings.
    everything = "".join(pages)
    assert squash(book["title"]) in pages[0]
    where = []
    for number, section in enumerate(book["sections"], 1):
        heading = squash(f"{number} {section['title']}")
        found = [i for i, text in enumerate(pages) if heading in text]  # not "1." (contents)
        assert found, f"section {heading} is not in the PDF"
        where.append(found[0])
    assert where == sorted(where), f"sections out of order: pages {where}"
    for word in ("积分表", "头客", "皇帝", "侍卫", "大落"):
        assert word in everything, word

    # Each table whole on one page: its caption, header and every row.
    assert len(tables(book)) >= 3
    for table in tables(book):
        caption = squash(table["caption"])
        on = [i for i, text in enumerate(pages) if caption in text]
        assert on, f"table {table['caption']} is not in the PDF"
        text = pages[on[0]]
        assert squash("".join(table["header"])) in text, f"{table['caption']}: header"
        for row in table["rows"]:
            assert squash("".join(row)) in text, (
                f"{table['caption']}: row {row} is not on page {on[0] + 1} with its caption"
            )
