"""A non-editable install works without the source tree (issue #16, item 1).

The wheel is built from this checkout (``pip wheel . --no-deps``: setup.py copies
``variants/`` into ``baohuang/variants_data/``, compiles the catalogs and, when built, adds
the web editor), installed into a fresh virtual environment without the system's
site-packages (its dependencies from the index or pip's cache), and used from a folder
outside the checkout: the CLI and the management commands against a temporary SQLite
database; then the Dockerfile's runtime steps (collectstatic, its CMD and HEALTHCHECK). About
a minute on a 2-core machine, most of it installing the dependencies.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from baohuang.rules import loader

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))
CATALOGS = sorted((ROOT / "baohuang").glob("*/locale/*/LC_MESSAGES/django.po"))


def test_a_checkout_reads_the_one_committed_copy_of_the_variants() -> None:
    """``variants/`` is the source of truth; the package's copy exists only in a build."""
    committed = subprocess.run(
        ["git", "ls-files", "baohuang/variants_data"],  # noqa: S607 (git from PATH, as make does)
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert committed.returncode != 0 or committed.stdout == ""
    assert not loader.PACKAGED_VARIANTS_DIR.exists()
    assert loader.VARIANTS_DIR == loader.CHECKOUT_VARIANTS_DIR == ROOT / "variants"
    assert len(VARIANTS) == 20


# One build for the module's tests: under xdist each worker running one of them would build
# its own wheel (the fixture is per worker), twice the minutes for the same answer.
pytestmark = pytest.mark.xdist_group("wheel")


def source_copy(target: Path) -> Path:
    """The checkout's source files (tracked, or new and not ignored) and the editor's build,
    copied to ``target``.

    pip builds a local project in place: setuptools writes ``build/`` and ``*.egg-info``
    into the folder it builds, and lists package data while other test workers write their
    own files (compiled catalogs, reports) into this checkout. Built from a copy, the wheel
    sees one still tree and the checkout is left as it was.
    """
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],  # noqa: S607
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if not name or not source.is_file():
            continue  # deleted in the worktree but still in the index, or a vanished file
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target / name)
    dist = ROOT / "frontend" / "dist"
    if (dist / "index.html").is_file():
        shutil.copytree(dist, target / "frontend" / "dist")
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = source_copy(tmp_path_factory.mktemp("source"))
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, (
        f"pip wheel failed:\n{built.stdout[-3000:]}\n{built.stderr[-5000:]}"
    )
    (found,) = out.glob("baohuang-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv (no system site-packages) with the wheel installed; its bin folder."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    setup = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=venv,
        env=outside(),  # with the checkout on PYTHONPATH pip would think it installed
        check=False,
    )
    assert setup.returncode == 0, f"pip install failed:\n{setup.stderr[-5000:]}"
    return venv / "bin"


def test_the_wheel_carries_the_variants_catalogs_and_editor_unchanged(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for source in VARIANTS:
            packed = archive.read(f"baohuang/variants_data/{source.name}")
            assert packed == source.read_bytes(), f"{source.name} differs in the wheel"
        assert len([n for n in names if n.startswith("baohuang/variants_data/")]) == len(VARIANTS)
        for po in CATALOGS:
            mo = po.relative_to(ROOT).with_suffix(".mo").as_posix()
            assert mo in names, f"{mo} is not in the wheel"
        if (ROOT / "frontend" / "dist" / "index.html").is_file():
            assert "baohuang/editor/static/editor/index.html" in names


def outside() -> dict[str, str]:
    """This environment without what points into the checkout or its venv."""
    return {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "DJANGO_SETTINGS_MODULE", "DEBUG", "VIRTUAL_ENV")
    }


