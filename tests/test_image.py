"""The built container image, run (``make image`` builds it, then runs these; docs/containers.md
"Containers"). ``tests/test_compose.py`` reads the ``Dockerfile`` as text; here the image
``make image`` made (``BAOHUANG_IMAGE``, default ``baohuang:latest``) is started with podman
(``deploy/podman.sh``) and looked at from inside: the user it runs as, what is not in it (a
C compiler, Node.js), the engine core it runs, the exact locked versions, its health check,
and its size (printed). Needs root and podman; in CI a missing one fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.prerequisites import require

ROOT = Path(__file__).resolve().parents[1]
PODMAN = str(ROOT / "deploy" / "podman.sh")
IMAGE = os.environ.get("BAOHUANG_IMAGE") or "baohuang:latest"

pytestmark = pytest.mark.image


def podman(*args: str, timeout: float = 300) -> str:
    """``podman ARGS`` (this project's settings); its output, failing on an error."""
    result = subprocess.run(
        [PODMAN, *args], capture_output=True, text=True, timeout=timeout, check=False
    )
    assert result.returncode == 0, f"podman {' '.join(args)}:\n{result.stdout}{result.stderr}"
    return result.stdout


def in_image(*argv: str) -> str:
    """``argv`` run in a throw-away container of the image, with no network."""
    return podman("run", "--rm", "--network", "none", "--no-healthcheck", IMAGE, *argv)


@pytest.fixture(scope="module")
def image() -> dict[str, Any]:
    """The image's configuration (podman image inspect)."""
    require(os.geteuid() == 0, "the image tests need root (podman)")
    require(shutil.which("podman") is not None, "the image tests need podman (make image)")
    found = subprocess.run(
        [PODMAN, "image", "exists", IMAGE], capture_output=True, check=False, timeout=60
    )
    require(found.returncode == 0, f"no image {IMAGE}: make image builds it")
    data = json.loads(podman("image", "inspect", IMAGE))
    return dict(data[0])


def test_the_image_runs_as_a_user_of_its_own(image: dict[str, Any]) -> None:
    assert image["Config"]["User"] == "baohuang"
    assert in_image("id", "-u").strip() == "10001"
    # It cannot change what it runs: the installed packages belong to root.
    package = "$(python -c 'import baohuang, os; print(os.path.dirname(baohuang.__file__))')"
    assert "Permission denied" in in_image("sh", "-c", f'touch "{package}/x" 2>&1 || true')


def test_the_image_has_no_compiler_and_no_node(image: dict[str, Any]) -> None:
    found = in_image(
        "sh",
        "-c",
        "for t in gcc cc c++ g++ clang tcc node nodejs npm; do command -v $t; done; true",
    )
    assert found.strip() == ""


def test_the_image_runs_the_native_core(image: dict[str, Any]) -> None:
    which = in_image("python", "-m", "baohuang.corebuild", "--which")
    assert which.startswith("Engine core: native (mypyc build in /opt/baohuang/native)"), which
    figures = json.loads(in_image("baohuang", "bench", "--json", "--seconds", "0.3"))
    assert figures["core"] == "native"
    print(f"\nimage: core: {figures['core']}, {figures['heuristic']['games_per_s']:.0f} games/s")


def test_the_image_has_exactly_the_locked_versions(image: dict[str, Any]) -> None:
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    locked = {
        re.sub(r"[-_.]+", "-", name).lower(): version
        for name, version in re.findall(r"^([A-Za-z0-9_.\-]+)==(\S+)", lock, re.MULTILINE)
    }
    frozen = dict(
        (re.sub(r"[-_.]+", "-", name).lower(), version)
        for name, version in (
            line.split("==", 1) for line in in_image("pip", "freeze").splitlines() if "==" in line
        )
    )
    installed = in_image("pip", "show", "baohuang")
    assert re.search(r"^Version: 0\.1\.0$", installed, re.MULTILINE), installed
    # pip and setuptools come with the interpreter (the lock pins neither for running).
    for tool in ("pip", "setuptools", "wheel"):
        if tool not in locked:
            frozen.pop(tool, None)
    assert frozen == locked


def test_the_image_keeps_its_health_check_and_command(image: dict[str, Any]) -> None:
    check = image.get("Healthcheck") or {}
    assert check.get("Test") == ["CMD", "python", "-m", "baohuang.project.healthcheck"]
    assert image["Config"]["Cmd"] == ["gunicorn", "-c", "python:baohuang.project.gunicorn_conf"]
    static = in_image("sh", "-c", "ls /opt/baohuang/static/editor/ /opt/baohuang/static/admin/")
    assert "index.html" in static


def test_the_image_size(image: dict[str, Any], record_property: Any) -> None:
    size = int(image["Size"])
    layers = len(image.get("RootFS", {}).get("Layers", []))
    record_property("image_bytes", size)
    print(f"\nimage: {IMAGE} {size / 1e6:.0f} MB in {layers} layers")
    # The runtime is a slim Python with the locked dependencies (scipy and numpy are most of
    # it): a build that pulled in a compiler or Node.js would be far larger.
    assert size < 700e6
