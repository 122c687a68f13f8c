"""Playing policies (DESIGN.md §5): a random legal player and a heuristic one.

``make_policy(name, cv)`` builds a policy by name for a compiled variant; every policy
follows the :class:`Policy` protocol. Import from here::

    from baohuang.bots import Policy, make_policy, POLICY_NAMES
"""

from __future__ import annotations

from baohuang.bots.base import Policy
from baohuang.bots.heuristic import HeuristicParams, HeuristicPolicy
from baohuang.bots.random_policy import RandomPolicy
from baohuang.engine.compiled import CompiledVariant

#: The policies ``make_policy`` knows, by name.
POLICY_NAMES: tuple[str, ...] = ("heuristic", "random")


def make_policy(name: str, cv: CompiledVariant) -> Policy:
    """A policy by name (``"heuristic"`` or ``"random"``) for a compiled variant.

    ValueError names the known policies when ``name`` is not one of them.
    """
    if name == "heuristic":
        return HeuristicPolicy(cv)
    if name == "random":
        return RandomPolicy()
    raise ValueError(f"Unknown policy '{name}'; known policies: {', '.join(POLICY_NAMES)}.")


__all__ = [
    "POLICY_NAMES",
    "HeuristicParams",
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
]
