"""Differential test (issue 17): the native engine core plays exactly the games of the
pure-Python one.

The pure-Python modules are the reference; the native core is their mypyc build
(:mod:`baohuang.native`). Each core plays the same seeded games of every bundled variant
in a process of its own (:mod:`tests.engine.differential_play`: heuristic and random seats,
automatic play, illegal attempts, matches with tribute) and the two transcripts must be
equal action by action, refusal by refusal, down to the scores and what each seat sees.

300 games per variant here; ``make soak`` plays ``NATIVE_SOAK_GAMES`` (10,000) per variant.
Without a native build (no C compiler) the test is skipped, except on CI (``CI`` set),
where the build is part of the install step and its absence is a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

import pytest

from baohuang.native import fresh_build
from baohuang.rules import bundled_variant_paths
from tests.engine.differential_play import HOUSE_RULES

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = [p.stem for p in bundled_variant_paths()] + list(HOUSE_RULES)
GAMES = int(os.environ.get("NATIVE_DIFF_GAMES") or 300)
SOAK_GAMES = int(os.environ.get("NATIVE_SOAK_GAMES") or 10_000)


def _require_native() -> None:
    files, why = fresh_build()
    if files is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must build the native core (make native): {why}")
        pytest.skip(f"no native core to compare: {why}")


def _start(core: str, games: int, errors: IO[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "BAOHUANG_CORE": core, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.engine.differential_play", str(games), *VARIANTS],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )


def _first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    for i, (x, y) in enumerate(zip(a["actions"], b["actions"], strict=False)):
        if x != y:
            return f"action {i}: python {x!r}, native {y!r}"
    if len(a["actions"]) != len(b["actions"]):
        return f"actions: python {len(a['actions'])}, native {len(b['actions'])}"
    for key in sorted(a):
        if key != "core" and a[key] != b.get(key):
            return f"{key}: python {a[key]!r}, native {b.get(key)!r}"
    return "same"


def compare_cores(games: int) -> int:
    """Play ``games`` games per variant on both cores; fail at the first difference.

    The two transcripts are read line by line as they come (the soak's would not fit in
    memory), each process writing its errors to a file of its own.
    """
    _require_native()
    compared = 0
    with tempfile.TemporaryFile("w+") as py_err, tempfile.TemporaryFile("w+") as nat_err:
        py, nat = _start("python", games, py_err), _start("native", games, nat_err)
        try:
            assert py.stdout is not None
            assert nat.stdout is not None
            for line_py, line_nat in zip(py.stdout, nat.stdout, strict=False):
                a, b = json.loads(line_py), json.loads(line_nat)
                assert (a.pop("core"), b.pop("core")) == ("python", "native")
                if a != b:
                    pytest.fail(f"{a['variant']} game {a['game']}: {_first_difference(a, b)}")
                compared += 1
        finally:
            for proc in (py, nat):
                if proc.poll() is None and compared < games * len(VARIANTS):
                    proc.kill()
                proc.wait()
        for proc, errors, core in ((py, py_err, "python"), (nat, nat_err, "native")):
            errors.seek(0)
            assert proc.returncode == 0, f"{core} core failed:\n{errors.read()[-3000:]}"
    assert compared == games * len(VARIANTS)
    return compared


def test_native_core_plays_the_reference_games() -> None:
    assert compare_cores(GAMES) == GAMES * len(VARIANTS)


@pytest.mark.slow
def test_native_core_soak() -> None:
    assert compare_cores(SOAK_GAMES) == SOAK_GAMES * len(VARIANTS)
