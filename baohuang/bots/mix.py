"""Policies by role (issue 18): e.g. the royals search (``mc``), the rebels play the heuristic.

Seats do not have roles when a game starts: who rules is settled in bidding. A role mix
therefore chooses the policy at each decision from what the seat knows then — its own
view: the emperor and his guard (a guard always knows he is one, hidden or not) play the
``royals`` policy, the others the ``rebels`` policy, and every decision before the emperor
is known (bidding) is the ``bidding`` policy's (the heuristic unless given).

A mix is written as a policy name, so it goes wherever a name goes (simulations, jobs,
comparisons, tournaments): ``royals=mc,rebels=heuristic`` (and ``,bidding=NAME``). The
canonical form lists the keys in that order and leaves out ``bidding=heuristic``.
:func:`mix_name` builds it from a mapping (what the API accepts as a JSON object) and
raises :class:`PolicySpecError` with a stable ``code`` and the key at fault.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from baohuang.bots.base import Policy
from baohuang.engine.actions import Action
from baohuang.engine.seatview import SeatView
from baohuang.errors import DomainError

#: The keys of a role mix, in canonical order.
MIX_KEYS: tuple[str, ...] = ("royals", "rebels", "bidding")
#: Keys a mix must give.
REQUIRED_KEYS: tuple[str, ...] = ("royals", "rebels")
#: The policy of decisions before roles are known, unless a mix names one.
DEFAULT_BIDDING = "heuristic"


class PolicySpecError(DomainError, ValueError):
    """A policy mix that cannot be used: ``code`` (stable), ``key`` (the part at fault, or
    ``""`` for the whole), ``params`` (for a translated message)."""

    def __init__(self, code: str, key: str, message: str, **params: str) -> None:
        super().__init__(message, path=key, code=code, params=params)
        self.key = key


def mix_name(spec: Mapping[str, Any], is_known: Callable[[str], bool]) -> str:
    """The canonical policy name of a role mix given as a mapping; PolicySpecError if wrong.

    ``is_known`` tells whether a plain policy name exists (a mix cannot contain a mix).
    Codes: ``unknown_role`` (a key other than royals, rebels, bidding), ``required`` (royals
    or rebels missing), ``not_a_policy_name`` (a value that is not text), ``unknown_policy``.
    """
    for key in spec:
        if key not in MIX_KEYS:
            raise PolicySpecError(
                "unknown_role",
                str(key),
                f"Unknown role '{key}'; a policy mix has royals, rebels and (optional) bidding.",
                role=str(key),
            )
    for key in REQUIRED_KEYS:
        if key not in spec:
            raise PolicySpecError("required", key, f"A policy mix needs '{key}'.", role=key)
    parts = []
    for key in MIX_KEYS:
        if key not in spec:
            continue
        value = spec[key]
        if not isinstance(value, str):
            raise PolicySpecError(
                "not_a_policy_name", key, "A policy is given by its name (text).", role=key
            )
        if "=" in value or "," in value or not is_known(value):
            raise PolicySpecError(
                "unknown_policy", key, f"Unknown policy '{value}'.", role=key, policy=value
            )
        if key == "bidding" and value == DEFAULT_BIDDING:
            continue
        parts.append(f"{key}={value}")
    return ",".join(parts)


def parse_mix(name: str, is_known: Callable[[str], bool]) -> dict[str, str] | None:
    """The mapping of a mix written as a name (``royals=mc,rebels=heuristic``), or None if
    `name` is not a valid mix."""
    if "=" not in name:
        return None
    spec: dict[str, str] = {}
    for part in name.split(","):
        key, sep, value = part.partition("=")
        if not sep or key in spec:
            return None
        spec[key] = value
    try:
        mix_name(spec, is_known)
    except PolicySpecError:
        return None
    return spec


@dataclass
class RoleMixPolicy:
    """Plays ``royals`` for the emperor and his guard, ``rebels`` for the others, ``bidding``
    before the emperor is known (see the module docstring)."""

    name: str
    royals: Policy
    rebels: Policy
    bidding: Policy

    def act(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action of the policy of the seat's role, as far as the seat knows it."""
        if view.emperor is None:
            return self.bidding.act(view, legal, rng)
        if view.seat == view.emperor or view.i_am_guard:
            return self.royals.act(view, legal, rng)
        return self.rebels.act(view, legal, rng)
