"""A field's words and kind are written once, on the model, and every reader has them (issue 36).

Adding a field to the language needs its ``FieldMeta`` (its name in the game's terms, and
for a leaf its kind) beside its type, and its Chinese in the rules catalog. These tests fail
when a field lacks either, or when one of the places that show fields (the rulebook's
labels, the editor's generated table, the docs' language reference) does not carry it.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

import pytest
from pydantic import BaseModel

from baohuang.i18n import speaking
from baohuang.rulebook import labels
from baohuang.rules.field_kinds import FIELD_KINDS, KINDS
from baohuang.rules.fields import LanguageField, field_problems, language_fields
from baohuang.rules.model import FieldMeta
from baohuang.rules.texts import pgettext_lazy

ROOT = Path(__file__).resolve().parents[2]
FIELDS = language_fields()
#: Latin letters a Chinese name may contain: card faces.
_CARD_FACES = re.compile(r"(?<![A-Za-z])[JQKA](?![A-Za-z])")


def _both(field: LanguageField) -> tuple[str, str]:
    with speaking("zh"):
        zh = str(field.label)
    with speaking("en"):
        en = str(field.label)
    return zh, en


def test_every_field_of_the_language_has_its_metadata() -> None:
    assert field_problems() == []
    assert len(FIELDS) > 180
    assert {f.path for f in FIELDS if f.leaf} == set(FIELD_KINDS)


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.path)
def test_every_field_has_words_in_both_languages_and_a_leaf_a_kind(field: LanguageField) -> None:
    zh, en = _both(field)

    assert en.strip()
    assert zh.strip()
    assert zh != en, f"{field.path}: no Chinese in the rules catalog for {en!r}"
    assert not re.search(r"[A-Za-z]", _CARD_FACES.sub("", zh)), zh
    assert "_" not in en
    # One convention: the English name is plain English; the game's Chinese term is the
    # Chinese name (and the field's description), never in brackets after the English.
    assert not re.search(r"[\u4e00-\u9fff]", en), en
    if field.leaf:
        assert field.kind in KINDS
    else:
        assert field.kind is None


def test_a_field_without_its_words_or_kind_is_found() -> None:
    class Inner(BaseModel):
        counted: Annotated[int, FieldMeta(pgettext_lazy("field", "Counted"))] = 0

    class Outer(BaseModel):
        bare: int = 0
        unnamed: Annotated[int, FieldMeta(None, "play")] = 0
        inner: Annotated[Inner, FieldMeta(pgettext_lazy("field", "Inner"), "play")]

    problems = "\n".join(field_problems(Outer))

    assert "bare (Outer.bare): no FieldMeta" in problems
    assert "unnamed (Outer.unnamed): no label" in problems
    assert "inner (Outer.inner): a section has no kind" in problems
    assert "inner.counted (Inner.counted): a leaf field without a kind" in problems


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f.path)
def test_the_rulebook_names_every_field_with_the_models_words(field: LanguageField) -> None:
    assert labels.FIELD_LABELS[field.key] is field.label
    for lang, words in zip(("zh", "en"), _both(field), strict=True):
        with speaking(lang):
            assert labels.field_label(field.path) == words


def test_the_editors_generated_table_carries_every_field() -> None:
    """``frontend/src/generated/fields.ts`` (``make types``) has each field's two names and
    kind; tests/editor/test_generated_types.py checks it is what the server produces now."""
    table = (ROOT / "frontend" / "src" / "generated" / "fields.ts").read_text(encoding="utf-8")
    labelled = dict(re.findall(r'^  "f\.([^"]+)": (\[.*\]),$', table, re.MULTILINE))
    kinds = dict(re.findall(r'^  "([^"]+)": "(play|settlement|descriptive)",$', table, re.M))
    for field in FIELDS:
        zh, en = _both(field)
        assert labelled.get(field.key) == _ts_pair(zh, en), field.key
        if field.leaf:
            assert kinds.get(field.key) == field.kind, field.key


def _ts_pair(zh: str, en: str) -> str:
    return f"[{json.dumps(zh, ensure_ascii=False)}, {json.dumps(en, ensure_ascii=False)}]"


def _docs_extension() -> ModuleType:
    path = ROOT / "docs" / "_ext" / "baohuang_docs.py"
    spec = importlib.util.spec_from_file_location("baohuang_docs", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_language_reference_shows_every_fields_words_and_kind() -> None:
    pytest.importorskip("sphinx")
    page: Any = _docs_extension().language_page()
    blocks = {
        m[1]: m[2]
        for m in re.finditer(r"^#{2,3} `([^`]+)`[^\n]*\n(.*?)(?=^#{2,3} |\Z)", page, re.M | re.S)
    }
    for field in FIELDS:
        zh, en = _both(field)
        block = blocks.get(field.path)
        assert block is not None, f"{field.path}: not in the language reference"
        assert f"Words: {zh} / {en}" in block, field.path
        if field.leaf:
            assert f"*{field.kind}*" in block, field.path
