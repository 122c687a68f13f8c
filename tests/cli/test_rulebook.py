"""``baohuang rulebook``: a bundled variant or a file, zh or en, md, html or json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baohuang.cli import main
from baohuang.rules import VARIANTS_DIR


def test_markdown_of_a_bundled_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulebook", "baike-weihai", "--lang", "zh", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# 威海玩法规则书")
    assert "| 皇帝＼侍卫 | 头客 | 二客 | 三客 | 二落 | 大落 |" in out


def test_html_of_a_file_to_an_output_file(tmp_path: Path) -> None:
    target = tmp_path / "bie3.html"
    source = str(VARIANTS_DIR / "tcy-bie3.yaml")
    assert main(["rulebook", source, "--lang", "en", "--format", "html", "-o", str(target)]) == 0
    page = target.read_text(encoding="utf-8")
    assert "<h1>Rulebook: Hold back the 3s (Tongchengyou)</h1>" in page


def test_json_and_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulebook", "hd", "--lang", "en", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant_id"] == "hd"
    assert main(["rulebook", "no-such-variant"]) == 2
    assert "neither a bundled variant id nor a file" in capsys.readouterr().err
