"""Many-game simulation: mergeable statistics, local parallel runs, duels, the benchmark.

``simulate(variant, games, seed, policies, chunk)`` plays games of a job and returns
:class:`.Stats`; ``merge(a, b)`` combines chunks exactly; ``run(..., workers=K)`` spreads a
job over local processes; ``tournament`` pits two policies against each other.
"""

from __future__ import annotations

from baohuang.simulation.runner import play_game, run, simulate
from baohuang.simulation.stats import ROLES, RoleStats, Stats, Tally, merge
from baohuang.simulation.tournament import Duel, run_tournament, tournament

__all__ = [
    "ROLES",
    "Duel",
    "RoleStats",
    "Stats",
    "Tally",
    "merge",
    "play_game",
    "run",
    "run_tournament",
    "simulate",
    "tournament",
]
