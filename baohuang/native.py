"""Which engine core runs: the pure-Python modules (the reference) or their mypyc build.

The hot modules — the engine's game and phases, the card rules, the bots and the simulation
runner (:data:`COMPILED_MODULES`) — are plain typed Python, and they are the only source of
the rules. ``python -m baohuang.corebuild`` (``make native``; ``make run`` and ``make test``
do it) compiles those same files with mypyc into ``build/native/<python>-<platform>/``, outside
the package, so no compiled module ever sits beside its ``.py`` (where it would shadow it),
with a manifest holding a digest of the sources it was built from.

When :mod:`baohuang` is imported, :func:`activate` decides once per process, from
``BAOHUANG_CORE``:

- ``auto`` (the default): the compiled modules if a build exists whose digest matches the
  sources as they are now; otherwise the pure-Python ones (a stale or missing build is
  simply not used — an edited module, a mutant, a checkout without a compiler);
- ``python``: always the pure-Python modules (what the test suite runs by default);
- ``native``: the compiled modules, or ImportError saying why they cannot be used.

:data:`CORE` is ``"native"`` or ``"python"``, :data:`CORE_NOTE` says why in one line
(``python -m baohuang.corebuild --which`` prints it). The two cores give identical games: the
differential test (``tests/engine/test_native_differential.py``) plays seeded games of every
bundled variant on both and compares them action by action.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The modules compiled by mypyc, in dependency order (the rest stay interpreted).
COMPILED_MODULES: tuple[str, ...] = (
    "baohuang.engine.cards",
    "baohuang.engine.actions",
    "baohuang.engine.deck",
    "baohuang.engine.plays",
    "baohuang.engine.beats",
    "baohuang.engine.follows",
    "baohuang.engine.deck_limits",
    "baohuang.engine.table",
    "baohuang.engine.frozen",
    "baohuang.engine.tribute",
    "baohuang.engine.scoring",
    "baohuang.engine.dealing",
    "baohuang.engine.buying",
    "baohuang.engine.bidding",
    "baohuang.engine.declarations",
    "baohuang.engine.trickplay",
    "baohuang.engine.settlement",
    "baohuang.engine.seatview",
    "baohuang.engine.phase_state",
    "baohuang.engine.game",
    "baohuang.engine.determinize",
    "baohuang.bots.heuristic",
    "baohuang.bots.rollout",
    "baohuang.bots.preplay",
    "baohuang.bots.random_policy",
    "baohuang.simulation.runner",
)
#: The shared library mypyc builds for the group (a top-level module name).
GROUP = "baohuang_core"
PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = "manifest.json"
CORES = ("auto", "python", "native")

CORE = "python"
"""The core in use in this process: ``"native"`` or ``"python"``."""
CORE_NOTE = "pure Python"
"""One line: which core runs, and why."""


def native_dir() -> Path:
    """Where the compiled modules are built and looked for (``BAOHUANG_NATIVE_DIR`` overrides).

    ``build/native/<cache tag>-<platform>/`` beside the package's folder (the checkout, for
    the editable install ``make`` does).
    """
    override = os.environ.get("BAOHUANG_NATIVE_DIR")
    if override:
        return Path(override)
    tag = f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}"
    return PACKAGE_DIR.parent / "build" / "native" / tag


def source_path(module: str) -> Path:
    """The ``.py`` file of a module of :data:`COMPILED_MODULES`."""
    return PACKAGE_DIR.parent.joinpath(*module.split(".")).with_suffix(".py")


def sources_digest() -> str:
    """A digest of the sources of :data:`COMPILED_MODULES` as they are now."""
    h = hashlib.sha256()
    for module in COMPILED_MODULES:
        h.update(module.encode())
        h.update(b"\0")
        h.update(source_path(module).read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def read_manifest(where: Path | None = None) -> dict[str, object] | None:
    """The manifest of the build in ``where`` (default :func:`native_dir`), or None."""
    path = (where or native_dir()) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _extension(where: Path, module: str) -> Path | None:
    parts = module.split(".")
    folder = where.joinpath(*parts[:-1])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = folder / (parts[-1] + suffix)
        if candidate.is_file():
            return candidate
    return None


def fresh_build(where: Path | None = None) -> tuple[dict[str, Path] | None, str]:
    """The compiled files by module name if a build matches the sources, else (None, why)."""
    where = where or native_dir()
    manifest = read_manifest(where)
    if manifest is None:
        return None, "no native build (make native)"
    if manifest.get("digest") != sources_digest():
        return None, "the native build is stale: the sources changed since (make native)"
    files: dict[str, Path] = {}
    for module in (*COMPILED_MODULES, GROUP + "__mypyc"):
        found = _extension(where, module)
        if found is None:
            return None, f"the native build is incomplete: {module} is missing (make native)"
        files[module] = found
    return files, f"native (mypyc build in {where})"


class NativeFinder(MetaPathFinder):
    """Finds the compiled modules (and only those) in a fresh native build."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of a compiled module's extension file, or None for any other module."""
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def activate() -> None:
    """Choose the core for this process (see the module docstring); called by :mod:`baohuang`."""
    global CORE, CORE_NOTE
    choice = os.environ.get("BAOHUANG_CORE", "auto").strip().lower() or "auto"
    if choice not in CORES:
        raise ImportError(f"BAOHUANG_CORE must be one of {', '.join(CORES)}, not {choice!r}")
    if choice == "python":
        CORE, CORE_NOTE = "python", "pure Python (BAOHUANG_CORE=python)"
        return
    loaded = [m for m in COMPILED_MODULES if m in sys.modules]
    files, why = fresh_build()
    if files is not None and loaded:
        files, why = None, f"pure Python ({', '.join(loaded)} imported before activation)"
    if files is None:
        if choice == "native":
            raise ImportError(f"BAOHUANG_CORE=native, but {why}")
        CORE, CORE_NOTE = "python", why if why.startswith("pure") else f"pure Python: {why}"
        return
    if not any(isinstance(f, NativeFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, NativeFinder(files))
    CORE, CORE_NOTE = "native", why


def describe() -> str:
    """The line saying which engine core this process runs."""
    return f"Engine core: {CORE_NOTE}"
