"""The server's shapes the web editor's TypeScript types are generated from (``make types``).

``python -m baohuang.editor.schemas OUT`` writes five files into the folder ``OUT``:

- ``variant.schema.json``: the variant language's JSON Schema (:func:`.loader.json_schema`,
  also ``baohuang schema`` and ``GET /api/v1/schema/variant/``);
- ``openapi.json``: the API's OpenAPI document (``/api/schema/``), in English;
- ``vocabulary.json``: the words of the language as lists the editor iterates over (ranks,
  suits, events, parties, the ordered pairs of finish ranks), from
  :mod:`baohuang.rules.vocabulary`;
- ``fields.json``: every field of the language by its key (``play.roast.joker_order``)
  with its name in Chinese and English and its kind, from the model
  (:mod:`baohuang.rules.fields`), the Chinese from the zh-Hans catalogs: the editor's field
  labels are these, so a field's words are written once and translated in one pipeline;
- ``messages.json``: the editor's own strings by their key (``ed.save``) in Chinese and
  English, from :mod:`baohuang.editor.messages` and this app's zh-Hans catalog: the same
  pipeline, so one translator edits the server's words and the editor's.

``frontend/scripts/types.mjs`` turns them into ``frontend/src/generated/*.ts`` (with
json-schema-to-typescript and openapi-typescript); ``tests/editor/test_generated_types.py``
fails when the committed files differ from what the current server produces. The output is
deterministic: the same code gives the same bytes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, get_args

#: The files :func:`dump` writes.
FILES = ("variant.schema.json", "openapi.json", "vocabulary.json", "fields.json", "messages.json")


def variant_schema() -> dict[str, Any]:
    """The JSON Schema of a variant definition."""
    from baohuang.rules import json_schema

    return json_schema()


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the API, as ``/api/schema/`` serves it, in English
    (the language of the generated types' comments, whatever the request's would be)."""
    from django.utils import translation
    from drf_spectacular.generators import SchemaGenerator

    with translation.override("en"):
        schema: dict[str, Any] = SchemaGenerator().get_schema(request=None, public=True)
        # Lazy translations inside the document become text in this language.
        text = json.dumps(schema, ensure_ascii=False, default=str)
    document: dict[str, Any] = json.loads(text)
    return document


def vocabulary() -> dict[str, Any]:
    """The words of the variant language the editor lists (one source: the rules package)."""
    from baohuang.rules import vocabulary as words

    return {
        "PLAIN_RANKS": list(words.PLAIN_RANKS),
        "JOKER_RANKS": list(words.JOKER_RANKS),
        "ALL_RANKS": list(words.ALL_RANKS),
        "SUITS": list(words.SUITS),
        "EVENTS": list(words.EVENTS),
        "PARTIES": list(get_args(words.Party)),
        "PLACES": list(words.PLACES),
        "ORDERED_RANK_PAIRS": [list(pair) for pair in words.ORDERED_RANK_PAIRS],
    }


def field_words() -> dict[str, dict[str, str]]:
    """``{key: {"zh", "en", "kind"}}`` for every field of the language, in model order
    (``kind`` is empty for a section)."""
    from baohuang.i18n import speaking
    from baohuang.rules.fields import language_fields

    out: dict[str, dict[str, str]] = {}
    for field in language_fields():
        with speaking("zh"):
            zh = str(field.label)
        with speaking("en"):
            en = str(field.label)
        out[field.key] = {"zh": zh, "en": en, "kind": field.kind or ""}
    return out


def editor_messages() -> dict[str, dict[str, str]]:
    """``{key: {"zh", "en"}}`` for every string of the editor, in :data:`.messages.MESSAGES`
    order (the Chinese from the catalog, the English the source text)."""
    from baohuang.editor.messages import MESSAGES
    from baohuang.i18n import speaking

    out: dict[str, dict[str, str]] = {}
    for key, text in MESSAGES.items():
        with speaking("zh"):
            zh = str(text)
        with speaking("en"):
            en = str(text)
        out[key] = {"zh": zh, "en": en}
    return out


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def dump(out: Path) -> list[Path]:
    """Write :data:`FILES` into ``out`` (created if missing); returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    made = (variant_schema(), openapi_document(), vocabulary(), field_words(), editor_messages())
    for name, data in zip(FILES, made, strict=True):
        _write(out / name, data)
        written.append(out / name)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m baohuang.editor.schemas OUT``: set up Django and write the files."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m baohuang.editor.schemas OUT_FOLDER", file=sys.stderr)
        return 2
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baohuang.project.settings")
    # Only the schemas are read here: nothing is served or signed, so a process without a
    # SECRET_KEY (a fresh clone running `make types`) gets a throwaway one.
    os.environ.setdefault("SECRET_KEY", "schema-dump-only-" + "x" * 40)
    import django

    django.setup()
    for path in dump(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
