"""The play-test table in the browser (issue #19): a full hand of baike-common against four
bots, played by clicking the legal actions the table offers, on a desktop and on a phone.

Screenshots (the table mid-game and at the settlement, at 1280×800 and 390×844) are kept in
``test-artifacts/browser/``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, shoot
from tests.browser.test_first_hour import AXE, axe_violations
from tests.prerequisites import require

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "baike-common"


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as _expect

    return _expect(target)


def settle(page: Any) -> None:
    """Wait until the table has the server's answer."""
    expect(page.get_by_test_id("play-table")).to_have_attribute(
        "data-busy", "false", timeout=20_000
    )


def take_turn(page: Any) -> str:
    """One legal action, by clicking: in play the hint's cards and Play, else the first
    offered decision (never automatic play). What was clicked."""
    hint = page.get_by_test_id("play-hint")
    if hint.count():
        hint.click()
        play = page.get_by_test_id("play-play")
        expect(play).to_be_enabled()
        play.click()
        return "play"
    button = page.locator(
        "[data-testid=play-actions] button[data-testid^=act-]:not([data-testid=act-auto])"
    ).first
    name = str(button.get_attribute("data-testid"))
    button.click()
    return name


def open_table(page: Any, site: str, seat: int, seed: int) -> None:
    page.goto(f"{site}/editor/#/variants/{SLUG}/play")
    page.get_by_test_id("play-seat").select_option(str(seat))
    page.get_by_test_id("play-seed").fill(str(seed))
    page.get_by_test_id("play-start").click()
    expect(page.get_by_test_id("play-table")).to_be_visible()
    settle(page)


def test_a_full_hand_against_four_bots_to_the_settlement(
    open_editor: Callable[..., Any], site: str
) -> None:
    page = open_editor(DESKTOP, lang="zh")
    open_table(page, site, seat=2, seed=7)
    hand = page.get_by_test_id("play-hand")
    # Cards are drawn as cards: rank and suit symbol; the marked cards are recognisable.
    first = hand.locator(".pcard").first
    expect(first).to_be_visible()
    suited = hand.locator(".pcard:not(.joker)").first
    assert suited.locator(".pcard-suit").inner_text() in "♠♥♣♦"
    marked = hand.locator(".pcard.marked")
    if marked.count():
        assert "★" in marked.first.inner_text()
    expect(page.get_by_test_id("play-log")).to_contain_text("座位")
    require(AXE.exists(), f"{AXE} is missing: run `npm ci` in frontend/")
    assert axe_violations(page) == []
    clicked: list[str] = []
    shot = False
    for _ in range(400):
        if page.get_by_test_id("play-result").count():
            break
        clicked.append(take_turn(page))
        settle(page)
        in_play = page.get_by_test_id("play-table").get_attribute("data-phase") == "play"
        if not shot and in_play and page.get_by_test_id("play-trick").locator(".pcard").count():
            shoot(page, "play-table-desktop")
            shot = True
    result = page.get_by_test_id("play-result")
    expect(result).to_be_visible()
    assert "play" in clicked
    # The settlement reveals all five hands, drawn as cards; the record can be downloaded.
    assert result.locator("tbody tr").count() == 5
    assert result.locator(".pcard").count() > 100
    expect(page.get_by_test_id("play-log")).to_contain_text("牌局结束")
    with page.expect_download() as download:
        page.get_by_test_id("play-download").click()
    assert download.value.suggested_filename == f"{SLUG}-7.json"
    # The finished game opens in the game viewer, every hand shown.
    page.get_by_test_id("play-watch").click()
    expect(page.get_by_test_id("watch-viewer")).to_be_visible()
    assert page.get_by_test_id("watch-seat-0").locator(".pcard").count() > 20
    page.get_by_test_id("watch-last").click()
    assert page.get_by_test_id("watch-table").get_attribute("data-phase") == "finished"
    assert axe_violations(page) == []
    shoot(page, "play-settlement-desktop", full_page=True)
    # A reload resumes the stored game.
    page.reload()
    expect(page.get_by_test_id("play-result")).to_be_visible()
    assert page.js_errors == []


def test_the_table_on_a_phone(open_editor: Callable[..., Any], site: str) -> None:
    page = open_editor(PHONE, lang="en")
    open_table(page, site, seat=0, seed=12)
    for _ in range(12):
        if page.get_by_test_id("play-result").count():
            break
        take_turn(page)
        settle(page)
    expect(page.get_by_test_id("play-log")).to_contain_text("Seat")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    # Every card of the hand and every action button is on the screen's width.
    for box in page.locator(
        "[data-testid=play-hand] .pcard, [data-testid=play-actions] button"
    ).all():
        rect = box.bounding_box()
        assert rect is not None
        assert rect["x"] >= 0
        assert rect["x"] + rect["width"] <= PHONE["width"] + 1
    shoot(page, "play-table-phone", full_page=True)
    assert page.js_errors == []
