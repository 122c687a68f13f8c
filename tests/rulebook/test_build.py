"""The rulebook of every bundled variant: complete, in the game's terms, following the data."""

from __future__ import annotations

import copy
import html
import json
import re
from typing import Any

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck_limits import judge, play_reason
from baohuang.engine.plays import Play
from baohuang.rulebook import examples as ex
from baohuang.rulebook.build import build, build_definition
from baohuang.rulebook.document import Note, Rulebook, Table
from baohuang.rulebook.render import render
from baohuang.rules import bundled_variant_paths, definition_of, load_bundled

VARIANTS = sorted(p.stem for p in bundled_variant_paths())
#: Structural keys of the JSON form (not text a reader sees).
_STRUCTURE = {"id", "kind", "variant_id", "lang", "color", "version", "joker", "verdict", "ordered"}
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+\b")
_CODES = re.compile(r"\b(?:BJ|SJ|TOP)\b")
_CARD_FACES = re.compile(r"(?<![A-Za-z])[JQKA](?![A-Za-z])")


def _visible_html(text: str) -> str:
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return html.unescape(text)


def _json_text(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [t for k, v in node.items() if k not in _STRUCTURE for t in _json_text(v)]
    if isinstance(node, list):
        return [t for v in node for t in _json_text(v)]
    return [node] if isinstance(node, str) else []


def _reader_text(book: Rulebook, fmt: str) -> str:
    out = render(book, fmt)
    if fmt == "html":
        return _visible_html(out)
    if fmt == "json":
        return "\n".join(_json_text(json.loads(out)))
    return out.replace("\\", "")


@pytest.mark.parametrize("fmt", ["html", "md", "json"])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_no_field_path_or_raw_value_leaks(variant_id: str, lang: str, fmt: str) -> None:
    variant = load_bundled(variant_id)
    # The rule set's own name is data (保皇HD is a product's name), not a leak.
    text = _reader_text(build(variant, lang, 1), fmt).replace(variant.name.zh, "")
    assert not _SNAKE.findall(text)
    assert not _DOTTED.findall(text)
    assert not _CODES.findall(text)
    if lang == "zh":
        latin = re.findall(r"[A-Za-z]+", _CARD_FACES.sub("", text))
        assert not latin, sorted(set(latin))
        assert "%(" not in text


def _table(book: Rulebook, caption_part: str) -> Table:
    for section in book.sections:
        for block in section.blocks:
            if isinstance(block, Table) and caption_part in block.caption:
                return block
    raise AssertionError(f"no table {caption_part!r}")


def test_weihai_scoring_grid_in_chinese() -> None:
    book = build(load_bundled("baike-weihai"), "zh", 1)
    titles = [s.title for s in book.sections]
    assert titles[:4] == ["用牌与发牌", "确定皇帝和侍卫", "明保、暗保与造反", "出牌与管牌"]
    assert "计分" in titles
    assert "本规则说明" in titles
    grid = _table(book, "积分表（行：皇帝名次")
    assert grid.header == ["皇帝＼侍卫", "头客", "二客", "三客", "二落", "大落"]
    assert grid.rows[0][:3] == ["头客", "—", "+6 / +3 / −3"]
    assert grid.rows[3][5] == "−4 / −2 / +2"  # 4th and 5th: rebels out first leaving two
    known = _table(book, "侍卫身份公开时")
    assert known.rows[0][2] == "+9 / +9 / −6"
    solo = _table(book, "独保积分表")
    assert solo.rows[0] == ["头客", "+24", "−6", "+12", "−3"]
    md = render(book, "md")
    assert "皇帝头客、侍卫二客：皇帝 +6，侍卫 +3，每个平民 −3。" in md
    assert "造反成功：分数×2" in md
    assert "（全部分数×2）" in md
    assert "憋6" in md


def test_changing_a_number_changes_the_rulebook() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-common")))
    before = render(build_definition(definition, "zh"), "md")
    definition["scoring"]["two_person"]["rows"][0].update(emperor=8, guard=4, rebels=-4)
    after = render(build_definition(definition, "zh"), "md")
    assert "+6 / +3 / −3" in before.split("\n| 头客 |")[1].split("\n")[0]
    assert "| 头客 | — | +8 / +4 / −4 |" in after
    assert "皇帝头客、侍卫二客：皇帝 +8，侍卫 +4，每个平民 −4。" in after


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_play_examples_are_legal_and_judged_right(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    shown = ex.play_examples(cv) + ex.roast_examples(cv)
    assert len(shown) >= 4
    assert any(e.beats for e in shown)
    assert any(not e.beats for e in shown)
    for e in shown:
        previous, candidate = Play.of(e.previous), Play.of(e.candidate)
        assert play_reason(cv, previous) is None
        assert play_reason(cv, candidate) is None
        assert judge(cv, previous, candidate).beats is e.beats


def test_the_tip_reads_as_the_house_plays_it() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-common")))
    step = definition["bidding"]["flow"][0]
    step.update(tip="two_or_nothing", tip_count=2, tip_from_pass=1)
    zh = render(build_definition(definition, "zh"), "md")
    en = render(build_definition(definition, "en"), "md")
    assert "每个让位的玩家贴一张2（没有2就不贴）" in zh
    assert "每人最多贴2张" in zh
    # The tip's words stand apart from the rest of the sentence.
    assert "adds a card to the tips — a 2, or nothing if he has no 2 — and passes" in en
    assert "adds up to 2 such cards" in en
    step.update(tip_count=1)
    assert "最多贴" not in render(build_definition(definition, "zh"), "md")


def test_a_hard_pass_is_written_only_where_it_applies() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-common")))
    assert "过牌不准上" not in render(build_definition(definition, "zh"), "md")
    definition["play"]["hard_pass"] = True
    assert "过牌不准上：一圈里不要过的玩家，这一圈不能再出牌" in render(
        build_definition(definition, "zh"), "md"
    )
    assert "may not play again in the same trick" in render(
        build_definition(definition, "en"), "md"
    )


def test_the_rulebook_names_only_attachable_cards_the_deck_has() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("hd")))
    assert "可以挂的牌：小王、大王。" in render(build_definition(definition, "zh"), "md")
    definition["deck"]["remove"].append({"rank": "SJ"})
    definition["deal"]["hand_sizes"] = [
        n - (1 if i < 4 else 0) for i, n in enumerate(definition["deal"]["hand_sizes"])
    ]
    text = render(build_definition(definition, "zh"), "md")
    assert "可以挂的牌：大王。" in text


