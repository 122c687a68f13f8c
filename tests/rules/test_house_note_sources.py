"""House notes speak to players (issue 34 §3): they state the house rule in the game's words.
Where a rule came from — the source's text, the encyclopedia, a platform's rules, "this rule
set's own assumption" — is for the maintainers' ``notes``, and a printed rulebook must not
read "原文没说…" or "照联众的规则".

Every bundled variant is checked; none may speak of its sources."""

from __future__ import annotations

import re

import pytest

from baohuang.rules import bundled_variant_paths, load_bundled

#: Words that talk about where a rule came from, in Chinese and in English.
SOURCE_WORDS_ZH = ("原文", "百科", "同城游", "联众", "竞技世界", "本规则", "来源", "出处", "网页")
SOURCE_WORDS_EN = (
    "source",
    "encyclopedia",
    "baike",
    "Tongchengyou",
    "Lianzhong",
    "JJ",
    "this rule set",
    "our assumption",
    "assumed",
    "the page",
    "these rules' own",
)
_EN = re.compile(r"\b(" + "|".join(re.escape(w) for w in SOURCE_WORDS_EN) + r")", re.IGNORECASE)


def source_remarks(variant_id: str) -> list[str]:
    """Every house note of the variant (zh and en) that speaks of a source, with the word."""
    found: list[str] = []
    for i, note in enumerate(load_bundled(variant_id).house_notes):
        for word in SOURCE_WORDS_ZH:
            if word in note.zh:
                found.append(f"house_notes[{i}].zh: {word}")
        for match in _EN.finditer(note.en):
            found.append(f"house_notes[{i}].en: {match.group(1)}")
    return found


def test_the_word_lists_catch_the_remarks_the_issue_quotes() -> None:
    """The lists find what the issue saw (原文, 百科, 同城游) and leave the game's words."""
    sample = "原文没说下一局谁先发牌；本规则照百科的说法，同城游原文没说。"
    assert [w for w in SOURCE_WORDS_ZH if w in sample] == ["原文", "百科", "同城游", "本规则"]
    assert _EN.search("The source does not say who deals")
    assert not _EN.search("The side that goes out first wins; the emperor scores +2.")
    assert not [w for w in SOURCE_WORDS_ZH if w in "造反成功分数×2，踢成功分数×2。"]


@pytest.mark.parametrize("variant_id", [path.stem for path in bundled_variant_paths()])
def test_no_players_note_speaks_of_a_source(variant_id: str) -> None:
    assert source_remarks(variant_id) == []
