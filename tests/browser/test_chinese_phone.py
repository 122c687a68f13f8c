"""Issue 34 §4 in the browser: the Chinese editor speaks Chinese (no identifiers, field
names or card codes in the rules tab), and a phone's hand is made of real tap targets."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import PHONE, shoot
from tests.browser.test_play import expect, open_table

pytestmark = pytest.mark.django_db(transaction=True)

#: Latin letters a Chinese rules tab may show: the card faces and the raw tab's format names.
ALLOWED = {"J", "Q", "K", "A"}


def test_the_chinese_rules_tab_and_a_phone_hand(open_editor: Callable[..., Any], site: str) -> None:
    page = open_editor(PHONE, lang="zh")
    page.locator("[data-slug=baike-weihai] a").first.click()
    expect(page.get_by_test_id("validity")).to_have_text("规则有效")
    sections = page.locator(".rules-section:not([data-section=general])")
    expect(sections).to_have_count(8)
    words: set[str] = set()
    for section in sections.all():
        words |= set(re.findall(r"[A-Za-z_]+", section.inner_text()))
    assert words - ALLOWED == set()

    # The play table on a phone: every card of the hand is a tap target of at least 40 px
    # (no card covers another), and a 10 shows both its digits.
    open_table(page, site, seat=0, seed=12)
    cards = page.locator("[data-testid=play-hand] .pcard").all()
    assert len(cards) > 20
    boxes = [card.bounding_box() for card in cards]
    for box, after in itertools.pairwise(boxes):
        assert box is not None
        assert after is not None
        assert box["width"] >= 40, box
        if abs(after["y"] - box["y"]) < 1:  # the next card on the same row
            assert after["x"] >= box["x"] + box["width"] - 0.5, (box, after)
    tens = page.locator("[data-testid=play-hand] .pcard-rank", has_text="10")
    if tens.count():
        assert tens.first.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    shoot(page, "chinese-phone-hand", full_page=True)
    assert page.js_errors == []
