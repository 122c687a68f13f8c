"""A seat's turn in the play read two ways (issue 35): from its view
(``PlayTurn.of_view``) and straight from the game into a reused record (``fill_play``,
a search's rollout). A difference would let a rollout's player see what the view hides,
or miss what it shows."""

from __future__ import annotations

import random

import pytest

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.engine.seatview import PlayTurn, fill_play
from baohuang.rules import bundled_variant_paths, load_bundled

VARIANTS = [p.stem for p in bundled_variant_paths()]


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_turn_filled_from_the_game_is_the_turn_of_the_view(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    rng = random.Random(35)
    turn = PlayTurn()  # one record for every turn, as a rollout reuses it
    compared = 0
    for seed in range(4):
        game = Game.new(cv, seed)
        while not game.finished:
            if game.phase == "play":
                seat = game.to_act
                fill_play(game, seat, turn)
                assert turn.astuple() == PlayTurn.of_view(game.view(seat)).astuple(), (
                    variant_id,
                    seed,
                    len(game.history),
                )
                compared += 1
            game.apply(rng.choice([a for a in game.legal_actions() if a != A.AUTO]))
    assert compared > 50


def test_a_hidden_guard_is_no_partner_of_the_emperor_in_his_turn() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    rng = random.Random(3)
    for seed in range(20):
        game = Game.new(cv, seed)
        while game.phase != "play" and not game.finished:
            game.apply(rng.choice([a for a in game.legal_actions() if a != A.AUTO]))
        if game.finished or game.guard is None or game.guard_public:
            continue
        turn = PlayTurn()
        fill_play(game, game.emperor, turn)
        assert turn.known_partner == -1
        assert turn.public_guard == -1
        fill_play(game, game.guard, turn)
        assert turn.i_am_guard
        assert turn.known_partner == game.emperor
        return
    pytest.fail("no game with a hidden guard in 20 deals")
