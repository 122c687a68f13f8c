"""Playing policies (DESIGN.md §5): a random legal player and a heuristic one.

``make_policy(name, cv)`` builds a policy by name for a compiled variant; every policy
follows the :class:`Policy` protocol. Import from here::

    from baohuang.bots import Policy, make_policy, POLICY_NAMES
"""

from __future__ import annotations

from baohuang.bots.base import Policy
from baohuang.bots.heuristic import HeuristicParams, HeuristicPolicy
from baohuang.bots.mc import MonteCarloPolicy
from baohuang.bots.random_policy import RandomPolicy
from baohuang.engine.compiled import CompiledVariant

#: The policies ``make_policy`` knows, by name.
POLICY_NAMES: tuple[str, ...] = ("heuristic", "random", "mc")


def make_policy(name: str, cv: CompiledVariant) -> Policy:
    """A policy by name for a compiled variant: ``"heuristic"``, ``"random"`` or ``"mc"``.

    ``"mc"`` is the search player (:mod:`baohuang.bots.mc`) with its default budget;
    ``"mc:N"`` gives it N rollouts per decision (and the name ``"mc:N"`` in statistics).
    ValueError names the known policies when ``name`` is not one of them.
    """
    if name == "heuristic":
        return HeuristicPolicy(cv)
    if name == "random":
        return RandomPolicy()
    if name == "mc":
        return MonteCarloPolicy(cv)
    budget = mc_budget(name)
    if budget is not None:
        return MonteCarloPolicy(cv, rollouts=budget, name=name)
    raise ValueError(
        f"Unknown policy '{name}'; known policies: {', '.join(POLICY_NAMES)} "
        "(and mc:N, N rollouts per decision)."
    )


def mc_budget(name: str) -> int | None:
    """N for a policy name ``"mc:N"`` (1 ≤ N ≤ 100000), else None."""
    head, _, tail = name.partition(":")
    if head != "mc" or not tail.isdigit():
        return None
    n = int(tail)
    return n if 1 <= n <= MAX_ROLLOUTS else None


#: The most rollouts per decision a policy name may ask for (``mc:N``).
MAX_ROLLOUTS = 100_000


def is_policy_name(name: str) -> bool:
    """Whether ``make_policy`` knows `name`."""
    return name in POLICY_NAMES or mc_budget(name) is not None


__all__ = [
    "MAX_ROLLOUTS",
    "POLICY_NAMES",
    "HeuristicParams",
    "HeuristicPolicy",
    "MonteCarloPolicy",
    "Policy",
    "RandomPolicy",
    "is_policy_name",
    "make_policy",
    "mc_budget",
]
