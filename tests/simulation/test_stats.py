"""Simulation statistics (issue 5): exact merges, determinism, JSON, sane figures."""

from __future__ import annotations

import json

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.rules import load_bundled
from baohuang.simulation import ROLES, Stats, merge, run, simulate
from baohuang.simulation.stats import Tally, mean_interval, wilson

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
    assert first.games == 15 and second.games == 25
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
    assert stats.games == 40 and stats.ranges == [(0, 40)]
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


def test_intervals() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=1e-3) and hi == pytest.approx(0.596, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    mean, lo, hi = mean_interval(total=10, squares=30, n=5)  # sample variance 2.5
    assert mean == 2.0
    assert hi - 2.0 == pytest.approx(1.959964 * (2.5 / 5) ** 0.5)
    assert 2.0 - lo == pytest.approx(hi - 2.0)
    t = Tally()
    for outcome, pts in (("win", 3), ("lose", -3), ("draw", 0), ("win", 6)):
        t.add(outcome, pts)
    assert (t.n, t.wins, t.draws, t.losses, t.points, t.points_sq) == (4, 2, 1, 1, 6, 54)
    assert Tally.from_dict(t.to_dict()) == t


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
