"""The editor's generated TypeScript shapes are those the current server produces.

``frontend/src/generated/`` is written by ``make types`` from the variant JSON Schema, the
OpenAPI document and the language's word lists (:mod:`baohuang.editor.schemas`). This test
regenerates them into a temporary folder with the same generators and compares: a model,
serializer or endpoint changed without ``make types`` fails here, naming the stale files.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from baohuang.editor.messages import MESSAGES
from baohuang.editor.schemas import FILES, dump, editor_messages
from tests.prerequisites import require

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
GENERATED = FRONTEND / "src" / "generated"
OUTPUTS = ("variant.ts", "api.ts", "vocabulary.ts", "fields.ts", "messages.ts")


def test_the_dump_is_deterministic(tmp_path: Path) -> None:
    first = dump(tmp_path / "a")
    second = dump(tmp_path / "b")
    assert [p.name for p in first] == list(FILES)
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_the_editors_strings_come_from_the_catalog_in_both_languages() -> None:
    """The editor reads its words from the gettext catalog one translator edits: each key has
    its English source and the catalog's Chinese, placeholders kept."""
    words = editor_messages()
    assert list(words) == list(MESSAGES)
    assert words["ed.save"] == {"zh": "保存草稿", "en": "Save draft"}
    assert words["list.basedOn"] == {"zh": "来自 {slug} 第 {n} 版", "en": "from {slug} v{n}"}
    # A string missing from the catalog would come out in English in the Chinese editor.
    same = [key for key, text in words.items() if text["zh"] == text["en"]]
    assert len(same) < 10, same


def test_generated_types_are_up_to_date(tmp_path: Path) -> None:
    node = shutil.which("node")
    require(node, "Node.js is not installed: the TypeScript generators cannot run")
    require(
        (FRONTEND / "node_modules" / "openapi-typescript").is_dir()
        and (FRONTEND / "node_modules" / "json-schema-to-typescript").is_dir(),
        "frontend/node_modules is missing the type generators: run `npm ci` in frontend/ "
        "(`make frontend` does)",
    )
    assert node is not None
    dump(tmp_path / "schemas")
    run = subprocess.run(
        [node, "scripts/types.mjs", str(tmp_path / "schemas"), str(tmp_path / "out")],
        cwd=FRONTEND,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    stale = [
        name
        for name in OUTPUTS
        if not (GENERATED / name).is_file()
        or (GENERATED / name).read_bytes() != (tmp_path / "out" / name).read_bytes()
    ]
    assert not stale, (
        f"frontend/src/generated/{{{','.join(stale)}}} differ from what the current server "
        "schemas produce: run `make types` and commit the result"
    )
