"""The shared game words the change sentences use (from :mod:`baohuang.rulebook.labels`).

The rulebook owns the names of the language's fields and values in both languages. Until
that package is present this module answers with plain English fallbacks, so that the diff
works (and says something readable) either way.
"""

from __future__ import annotations

import importlib
from typing import Any


def _labels() -> Any:
    try:
        return importlib.import_module("baohuang.rulebook.labels")
    except ImportError:  # the rulebook is not merged yet
        return None


_MODULE = _labels()


def _words(name: str, value: Any) -> str:
    if _MODULE is not None:
        try:
            return str(getattr(_MODULE, name)(value))
        except (KeyError, AttributeError, TypeError):
            pass
    return str(value)


def field_label(path: str) -> str:
    """The name of the field at ``path`` (list indexes ignored), in the active language."""
    if _MODULE is not None:
        return str(_MODULE.field_label(path))
    return path.rsplit(".", 1)[-1].replace("_", " ")


def value_text(path: str, value: Any) -> str:
    """A value of the field at ``path`` in words, in the active language."""
    if _MODULE is not None:
        return str(_MODULE.value_text(path, value))
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    return "none" if value is None else str(value).replace("_", " ")


def rank_name(rank: Any) -> str:
    """``BJ`` → 大王 / big joker; plain ranks keep their face."""
    return _words("rank_name", rank)


def suit_name(suit: Any) -> str:
    return _words("suit_name", suit)


def place_name(place: Any) -> str:
    """A finish place: 1 → 头客 / 1st out."""
    return _words("place_name", place)


def event_name(event: Any) -> str:
    return _words("event_name", event)


def party_name(party: Any) -> str:
    return _words("party_name", party)


def outcome_name(outcome: Any) -> str:
    return _words("outcome_name", outcome)


def step_name(step: Any) -> str:
    """A bidding step by its kind: 抢独 …"""
    return value_text("bidding.flow[].step", step)
