"""The search player's bids and declarations (issue 35): judged by the variant's own scoring
in worlds built from the seat's view before the play."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from baohuang.bots import HeuristicPolicy, MonteCarloPolicy, make_policy
from baohuang.bots.preplay import PreplayWorlds
from baohuang.engine import actions as A
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.rules import Variant, definition_of, load_bundled, validate_definition
from tests.bots.test_policies import cv_of, twin_with_other_hidden_information


def small(cv: CompiledVariant) -> MonteCarloPolicy:
    """``mc`` with its search before the play, on a smaller budget."""
    return MonteCarloPolicy(
        cv, rollouts=48, max_candidates=3, sequential=True, preplay=True, preplay_worlds=16
    )


def choices_before_play(cv: CompiledVariant, seeds: range) -> list[tuple[Game, int]]:
    """Decision points before the play with a real choice, in heuristic games."""
    heuristic = HeuristicPolicy(cv)
    found: list[tuple[Game, int]] = []
    for seed in seeds:
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        while game.phase != "play" and not game.finished:
            legal = game.legal_actions()
            if len([a for a in legal if a != A.AUTO]) > 1:
                found.append((game.clone(), game.to_act))
            game.apply(heuristic.act(game.view(game.to_act), legal, rng))
    return found


@pytest.mark.parametrize(
    "variant_id", ["baike-weihai", "baike-classic", "buzi-bie3", "tcy-bie6", "hd"]
)
def test_worlds_before_the_play_agree_with_the_view(variant_id: str) -> None:
    """Each world asks the seat the same question, with the same legal answers, the same
    hand, sizes, tips, roles and events as far as the seat knows them."""
    cv = cv_of(variant_id)
    heuristic = HeuristicPolicy(cv)
    points = choices_before_play(cv, range(6))
    assert len(points) >= 6
    fitted = 0
    for n, (game, seat) in enumerate(points):
        view = game.view(seat)
        legal = game.legal_actions()
        worlds = PreplayWorlds(cv, view, legal, heuristic, n)
        rng = random.Random(n)
        for _ in range(3):
            world = worlds.sample(rng)
            if world is None:
                continue
            fitted += 1
            seen = world.view(seat)
            assert seen.phase == view.phase
            assert seen.question == view.question
            assert seen.hand == view.hand
            assert seen.hand_sizes == view.hand_sizes
            assert seen.tips == view.tips
            assert seen.emperor == view.emperor
            assert seen.events == view.events
            assert seen.rebels_declared == view.rebels_declared
            assert set(world.legal_actions()) == set(legal)
    assert fitted >= 2 * len(points)  # most decisions get their worlds


@pytest.mark.parametrize("variant_id", ["baike-weihai", "baike-classic"])
def test_bids_and_declarations_see_only_the_view(variant_id: str) -> None:
    """Twin games that differ only in hidden cards get the same bid or declaration, and the
    same seed gives the same choice."""
    cv = cv_of(variant_id)
    policy = small(cv)
    shuffler = random.Random(4)
    points = choices_before_play(cv, range(3))
    for n, (game, seat) in enumerate(points[:8]):
        twin = twin_with_other_hidden_information(game, seat, shuffler)
        assert twin.view(seat) == game.view(seat)
        mine = policy.act(game.view(seat), game.legal_actions(), random.Random(n))
        again = policy.act(game.view(seat), game.legal_actions(), random.Random(n))
        theirs = policy.act(twin.view(seat), twin.legal_actions(), random.Random(n))
        assert mine == again == theirs, (variant_id, n)


def rebellion_at_stake(rebels_get: int) -> Variant:
    """baike-weihai where one rebel's word is a rebellion, and a known guard (after it)
    scores ``rebels_get`` for each rebel whatever the finish (the royals pay it): a
    rebellion then pays hugely (positive) or costs hugely (negative)."""
    data: dict[str, Any] = copy.deepcopy(definition_of(load_bundled("baike-weihai")))
    data["declarations"]["rebellion"]["threshold"] = 1
    for row in data["scoring"]["two_person_guard_known"]["rows"]:
        row["rebels"] = rebels_get
        row["emperor"] = row["guard"] = -3 * rebels_get // 2
    report = validate_definition(data)
    assert report.variant is not None, report.errors
    return report.variant


def test_mc_rebels_when_the_rebellion_pays_and_not_when_it_costs() -> None:
    """A clear-cut declaration: the same position, the same hand, two scorings. The heuristic
    answers the same under both; the search player rebels where a rebellion pays +40 a rebel
    and stays quiet where it costs 40 — it would fail if it ignored the scoring."""
    pays = compile_variant(rebellion_at_stake(40))
    costs = compile_variant(rebellion_at_stake(-40))
    heuristic = HeuristicPolicy(pays)
    asked = 0
    for seed in range(40):
        a, b = Game.new(pays, seed), Game.new(costs, seed)
        rng = random.Random(seed)
        while a.phase != "play" and not a.finished:
            seat = a.to_act
            view, legal = a.view(seat), a.legal_actions()
            assert b.view(seat) == view  # the heuristic plays both games alike
            if view.question == "rebel" and A.REBEL in legal:
                break
            action = heuristic.act(view, legal, rng)
            a.apply(action)
            b.apply(action)
        else:
            continue
        asked += 1
        same = heuristic.act(view, legal, rng)
        assert same == HeuristicPolicy(costs).act(view, legal, rng)
        assert small(pays).act(view, legal, random.Random(seed)) == A.REBEL
        assert small(costs).act(view, legal, random.Random(seed)) == A.NO_REBEL
        if asked == 2:
            break
    assert asked == 2


def test_mc_by_name_searches_before_the_play_and_mc_n_does_not() -> None:
    cv = cv_of("baike-weihai")
    mc = make_policy("mc", cv)
    assert isinstance(mc, MonteCarloPolicy)
    assert mc.preplay
    fixed = make_policy("mc:8", cv)
    assert isinstance(fixed, MonteCarloPolicy)
    assert not fixed.preplay  # mc:N is the reference search of before issue 35
