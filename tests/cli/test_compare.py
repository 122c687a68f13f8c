"""`baohuang compare` (issue 15, **contract**), run in-process through `main([...])`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.cli.console import run
from tests.simulation.test_rescore import doubled


def test_compare_json_is_the_contract_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "weihai-doubled.yaml"
    file.write_text(yaml.safe_dump(doubled().model_dump(mode="json"), allow_unicode=True))
    status, out, err = run(
        capsys, "compare", "baike-weihai", str(file), "--games", "10", "--seed", "3", "--json"
    )
    assert status == 0
    assert err == ""
    data = json.loads(out)
    assert data["play_unchanged"] is True
    assert data["games"] == 10
    for m in data["metrics"]:
        assert {"name", "a", "b", "diff", "ci95", "significant", "method"} <= set(m)
        assert len(m["ci95"]) == 2


def test_compare_table_and_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("compare", "baike-common", "baike-weihai", "--games", "12", "--seed", "5")
    status, out, _ = run(capsys, *args, "--all")
    assert status == 0
    assert "这两个版本打法不同" in out
    assert "plays_per_game" in out
    assert "95% CI" in out
    _, one, _ = run(capsys, *args, "--json")
    _, two, _ = run(capsys, *args, "--json", "--workers", "2")
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k != "elapsed_s"}  # noqa: E731
    assert strip(one) == strip(two)


def test_compare_problems(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "compare", "baike-common", "nope", "--games", "2", "--seed", "1")
    assert status == 1
    assert "neither a bundled variant id nor a file" in err
