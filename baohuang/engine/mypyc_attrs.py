"""``mypyc_attr`` for the classes of the native core, with or without mypy installed.

The pure-Python engine runs without mypy; the native build (:mod:`baohuang.native`) reads
``@mypyc_attr(serializable=True)`` on the engine's classes so that their compiled form can
be copied and pickled like the pure one (``copy.deepcopy(game)``: a search bot's
simulation from a position). Without mypy_extensions (a production install) the decorator
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - only without the dev tools

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        """Mark a class for mypyc; a no-op without mypy_extensions."""

        def keep(cls: T) -> T:
            return cls

        return keep


__all__ = ["mypyc_attr"]
