"""What the tests of the console script share: a variant document to vary, a file writer,
and ``run``, the script run in-process through ``main([...])``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from baohuang.cli import main
from baohuang.rules.loader import VARIANTS_DIR

BUNDLED = VARIANTS_DIR / "baike-common.yaml"


def base() -> dict[str, Any]:
    """The bundled baike-common variant as a plain dict."""
    data = yaml.safe_load(BUNDLED.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def write(path: Path, data: Any) -> Path:
    """Write a document as YAML and return its path."""
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the console script; return (exit status, stdout, stderr)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err
