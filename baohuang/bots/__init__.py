"""Playing policies (DESIGN.md §5): random, heuristic, a search player (mc) and role mixes.

``make_policy(name, cv)`` builds a policy by name for a compiled variant; every policy
follows the :class:`Policy` protocol. Import from here::

    from baohuang.bots import Policy, make_policy, POLICY_NAMES
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baohuang.bots.base import Policy
from baohuang.bots.heuristic import HeuristicParams, HeuristicPolicy
from baohuang.bots.mc import MonteCarloPolicy
from baohuang.bots.mix import DEFAULT_BIDDING, PolicySpecError, RoleMixPolicy, mix_name, parse_mix
from baohuang.bots.random_policy import RandomPolicy
from baohuang.engine.compiled import CompiledVariant

#: The policies ``make_policy`` knows, by name.
POLICY_NAMES: tuple[str, ...] = ("heuristic", "random", "mc")


def make_policy(name: str, cv: CompiledVariant) -> Policy:
    """A policy by name for a compiled variant: ``"heuristic"``, ``"random"`` or ``"mc"``.

    ``"mc"`` is the search player (:mod:`baohuang.bots.mc`) with its default budget;
    ``"mc:N"`` gives it N rollouts per decision (and the name ``"mc:N"`` in statistics).
    ``"royals=A,rebels=B[,bidding=C]"`` is a role mix (:mod:`baohuang.bots.mix`), named in
    its canonical form. ValueError names the known policies when ``name`` is none of these.
    """
    mix = parse_mix(name, _is_plain_name)
    if mix is not None:
        return RoleMixPolicy(
            mix_name(mix, _is_plain_name),
            make_policy(mix["royals"], cv),
            make_policy(mix["rebels"], cv),
            make_policy(mix.get("bidding", DEFAULT_BIDDING), cv),
        )
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
        "(and mc:N, N rollouts per decision; royals=A,rebels=B for a mix by role)."
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


def _is_plain_name(name: str) -> bool:
    return name in POLICY_NAMES or mc_budget(name) is not None


def is_policy_name(name: str) -> bool:
    """Whether ``make_policy`` knows `name` (a plain name, ``mc:N`` or a role mix)."""
    return _is_plain_name(name) or parse_mix(name, _is_plain_name) is not None


def policy_name(spec: str | Mapping[str, Any]) -> str:
    """The policy name of a spec: a name as it is, a role mix mapping in canonical form.

    PolicySpecError (with ``code`` and ``key``) when the spec cannot be used: an unknown
    name has code ``unknown_policy`` and key ``""``.
    """
    if isinstance(spec, Mapping):
        return mix_name(spec, _is_plain_name)
    if not isinstance(spec, str):
        raise PolicySpecError("not_a_policy_name", "", "A policy is a name or a role mix.")
    if not is_policy_name(spec):
        raise PolicySpecError("unknown_policy", "", f"Unknown policy '{spec}'.", policy=spec)
    mix = parse_mix(spec, _is_plain_name)
    return spec if mix is None else mix_name(mix, _is_plain_name)


__all__ = [
    "MAX_ROLLOUTS",
    "POLICY_NAMES",
    "HeuristicParams",
    "HeuristicPolicy",
    "MonteCarloPolicy",
    "Policy",
    "PolicySpecError",
    "RandomPolicy",
    "RoleMixPolicy",
    "is_policy_name",
    "make_policy",
    "mc_budget",
    "policy_name",
]
