"""Simulation statistics (issue 5): exact merges, determinism, JSON, sane figures."""

from __future__ import annotations

import io
import json
import math
from typing import Any

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.rules import load_bundled
from baohuang.simulation import ROLES, Stats, merge, run, simulate
from baohuang.simulation.report import print_report
from baohuang.simulation.stats import Z95, Tally, mean_interval, wilson
from baohuang.simulation.tournament import Duel

COMMON = compile_variant(load_bundled("baike-common"))
WEIHAI = compile_variant(load_bundled("baike-weihai"))


@pytest.fixture(scope="module")
def common40() -> Stats:
    return simulate(COMMON, 40, seed=11)


def test_same_seed_same_statistics(common40: Stats) -> None:
    assert simulate(COMMON, 40, seed=11) == common40
    other = simulate(COMMON, 40, seed=12)
    assert other.to_dict() != common40.to_dict()


def test_merging_chunks_equals_one_run(common40: Stats) -> None:
    first = simulate(COMMON, 40, seed=11, chunk=(0, 15))
    second = simulate(COMMON, 40, seed=11, chunk=(15, 40))
    assert first.games == 15
    assert second.games == 25
    assert merge(first, second) == common40
    assert merge(second, first) == common40
    assert merge(first, second).to_dict() == common40.to_dict()


def test_merge_refuses_overlaps_and_other_jobs(common40: Stats) -> None:
    part = simulate(COMMON, 40, seed=11, chunk=(10, 20))
    with pytest.raises(ValueError, match="counted twice"):
        merge(common40, part)
    with pytest.raises(ValueError, match="same variant, seed and policies"):
        merge(common40, simulate(COMMON, 5, seed=12))
    with pytest.raises(ValueError, match="same variant, seed and policies"):
        merge(common40, simulate(COMMON, 5, seed=11, policies="random"))


def test_json_round_trip_is_exact(common40: Stats) -> None:
    text = json.dumps(common40.to_dict())
    again = Stats.from_dict(json.loads(text))
    assert again == common40
    assert again.to_dict() == common40.to_dict()
    json.dumps(common40.summary())  # derived figures are JSON-ready too


def test_workers_do_not_change_the_result() -> None:
    one = run(COMMON, 24, seed=5, workers=1, chunk_size=7)
    two = run(COMMON, 24, seed=5, workers=2, chunk_size=5)
    assert one == two == simulate(COMMON, 24, seed=5)


@pytest.mark.parametrize("cv", [COMMON, WEIHAI], ids=["baike-common", "baike-weihai"])
def test_figures_are_consistent(cv, common40: Stats) -> None:
    stats = common40 if cv is COMMON else simulate(cv, 40, seed=11)
    roles = stats.roles
    scored = stats.scored
    assert stats.games == 40
    assert stats.ranges == [(0, 40)]
    for name in ROLES:
        r = roles[name]
        t = r.tally
        assert t.wins + t.draws + t.losses == t.n
        assert sum(r.histogram.values()) == t.n
        assert sum(r.ranks) == t.n
        assert sum(p * k for p, k in r.histogram.items()) == t.points
        summary = stats.summary()["roles"][name]
        if t.n:
            total = summary["win"]["rate"] + summary["draw"]["rate"] + summary["loss"]["rate"]
            assert total == pytest.approx(1.0)
            assert sum(summary["ranks"]) == pytest.approx(1.0)
    solo = roles["solo"].tally.n
    assert roles["emperor"].tally.n + solo == scored
    assert roles["guard"].tally.n == roles["emperor"].tally.n
    assert roles["rebel"].tally.n == 3 * roles["emperor"].tally.n + 4 * solo
    assert all(seat.n == scored for seat in stats.seats)
    assert stats.by_policy["heuristic"].n == 5 * scored
    # The royals' outcome is the rebels' inverse, game by game.
    assert roles["guard"].tally.wins == roles["emperor"].tally.wins
    emperor, lone = roles["emperor"].tally, roles["solo"].tally
    assert roles["rebel"].tally.wins == 3 * emperor.losses + 4 * lone.losses
    assert roles["rebel"].tally.losses == 3 * emperor.wins + 4 * lone.wins
    c = stats.counters
    assert c["solo_open"] + c["solo_hidden"] == solo
    assert c["solo_grabbed"] <= c["solo_open"]
    assert c["abdications"] >= c["abdication_games"]
    s = stats.summary()
    assert s["plays_per_game"]["mean"] > 10
    assert len(s["seats"]["win_rates"]) == 5
    assert s["seats"]["seat0_advantage"] == pytest.approx(
        s["seats"]["win_rates"][0] - sum(s["seats"]["win_rates"]) / 5
    )


