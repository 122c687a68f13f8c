"""Playing policies (docs/design.md §5): random, heuristic, adaptive (the heuristic bidding and
declaring by the variant's scoring), a search player (mc) and role mixes.

``make_policy(name, cv)`` builds a policy by name for a compiled variant; every policy
follows the :class:`.Policy` protocol. Import from here::

    from baohuang.bots import Policy, make_policy, POLICY_NAMES
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baohuang.bots.adaptive import AdaptivePolicy
from baohuang.bots.base import Policy
from baohuang.bots.heuristic import HeuristicParams, HeuristicPolicy
from baohuang.bots.mc import (
    FAST_CONFIDENCE,
    FAST_MAX_CANDIDATES,
    FAST_PREPLAY_WORLDS,
    FAST_ROLLOUTS,
    MonteCarloPolicy,
)
from baohuang.bots.mix import DEFAULT_BIDDING, PolicySpecError, RoleMixPolicy, mix_name, parse_mix
from baohuang.bots.random_policy import RandomPolicy
from baohuang.engine.compiled import CompiledVariant

#: The policies ``make_policy`` knows, by name.
POLICY_NAMES: tuple[str, ...] = ("heuristic", "random", "mc", "adaptive")
#: Policies whose decisions read the variant's scoring (points, multipliers, money): two
#: variants that differ only in settlement are played differently by them.
READS_SCORING: tuple[str, ...] = ("adaptive", "mc")


def make_policy(name: str, cv: CompiledVariant) -> Policy:
    """A policy by name for a compiled variant: ``"heuristic"``, ``"random"``, ``"mc"`` or
    ``"adaptive"`` (:mod:`baohuang.bots.adaptive`).

    ``"mc"`` is the search player (:mod:`baohuang.bots.mc`), sequential (it stops early)
    with at most 4 candidates and 24 worlds a decision in play (32 in its bids and
    declarations; issue 35); ``"mc:N"`` is the
    fixed-budget search with N rollouts per decision (and the name ``"mc:N"`` in
    statistics): ``"mc:64"`` is ``mc`` as it was before issue 35.
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
        return MonteCarloPolicy(
            cv,
            rollouts=FAST_ROLLOUTS,
            max_candidates=FAST_MAX_CANDIDATES,
            confidence=FAST_CONFIDENCE,
            sequential=True,
            preplay=True,
            preplay_worlds=FAST_PREPLAY_WORLDS,
        )
    if name == "adaptive":
        return AdaptivePolicy(cv)
    budget = mc_budget(name)
    if budget is not None:
        return MonteCarloPolicy(cv, rollouts=budget, name=name)
    raise ValueError(
        f"Unknown policy '{name}'; known policies: {', '.join(POLICY_NAMES)} "
        "(and mc:N, N rollouts per decision; royals=A,rebels=B for a mix by role)."
    )


def mc_budget(name: str) -> int | None:
    """N for a policy name ``"mc:N"`` (1 ≤ N ≤ :data:`MAX_ROLLOUTS`), else None."""
    n = _asked_rollouts(name)
    return n if n is not None and 1 <= n <= MAX_ROLLOUTS else None


def _asked_rollouts(name: str) -> int | None:
    """N of a name written ``"mc:N"`` (any N, even too large), else None."""
    head, _, tail = name.partition(":")
    if head != "mc" or not tail.isascii() or not tail.isdigit() or len(tail) > 12:
        return None
    return int(tail)


#: The most rollouts per decision a policy name may ask for (``mc:N``). Every decision of a
#: search player is then bounded: about a second at 1000 (issue 31: ``mc:100000`` spent
#: half an hour on one game, which no cancellation or request could interrupt).
MAX_ROLLOUTS = 1000

#: Cost of one game per policy, in units of one heuristic game (the quota and the
#: per-request budgets count these). Measured on baike-common, seeded games played with
#: :func:`baohuang.simulation.runner.play_game` on one core of a busy 2-core machine
#: (2026-12): heuristic 1.2 ms a game, random 2.1 ms, mc:8 180 ms, mc:64 1,390 ms — an
#: ``mc:K`` game costs about 18·K heuristic games (18.7 at K=8, 18.0 at K=64). ``adaptive``
#: plays as the heuristic does and calibrates once per variant and process (about 600
#: heuristic games, :mod:`baohuang.bots.adaptive`), counted as a second unit a game.
COST_PER_ROLLOUT = 18
#: Cost of one game of each policy that does not search, in heuristic games.
PLAIN_COSTS: dict[str, int] = {"heuristic": 1, "random": 2, "adaptive": 2}
#: Cost of one game of the search player ``mc`` (issue 35; sequential, at most 96 rollouts
#: a decision in play, and its bids and declarations searched), in heuristic games: CPU per
#: game of ``mc`` over the heuristic's on the same variant, native core, 2026-12-03, night
#: (``bench/mc_decisions.py cost … --games 8`` beside 1,000 heuristic games through
#: ``runner.play_game``): baike-common 54 / 0.234 ms ≈ 231, baike-classic 50 / 0.215 ≈ 233,
#: baike-weihai 61 / 0.234 ≈ 261, tcy-bie6 87 / 0.226 ≈ 385 — the quota charges the
#: dearest, rounded up: 400. (300 in the evening, 540 before; the heuristic's own games got
#: cheaper too, so the ratio rose while both fell.)
#: Not in :data:`PLAIN_COSTS` (the jobs treat policies dearer than those as searches:
#: checked for cancellation after every decision).
MC_COST = 400
#: CPU seconds of one cost unit (one heuristic game of baike-common on the native core, on
#: this project's 2-core build machine, 2026-12-03: 0.234 ms, rounded up): what the editor's
#: run-time estimate multiplies (:func:`policy_seconds`).
UNIT_SECONDS = 0.00025


