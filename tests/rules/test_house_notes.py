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


# --------------------------------------------------------------------------- what a note is about
# (issue 34 §3: a house note never silently contradicts the rules)

#: Words of a note that restates a rule of the scoring, its multipliers, its tables or the
#: automatic play: such a note must say which rules it is about.
_RESTATES_A_RULE = re.compile(
    r"×\d|翻倍|加倍|翻一倍|翻两次|得分|分数|积分表|[+−]\d+ / |扣\d|托管|进贡|科贡"
)


def _note_doc(**note: Any) -> dict[str, Any]:
    doc = _base()
    doc["house_notes"] = [{"zh": "造反成功分数×2。", "en": "A rebellion doubles.", **note}]
    return doc


def test_a_note_declares_the_rules_it_is_about() -> None:
    report = validate_definition(_note_doc(about=["scoring.multipliers"]))

    assert report.valid, report.problems
    assert report.variant is not None
    (note,) = report.variant.house_notes
    assert note.about == ["scoring.multipliers"]
    assert note.checked is None
    assert kind_of("house_notes[0].about") == kind_of("house_notes[].checked") == "descriptive"


@pytest.mark.parametrize(
    ("note", "path", "code"),
    [
        ({"about": "scoring.multipliers"}, "house_notes[0].about", "list_type"),
        ({"about": [3]}, "house_notes[0].about[0]", "string_type"),
        (
            {"about": ["scoring.multipliers"], "checked": "ABC"},
            "house_notes[0].checked",
            "string_pattern_mismatch",
        ),
        (
            {"about": ["scoring.multipliers"], "checked": 123456},
            "house_notes[0].checked",
            "string_type",
        ),
        ({"about": ["scoring.multiplier"]}, "house_notes[0].about[0]", "note_about_unknown"),
        ({"about": ["house_notes"]}, "house_notes[0].about[0]", "note_about_unknown"),
        (
            {"about": ["scoring.two_person.rows[0]"]},
            "house_notes[0].about[0]",
            "note_about_unknown",
        ),
        ({"checked": "abcdef"}, "house_notes[0].checked", "note_checked_without_about"),
    ],
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_wrong_about_or_checked_is_a_problem_in_both_languages(
    note: dict[str, Any], path: str, code: str, lang: str
) -> None:
    from baohuang.i18n import ensure_configured, speaking

    ensure_configured()
    with speaking(lang):
        report = validate_definition(_note_doc(**note))

    assert not report.valid
    (problem,) = report.problems
    assert (problem.path, problem.code, problem.severity) == (path, code, "error")
    if lang == "zh":
        assert re.search(r"[\u4e00-\u9fff]", problem.message), problem.message
        # Apart from the value quoted back, no English word.
        quoted = re.sub(r"'[^']*'|“[^”]*”", "", problem.message)
        assert not re.findall(r"[A-Za-z]{3,}", quoted), problem.message
    else:
        assert not re.search(r"[\u4e00-\u9fff]", problem.message), problem.message


def test_the_fingerprint_follows_the_fields_and_only_them() -> None:
    from baohuang.rules.notes import fingerprint

    doc = _base()
    variant = validate_definition(doc).variant
    assert variant is not None
    about = ["scoring.multipliers", "scoring.solo"]
    before = fingerprint(variant, about)
    assert re.fullmatch(r"[a-z]{6}-[a-z]{6}", before)
    # Defaults written out or left out: the same fingerprint (the complete rules are read).
    full = validate_definition(variant.model_dump(mode="json")).variant
    assert full is not None
    assert fingerprint(full, about) == before
    doc["scoring"]["multipliers"] = [{"event": "rebellion", "factor": 4}]
    changed = validate_definition(doc).variant
    assert changed is not None
    after = fingerprint(changed, about)
    assert after.split("-")[0] != before.split("-")[0]
    assert after.split("-")[1] == before.split("-")[1]
    doc["deal"]["first_dealer"] = 3  # another rule: the note's fields are unchanged
    assert fingerprint(validate_definition(doc).variant, about) == after  # type: ignore[arg-type]


def test_a_note_goes_stale_when_its_rule_changes_and_names_it() -> None:
    from baohuang.rules.notes import fingerprint, pin_definition, stale_notes

    doc = _base()
    first = validate_definition(doc).variant
    assert first is not None
    doc["house_notes"] = [
        {"zh": "造反成功分数×2。", "en": "A rebellion doubles.", "about": ["scoring.multipliers"]},
        {"zh": "本桌从头客开始发牌。", "en": "The first out deals next.", "about": ["deal"]},
    ]
    read = validate_definition(doc).variant
    assert read is not None
    pinned = pin_definition(doc, read)
    assert pinned is not doc
    assert "checked" not in doc["house_notes"][0]
    assert pinned["house_notes"][0]["checked"] == fingerprint(first, ["scoring.multipliers"])

    pinned["scoring"]["multipliers"] = [{"event": "rebellion", "factor": 4}]
    report = validate_definition(pinned)

    assert report.valid  # a warning, not an error: the rules themselves are fine
    assert report.variant is not None
    assert stale_notes(report.variant) == [(0, ["scoring.multipliers"])]
    (warning,) = [p for p in report.problems if p.code == "note_stale"]
    assert warning.path == "house_notes[0]"
    assert warning.params == {"note": 1, "fields": ["scoring.multipliers"]}
    assert "the scoring" in warning.message
    # Confirming it again (the fingerprint left out and taken anew) clears the flag.
    del pinned["house_notes"][0]["checked"]
    again = pin_definition(pinned, report.variant)
    assert not [p for p in validate_definition(again).problems if p.code == "note_stale"]


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_bundled_notes_that_restate_a_rule_say_which_and_are_confirmed(path: Path) -> None:
    from baohuang.rules.notes import stale_notes

    v = load_bundled(path.stem)
    for note in v.house_notes:
        if _RESTATES_A_RULE.search(note.zh):
            assert note.about, f"a note that restates a rule names none: {note.zh}"
            assert note.checked, f"a bundled note is confirmed: {note.zh}"
    assert stale_notes(v) == [], "a bundled note is stale: confirm or rewrite it"
