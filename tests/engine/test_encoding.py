"""Action numbers and observation vectors (issue 18): the engine as a game for AI tools."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from baohuang.bots import make_policy
from baohuang.engine import actions as A
from baohuang.engine import encoding
from baohuang.engine.cards import TOP
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
from baohuang.engine.seatview import SeatView
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
    assert (common.size, common.num_plays) == (5315, 5224)
    assert weihai.size == 4040
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


#: The layout the module docstring documents: (field, offset, size), in order.
DOCUMENTED_FIELDS = (
    ("seat", 0, 5),
    ("phase", 5, 5),
    ("question", 10, 12),
    ("hand_ranks", 22, 21),
    ("hand_cards", 43, 56),
    ("hand_sizes", 99, 5),
    ("played", 104, 21),
    ("trick", 125, 21),
    ("trick_owner", 146, 5),
    ("passes", 151, 1),
    ("emperor", 152, 5),
    ("known_guard", 157, 5),
    ("i_am_guard", 162, 1),
    ("known_partner", 163, 5),
    ("solo", 168, 2),
    ("finish", 170, 25),
    ("rebels_declared", 195, 5),
    ("events", 200, 6),
    ("tips", 206, 1),
    ("called_rank", 207, 21),
)


def test_the_fields_sit_where_the_docstring_says() -> None:
    """228 numbers, the fields in the documented order and sizes (OBSERVATION_FIELDS is
    built once at import, so the builder is called again here to check it too)."""
    documented = {name: (at, size) for name, at, size in DOCUMENTED_FIELDS}
    assert documented == OBSERVATION_FIELDS
    assert encoding._offsets() == documented
    assert OBSERVATION_SIZE == 228


def one_hot(size: int, *indices: int) -> list[int]:
    row = [0] * size
    for i in indices:
        row[i] = 1
    return row


def documented_vector(**fields: list[int]) -> list[float]:
    """The vector laid out by hand from DOCUMENTED_FIELDS; unnamed fields are zeros."""
    out: list[float] = []
    for name, at, size in DOCUMENTED_FIELDS:
        values = fields.pop(name, [0] * size)
        assert len(values) == size, name
        assert len(out) == at, name
        out += [float(x) for x in values]
    assert not fields
    return out


def seat_view(**fields: Any) -> SeatView:
    """A view in play with nothing known yet, changed by `fields`."""
    base: dict[str, Any] = {
        "seat": 0,
        "phase": "play",
        "question": "lead",
        "hand": (),
        "counts": (0,) * 21,
        "hand_sizes": (0,) * 5,
        "emperor": None,
        "known_partner": None,
        "i_am_guard": False,
        "public_guard": None,
        "solo": None,
        "trick": None,
        "trick_owner": None,
        "finish": (),
        "played": (0,) * 21,
        "rebels_declared": (),
        "events": (),
        "hold_back": (),
    }
    base.update(fields)
    return SeatView(**base)


HIDDEN_GUARD_FOLLOWING = (
    # Seat 3 is the hidden guard of emperor 0 (who called a queen), following seat 1's
    # BJ 9 9 after one pass; seat 2 is already out first; one card was tipped.
    seat_view(
        seat=3,
        question="follow",
        counts=(0, 2, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 1, 0, 1, 0, 0, *(0,) * 4),
        hand_sizes=(12, 9, 0, 8, 17),
        emperor=0,
        known_partner=0,
        i_am_guard=True,
        trick=(14, 6, 6),
        trick_owner=1,
        passes=1,
        finish=(2,),
        played=(4, 0, 0, 3, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2, 0, 0, 0, *(0,) * 4),
        tips=1,
        called_rank=9,
    ),
    documented_vector(
        seat=one_hot(5, 3),
        phase=one_hot(5, 3),
        question=one_hot(12, 8),
        hand_ranks=[0, 2, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0, 1, 0, 1, 0, 0, *[0] * 4],
        hand_sizes=[12, 9, 0, 8, 17],
        played=[4, 0, 0, 3, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2, 0, 0, 0, *[0] * 4],
        trick=[0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, *[0] * 4],  # two 9s, one BJ
        trick_owner=one_hot(5, 1),
        passes=[1],
        emperor=one_hot(5, 0),
        known_guard=one_hot(5, 3),  # itself
        i_am_guard=[1],
        known_partner=one_hot(5, 0),
        finish=one_hot(25, 5 * 2 + 0),
        tips=[1],
        called_rank=one_hot(21, 9),
    ),
)

OPEN_SOLO_FINISHED = (
    # Emperor 0 grabbed an open solo and went out first; then seats 3, 2, 1; seat 4 holds 4.
    # "x_later_event" stands for an event this version does not know: it goes to "other".
    seat_view(
        phase="finished",
        question="",
        hand_sizes=(0, 0, 0, 0, 4),
        emperor=0,
        solo="open",
        finish=(0, 3, 2, 1),
        played=tuple(one_hot(21, TOP)),
        events=("grabbed_solo", "x_later_event"),
    ),
    documented_vector(
        seat=one_hot(5, 0),
        phase=one_hot(5, 4),
        question=one_hot(12, 11),  # nothing asked
        hand_sizes=[0, 0, 0, 0, 4],
        played=one_hot(21, TOP),
        emperor=one_hot(5, 0),
        solo=[1, 0],
        finish=one_hot(25, 5 * 0 + 0, 5 * 3 + 1, 5 * 2 + 2, 5 * 1 + 3),
        events=[0, 0, 0, 0, 1, 1],
    ),
)

HIDDEN_SOLO_KICK = (
    # Declarations: seat 1, the emperor alone in a hidden solo, holds BJ* 2 2 6 3 (card
    # ids 54 51 51 12 0; two decks' 2d) and is asked whether to kick the rebels 2 and 3.
    seat_view(
        seat=1,
        phase="declarations",
        question="royal_kick",
        hand=(54, 51, 51, 12, 0),
        counts=(1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, *(0,) * 4),
        hand_sizes=(6, 5, 5, 5, 5),
        emperor=1,
        solo="hidden",
        rebels_declared=(2, 3),
        events=("rebellion", "kick"),
    ),
    documented_vector(
        seat=one_hot(5, 1),
        phase=one_hot(5, 2),
        question=one_hot(12, 5),
        hand_ranks=[1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, *[0] * 4],
        hand_cards=[1 if c in (0, 12, 54) else 2 if c == 51 else 0 for c in range(56)],
        hand_sizes=[6, 5, 5, 5, 5],
        emperor=one_hot(5, 1),
        solo=[0, 1],
        rebels_declared=[0, 0, 1, 1, 0],
        events=[0, 0, 1, 1, 0, 0],
    ),
)


@pytest.mark.parametrize(
    ("view", "expected"),
    [HIDDEN_GUARD_FOLLOWING, OPEN_SOLO_FINISHED, HIDDEN_SOLO_KICK],
    ids=["hidden-guard-following", "open-solo-finished", "hidden-solo-kick"],
)
def test_the_whole_vector_follows_the_documented_layout(
    view: SeatView, expected: list[float]
) -> None:
    """Every field of the vector, laid out by hand from the module's table."""
    assert observation_vector(view) == expected
