"""The game's own words, once: one Chinese and one English term per thing, for every surface.

docs/rules.md §1 lists the names players use (a guard is 侍卫, 保子 or 小保; a rebel 革命党,
起义军, 反贼 or 平民). A tool that says 反贼 in the editor, 平民 in the rulebook and 革命党 in
a warning reads as three different people, so every text the operator sees — the editor's
strings (``baohuang/editor/messages.py``, generated into ``frontend/src/generated/messages.ts``),
the server's catalogs (``baohuang/*/locale``), the rulebook — uses the term below and none of
its ``avoid`` words. ``tests/rules/test_glossary.py`` scans those texts and fails on an avoided
word.

The terms follow the sources' most common usage and the rulebook's existing wording (平民:
the word the rulebook and the house notes already used; 反贼 stays only inside the name of
亮反 and in quotations of a source).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One thing of the game: its identifier, the Chinese and English term, the words that
    other sources use for it and this tool does not (Chinese ``avoid``, English
    ``avoid_en``)."""

    key: str
    zh: str
    en: str
    avoid: tuple[str, ...] = ()
    avoid_en: tuple[str, ...] = ()


#: Every term, grouped as the rulebook introduces them.
TERMS: tuple[Term, ...] = (
    # People and sides.
    Term("emperor", "皇帝", "emperor", ("皇上", "地主"), ("landlord", "king")),
    Term("guard", "侍卫", "guard", ("保子", "小保", "保镖"), ("bodyguard", "minister")),
    Term("rebel", "平民", "rebel", ("反贼", "革命党", "起义军", "农民"), ("peasant", "commoner")),
    Term("royals", "保皇派", "royals", ("保皇方", "保皇党"), ("loyalist",)),
    Term("solo", "独保", "solo", ("单保",)),
    # Cards.
    Term("big_joker", "大王", "big joker", ("大鬼", "大猫")),
    Term("small_joker", "小王", "small joker", ("小鬼", "小猫")),
    Term("emperor_card", "皇牌", "emperor card", ("权杖牌", "皇帝牌")),
    Term("guard_card", "侍卫牌", "guard card", ("宝剑牌",)),
    # Bidding.
    Term("ascend", "登基", "ascend"),
    Term("abdicate", "让位", "abdicate"),
    Term("force_throne", "逼位", "forced to take the throne"),
    Term("grab_solo", "抢独", "grab solo"),
    Term("attach", "贴牌", "attach"),
    # Declarations.
    Term("open_guard", "明保", "open guard", ("亮保",)),
    Term("hidden_guard", "暗保", "hidden guard"),
    Term("rebellion", "造反", "rebellion", ("起义", "反叛")),
    Term("kick", "踢", "kick"),
    # Play.
    Term("hold_back", "憋牌", "hold back"),
    Term("shut_in", "闷", "shut in"),
    Term("roast", "烤牌", "roast"),
    Term("wind", "接风", "take the lead", ("借风",)),
    # Finish places, first out to last out.
    Term("place_1", "头客", "1st out", ("头游", "上游")),
    Term("place_2", "二客", "2nd out", ("二游",)),
    Term("place_3", "三客", "3rd out", ("三游",)),
    Term("place_4", "二落", "4th out", ("四客", "四游")),
    Term("place_5", "大落", "5th out", ("落客", "末客", "五客", "末游", "下游")),
    # After the game.
    Term("tribute", "进贡", "tribute", ("上贡", "纳贡")),
)

#: The terms by key.
BY_KEY: dict[str, Term] = {term.key: term for term in TERMS}


def term(key: str) -> Term:
    """The term ``key`` (``"rebel"`` → 反贼 / rebel); a KeyError for an unknown key."""
    return BY_KEY[key]


def avoided_words(text: str, english: bool = False) -> list[tuple[str, Term]]:
    """Every avoided word in ``text`` with the term to use instead (Chinese by default,
    English words, matched as whole words without case, with ``english``)."""
    found: list[tuple[str, Term]] = []
    lowered = text.lower()
    for entry in TERMS:
        for word in entry.avoid_en if english else entry.avoid:
            if english:
                if _has_word(lowered, word):
                    found.append((word, entry))
            elif word in text:
                found.append((word, entry))
    return found


def _has_word(text: str, word: str) -> bool:
    """``word`` in ``text`` as a whole word (``king`` is not in ``kicking``)."""
    start = text.find(word)
    while start >= 0:
        end = start + len(word)
        before = text[start - 1] if start > 0 else " "
        after = text[end] if end < len(text) else " "
        if not before.isalpha() and not (after.isalpha() and after != "s"):
            return True
        start = text.find(word, start + 1)
    return False
