"""Policies (issue 5): legal choices, determinism, and no use of hidden information."""

from __future__ import annotations

import copy
import random

import pytest

from baohuang.bots import (
    POLICY_NAMES,
    AdaptivePolicy,
    HeuristicPolicy,
    MonteCarloPolicy,
    Policy,
    RandomPolicy,
    make_policy,
)
from baohuang.engine import actions as A
from baohuang.engine.cards import NUM_RANKS
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.deck import EMPEROR_CARD
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled

VARIANTS = [p.stem for p in bundled_variant_paths()]


def cv_of(variant_id: str) -> CompiledVariant:
    return compile_variant(load_bundled(variant_id))


def built(name: str, cv: CompiledVariant) -> Policy:
    """The policy by name; the search player with a small budget (these tests play it a lot)."""
    if name == "mc":  # with its search before the play (issue 35), in a first batch of worlds
        return MonteCarloPolicy(cv, rollouts=4, max_candidates=3, preplay=True, preplay_worlds=6)
    if name == "adaptive":  # a small calibration: these tests build it for every variant
        return AdaptivePolicy(cv, deals=30, per_band=4)
    return make_policy(name, cv)


def play_checked(cv: CompiledVariant, policy: Policy, seed: int) -> Game:
    """A whole game where every choice is checked against the engine's legal list."""
    game = Game.new(cv, seed)
    rng = random.Random(seed)
    while not game.finished:
        legal = game.legal_actions()
        action = policy.act(game.view(game.to_act), legal, rng)
        assert action in legal, (action, legal)
        assert action != A.AUTO
        game.apply(action)
    return game


@pytest.mark.parametrize("variant_id", VARIANTS)
@pytest.mark.parametrize("name", POLICY_NAMES)
def test_policies_choose_legal_actions_in_every_variant(variant_id: str, name: str) -> None:
    cv = cv_of(variant_id)
    policy = built(name, cv)
    for seed in range(1 if name == "mc" else 3):
        game = play_checked(cv, policy, seed)
        assert game.outcome is not None


def test_make_policy_names_and_unknown_name() -> None:
    cv = cv_of("baike-common")
    assert isinstance(make_policy("heuristic", cv), HeuristicPolicy)
    assert isinstance(make_policy("random", cv), RandomPolicy)
    assert isinstance(make_policy("mc", cv), MonteCarloPolicy)
    assert all(isinstance(make_policy(n, cv), Policy) for n in POLICY_NAMES)
    budget = make_policy("mc:12", cv)
    assert isinstance(budget, MonteCarloPolicy)
    assert (budget.rollouts, budget.name) == (12, "mc:12")
    for bad in ("genius", "mc:0", "mc:x", "mc:", "mc:1000001"):
        with pytest.raises(ValueError, match="heuristic, random, mc"):
            make_policy(bad, cv)


def test_a_search_budget_above_the_bound_is_refused_with_its_code() -> None:
    """Issue 31: ``mc:100000`` kept a worker busy for half an hour a game."""
    from baohuang.bots import (
        MAX_ROLLOUTS,
        MC_COST,
        UNIT_SECONDS,
        PolicySpecError,
        policy_cost,
        policy_name,
        policy_seconds,
    )

    cv = cv_of("baike-common")
    assert MAX_ROLLOUTS == 1000
    assert policy_name(f"mc:{MAX_ROLLOUTS}") == "mc:1000"
    for spec, key in (
        ("mc:100000", ""),
        ("mc:1001", ""),
        ("royals=mc:5000,rebels=heuristic", ""),
        ({"royals": "heuristic", "rebels": "mc:100000"}, "rebels"),
    ):
        with pytest.raises(PolicySpecError) as refused:
            policy_name(spec)
        assert (refused.value.code, refused.value.key) == ("budget_too_large", key)
        assert refused.value.params["max"] == "1000"
    with pytest.raises(ValueError, match="Unknown policy 'mc:100000'"):
        make_policy("mc:100000", cv)
    # what a game costs, in heuristic games (the quota's unit)
    assert [policy_cost(n) for n in ("heuristic", "random", "mc", "mc:8", "mc:64")] == [
        1,
        2,
        MC_COST,
        145,
        1153,
    ]
    assert policy_seconds("mc") == MC_COST * UNIT_SECONDS
    assert policy_cost("royals=mc:8,rebels=heuristic") == 145


@pytest.mark.parametrize("name", POLICY_NAMES)
def test_same_rng_same_game(name: str) -> None:
    cv = cv_of("baike-common")
    first = play_checked(cv, built(name, cv), 7)
    again = play_checked(cv, built(name, cv), 7)
    assert first.history == again.history
    assert first.outcome == again.outcome


def test_random_policy_never_asks_for_automatic_play_unless_it_must() -> None:
    policy = RandomPolicy()
    view = Game.new(cv_of("baike-common"), 1).view(0)
    rng = random.Random(0)
    assert {policy.act(view, ["pass", (3,), A.AUTO], rng) for _ in range(200)} == {"pass", (3,)}
    assert policy.act(view, [A.AUTO], rng) == A.AUTO


# --------------------------------------------------------------------------- hidden information


def twin_with_other_hidden_information(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` that `seat` cannot tell apart: other hands dealt anew, guard moved.

    The cards of the other seats are pooled and dealt back in the same sizes (the emperor
    card stays with its known holder); a hidden guard who is not `seat` moves to another
    seat that is neither `seat` nor the emperor.
    """
    twin = copy.deepcopy(game, {id(game.cv): game.cv})
    others = [s for s in range(5) if s != seat]
    if twin.counts:
        pool = [r for s in others for r in range(NUM_RANKS) for _ in range(twin.counts[s][r])]
        rng.shuffle(pool)
        for s in others:
            size = sum(twin.counts[s])
            row = [0] * NUM_RANKS
            for r in pool[:size]:
                row[r] += 1
            del pool[:size]
            twin.counts[s] = row
    else:
        fixed = {s for s in others if EMPEROR_CARD in twin.hands[s]}
        movable = [s for s in others if s not in fixed]
        pool = [c for s in movable for c in twin.hands[s]]
        rng.shuffle(pool)
        for s in movable:
            size = len(twin.hands[s])
            twin.hands[s] = sorted(pool[:size])
            del pool[:size]
    hidden_guard = twin.guard is not None and not twin.guard_public and twin.guard != seat
    if hidden_guard and twin.phase == "play":
        choices = [s for s in range(5) if s not in (seat, twin.emperor)]
        twin.guard = rng.choice(choices)
    return twin


@pytest.mark.parametrize("variant_id", ["baike-common", "baike-weihai", "baike-classic", "hd"])
@pytest.mark.parametrize("name", POLICY_NAMES)
def test_hidden_information_does_not_change_the_choice(variant_id: str, name: str) -> None:
    cv = cv_of(variant_id)
    policy = built(name, cv)
    shuffler = random.Random(99)
    compared = 0
    for seed in range(2):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        step = 0
        while not game.finished:
            seat = game.to_act
            if step % 7 == 0:
                twin = twin_with_other_hidden_information(game, seat, shuffler)
                assert twin.view(seat) == game.view(seat)
                mine = policy.act(game.view(seat), game.legal_actions(), random.Random(step))
                theirs = policy.act(twin.view(seat), twin.legal_actions(), random.Random(step))
                assert mine == theirs, (variant_id, seed, step)
                compared += 1
            game.apply(policy.act(game.view(seat), game.legal_actions(), rng))
            step += 1
    assert compared > 20
