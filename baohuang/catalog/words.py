"""The shared game words the change sentences use, from :mod:`baohuang.rulebook.labels`
(the rulebook owns the names of the language's fields and values in both languages)."""

from __future__ import annotations

from typing import Any

from baohuang.rulebook import labels
from baohuang.rulebook.labels import field_label, value_text

__all__ = [
    "event_name",
    "field_label",
    "outcome_name",
    "party_name",
    "place_name",
    "rank_name",
    "step_name",
    "suit_name",
    "value_text",
]


def _words(name: str, value: Any) -> str:
    """A word from the labels, or the value itself when it has none (an invalid draft)."""
    try:
        return str(getattr(labels, name)(value))
    except (KeyError, TypeError):
        return str(value)


def rank_name(rank: Any) -> str:
    """``BJ`` → 大王 / big joker; plain ranks keep their face."""
    return _words("rank_name", rank)


def suit_name(suit: Any) -> str:
    """``s`` → 黑桃 / spades."""
    return _words("suit_name", suit)


def place_name(place: Any) -> str:
    """A finish place: 1 → 头客 / 1st out."""
    return _words("place_name", place)


def event_name(event: Any) -> str:
    """A multiplier event: ``rebellion`` → 造反成功."""
    return _words("event_name", event)


def party_name(party: Any) -> str:
    """A tribute party: ``rebels`` → 每个平民."""
    return _words("party_name", party)


def outcome_name(outcome: Any) -> str:
    """``win`` → 胜."""
    return _words("outcome_name", outcome)


def step_name(step: Any) -> str:
    """A bidding step by its kind: ``grab_solo`` → 抢独."""
    return value_text("bidding.flow[].step", step)