def test_zero_sum_points_add_up(common40: Stats) -> None:
    total = sum(common40.roles[r].tally.points for r in ROLES)
    assert total == 0  # baike-common scores every game zero-sum
    assert sum(t.points for t in common40.seats) == 0


# --------------------------------------------------------------------------- intervals
#
# Reference figures were computed once with statsmodels 0.15.0 and scipy 1.17.1 in a
# throwaway virtualenv (neither is a dependency of the project) and are written here as
# literals:
#
#   from statsmodels.stats.proportion import proportion_confint
#   proportion_confint(k, n, alpha=0.05, method="wilson")                  # WILSON
#
#   from scipy import stats                                                # MEANS
#   x = numpy.asarray(values, dtype=float)
#   stats.norm.interval(0.95, loc=x.mean(), scale=stats.sem(x))    # sem: ddof=1
#
# stats.py uses the normal 97.5% quantile (two-sided 95%), as both references do.

#: scipy.stats.norm.isf(0.025)
REFERENCE_Z95 = 1.9599639845400545

#: (successes, n, lower, upper) from statsmodels' Wilson interval. p = 0, small, 1/2, large
#: and 1; n = 1, small and large.
WILSON = [
    (0, 1, 0.0, 0.7934506856227627),
    (1, 1, 0.2065493143772374, 1.0),
    (0, 5, 0.0, 0.43448246478317487),
    (1, 5, 0.036224108632430196, 0.6244653702374748),
    (4, 5, 0.3755346297625252, 0.9637758913675698),
    (5, 5, 0.5655175352168252, 1.0),
    (2, 7, 0.08221892400405661, 0.6410655481673807),
    (0, 20, 0.0, 0.1611251580528194),
    (1, 20, 0.008881448800795402, 0.2361311934467421),
    (17, 20, 0.639581135259243, 0.9476312541037833),
    (20, 20, 0.8388748419471804, 0.9999999999999999),
    (50, 100, 0.4038315303659956, 0.5961684696340044),
    (3, 1000, 0.0010207838811386195, 0.008783014053503176),
    (997, 1000, 0.9912169859464969, 0.9989792161188614),
    (0, 100000, 0.0, 3.841311258303965e-05),
    (123, 100000, 0.0010310834214437672, 0.0014672351948823183),
    (31415, 100000, 0.3112802428924295, 0.31703403526151763),
    (99990, 100000, 0.9998159153045492, 0.9999456792654904),
]

