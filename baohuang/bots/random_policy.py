"""The random legal policy: every legal action but ``auto`` is equally likely."""

from __future__ import annotations

import random
from collections.abc import Sequence

from baohuang.engine.actions import AUTO, Action
from baohuang.engine.game import SeatView


class RandomPolicy:
    """Picks uniformly among the legal actions, never asking for automatic play (托管).

    The engine offers ``auto`` last (or alone, when a seat is locked on automatic play);
    it is left out unless it is the only choice.
    """

    name = "random"

    def act(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """A uniformly random legal action other than ``auto``."""
        n = len(legal)
        if n > 1 and legal[-1] == AUTO:
            n -= 1
        return legal[rng.randrange(n)] if n > 1 else legal[0]