def run(bin_dir: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    environ = outside()
    environ.update(
        PATH=f"{bin_dir}{os.pathsep}{environ.get('PATH', '')}",
        HOME=str(cwd),
        LANG="C.UTF-8",
        BAOHUANG_VAR_DIR=str(cwd / "var"),
        DATABASE_URL=f"sqlite:///{cwd / 'db.sqlite3'}",
        CELERY_BROKER_URL="memory://",
        SECRET_KEY="wheel-test-" + "k" * 50,
    )
    result = subprocess.run(
        [str(bin_dir / argv[0]), *argv[1:]],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, f"{argv}: {result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    return result


def test_the_installed_package_works_without_the_source_tree(
    installed: Path, tmp_path: Path
) -> None:
    site = run(installed, tmp_path, "python", "-c", "import baohuang; print(baohuang.__file__)")
    assert str(ROOT) not in site.stdout  # the installed copy, not this checkout

    listed = run(installed, tmp_path, "baohuang", "variants", "list", "--json")
    assert len(__import__("json").loads(listed.stdout)) == 20

    simulated = run(
        installed, tmp_path, "baohuang", "simulate", "baike-weihai", "--games", "3", "--seed", "7"
    )
    assert "emperor" in simulated.stdout
    assert "games/s" in run(installed, tmp_path, "baohuang", "bench", "--seconds", "0.2").stdout
    zh = run(installed, tmp_path, "baohuang", "--lang", "zh", "variants", "list")
    assert "威海" in zh.stdout

    run(installed, tmp_path, "baohuang-manage", "migrate", "--noinput", "-v", "0")
    imported = run(installed, tmp_path, "baohuang-manage", "import_variants")
    # Operators read Chinese: the installed catalogs are compiled and used (LANGUAGE_CODE).
    assert "import_variants：20 个文件：已创建 20 个。" in imported.stdout
    assert (tmp_path / "db.sqlite3").is_file()
    assert (tmp_path / "var").is_dir()  # state where BAOHUANG_VAR_DIR says, not in site-packages


def test_the_images_commands_work_from_the_installed_wheel(installed: Path, tmp_path: Path) -> None:
    """The Dockerfile's runtime stage without Docker: its collectstatic step (with its
    build-only key), then its CMD (gunicorn) and its HEALTHCHECK, from the installed wheel
    in a folder outside the checkout."""
    import urllib.request

    from tests.test_compose import _dockerfile_exec, _stages
    from tests.test_production import free_port

    port = free_port()
    environ = outside()
    environ.update(
        PATH=f"{installed}{os.pathsep}{environ.get('PATH', '')}",
        HOME=str(tmp_path),
        LANG="C.UTF-8",
        BAOHUANG_VAR_DIR=str(tmp_path / "var"),
        STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CELERY_BROKER_URL="memory://",
        BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="1",
        ALLOWED_HOSTS="rules.example.com",
    )

    def step(argv: list[str], **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(installed / argv[0]), *argv[1:]],
            cwd=tmp_path,
            env={**environ, **extra},
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )

    (collect,) = [r for k, r in _stages()[-1][1] if k == "RUN" and "collectstatic" in r]
    assignment, _, command = collect.split("&&")[0].strip().partition(" ")
    key, _, value = assignment.partition("=")
    assert key == "SECRET_KEY"
    assert command.startswith("baohuang-manage collectstatic")
    collected = step(command.split(), SECRET_KEY=value)
    assert collected.returncode == 0, collected.stderr[-3000:]
    assert (tmp_path / "static" / "admin" / "css" / "base.css").is_file()

    environ["SECRET_KEY"] = "wheel-test-" + "k" * 50
    migrated = step(["baohuang-manage", "migrate", "--noinput", "-v", "0"])
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    argv = _dockerfile_exec("CMD")
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [str(installed / argv[0]), *argv[1:]],
            cwd=tmp_path,
            env=environ,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log.read_text(errors="replace")[-3000:]
            probe = step(_dockerfile_exec("HEALTHCHECK"))
            if probe.returncode == 0:
                break
            assert time.monotonic() < deadline, probe.stderr + log.read_text(errors="replace")
            time.sleep(0.5)
        assert probe.stdout.strip() == f"http://127.0.0.1:{port}/healthz 200"
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/static/admin/css/base.css",
            headers={"Host": "rules.example.com"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (the test's own http:// server)
            assert response.status == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
