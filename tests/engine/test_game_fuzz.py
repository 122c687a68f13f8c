"""Fuzz (RULES.md, issue 4): random legal games of every bundled variant.

Every game ends, cards are conserved at every step, the score follows the variant's
tables, and replaying the record reproduces the game. `make soak GAMES=N` runs more.
"""

from __future__ import annotations

import os
import random

import pytest

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.engine.record import make_record, replay
from baohuang.engine.scoring import score
from baohuang.rules import bundled_variant_paths, load_bundled

VARIANTS = [p.stem for p in bundled_variant_paths()]
GAMES = int(os.environ.get("FUZZ_GAMES", "25"))
SOAK_GAMES = int(os.environ.get("SOAK_GAMES", "1000"))


def cards_in_game(game: Game) -> int:
    if game.counts:
        return sum(map(sum, game.counts)) + sum(game.played_counts)
    return sum(len(h) for h in game.hands) + len(game.tips)


def play_random(cv, seed: int, auto_rate: float = 0.0) -> Game:
    game = Game.new(cv, seed)
    rng = random.Random(seed)
    total = cv.shoe.size
    steps = 0
    while not game.finished:
        legal = game.legal_actions()
        assert legal, "a running game always offers an action"
        choices = [a for a in legal if a != A.AUTO] or legal
        action = A.AUTO if rng.random() < auto_rate else rng.choice(choices)
        game.apply(action)
        assert cards_in_game(game) == total
        steps += 1
        assert steps < 20_000, "the game must end"
    return game


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_random_games_end_conserve_cards_score_and_replay(variant_id):
    check_random_games(variant_id, range(GAMES))


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_soak_random_games(variant_id):
    """`make soak GAMES=N`: N random games per variant, seeds after the quick test's."""
    check_random_games(variant_id, range(GAMES, GAMES + SOAK_GAMES))


def check_random_games(variant_id, seeds):
    cv = compile_variant(load_bundled(variant_id))
    for seed in seeds:
        game = play_random(cv, seed, auto_rate=0.02 if seed % 5 == 0 else 0.0)
        out = game.outcome
        assert out is not None
        assert sorted(out.finish) == [0, 1, 2, 3, 4]
        if out.score is not None:
            result = game.result()
            assert result is not None
            assert score(cv, result).points == out.score.points
            if cv.variant.scoring.two_person.zero_sum and game.guard is not None:
                assert sum(out.score.base_points) == 0
        record = make_record(game)
        again = replay(cv, record["seed"], record["actions"], dealer=record["dealer"])
        assert again.ok, again.error
        assert again.game.outcome == game.outcome
        assert again.game.history == game.history


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_illegal_actions_raise_and_change_nothing(variant_id):
    cv = compile_variant(load_bundled(variant_id))
    game = Game.new(cv, 1)
    rng = random.Random(1)
    while not game.finished:
        legal = set(game.legal_actions())
        for bad in ("pass", "grab", "kick", (14, 14, 14, 14, 14), (0,), "call:2s"):
            if bad in legal:
                continue
            before = make_record(game), game.observe(game.to_act)
            with pytest.raises(ValueError):
                game.apply(bad)
            assert (make_record(game), game.observe(game.to_act)) == before
        game.apply(rng.choice([a for a in legal if a != A.AUTO]))
