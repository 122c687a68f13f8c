"""House notes (issue #13): operator-facing notes in Chinese and English, no field names.

``notes`` are developer notes (seed citations, field names) for maintainers; ``house_notes``
are what a player reads in the rulebook's marked box, one text per language.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from baohuang.rules import bundled_variant_paths, load_bundled, validate_definition
from baohuang.rules.field_kinds import kind_of
from baohuang.rules.loader import VARIANTS_DIR
from baohuang.rules.model import HouseNote, Variant

PATHS = sorted(bundled_variant_paths())
IDS = [p.stem for p in PATHS]

#: A field name (``next_dealer``) or a dotted path (``tribute.shut_in``).
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+\b")
#: Latin letters a Chinese note may contain: the card faces J, Q, K, A standing alone.
_CARD_FACES = re.compile(r"(?<![A-Za-z])[JQKA](?![A-Za-z])")
#: Words a developer note uses and a player never should.
_DEVELOPER_WORDS = re.compile(r"RULES\.md|§|\bseed\b|\bnull\b|\btrue\b|\bfalse\b", re.I)


def _base() -> dict[str, Any]:
    data = yaml.safe_load((VARIANTS_DIR / "baike-common.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return copy.deepcopy(data)


def _every_enum_word() -> set[str]:
    """Raw enum values of the language with an underscore (``first_finisher`` …)."""
    schema = Variant.model_json_schema()
    words: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("enum", "const"):
                values = node.get(key)
                for v in values if isinstance(values, list) else [values]:
                    if isinstance(v, str) and "_" in v:
                        words.add(v)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    return words


# --------------------------------------------------------------------------- the language


def test_house_notes_are_optional_and_descriptive() -> None:
    doc = _base()
    doc.pop("house_notes", None)
    report = validate_definition(doc)
    assert report.valid
    assert report.variant is not None
    assert report.variant.house_notes == []
    assert kind_of("house_notes[0].zh") == kind_of("house_notes[].en") == "descriptive"
    described = Variant.model_fields["notes"].description or ""
    assert "maintainers" in described
    assert "house_notes" in described


def test_a_house_note_in_both_languages_is_accepted() -> None:
    doc = _base()
    doc["house_notes"] = [{"zh": "本桌明保也翻倍。", "en": "At this table an open guard doubles."}]
    report = validate_definition(doc)
    assert report.valid
    assert report.variant is not None
    assert report.variant.house_notes == [
        HouseNote(zh="本桌明保也翻倍。", en="At this table an open guard doubles.")
    ]


@pytest.mark.parametrize("missing", ["zh", "en"])
def test_a_house_note_without_one_language_is_a_problem(missing: str) -> None:
    doc = _base()
    note = {"zh": "本桌明保也翻倍。", "en": "At this table an open guard doubles."}
    del note[missing]
    doc["house_notes"] = [note]

    report = validate_definition(doc)

    assert not report.valid
    (problem,) = report.problems
    assert problem.path == f"house_notes[0].{missing}"
    assert problem.code == "missing"
    assert problem.message == "This field is required."


@pytest.mark.parametrize("empty", ["zh", "en"])
def test_an_empty_house_note_text_is_a_problem(empty: str) -> None:
    doc = _base()
    doc["house_notes"] = [{"zh": "本桌明保也翻倍。", "en": "An open guard doubles.", empty: ""}]

    report = validate_definition(doc)

    (problem,) = report.problems
    assert problem.path == f"house_notes[0].{empty}"
    assert problem.code == "string_too_short"


def test_a_house_note_written_as_plain_text_is_a_problem() -> None:
    doc = _base()
    doc["house_notes"] = ["An open guard doubles."]

    report = validate_definition(doc)

    assert not report.valid
    assert [p.path for p in report.problems] == ["house_notes[0]"]
    assert report.problems[0].code


def test_an_unknown_language_in_a_house_note_is_a_problem() -> None:
    doc = _base()
    doc["house_notes"] = [{"zh": "明保翻倍。", "en": "An open guard doubles.", "de": "Doppelt."}]

    report = validate_definition(doc)

    (problem,) = report.problems
    assert problem.path == "house_notes[0].de"
    assert problem.code == "unknown_field"


# --------------------------------------------------------------------------- the bundled notes


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_every_bundled_variant_has_house_notes_in_both_languages(path: Path) -> None:
    v = load_bundled(path.stem)
    assert 3 <= len(v.house_notes) <= 16
    assert v.notes, "the developer notes stay"
    for note in v.house_notes:
        assert note.zh.strip()
        assert note.en.strip()
        assert re.search(r"[\u4e00-\u9fff]", note.zh), note.zh
    assert len({n.zh for n in v.house_notes}) == len(v.house_notes)
    assert len({n.en for n in v.house_notes}) == len(v.house_notes)


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_house_notes_name_no_field_path_or_raw_value(path: Path) -> None:
    v = load_bundled(path.stem)
    enum_words = _every_enum_word()
    for note in v.house_notes:
        for text in (note.zh, note.en):
            assert not _SNAKE.findall(text), text
            assert not _DOTTED.findall(text), text
            assert not _DEVELOPER_WORDS.findall(text), text
            assert not [w for w in enum_words if w in text], text


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_chinese_house_notes_have_no_latin_words(path: Path) -> None:
    v = load_bundled(path.stem)
    for note in v.house_notes:
        # No run of three or more Latin letters at all; the only Latin letters allowed
        # are the card faces J, Q, K, A standing alone (the rulebook's own allowance).
        assert not re.findall(r"[A-Za-z]{3,}", note.zh), note.zh
        latin = re.findall(r"[A-Za-z]+", _CARD_FACES.sub("", note.zh))
        assert not latin, (sorted(set(latin)), note.zh)


def test_the_house_notes_use_the_rulebook_terms() -> None:
    """The rebels are 平民 in the rulebook: the house notes say so too."""
    zh = "".join(n.zh for p in PATHS for n in load_bundled(p.stem).house_notes)
    for other in ("反贼", "起义军", "革命党", "农民"):
        # Only inside a quotation of the source (“…”), never in the notes' own words.
        outside = re.sub(r"“[^”]*”", "", zh)
        assert other not in outside, other
    assert "平民" in zh
    assert "登基" in zh
    assert "让位" in zh
