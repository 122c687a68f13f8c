"""Tribute (docs/rules.md §9): the Qingdao table row by row, 憋三's shut-in tribute.

And conservation: no card is made or lost.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck import RANK_OF, deal
from baohuang.engine.scoring import make_result, score
from baohuang.engine.tribute import plan_tribute, resolve_tribute
from baohuang.rules import bundled_variant_paths, load_bundled


def cv(variant_id: str):
    return compile_variant(load_bundled(variant_id))


def finish_with(emperor_rank: int, guard_rank: int) -> list[int]:
    """Emperor is seat 0, guard seat 1, rebels 2, 3, 4 in that order."""
    order = [2, 3, 4]
    slots: list[int | None] = [None] * 5
    slots[emperor_rank - 1] = 0
    slots[guard_rank - 1] = 1
    it = iter(order)
    return [s if s is not None else next(it) for s in slots]


# Qingdao, docs/rules.md §9.1: (emperor delta, guard delta, {rebel finish place: delta}).
QINGDAO = {
    (1, 2): (+2, +1, {3: -1, 4: -1, 5: -1}),
    (1, 3): (+1, +1, {4: -1, 5: -1}),
    (1, 4): (+1, 0, {5: -1}),
    (1, 5): (0, 0, {}),
    (2, 3): (+1, 0, {5: -1}),
    (2, 4): (0, 0, {}),
    (2, 5): (-1, 0, {1: +1}),
    (3, 4): (-1, -1, {1: +1, 2: +1}),
    (3, 5): (-2, -1, {1: +1, 2: +1, 4: +1}),
    (4, 5): (-4, -2, {1: +2, 2: +2, 3: +2}),
}


def moved_counts(variant: str, emperor: int, guard, finish, solo=None):
    c = cv(variant)
    result = make_result(emperor, guard, finish, solo=solo)
    outcome = score(c, result).outcome
    plan = plan_tribute(c, result, outcome)
    hands = deal(c.shoe, random.Random(7), 0)
    before = [len(h) for h in hands]
    moved = resolve_tribute(c, plan, hands)
    delta = [len(h) - b for h, b in zip(hands, before, strict=True)]
    return delta, moved, plan


@pytest.mark.parametrize(("pair", "expected"), list(QINGDAO.items()))
@pytest.mark.parametrize("swap", [False, True])
def test_qingdao_tribute_row(pair, expected, swap):
    e_rank, g_rank = pair if not swap else pair[::-1]
    finish = finish_with(e_rank, g_rank)
    delta, _, _ = moved_counts("baike-qingdao", 0, 1, finish)
    e_delta, g_delta, rebels = expected
    assert delta[0] == e_delta
    assert delta[1] == g_delta
    for place, d in rebels.items():
        assert delta[finish[place - 1]] == d, (pair, place)
    assert sum(delta) == 0


def test_qingdao_row_1_2_emperor_picks_two_first():
    finish = finish_with(1, 2)
    _, moved, _ = moved_counts("baike-qingdao", 0, 1, finish)
    receivers = [m.receiver for m in moved]
    assert receivers == [0, 0, 1]
    ranks = [RANK_OF[m.card] for m in moved]
    assert ranks == sorted(ranks, reverse=True)  # the emperor picks the best two


def test_qingdao_solo_win_and_loss():
    delta, _, _ = moved_counts("baike-qingdao", 0, None, [0, 1, 2, 3, 4], solo="open")
    assert delta == [4, -1, -1, -1, -1]
    delta, _, _ = moved_counts("baike-qingdao", 0, None, [1, 0, 2, 3, 4], solo="open")
    assert delta == [-4, 1, 1, 1, 1]


def test_tribute_card_is_the_givers_highest():
    c = cv("baike-qingdao")
    result = make_result(0, 1, finish_with(1, 4))
    plan = plan_tribute(c, result, "win")
    hands = deal(c.shoe, random.Random(3), 0)
    fifth = result.finish[4]
    highest = max(RANK_OF[x] for x in hands[fifth])
    moved = resolve_tribute(c, plan, hands)
    assert [(m.giver, m.receiver, RANK_OF[m.card]) for m in moved] == [(fifth, 0, highest)]


def test_bie3_shut_in_tribute_is_paid_first_and_to_the_game_ender():
    c = cv("tcy-bie3")
    result = make_result(0, 1, [0, 1, 2, 3, 4], events=["open_guard"])
    plan = plan_tribute(c, result, "win", guard_open=True, shut_in=[3], game_ender=1)
    assert plan.shut_in == ((3, 1, 1),)
    hands = deal(c.shoe, random.Random(5), 0)
    moved = resolve_tribute(c, plan, hands)
    assert (moved[0].giver, moved[0].receiver) == (3, 1)


variant_ids = [p.stem for p in bundled_variant_paths()]


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(variant_ids),
    finish=st.permutations(range(5)),
    solo=st.sampled_from([None, "open", "hidden"]),
    guard_open=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_tribute_never_creates_or_destroys_cards(variant, finish, solo, guard_open, seed):
    c = cv(variant)
    result = make_result(0, None if solo else 1, finish, solo=solo)
    outcome = score(c, result).outcome
    plan = plan_tribute(
        c, result, outcome, guard_open=guard_open, shut_in=[finish[4]], game_ender=finish[3]
    )
    hands = deal(c.shoe, random.Random(seed), 0)
    before = Counter(card for hand in hands for card in hand)
    resolve_tribute(c, plan, hands)
    assert Counter(card for hand in hands for card in hand) == before


def test_a_tribute_plan_reads_back_from_its_json_form() -> None:
    """Game records of a match carry the tribute owed; reading one back must be exact."""
    from baohuang.engine.tribute import TributePlan

    plan = TributePlan(
        shut_in=((4, 0, 2),), givers=((3, 1), (2, 2)), takers=((0, 2), (1, 1)), rule=3
    )
    data = plan.as_dict()
    assert data == {
        "rule": 3,
        "shut_in": [{"from": 4, "to": 0, "count": 2}],
        "give": [{"seat": 3, "count": 1}, {"seat": 2, "count": 2}],
        "take": [{"seat": 0, "count": 2}, {"seat": 1, "count": 1}],
    }
    assert TributePlan.from_dict(data) == plan
    assert TributePlan.from_dict({"shut_in": [], "give": [], "take": []}) == TributePlan()
    assert TributePlan().empty
    assert not plan.empty
    assert not TributePlan(givers=((3, 1),)).empty
    assert not TributePlan(shut_in=((4, 0, 1),)).empty
