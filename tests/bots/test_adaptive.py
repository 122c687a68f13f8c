"""The player who adapts (issue 35): bidding and declarations read the variant's scoring."""

from __future__ import annotations

import copy
import random

import pytest

from baohuang.bots import AdaptivePolicy, make_policy, policy_cost, reads_scoring
from baohuang.bots.adaptive import calibration_for, play_fingerprint
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.rules import Variant, definition_of, load_bundled, validate_definition
from baohuang.simulation.compare import compare
from baohuang.simulation.runner import simulate


def with_rebellion_factor(variant: Variant, factor: int) -> Variant:
    """A copy of `variant` whose successful rebellion multiplies the points by `factor`."""
    data = copy.deepcopy(definition_of(variant))
    found = [m for m in data["scoring"]["multipliers"] if m["event"] == "rebellion"]
    assert found, "the variant has a rebellion multiplier"
    found[0]["factor"] = factor
    report = validate_definition(data)
    assert report.variant is not None, report.errors
    return report.variant


@pytest.fixture(scope="module")
def weihai() -> Variant:
    return load_bundled("baike-weihai")


@pytest.fixture(scope="module")
def weihai_x4(weihai: Variant) -> Variant:
    return with_rebellion_factor(weihai, 4)


def test_adaptive_is_a_policy_name_that_reads_the_scoring() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    policy = make_policy("adaptive", cv)
    assert isinstance(policy, AdaptivePolicy)
    assert policy.name == "adaptive"
    assert reads_scoring("adaptive")
    assert reads_scoring("mc:8")
    assert reads_scoring("royals=adaptive,rebels=heuristic")
    assert not reads_scoring("heuristic")
    assert not reads_scoring("random")
    assert policy_cost("adaptive") == 2


def test_same_variant_and_seed_give_the_same_games(weihai: Variant) -> None:
    a = simulate(weihai, 40, 9, "adaptive")
    b = simulate(weihai, 40, 9, "adaptive")
    assert a.to_dict() == b.to_dict()


def test_a_rebellion_multiplier_moves_the_thresholds_not_the_trials(
    weihai: Variant, weihai_x4: Variant
) -> None:
    cv, cv4 = compile_variant(weihai), compile_variant(weihai_x4)
    # Same play fields: the same trials, scored two ways.
    assert play_fingerprint(cv) == play_fingerprint(cv4)
    assert cv.checksum != cv4.checksum
    base, x4 = calibration_for(cv), calibration_for(cv4)
    assert base.rollouts == x4.rollouts > 0
    moved = {
        k
        for k in base.thresholds
        if k in x4.thresholds and base.thresholds[k].at != x4.thresholds[k].at
    }
    # The rebellion pays four times: whether to complete one is decided differently.
    assert "rebel_last" in moved
    # A decision the multiplier does not touch (grabbing the solo before any rebellion can
    # happen in an open solo) keeps its threshold.
    assert base.thresholds["grab"].at == x4.thresholds["grab"].at


def test_heuristic_keeps_the_rebellion_rate_the_adaptive_player_does_not(
    weihai: Variant, weihai_x4: Variant
) -> None:
    """Issue 35's check: ×4 for a successful rebellion changes how often rebels rebel, with
    a 95% interval that excludes 0, once the players adapt; the heuristic's games are the
    same games."""
    games = 1500
    fixed = compare(weihai, weihai_x4, 300, 35, "heuristic")
    assert fixed.play_unchanged
    rate = {m["name"]: m for m in fixed.metrics()}["rebellion_rate"]
    assert rate["diff"] == 0
    adapted = compare(weihai, weihai_x4, games, 35, "adaptive")
    assert not adapted.play_unchanged
    assert adapted.players_adapt
    rate = {m["name"]: m for m in adapted.metrics()}["rebellion_rate"]
    low, high = rate["ci95"]
    assert rate["diff"] != 0
    assert low > 0 or high < 0, rate
    report = adapted.report()
    assert report["players_adapt"] is True
    assert report["policies"] == ["adaptive"] * 5
    assert "adapt" in report["message"]["en"]


def test_adaptive_plays_the_heuristics_cards() -> None:
    """Play is the heuristic's: in the play phase both answer the same."""
    cv = compile_variant(load_bundled("baike-common"))
    adaptive, heuristic = make_policy("adaptive", cv), make_policy("heuristic", cv)
    rng = random.Random(1)
    game = Game.new(cv, 3)
    checked = 0
    while not game.finished:
        view = game.view(game.to_act)
        legal = game.legal_actions()
        action = adaptive.act(view, legal, rng)
        if view.phase == "play":
            assert action == heuristic.act(view, legal, rng)
            checked += 1
        game.apply(action)
    assert checked > 20


def _calibrated(cv: CompiledVariant) -> dict[str, float]:
    return {k: t.quantile for k, t in calibration_for(cv).thresholds.items()}


def test_every_threshold_is_a_quantile_and_summary_is_json_ready(weihai: Variant) -> None:
    cv = compile_variant(weihai)
    summary = calibration_for(cv).summary()
    assert {"grab", "ascend", "rebel_last", "open_guard"} <= set(summary)
    for row in summary.values():
        assert row["quantile"] is None or 0.0 <= float(row["quantile"]) <= 1.0
        assert int(row["samples"] or 0) >= 12
    assert all(0.0 <= q <= 1.0 for q in _calibrated(cv).values())


@pytest.mark.slow
def test_soak_rebellion_rate_with_players_who_adapt(weihai: Variant, weihai_x4: Variant) -> None:
    """The same check on 5,000 pairs and another seed (``make soak``)."""
    adapted = compare(weihai, weihai_x4, 5000, 36, "adaptive", workers=2)
    rate = {m["name"]: m for m in adapted.metrics()}["rebellion_rate"]
    low, high = rate["ci95"]
    assert low > 0 or high < 0, rate
