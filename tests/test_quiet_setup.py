"""The set-up output says only what matters (issue #20 item 9): the filters ``make`` uses
against the noise of tools really silence that noise, and nothing else."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")


def warning_filters() -> list[str]:
    """Every ``PYTHONWARNINGS="…"`` the Makefile sets."""
    return re.findall(r'PYTHONWARNINGS="([^"]+)"', MAKEFILE)


def run_python(code: str, filters: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    if filters is not None:
        env["PYTHONWARNINGS"] = filters
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stderr


def filter_for(message: str) -> str:
    found = [
        f for f in warning_filters() if message.lower().startswith(f[len("ignore:") :].lower())
    ]
    assert found, f"no PYTHONWARNINGS filter in the Makefile for {message!r}"
    return found[0]


def test_the_editable_install_box_of_setuptools_is_filtered_and_only_it() -> None:
    # What setuptools' build backend does (setuptools.warnings.InformationOnly.emit): a
    # UserWarning whose text starts with the summary, then the boxed details.
    code = (
        "import warnings\n"
        "box = 'Editable installation.\\n!!\\n\\n    ****\\n    Please be careful with folders'\n"
        "warnings.warn(box, UserWarning)\n"
        "warnings.warn('Something else.\\n!!\\n    still shown', UserWarning)\n"
    )
    noisy = run_python(code, None)
    assert "Please be careful with folders" in noisy  # what pip shows without the filter
    quiet = run_python(code, filter_for("Editable installation."))
    assert "Please be careful" not in quiet
    assert "Something else." in quiet  # other setuptools warnings still get through
    assert 'PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install' in (
        MAKEFILE
    )


def test_celerys_superuser_warning_is_filtered_for_the_worker_of_make_run() -> None:
    code = (
        "import os, warnings\n"
        "from celery import platforms\n"
        "for name in ('getuid', 'geteuid', 'getgid', 'getegid'):\n"
        "    setattr(os, name, lambda: 0)\n"
        "platforms.check_privileges({'json'})\n"
        "warnings.warn('another warning')\n"
    )
    noisy = run_python(code, None)
    assert "superuser privileges" in noisy
    quiet = run_python(code, filter_for("You're running the worker with superuser privileges"))
    assert "superuser" not in quiet
    assert "another warning" in quiet
    recipe = MAKEFILE[MAKEFILE.index("\nrun:") :]
    assert "ignore:You're running the worker with superuser privileges" in recipe
    assert 'then echo "Running as root: so does the Celery worker' in recipe
    assert "C_FORCE_ROOT" not in MAKEFILE


def test_vitest_writes_no_colour_codes_into_a_log() -> None:
    recipe = MAKEFILE[MAKEFILE.index("frontend-test:") :].split("\n\n")[0]
    assert "if [ -t 1 ]; then npm test; else NO_COLOR=1 npm test; fi" in recipe
    npx = shutil.which("npx")
    vitest = ROOT / "frontend" / "node_modules" / ".bin" / "vitest"
    if npx is None or not vitest.exists():
        pytest.skip("the front end's node_modules are not installed (npm ci in frontend/)")
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        [str(vitest), "run", "tests/deck.test.ts"],
        cwd=ROOT / "frontend",
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\x1b[" not in done.stdout + done.stderr
    assert "passed" in done.stdout
