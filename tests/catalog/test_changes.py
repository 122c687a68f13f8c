"""The diff in game terms: identity matching, one change per inserted item, sentences."""

from __future__ import annotations

import copy
import itertools
import re
from typing import Any

import pytest

from baohuang.catalog.changes import diff_definitions
from baohuang.catalog.selectors import comparable
from baohuang.rules import bundled_variant_paths, definition_of, load_bundled

BUNDLED = {path.stem: definition_of(load_bundled(path.stem)) for path in bundled_variant_paths()}


def weihai() -> dict[str, Any]:
    return copy.deepcopy(BUNDLED["baike-weihai"])


def only(changes: list[dict[str, Any]]) -> dict[str, Any]:
    assert len(changes) == 1, [c["text"]["en"] for c in changes]
    return changes[0]


def test_a_scoring_figure_reads_as_the_issue_says() -> None:
    old = weihai()
    new = weihai()
    new["scoring"]["two_person"]["rows"][0]["emperor"] = 8

    change = only(diff_definitions(old, new))

    assert change["path"] == "scoring.two_person.rows[0].emperor"
    assert (change["old"], change["new"], change["change"]) == (6, 8, "changed")
    assert change["text"] == {
        "zh": "皇帝头客、侍卫二客时皇帝得分 6 → 8",
        "en": "Emperor 1st out, guard 2nd out: the emperor's points 6 → 8",
    }


def test_a_multiplier_change_shows_the_published_value_not_a_dash() -> None:
    # The editor's old diff dropped values equal to the schema default (factor 2) and
    # showed "—" for them. A draft that leaves the default out compares equal, and a real
    # change shows the published 2.
    published = weihai()
    draft = weihai()
    del draft["scoring"]["multipliers"][0]["factor"]  # the default, 2
    assert diff_definitions(published, comparable(draft)) == []

    draft["scoring"]["multipliers"][0]["factor"] = 4
    change = only(diff_definitions(published, comparable(draft)))

    assert (change["path"], change["old"], change["new"]) == ("scoring.multipliers[0].factor", 2, 4)
    assert change["text"]["zh"] == "造反成功的倍数 ×2 → ×4"
    assert "—" not in change["text"]["zh"] + change["text"]["en"]


def test_an_insertion_at_the_front_of_a_list_is_one_change() -> None:
    old = weihai()
    new = weihai()
    new["scoring"]["multipliers"].insert(0, {"event": "open_guard", "factor": 2})
    new["notes"].insert(0, "House rule: an open guard doubles.")

    changes = diff_definitions(old, new)

    assert [(c["path"], c["change"]) for c in changes] == [
        ("notes[0]", "added"),
        ("scoring.multipliers[0]", "added"),
    ]
    assert changes[0]["text"]["zh"] == "新增备注：「House rule: an open guard doubles.」"
    assert changes[1]["text"] == {
        "zh": "新增倍数：明保 ×2",
        "en": "New multiplier: ×2 for an open guard",
    }


def test_a_house_note_is_quoted_in_the_sentence_language() -> None:
    old = weihai()
    new = weihai()
    note = {"zh": "本桌明保也翻倍。", "en": "At this table an open guard doubles too."}
    new["house_notes"].insert(0, note)

    changes = diff_definitions(old, new)

    assert [(c["path"], c["change"], c["old"], c["new"]) for c in changes] == [
        ("house_notes[0]", "added", None, note)
    ]
    assert changes[0]["text"] == {
        "zh": "新增规则说明：「本桌明保也翻倍。」",
        "en": "New house note: “At this table an open guard doubles too.”",
    }


def test_an_edited_house_note_is_one_change_and_a_dropped_one_is_removed() -> None:
    old = weihai()
    first, second = old["house_notes"][0], old["house_notes"][1]
    new = weihai()
    new["house_notes"][0] = {**first, "en": "Edited."}
    del new["house_notes"][1]

    changes = diff_definitions(old, new)

    assert [(c["path"], c["change"]) for c in changes] == [
        ("house_notes[0]", "changed"),
        ("house_notes[1]", "removed"),
    ]
    assert changes[0]["text"]["en"] == f"House note changed: “{first['en']}” → “Edited.”"
    # Only the English was edited: the Chinese sentence quotes the English texts.
    assert changes[0]["text"]["zh"] == f"规则说明改为：「{first['en']}」 → 「Edited.」"
    assert changes[1]["text"]["zh"] == f"删去规则说明：「{second['zh']}」"


