"""The OpenSpiel game (issue 18): every bundled variant passes OpenSpiel's own random
simulation test, and its ISMCTS bot plays a game to the end. Skipped without the
``[openspiel]`` extra (CI installs it: it is part of the dev extra)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import baohuang.openspiel  # noqa: E402, F401 (registers the game)
from baohuang.engine.encoding import OBSERVATION_SIZE, WORD_ORDER  # noqa: E402
from baohuang.rules import bundled_variant_paths  # noqa: E402

VARIANTS = [p.stem for p in bundled_variant_paths()]
AUTO = WORD_ORDER.index("auto")


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_openspiel_random_simulation_of_every_bundled_variant(variant_id: str) -> None:
    game = pyspiel.load_game("baohuang", {"variant": variant_id})
    assert game.num_players() == 5
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_game_type_follows_the_variant() -> None:
    common = pyspiel.load_game("baohuang")  # baike-common by default
    assert common.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert common.num_distinct_actions() == 5315
    assert common.observation_tensor_shape() == [OBSERVATION_SIZE]
    weihai = pyspiel.load_game("baohuang", {"variant": "baike-weihai"})
    assert weihai.num_distinct_actions() == 4040
    with pytest.raises(Exception, match="no-such-variant"):
        pyspiel.load_game("baohuang", {"variant": "no-such-variant"})


def test_ismcts_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("baohuang", {"variant": "baike-weihai", "seed": 3})
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(2),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    rng = random.Random(0)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            legal = state.legal_actions()
            action = rng.choice([a for a in legal if a != AUTO] or legal)
        state.apply_action(action)
    assert searched > 5
    returns = state.returns()
    assert sum(returns) == 0
    assert any(returns)  # scored


def test_a_resampled_state_looks_the_same_to_its_seat() -> None:
    game = pyspiel.load_game("baohuang", {"seed": 5})
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.engine.phase != "play" or len(state.engine.history) < 40:
        legal = state.legal_actions()
        state.apply_action(rng.choice([a for a in legal if a != AUTO] or legal))
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.observation_string(seat) == state.observation_string(seat)
    assert world.observation_tensor(seat) == state.observation_tensor(seat)
    assert world.engine.counts != state.engine.counts  # the others' cards were dealt anew
    assert world.engine.counts[seat] == state.engine.counts[seat]
