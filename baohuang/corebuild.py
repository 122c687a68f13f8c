"""Build the native (mypyc) engine core; say which core runs (:mod:`baohuang.native`).

    python -m baohuang.corebuild [--force] [--optional]   # build if missing or stale
    python -m baohuang.corebuild --which                  # the core this process would run

``make native`` runs the first; ``make run`` and ``make test`` run it with ``--optional``
(a machine without a C compiler then runs the pure-Python core, and says so).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from baohuang import native
from baohuang.native import (
    COMPILED_MODULES,
    GROUP,
    MANIFEST,
    PACKAGE_DIR,
    fresh_build,
    native_dir,
    source_path,
    sources_digest,
)


def build(where: Path | None = None, force: bool = False) -> Path:
    """Compile :data:`.COMPILED_MODULES` with mypyc into ``where`` (default :func:`.native_dir`).

    Nothing is done when a build of the current sources is already there (unless
    ``force``). Needs mypy (mypyc), setuptools and a C compiler; the C files and objects
    go to a ``tmp`` folder beside the build. Returns the build folder.
    """
    import shutil
    import tempfile

    where = (where or native_dir()).resolve()
    digest = sources_digest()
    if not force and fresh_build(where)[0] is not None:
        return where
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    root = PACKAGE_DIR.parent
    where.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="tmp-", dir=where.parent))
    try:
        config = work / "mypy.ini"
        # The project's mypy configuration loads the Django plugins, which need settings;
        # the compiled modules import nothing of Django.
        config.write_text("[mypy]\npython_version = 3.11\nignore_missing_imports = True\n")
        paths = [str(source_path(m).relative_to(root)) for m in COMPILED_MODULES]
        cwd = Path.cwd()
        os.chdir(root)
        try:
            extensions = mypycify(
                ["--config-file", str(config), *paths],
                target_dir=str(work / "c"),
                group_name=GROUP,
                opt_level="3",
            )
            dist = Distribution({"name": "baohuang-native", "ext_modules": extensions})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib = str(work / "lib")
            cmd.build_temp = str(work / "obj")
            cmd.ensure_finalized()
            cmd.run()
        finally:
            os.chdir(cwd)
        staged = work / "lib"
        (staged / MANIFEST).write_text(
            json.dumps({"digest": digest, "modules": list(COMPILED_MODULES), "group": GROUP}),
            encoding="utf-8",
        )
        if where.exists():
            shutil.rmtree(where)
        staged.rename(where)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return where


def main(argv: Sequence[str] | None = None) -> int:
    """Build the native core if it is missing or stale, or (``--which``) say which core runs.

    With ``--optional`` a failed build (no C compiler, no mypy) is a note on standard
    error and exit status 0: the pure-Python core is used instead.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--which"]:
        print(native.describe())
        return 0
    if any(a not in ("--force", "--optional") for a in args):
        print(
            "usage: python -m baohuang.corebuild [--force] [--optional] | --which", file=sys.stderr
        )
        return 2
    try:
        where = build(force="--force" in args)
    except Exception as exc:  # a missing compiler shows up as many kinds of error
        if "--optional" not in args:
            raise
        print(
            f"Native core not built ({type(exc).__name__}: {exc}); the pure-Python core is used.",
            file=sys.stderr,
        )
        return 0
    print(f"Native core: {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
