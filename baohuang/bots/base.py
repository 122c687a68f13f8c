"""The policy protocol: how a bot chooses an action (docs/design.md §5).

A policy sees only what its seat may know — a :class:`.SeatView` — and
the legal actions the engine offers; it never sees other hands or the hidden guard. All of
its randomness comes from the generator it is given, so a game driven by policies is
reproducible from its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from baohuang.engine.actions import Action
from baohuang.engine.game import SeatView


@runtime_checkable
class Policy(Protocol):
    """Chooses one of the legal actions for the seat to act.

    ``name`` identifies the policy in statistics (``"heuristic"``, ``"random"``). ``act``
    must return an element of ``legal``; it may keep no state between calls that depends
    on hidden information (it never gets any).
    """

    name: str

    def act(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action to take, given the seat's view and the legal actions (never empty)."""
        ...
