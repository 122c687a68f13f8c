"""Missing prerequisites: skipped locally, a failure in CI.

A test that needs something outside Python's reach (the built front end, Chromium, the
Playwright package, a feature's route) may skip on a newcomer's machine, with the reason.
In CI (``CI=true``, as ``.ci/run`` runs) the same gap must fail: there a missing build or
a route answering 404 is a regression, and a skip would hide it.

Use :func:`require` for every such check. A skip for a configuration the test does not
apply to (a PostgreSQL-only test on SQLite, a file-broker test under Redis) is not a
missing prerequisite and stays a plain ``pytest.skip``.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

__all__ = ["in_ci", "require", "require_import"]


def in_ci() -> bool:
    """Whether the tests run in CI: the ``CI`` environment variable is ``true`` (or ``1``)."""
    return os.environ.get("CI", "").strip().lower() in {"true", "1"}


def require(condition: object, reason: str) -> None:
    """Go on if ``condition`` holds; otherwise skip with ``reason``, or fail in CI.

    Works in a test, a fixture or at the top of a module (the whole module is skipped, or
    fails to collect in CI).
    """
    __tracebackhide__ = True  # reports point at the caller
    if condition:
        return
    if in_ci():
        pytest.fail(
            f"{reason} [CI=true: a missing prerequisite fails, it is not skipped]", pytrace=False
        )
    pytest.skip(reason, allow_module_level=True)


def require_import(name: str, reason: str) -> ModuleType:
    """The module ``name``; if it cannot be imported, :func:`require` fails with ``reason``."""
    __tracebackhide__ = True
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        require(False, f"{reason} ({exc})")
        raise  # not reached: require() always raises here
