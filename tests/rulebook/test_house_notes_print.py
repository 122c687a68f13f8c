"""The printout never contradicts the rules (issue 34 §3): a house note whose rules changed
since it was confirmed is not printed; a draft says so on every page."""

from __future__ import annotations

import copy
from typing import Any

from baohuang.rulebook.build import build_definition
from baohuang.rulebook.render import render
from baohuang.rules import load_bundled

REBELLION_NOTE = "造反成功分数×2"


def _weihai() -> dict[str, Any]:
    return copy.deepcopy(load_bundled("baike-weihai").model_dump(mode="json"))


def _times_four(doc: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    for m in out["scoring"]["multipliers"]:
        if m["event"] == "rebellion":
            m["factor"] = 4
    return out


def test_a_stale_note_is_not_printed_and_a_draft_says_one_waits() -> None:
    doc = _weihai()
    assert REBELLION_NOTE in render(build_definition(doc, "zh", revision=3), "md")

    draft = render(build_definition(_times_four(doc), "zh", revision=4), "md")
    assert REBELLION_NOTE not in draft
    # Both notes about the multipliers wait (the rebellion's and the kick's).
    assert "有 2 条本规则说明没有印出" in draft
    # The other notes are still printed.
    assert "侍卫身份公开时（明保或造反成功），皇帝和侍卫得分一样" in draft


def test_a_published_version_leaves_a_stale_note_out_silently() -> None:
    book = build_definition(_times_four(_weihai()), "en", 2, date="2025-05-01")
    text = render(book, "md")
    assert "A successful rebellion doubles" not in text
    assert "not printed" not in text
    assert book.stamp == "Weihai (baike) · version 2 · 2025-05-01"
    assert not book.draft


def test_a_confirmed_note_prints_again() -> None:
    doc = _times_four(_weihai())
    for note in doc["house_notes"]:
        if REBELLION_NOTE in note["zh"]:  # edited
            note["zh"] = note["zh"].replace("造反成功分数×2", "造反成功分数×4")
            note.pop("checked")
        elif "scoring.multipliers" in note["about"]:  # confirmed as it is
            note.pop("checked")
    from baohuang.rules import validate_definition
    from baohuang.rules.notes import pin_definition

    variant = validate_definition(doc).variant
    assert variant is not None
    text = render(build_definition(pin_definition(doc, variant), "zh", revision=5), "md")
    assert "造反成功分数×4" in text
    assert "没有印出" not in text


def test_every_printed_page_of_a_draft_says_draft_revision_and_date() -> None:
    book = build_definition(_weihai(), "zh", revision=7, date="2025-05-01")
    html = render(book, "html")
    assert book.draft
    assert book.stamp == "草稿 · 威海玩法 · 草稿修订 7 · 2025年5月1日"
    # The page header of every printed page (CSS paged media) and the cover carry it.
    assert '@top-center { content: "草稿 · 威海玩法 · 草稿修订 7 · 2025年5月1日"' in html
    assert 'class="rb-stamp rb-draft"' in html
    assert "\n> 草稿 · 威海玩法 · 草稿修订 7 · 2025年5月1日\n" in render(book, "md")


def test_the_page_header_is_a_safe_css_string() -> None:
    from baohuang.rulebook.render import css_string

    assert css_string('a"b\\c</style>') == '"a\\22 b\\5c c\\3c /style\\3e "'
