"""One word per thing on every surface (issue 34 §4): the glossary's terms, never its avoided
words, in the editor's catalog and in every server catalog; the rulebook's own words for
places, events and cards are the glossary's."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.utils import translation

from baohuang.rules import words
from baohuang.rules.glossary import BY_KEY, TERMS, avoided_words, term

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted((ROOT / "baohuang").glob("*/locale/zh_Hans/LC_MESSAGES/django.po"))
EDITOR_CATALOG = ROOT / "frontend" / "src" / "generated" / "messages.ts"
#: ``"key": ["中文", "English"],`` — one entry of the editor's catalog.
_ENTRY = re.compile(r'^\s*"([^"]+)":\s*\["((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\]', re.M)


def _offences(texts: list[tuple[str, str, str]]) -> list[str]:
    """``where: word (use TERM) in «text»`` for every avoided word of (where, zh, en)."""
    found = []
    for where, zh, en in texts:
        for word, entry in avoided_words(zh):
            found.append(f"{where}: {word} (say {entry.zh}) in «{zh}»")
        for word, entry in avoided_words(en, english=True):
            found.append(f"{where}: {word} (say {entry.en}) in «{en}»")
    return found


def test_the_glossary_is_one_word_per_thing() -> None:
    assert len(BY_KEY) == len(TERMS)
    chosen = {t.zh for t in TERMS}
    for entry in TERMS:
        # An avoided word is never another thing's term (then it could not be avoided).
        assert not set(entry.avoid) & chosen, entry
        assert entry.zh
        assert entry.en
    assert term("rebel").zh == "平民"
    assert avoided_words("每个反贼得分") == [("反贼", term("rebel"))]
    assert avoided_words("The king of kicking", english=True) == [("king", term("emperor"))]
    assert avoided_words("kicking", english=True) == []


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parts[-5])
def test_server_catalogs_use_the_glossary(path: Path) -> None:
    texts = []
    for entry in polib.pofile(str(path)):
        zh = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        en = " ".join([entry.msgid, entry.msgid_plural or ""])
        texts.append((f"{path.parts[-5]} «{entry.msgid[:40]}»", zh, en))
    assert _offences(texts) == []


def test_the_editor_catalog_uses_the_glossary() -> None:
    entries = _ENTRY.findall(EDITOR_CATALOG.read_text(encoding="utf-8"))
    assert len(entries) > 500  # the pattern still reads the catalog
    assert _offences([(key, zh, en) for key, zh, en in entries]) == []


def test_the_rulebook_words_are_the_glossary_terms() -> None:
    with translation.override("zh-hans"):
        places = [words.place_word(n) for n in range(1, 6)]
        assert places == [term(f"place_{n}").zh for n in range(1, 6)]
        assert words.rank_word("BJ") == term("big_joker").zh
        assert words.rank_word("SJ") == term("small_joker").zh
        for event, key in [("open_guard", "open_guard"), ("rebellion", "rebellion")]:
            assert words.event_word(event) == term(key).zh
            assert words.event_word(event, english=True) == term(key).en
        assert words.event_word("solo") == term("solo").zh
        assert words.event_word("kick") == term("kick").zh
    assert [words.place_word(n, english=True) for n in range(1, 6)] == [
        term(f"place_{n}").en for n in range(1, 6)
    ]