def test_english_lists_read_as_sentences() -> None:
    # Issue #32: "beat a single small joker, big joker", "spades, spades, spades", and the
    # identical-cards sentence where no rule looks at identical cards.
    bie3 = render(build_definition(definition_of(load_bundled("tcy-bie3")), "en"), "md")
    assert "beat a single small joker or big joker." in bie3
    assert "beat a single small joker, big joker or top card." in bie3
    assert "they matter only for identical cards" in bie3  # a called guard: identical cards
    common = copy.deepcopy(definition_of(load_bundled("baike-common")))
    common["deck"]["remove"] = [{"rank": "7", "suits": ["s", "s", "s", "h"]}]
    common["deal"]["hand_sizes"] = [43, 43, 42, 42, 42]
    en = render(build_definition(common, "en"), "md")
    zh = render(build_definition(common, "zh"), "md")
    assert "cards of rank 7 by suit: 3 of spades, 1 of hearts." in en
    assert "黑桃3张、红桃1张" in zh
    assert "Suits do not matter." in en
    assert "identical cards" not in en.split("## ")[1]


def test_a_stake_cap_is_written_under_the_doublings() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-weihai")))
    assert "封顶" not in render(build_definition(definition, "zh"), "md")
    definition["scoring"]["max_multiplier"] = 8
    assert "封顶：所有分数最多翻 8 倍。" in render(build_definition(definition, "zh"), "md")


def test_roasting_appears_only_with_roasting() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("lianzhong-classic")))
    with_roast = render(build_definition(definition, "zh"), "md")
    assert "烤牌：出单张王或跟带王的牌时" in with_roast
    assert "✓ 小王 小王 5 5 5 管得住 小王 4 4 4" in with_roast
    definition["play"]["roast"] = None
    without = build_definition(definition, "zh")
    text = render(without, "md")
    assert "烤牌" not in text.split("## ")[1 + [s.id for s in without.sections].index("play")]
    assert "烤牌：" not in text


def test_hold_back_example_follows_the_rank() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("tcy-bie6")))
    assert "憋6" in render(build_definition(definition, "zh"), "md")
    definition["play"]["hold_back"] = []
    definition["house_notes"] = []  # the house notes speak of 憋六 in their own words
    text = render(build_definition(definition, "zh"), "md")
    assert "憋6" not in text
    assert "特殊牌" not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_house_notes_are_a_marked_section_in_the_rulebook_language(lang: str) -> None:
    variant = load_bundled("baike-weihai")
    book = build(variant, lang, 1)
    notes = book.sections[-1]
    assert notes.id == "house-notes"
    assert notes.title == ("本规则说明" if lang == "zh" else "House notes")
    (box,) = notes.blocks
    assert isinstance(box, Note)
    assert box.items == [n.zh if lang == "zh" else n.en for n in variant.house_notes]
    html_text = render(book, "html")
    assert '<aside class="rb-note">' in html_text
    visible = _visible_html(html_text)
    for note in variant.house_notes:
        shown, other = (note.zh, note.en) if lang == "zh" else (note.en, note.zh)
        assert shown in visible
        assert other not in visible
    # The developer notes are for maintainers: never in the rulebook.
    for developer_note in variant.notes:
        assert developer_note not in visible


def test_no_house_notes_no_section() -> None:
    definition = copy.deepcopy(definition_of(load_bundled("baike-weihai")))
    definition["house_notes"] = []
    assert definition["notes"]  # developer notes alone make no section
    book = build_definition(definition, "zh")
    assert "house-notes" not in [s.id for s in book.sections]
    assert "本规则说明" not in render(book, "md")


def test_json_is_the_structure() -> None:
    data = json.loads(render(build(load_bundled("baike-qingdao"), "en", 3), "json"))
    assert data["version"] == 3
    assert data["variant_id"] == "baike-qingdao"
    kinds = {b["kind"] for s in data["sections"] for b in s["blocks"]}
    assert {"paragraph", "list", "table", "cards", "note"} <= kinds
    tribute = next(s for s in data["sections"] if s["id"] == "tribute")
    table = next(b for b in tribute["blocks"] if b["kind"] == "table")
    assert table["header"] == ["When", "Who gives", "Who takes"]


def test_html_is_a_printable_page() -> None:
    page = render(build(load_bundled("baike-qingdao"), "zh", 1), "html")
    assert page.startswith("<!DOCTYPE html>")
    assert '<html lang="zh-Hans">' in page
    assert "@page { size: A4" in page
    assert ".rb-table, .rb-example, .rb-note li, .rb-table tr," in page  # break-inside: avoid
    assert "WenQuanYi Micro Hei" in page  # a Chinese font every Debian box can have
    assert 'class="rb-card rb-red"' in page
    assert "♥" in page
