"""Action numbers and observation vectors (issue 18): the engine as a game for AI tools."""

from __future__ import annotations

import random

import numpy as np
import pytest

from baohuang.bots import make_policy
from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.encoding import (
    OBSERVATION_FIELDS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    WORD_ORDER,
    NotAnAction,
    action_space,
    action_to_string,
    observation_array,
    observation_vector,
    string_to_action,
)
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled
from tests.bots.test_policies import twin_with_other_hidden_information

VARIANTS = [p.stem for p in bundled_variant_paths()]


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_legal_action_has_a_number_that_reads_back(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    space = action_space(cv)
    assert action_space(cv) is space
    assert len(set(space.actions)) == space.size
    policy = make_policy("random", cv)
    seen = 0
    for seed in range(3):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        while not game.finished:
            legal = game.legal_actions()
            numbers = space.legal(game)
            assert len(set(numbers)) == len(legal)
            for action in legal:
                n = space.encode(action)
                assert space.decode(n) == action
                text = action_to_string(cv, n)
                assert text == A.format_action(action)
                assert string_to_action(cv, text) == n
                seen += 1
            game.apply(policy.act(game.view(game.to_act), legal, rng))
    assert seen > 300


def test_numbers_are_fixed_words_first_then_calls_then_plays() -> None:
    common = action_space(compile_variant(load_bundled("baike-common")))
    weihai = action_space(compile_variant(load_bundled("baike-weihai")))
    for i, word in enumerate(WORD_ORDER):
        assert common.encode(word) == weihai.encode(word) == i
    assert common.encode("call:4s") == weihai.encode("call:4s")
    assert (common.size, common.num_plays) == (5297, 5224)
    assert weihai.size == 4022
    nine = common.encode((7, 7, 7))  # three 10s
    assert common.to_string(nine) == "play 10 10 10"
    assert common.encode([7, 7, 7]) == nine
    assert common.encode((14, 6, 6)) == common.encode((6, 14, 6))  # any order of the ranks
    assert common.from_string("play BJ 9 9") == common.encode((14, 6, 6))


def test_what_a_variant_can_never_do_has_no_number() -> None:
    weihai = action_space(compile_variant(load_bundled("baike-weihai")))  # no 3s in its deck
    with pytest.raises(NotAnAction, match="not an action"):
        weihai.encode((0, 0, 0))
    with pytest.raises(NotAnAction, match="not an action"):
        weihai.from_string("play 3 3 3")


def test_numbers_out_of_range_and_unreadable_text() -> None:
    space = action_space(compile_variant(load_bundled("baike-common")))
    for n in (-1, space.size):
        with pytest.raises(NotAnAction, match="not an action number"):
            space.decode(n)
    with pytest.raises(NotAnAction):
        space.from_string("dance")


def test_the_observation_layout_is_contiguous() -> None:
    at = 0
    for name, size in OBSERVATION_LAYOUT:
        assert OBSERVATION_FIELDS[name] == (at, size)
        at += size
    assert at == OBSERVATION_SIZE


@pytest.mark.parametrize("variant_id", ["baike-common", "baike-weihai", "hd", "tcy-bie3"])
def test_states_that_differ_only_in_hidden_information_give_the_same_vector(
    variant_id: str,
) -> None:
    cv = compile_variant(load_bundled(variant_id))
    policy = make_policy("heuristic", cv)
    shuffler = random.Random(3)
    compared = differed = 0
    for seed in range(2):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        while not game.finished:
            seat = game.to_act
            vector = observation_vector(game.view(seat))
            assert len(vector) == OBSERVATION_SIZE
            twin = twin_with_other_hidden_information(game, seat, shuffler)
            hidden_differs = twin.counts != game.counts or twin.hands != game.hands
            assert observation_vector(twin.view(seat)) == vector
            compared += 1
            differed += hidden_differs
            game.apply(policy.act(game.view(seat), game.legal_actions(), rng))
    assert compared > 50
    assert differed > compared // 2


def test_the_vector_shows_what_the_seat_sees() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    game = Game.new(cv, 1)
    view = game.view(game.to_act)
    v = observation_array(view)
    assert v.dtype == np.float32
    assert v.shape == (OBSERVATION_SIZE,)
    at, size = OBSERVATION_FIELDS["hand_ranks"]
    assert v[at : at + size].tolist() == list(view.counts)
    at, size = OBSERVATION_FIELDS["hand_cards"]
    assert v[at : at + size].sum() == len(view.hand)
    at, size = OBSERVATION_FIELDS["seat"]
    assert v[at + view.seat] == 1
    assert v[at : at + size].sum() == 1