#: (sum, sum of squares, n, mean, lower, upper) from scipy's normal interval of the values
#: named in the comment. "points" and "wins" are drawn from rng = random.Random(20240601):
#: first 10,000 seat-games' rng.choice([-12, -6, -3, -3, -3, 0, 3, 3, 6, 12, 24]), then
#: 2,500 deals' win differences rng.choice([-2, -1, 0, 0, 1, 1, 2, 3]).
MEANS = [
    (0, 18, 2, 0.0, -5.879891953620161, 5.879891953620161),  # [3, -3]
    (6, 36, 2, 3.0, -2.8798919536201613, 8.879891953620161),  # [6, 0]
    (0, 72, 5, 0.0, -3.718770193827369, 3.718770193827369),  # [6, -3, -3, -3, 3]
    (28, 140, 7, 4.0, 2.3996961078815633, 5.600303892118436),  # 1 … 7
    (-28, 216, 4, -7.0, -9.530302623763319, -4.46969737623668),  # [-10, -4, -6, -8]
    (1248, 6450, 2500, 0.4992, 0.43934266072801115, 0.5590573392719889),  # wins
    (18339, 886275, 10000, 1.8339, 1.6529104710254627, 2.0148895289745377),  # points
    # Large values, small spread: a float sum of squares would cancel to nothing.
    (
        4000000006,
        4000000012000000014,
        4,
        1000000001.5,
        1000000000.2348487,
        1000000002.7651513,
    ),  # 10**9 + [0, 1, 2, 3]
    (
        6000000000000,
        6000000000000000000000058,
        6,
        1000000000000.0,
        999999999997.2748,
        1000000000002.7252,
    ),  # 10**12 + [0, 5, -5, 2, -2, 0]
]


def close(value: float | None) -> Any:
    return pytest.approx(value, rel=1e-12, abs=1e-15)


def test_the_confidence_level_is_95_percent() -> None:
    assert math.isclose(Z95, REFERENCE_Z95, rel_tol=1e-15)


@pytest.mark.parametrize(("k", "n", "lo", "hi"), WILSON, ids=[f"{k}/{n}" for k, n, *_ in WILSON])
def test_wilson_matches_statsmodels(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)

    assert got == (close(lo), close(hi))
    assert 0.0 <= got[0] <= k / n <= got[1] <= 1.0
    if k == 0:
        assert got[0] == 0.0
    if k == n:
        assert got[1] == close(1.0)


def test_wilson_is_not_centred_on_the_rate() -> None:
    # The Wilson interval is pulled towards 1/2: its centre is not k/n except at k/n = 1/2.
    lo, hi = wilson(1, 20)
    assert (lo + hi) / 2 > 1 / 20 + 0.07
    lo, hi = wilson(17, 20)
    assert (lo + hi) / 2 < 17 / 20 - 0.04


def test_wilson_without_observations_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("n", [1, 7, 1000, 100_000])
def test_wilson_ends_exactly_at_zero_and_one_when_every_game_agrees(n: int) -> None:
    # "0 of 1000 games": the rate's lower bound is 0, not 2e-19 printed as 0.000…
    lo, hi = wilson(0, n)
    assert lo == 0.0
    assert 0.0 < hi < 1.0
    lo, hi = wilson(n, n)
    assert hi == 1.0
    assert 0.0 < lo < 1.0


@pytest.mark.parametrize(
    ("total", "squares", "n", "mean", "lo", "hi"), MEANS, ids=[f"n={m[2]}" for m in MEANS]
)
def test_mean_interval_matches_scipy(
    total: int, squares: int, n: int, mean: float, lo: float, hi: float
) -> None:
    assert mean_interval(total, squares, n) == (close(mean), close(lo), close(hi))


def test_mean_interval_of_equal_values_has_no_width() -> None:
    # Two or more observations that agree: the sample variance is 0, so is the interval.
    assert mean_interval(12, 48, 3) == (4.0, 4.0, 4.0)


def test_one_observation_gives_an_unbounded_interval() -> None:
    # One value has no spread estimate: no bounds, never a zero-width "exact" interval.
    assert mean_interval(7, 49, 1) == (7.0, None, None)
    assert mean_interval(-3, 9, 1) == (-3.0, None, None)


def test_no_observation_gives_mean_0_and_no_bounds() -> None:
    assert mean_interval(0, 0, 0) == (0.0, None, None)


