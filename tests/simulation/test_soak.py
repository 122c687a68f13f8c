"""Soak (issue 5, `make soak`): 10,000 heuristic games of every bundled variant.

`SIM_SOAK_GAMES=N` changes the number of games; they run on every core of the machine.
"""

from __future__ import annotations

import os

import pytest

from baohuang.rules import bundled_variant_paths, load_bundled
from baohuang.simulation import ROLES, run
from baohuang.simulation.runner import default_workers

VARIANTS = [p.stem for p in bundled_variant_paths()]
GAMES = int(os.environ.get("SIM_SOAK_GAMES") or 10_000)


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_soak_heuristic_games(variant_id: str) -> None:
    stats = run(load_bundled(variant_id), GAMES, seed=20_000, workers=default_workers())
    assert stats.games == GAMES
    assert stats.ranges == [(0, GAMES)]
    assert stats.unscored == 0
    for role in ROLES:
        tally = stats.roles[role].tally
        assert tally.wins + tally.draws + tally.losses == tally.n
        assert sum(stats.roles[role].histogram.values()) == tally.n
    assert stats.roles["emperor"].tally.n + stats.roles["solo"].tally.n == stats.scored
