"""The search player (issue 18): it sees only its seat's view, searches, and stays reproducible."""

from __future__ import annotations

import random

import pytest

from baohuang.bots import MonteCarloPolicy, make_policy
from baohuang.bots.mc import FIRST_WORLDS
from baohuang.engine import actions as A
from baohuang.engine.game import Game
from tests.bots.test_policies import cv_of, twin_with_other_hidden_information


def searching(variant_id: str) -> MonteCarloPolicy:
    """A small budget that searches at every play decision (not only near the end)."""
    return MonteCarloPolicy(cv_of(variant_id), rollouts=6, max_candidates=3, max_hand=99)


@pytest.mark.parametrize("variant_id", ["baike-common", "hd", "baike-qingdao"])
def test_mc_chooses_the_same_in_games_that_differ_only_in_hidden_information(
    variant_id: str,
) -> None:
    # In the style of test_policies.test_hidden_information_does_not_change_the_choice,
    # at play decisions where the search runs: other hands dealt anew, a hidden guard moved.
    policy = searching(variant_id)
    heuristic = make_policy("heuristic", policy.cv)
    shuffler = random.Random(7)
    compared = overruled = differed = 0
    for seed in range(2):
        game = Game.new(policy.cv, seed)
        rng = random.Random(seed)
        step = 0
        while not game.finished:
            seat = game.to_act
            legal = game.legal_actions()
            searched = game.phase == "play" and len([a for a in legal if a != A.AUTO]) > 1
            if searched and step % 3 == 0:
                twin = twin_with_other_hidden_information(game, seat, shuffler)
                assert twin.view(seat) == game.view(seat)
                differed += twin.counts != game.counts  # the hidden cards really differ
                mine = policy.act(game.view(seat), legal, random.Random(step))
                theirs = policy.act(twin.view(seat), twin.legal_actions(), random.Random(step))
                assert mine == theirs, (variant_id, seed, step)
                compared += 1
                if mine != heuristic.act(game.view(seat), legal, rng):
                    overruled += 1
            game.apply(heuristic.act(game.view(seat), legal, rng))
            step += 1
    assert compared > 15
    assert differed > compared // 2
    assert overruled > 0  # the search does choose, so the comparison means something


def test_mc_searches_only_in_play_and_with_a_choice() -> None:
    policy = searching("baike-common")
    game = Game.new(policy.cv, 3)
    view = game.view(game.to_act)
    legal = game.legal_actions()
    assert view.phase == "bidding"
    heuristic = make_policy("heuristic", policy.cv)
    rng = random.Random(0)
    assert policy.act(view, legal, rng) == heuristic.act(view, legal, rng)
    assert rng.random() == random.Random(0).random()  # nothing drawn: no search in bidding
    assert policy.candidates("pass", ["pass", (3,), (4,), (5,), A.AUTO]) == ["pass", (3,), (4,)]
    assert policy.candidates((5,), ["pass", (3,), (5,)]) == [(5,), "pass", (3,)]


def test_mc_pick_keeps_the_heuristic_move_unless_another_is_clearly_better() -> None:
    policy = searching("baike-common")
    # Candidate 0 is the heuristic's; 1 is better in every world; 2 is better once (noise).
    assert policy.pick([[0, 0, 0, 0], [3, 3, 2, 3], [0, 9, 0, -6]]) == 1
    assert policy.pick([[0, 0, 0, 0], [0, 6, 0, -3], [0, 0, 0, 0]]) == 0
    assert policy.pick([[1, 2, None, 0], [1, 2, 5, 0]]) == 0  # worlds where both were tried


def test_mc_budget_and_bad_parameters() -> None:
    cv = cv_of("baike-common")
    with pytest.raises(ValueError, match="rollouts"):
        MonteCarloPolicy(cv, rollouts=0)
    with pytest.raises(ValueError, match="max_candidates"):
        MonteCarloPolicy(cv, max_candidates=1)


def sequential(variant_id: str) -> MonteCarloPolicy:
    """The sequential search (``mc``'s) at every play decision."""
    return MonteCarloPolicy(cv_of(variant_id), rollouts=48, max_hand=99, sequential=True)


def test_the_sequential_search_sees_only_the_view_and_is_reproducible() -> None:
    """Issue 35: ``mc`` stops early, from the seat's view alone: twin games that differ only
    in hidden cards get the same choice, and the same seed gives the same choice."""
    policy = sequential("baike-common")
    heuristic = make_policy("heuristic", policy.cv)
    shuffler = random.Random(3)
    compared = 0
    game = Game.new(policy.cv, 5)
    rng = random.Random(5)
    step = 0
    while not game.finished:
        seat = game.to_act
        legal = game.legal_actions()
        if game.phase == "play" and len([a for a in legal if a != A.AUTO]) > 1 and step % 4 == 0:
            twin = twin_with_other_hidden_information(game, seat, shuffler)
            mine = policy.act(game.view(seat), legal, random.Random(step))
            assert mine == policy.act(game.view(seat), legal, random.Random(step))
            theirs = policy.act(twin.view(seat), twin.legal_actions(), random.Random(step))
            assert mine == theirs
            compared += 1
        game.apply(heuristic.act(game.view(seat), legal, rng))
        step += 1
    assert compared > 5


def test_the_sequential_search_stops_early_and_keeps_to_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Candidates that never change the result are dropped after the first batch; no
    decision ever takes more than its budget of rollouts."""
    policy = sequential("baike-common")
    used: list[int] = []

    def same_points(game: Game, action: object, seat: int) -> int:
        used.append(1)
        return 3

    monkeypatch.setattr(policy, "_rollout_after", same_points)
    game = Game.new(policy.cv, 2)
    heuristic = make_policy("heuristic", policy.cv)
    rng = random.Random(2)
    while game.phase != "play":
        game.apply(heuristic.act(game.view(game.to_act), game.legal_actions(), rng))
    view, legal = game.view(game.to_act), game.legal_actions()
    candidates = policy.candidates(heuristic.act(view, legal, rng), legal)
    assert len(candidates) >= 3
    assert policy.search_sequential(view, candidates, 7) == candidates[0]
    assert len(used) == FIRST_WORLDS * len(candidates)  # one batch, then all dropped

    # A challenger better in every world wins at once; one that is sometimes better and
    # sometimes worse is searched to the budget's end and never exceeds it.
    used.clear()
    monkeypatch.setattr(
        policy,
        "_rollout_after",
        lambda g, a, s: used.append(1) or (5 if a == candidates[1] else 1),
    )
    assert policy.search_sequential(view, candidates, 7) == candidates[1]
    used.clear()
    noise = random.Random(1)
    monkeypatch.setattr(
        policy, "_rollout_after", lambda g, a, s: used.append(1) or noise.choice([-4, 4])
    )
    policy.search_sequential(view, candidates, 7)
    assert FIRST_WORLDS * len(candidates) < len(used) <= policy.rollouts