def test_summaries_of_one_seat_game_are_json_with_null_bounds() -> None:
    t = Tally()
    t.add("win", 6)
    summary = t.summary()

    assert summary["points"] == {"mean": 6.0, "ci95": [None, None]}
    assert summary["win"]["ci95"] == [close(0.2065493143772374), 1.0]
    assert json.loads(json.dumps(summary)) == summary
    assert Tally().summary()["points"] == {"mean": 0.0, "ci95": [None, None]}


def test_tally_summary_intervals_match_the_references() -> None:
    t = Tally()
    for outcome, pts in zip(["win"] * 2 + ["draw"] + ["lose"] * 4, range(1, 8), strict=True):
        t.add(outcome, pts)  # 2 wins of 7 (WILSON's 2/7), points 1 … 7 (MEANS' n=7)
    summary = t.summary()

    assert summary["win"]["ci95"] == [close(0.08221892400405661), close(0.6410655481673807)]
    assert summary["points"] == {
        "mean": 4.0,
        "ci95": [close(2.3996961078815633), close(5.600303892118436)],
    }


def test_tally_counts_and_round_trips() -> None:
    t = Tally()
    for outcome, pts in (("win", 3), ("lose", -3), ("draw", 0), ("win", 6)):
        t.add(outcome, pts)
    assert (t.n, t.wins, t.draws, t.losses, t.points, t.points_sq) == (4, 2, 1, 1, 6, 54)
    assert Tally.from_dict(t.to_dict()) == t


# A duel's margins are intervals of a difference: the mean per-deal difference of A's and B's
# points (or wins) over five seat-games a side, so the references are MEANS' divided by 5.


@pytest.mark.parametrize(
    ("total", "squares", "n", "mean", "lo", "hi"), MEANS[:7], ids=[f"n={m[2]}" for m in MEANS[:7]]
)
def test_duel_margins_are_the_per_deal_intervals_per_seat_game(
    total: int, squares: int, n: int, mean: float, lo: float, hi: float
) -> None:
    duel = Duel("v", 1, "a", "b", deals=n)
    duel.diff_points, duel.diff_points_sq = total, squares
    duel.diff_wins, duel.diff_wins_sq = -total, squares  # the mirror image

    assert duel.margin() == (close(mean / 5), close(lo / 5), close(hi / 5))
    assert duel.win_margin() == (close(-mean / 5), close(-hi / 5), close(-lo / 5))
    summary = duel.summary()
    assert summary["points_margin"] == {
        "mean": close(mean / 5),
        "ci95": [close(lo / 5), close(hi / 5)],
    }


def test_a_duel_of_one_deal_has_unbounded_margins() -> None:
    duel = Duel("v", 1, "a", "b", deals=1, diff_points=15, diff_points_sq=225)

    assert duel.margin() == (3.0, None, None)
    assert duel.win_margin() == (0.0, None, None)
    assert json.loads(json.dumps(duel.summary()))["points_margin"]["ci95"] == [None, None]
    assert Duel("v", 1, "a", "b").margin() == (0.0, None, None)


def test_policies_by_seat_and_unknown_names() -> None:
    mixed = simulate(COMMON, 6, seed=3, policies=("heuristic", "random") * 2 + ("heuristic",))
    assert set(mixed.by_policy) == {"heuristic", "random"}
    assert mixed.by_policy["random"].n == 2 * mixed.scored
    with pytest.raises(ValueError, match="five"):
        simulate(COMMON, 1, seed=1, policies=("heuristic",) * 4)
    with pytest.raises(ValueError, match="Unknown policy"):
        simulate(COMMON, 1, seed=1, policies="genius")
    with pytest.raises(ValueError, match="not within"):
        simulate(COMMON, 10, seed=1, chunk=(5, 11))


def test_the_report_of_one_game_shows_unbounded_point_intervals() -> None:
    one = simulate(COMMON, 1, seed=11)
    assert one.scored == 1  # one emperor (or solo) seat-game: no spread of its points
    out = io.StringIO()
    print_report(one, out)

    assert "unbounded" in out.getvalue()
    assert one.summary()["plays_per_game"]["ci95"] == [None, None]
