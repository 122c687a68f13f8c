"""Build steps that pyproject.toml cannot express (all metadata lives there).

A wheel must work without the source tree, so ``build_py`` adds to the package:

- ``baohuang/variants_data/*.yaml``: a copy of the top-level ``variants/`` (the one source
  of truth, part of the layout contract; never committed under ``baohuang/``);
- ``baohuang/*/locale/*/LC_MESSAGES/django.mo``: the translation catalogs, compiled from
  their ``.po`` files (what ``make messages`` does in a checkout);
- ``baohuang/editor/static/editor/``: the web editor's build, when ``frontend/dist`` exists
  (``make frontend``); without it the editor answers 503 saying how to build it.

An editable install (``pip install -e .``, what ``make venv`` does) copies nothing: the
checkout's own ``variants/``, ``.mo`` files and ``frontend/dist`` are used in place.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPy(build_py):
    """``build_py`` plus the bundled variants, compiled catalogs and the editor's build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        package = Path(self.build_lib) / "baohuang"
        self.copy_variants(package / "variants_data")
        self.compile_catalogs(package)
        self.copy_editor(package / "editor" / "static" / "editor")

    def copy_variants(self, target: Path) -> None:
        sources = sorted((ROOT / "variants").glob("*.yaml"))
        if not sources:
            raise SystemExit("build: variants/*.yaml not found; build from a source checkout")
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for source in sources:
            shutil.copyfile(source, target / source.name)

    def compile_catalogs(self, package: Path) -> None:
        import polib

        for po_path in sorted((ROOT / "baohuang").glob("*/locale/*/LC_MESSAGES/django.po")):
            mo_path = package / po_path.relative_to(ROOT / "baohuang").with_suffix(".mo")
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            polib.pofile(str(po_path)).save_as_mofile(str(mo_path))

    def copy_editor(self, target: Path) -> None:
        dist = ROOT / "frontend" / "dist"
        if not (dist / "index.html").is_file():
            print("build: frontend/dist not built; the wheel has no web editor (make frontend)")
            return
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(dist, target)


setup(cmdclass={"build_py": BuildPy})