def policy_cost(name: str) -> int:
    """Estimated cost of one game played by policy ``name`` (a policy name), in heuristic
    games: 1 for ``heuristic``, 2 for ``random``, :data:`MC_COST` for ``mc``, ``1 + 18·K``
    for ``mc:K``; a mix by role costs what its dearest policy costs (an upper bound: the
    dear policy plays two or three seats)."""
    if "=" in name:  # a mix by role, written royals=A,rebels=B[,bidding=C]
        return max(policy_cost(part.partition("=")[2]) for part in name.split(","))
    if name in PLAIN_COSTS:
        return PLAIN_COSTS[name]
    if name == "mc":
        return MC_COST
    # Any N of mc:N, even above the bound: a job stored before the bound existed is still
    # priced (and refused) rather than failing.
    rollouts = _asked_rollouts(name)
    if rollouts is None:
        raise ValueError(f"Unknown policy '{name}'.")
    return 1 + COST_PER_ROLLOUT * rollouts


def policy_seconds(name: str) -> float:
    """Estimated CPU seconds of one game of policy ``name`` on one core (its cost ×
    :data:`UNIT_SECONDS`): what the editor shows before a job starts."""
    return policy_cost(name) * UNIT_SECONDS


def check_budget(spec: str | Mapping[str, Any]) -> None:
    """Raise PolicySpecError ``budget_too_large`` (params ``policy``, ``max``) when a name
    or a part of a mix asks ``mc:N`` for more than :data:`MAX_ROLLOUTS` rollouts."""
    if isinstance(spec, Mapping):
        parts = [(str(k), v) for k, v in spec.items() if isinstance(v, str)]
    else:
        parts = [("", p.partition("=")[2] or p) for p in str(spec).split(",")]
    for key, value in parts:
        asked = _asked_rollouts(value)
        if asked is not None and asked > MAX_ROLLOUTS:
            raise PolicySpecError(
                "budget_too_large",
                key,
                f"'{value}' asks for {asked} rollouts per decision; at most {MAX_ROLLOUTS}.",
                policy=value[:40],
                max=str(MAX_ROLLOUTS),
            )


def reads_scoring(name: str) -> bool:
    """Whether policy ``name`` (a name, ``mc:N`` or a role mix) decides anything by the
    variant's scoring: ``adaptive`` bids and declares by it, ``mc`` searches by points. Then
    a change of points or multipliers may change the games, not only their scores."""
    if "=" in name:
        return any(reads_scoring(part.partition("=")[2]) for part in name.split(","))
    return name in READS_SCORING or mc_budget(name) is not None


def _is_plain_name(name: str) -> bool:
    return name in POLICY_NAMES or mc_budget(name) is not None


def is_policy_name(name: str) -> bool:
    """Whether ``make_policy`` knows `name` (a plain name, ``mc:N`` or a role mix)."""
    return _is_plain_name(name) or parse_mix(name, _is_plain_name) is not None


def policy_name(spec: str | Mapping[str, Any]) -> str:
    """The policy name of a spec: a name as it is, a role mix mapping in canonical form.

    PolicySpecError (with ``code`` and ``key``) when the spec cannot be used: an unknown
    name has code ``unknown_policy`` and key ``""``; ``mc:N`` with N above
    :data:`MAX_ROLLOUTS` has code ``budget_too_large``.
    """
    if isinstance(spec, Mapping | str):
        check_budget(spec)
    if isinstance(spec, Mapping):
        return mix_name(spec, _is_plain_name)
    if not isinstance(spec, str):
        raise PolicySpecError("not_a_policy_name", "", "A policy is a name or a role mix.")
    if not is_policy_name(spec):
        raise PolicySpecError("unknown_policy", "", f"Unknown policy '{spec}'.", policy=spec)
    mix = parse_mix(spec, _is_plain_name)
    return spec if mix is None else mix_name(mix, _is_plain_name)


__all__ = [
    "COST_PER_ROLLOUT",
    "MAX_ROLLOUTS",
    "MC_COST",
    "PLAIN_COSTS",
    "POLICY_NAMES",
    "READS_SCORING",
    "UNIT_SECONDS",
    "AdaptivePolicy",
    "HeuristicParams",
    "HeuristicPolicy",
    "MonteCarloPolicy",
    "Policy",
    "PolicySpecError",
    "RandomPolicy",
    "RoleMixPolicy",
    "check_budget",
    "is_policy_name",
    "make_policy",
    "mc_budget",
    "policy_cost",
    "policy_name",
    "policy_seconds",
    "reads_scoring",
]
