"""The adaptive player's calibration is stored on disk (issue 35): a second process (a
Celery worker, the CLI) reads it instead of calibrating again, and a damaged file is
calibrated again rather than failing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baohuang.bots import adaptive
from baohuang.bots.adaptive import (
    CACHE_DIR_ENV,
    Calibration,
    _Cache,
    cache_dir,
    calibration_path,
)
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.rules import load_bundled

#: A small budget: the test is about where the calibration comes from, not its quality.
DEALS, PER_BAND = 40, 4


@pytest.fixture
def cv() -> CompiledVariant:
    return compile_variant(load_bundled("baike-weihai"))


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    return tmp_path


def _no_trials(*args: object, **kwargs: object) -> None:
    raise AssertionError("calibrated again instead of reading the stored calibration")


def test_the_folder_comes_from_the_environment(folder: Path) -> None:
    assert cache_dir() == folder


def test_a_second_cache_reads_the_file_and_does_not_calibrate(
    cv: CompiledVariant, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _Cache(4).get(cv, DEALS, PER_BAND)
    path = calibration_path(cv, DEALS, PER_BAND)
    assert path.is_file()
    assert path.parent.parent == folder
    assert not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]
    monkeypatch.setattr(adaptive, "trials", _no_trials)
    second = _Cache(4).get(cv, DEALS, PER_BAND)
    assert second == first
    assert second.thresholds  # the thresholds themselves, not an empty shell


def test_a_second_process_reads_the_file(cv: CompiledVariant, folder: Path) -> None:
    first = _Cache(4).get(cv, DEALS, PER_BAND)
    script = (
        "import json, sys\n"
        "from baohuang.bots import adaptive\n"
        "from baohuang.engine.compiled import compile_variant\n"
        "from baohuang.rules import load_bundled\n"
        "def refuse(*a, **k):\n"
        "    raise SystemExit('calibrated again')\n"
        "adaptive.trials = refuse\n"
        "cv = compile_variant(load_bundled('baike-weihai'))\n"
        f"found = adaptive.calibration_for(cv, {DEALS}, {PER_BAND})\n"
        "print(json.dumps(found.summary(), sort_keys=True))\n"
    )
    env = dict(os.environ, **{CACHE_DIR_ENV: str(folder)})
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(first.summary(), sort_keys=True))


@pytest.mark.parametrize("damage", ["{not json", '{"version": 1}', "[]", ""])
def test_a_damaged_file_is_calibrated_again(cv: CompiledVariant, folder: Path, damage: str) -> None:
    first = _Cache(4).get(cv, DEALS, PER_BAND)
    path = calibration_path(cv, DEALS, PER_BAND)
    path.write_text(damage, encoding="utf-8")
    again = _Cache(4).get(cv, DEALS, PER_BAND)
    assert isinstance(again, Calibration)
    assert again == first  # the same deterministic calibration, computed again
    # …and stored whole again for the next process.
    assert json.loads(path.read_text(encoding="utf-8"))["checksum"] == cv.checksum


def test_a_file_of_another_variant_is_not_used(cv: CompiledVariant, folder: Path) -> None:
    first = _Cache(4).get(cv, DEALS, PER_BAND)
    path = calibration_path(cv, DEALS, PER_BAND)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["checksum"] = "0" * 64
    data["thresholds"] = {}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _Cache(4).get(cv, DEALS, PER_BAND) == first