def test_a_removed_row_is_one_change_describing_the_whole_row() -> None:
    old = weihai()
    new = weihai()
    del new["scoring"]["two_person"]["rows"][0]

    change = only(diff_definitions(old, new))

    assert (change["path"], change["change"], change["new"]) == (
        "scoring.two_person.rows[0]",
        "removed",
        None,
    )
    assert change["text"]["zh"] == "删去计分：皇帝头客、侍卫二客时皇帝 6、侍卫 3、每个平民 −3"


def test_card_removals_are_matched_by_rank() -> None:
    old = copy.deepcopy(BUNDLED["baike-common"])
    new = weihai()
    changes = [c for c in diff_definitions(old, new) if c["path"].startswith("deck.remove")]

    assert [c["text"]["zh"] for c in changes] == [
        "去掉所有的 3",
        "去掉所有的 4",
        "去掉所有的 5",
        "去掉任意三张 6",
    ]
    assert changes[3]["text"]["en"] == "Also remove any 3 cards of rank 6"
    fewer = weihai()
    fewer["deck"]["remove"][3]["count"] = 2
    change = only(diff_definitions(weihai(), fewer))
    assert change["path"] == "deck.remove[3]"
    assert change["text"]["zh"] == "去掉的牌：任意三张 6 → 任意两张 6"


def test_bidding_steps_are_matched_by_kind_and_a_move_is_one_change() -> None:
    old = weihai()
    new = weihai()
    new["bidding"]["flow"][1]["rounds"] = 1
    change = only(diff_definitions(old, new))
    assert change["path"] == "bidding.flow[1].rounds"
    assert change["text"]["zh"] == "叫牌步骤「登基或让位」，让位轮数：2 → 1"

    moved = weihai()
    moved["bidding"]["flow"][0], moved["bidding"]["flow"][1] = (
        moved["bidding"]["flow"][1],
        moved["bidding"]["flow"][0],
    )
    change = only(diff_definitions(old, moved))
    assert (change["path"], change["change"]) == ("bidding.flow", "changed")
    assert change["text"]["zh"] == (
        "叫牌顺序：抢独 → 登基或让位 → 流局重发 改为 登基或让位 → 抢独 → 流局重发"
    )


def test_tribute_rules_are_matched_by_their_condition() -> None:
    old = copy.deepcopy(BUNDLED["baike-qingdao"])
    new = copy.deepcopy(old)
    rule = next(r for r in new["tribute"]["rules"] if r["when"].get("ranks") == [1, 2])
    rule["give"][0]["count"] = 2
    new["tribute"]["rules"].insert(0, copy.deepcopy(new["tribute"]["rules"][-1]))
    new["tribute"]["rules"][0]["when"]["guard"] = "open"

    changes = diff_definitions(old, new)

    assert [c["change"] for c in changes] == ["added", "changed"]
    assert changes[1]["path"].endswith(".give[0].count") or changes[1]["path"].endswith(".give")
    assert "进贡方：每个平民 1 张 → 每个平民 2 张" in changes[1]["text"]["zh"]


def test_arbitrary_json_still_diffs_path_by_path() -> None:
    changes = diff_definitions({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}], "c": "x"})
    assert [(c["path"], c["old"], c["new"]) for c in changes] == [
        ("a[1].b", 2, 3),
        ("c", None, "x"),
    ]
    assert all(set(c["text"]) == {"zh", "en"} for c in changes)


# --------------------------------------------------------------------------- every pair

QUOTED = re.compile(r"「[^」]*」|“[^”]*”")
DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
LATIN = re.compile(r"[A-Za-z]+")
CARD_LETTERS = {"J", "Q", "K", "A"}


@pytest.mark.parametrize(("old", "new"), list(itertools.permutations(sorted(BUNDLED), 2)))
def test_every_change_between_bundled_variants_reads_as_a_sentence(old: str, new: str) -> None:
    changes = diff_definitions(BUNDLED[old], BUNDLED[new])
    assert changes
    for change in changes:
        for lang in ("zh", "en"):
            text = QUOTED.sub("", change["text"][lang])
            where = f"{change['path']} ({lang}): {change['text'][lang]}"
            assert text.strip(), where
            assert not DOTTED.search(text), where
            assert not SNAKE.search(text), where
            for word in ("None", "True", "False"):
                assert word not in text, where
        latin = set(LATIN.findall(QUOTED.sub("", change["text"]["zh"]))) - CARD_LETTERS
        assert not latin, f"{change['path']}: {change['text']['zh']}"
