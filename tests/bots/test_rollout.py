"""The search's rollout (:func:`baohuang.bots.rollout.play_out`): the heuristic's moves are
applied without a second legality check (:meth:`.Game.apply_unchecked`), so every bundled
variant's games are played both ways here — checked, the way simulations play them, and
as rollouts — and must be the same games with the same points (the checked way raises on
an illegal move)."""

from __future__ import annotations

import random

import pytest

from baohuang.bots import HeuristicPolicy
from baohuang.bots.rollout import play_out
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled
from baohuang.simulation.runner import play_game

VARIANTS = [p.stem for p in bundled_variant_paths()]
GAMES = 12


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_rollout_plays_the_games_a_checked_simulation_plays(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    policy = HeuristicPolicy(cv)
    for seed in range(GAMES):
        checked = play_game(cv, seed, [policy] * 5, random.Random(seed))
        rolled = Game.new(cv, seed)
        points = play_out(rolled, policy, 0, random.Random(seed))
        assert rolled.history == checked.history, (variant_id, seed)
        score = checked.outcome.score if checked.outcome is not None else None
        assert points == (score.points[0] if score is not None else 0), (variant_id, seed)
