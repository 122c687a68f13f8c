"""Game.clone (issue 18): an independent copy for search that shares the compiled variant."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from baohuang.bots import make_policy
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled

VARIANTS = [p.stem for p in bundled_variant_paths()]


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a test can compare: every seat's observation, hands, history, outcome."""
    return {
        "seen": [game.observe(s) for s in range(5)],
        "hands": copy.deepcopy(game.hands),
        "counts": copy.deepcopy(game.counts),
        "history": list(game.history),
        "guard": game.guard,
        "to_act": game.to_act,
        "outcome": game.outcome,
        "rng": game.rng.getstate(),
        "legal": game.legal_actions(),
    }


def play_out(game: Game, seed: int) -> Game:
    cv = game.cv
    policy = make_policy("heuristic", cv)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
    return game


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_clone_continues_like_the_original_and_leaves_it_alone(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    policy = make_policy("random", cv)
    checked = 0
    for seed in range(3):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        step = 0
        while not game.finished:
            if step % 23 == 0:
                before = snapshot(game)
                twin = game.clone()
                assert twin.cv is game.cv
                assert snapshot(twin) == before
                ended = play_out(twin, step)
                assert snapshot(game) == before  # acting on the clone changed nothing here
                again = play_out(copy.deepcopy(game), step)
                assert ended.history == again.history
                assert ended.outcome == again.outcome
                checked += 1
            game.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
            step += 1
    assert checked >= 6


def test_a_clone_of_a_finished_game_and_of_a_redealing_generator() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    game = play_out(Game.new(cv, 4), 4)
    twin = game.clone()
    assert twin.finished
    assert twin.result() == game.result()
    # The generator is copied with its state: both draw the same next numbers.
    fresh = Game.new(cv, 5)
    other = fresh.clone()
    assert other.rng is not fresh.rng
    assert [other.rng.random() for _ in range(3)] == [fresh.rng.random() for _ in range(3)]
