"""Paired A/B comparisons (issue 15): play-unchanged detection, intervals, merging."""

from __future__ import annotations

import json
import math

import pytest
from scipy import stats as sps

from baohuang.rules import load_bundled
from baohuang.simulation.compare import METRICS, Comparison, Pairing, compare, compare_chunk
from tests.simulation.test_rescore import WEIHAI, doubled

COMMON = load_bundled("baike-common")


@pytest.fixture(scope="module")
def scoring_only() -> Comparison:
    return compare(WEIHAI, doubled(), 40, seed=2)


def test_a_scoring_only_change_is_played_once(scoring_only: Comparison) -> None:
    report = scoring_only.report()
    assert report["play_unchanged"] is True
    assert report["games"] == 40
    assert report["message"]["zh"].startswith("这两个版本打法完全相同，只是计分不同")
    by_name = {m["name"]: m for m in report["metrics"]}
    assert set(by_name) == set(METRICS)
    plays = by_name["plays_per_game"]
    assert plays["diff"] == 0
    assert plays["ci95"] == [0, 0]
    assert not plays["significant"]
    for m in report["metrics"]:
        assert set(m) >= {"name", "a", "b", "diff", "ci95", "significant", "method"}
        assert "identical games" in m["method"] or m["diff"] is None
        assert m["method_code"] in ("paired_t", "paired_ratio", "no_estimate")
        assert m["same_games"] is (m["method_code"] != "no_estimate")
    assert (report["pairing_code"], report["pairing_params"]) == ("identical", {})


def test_the_result_is_said_in_plain_words_first(scoring_only: Comparison) -> None:
    """Issue 34: how often the change matters (games scored differently), each side per
    seat, in both languages, from the figures."""
    report = scoring_only.report()
    by_name = {m["name"]: m for m in report["metrics"]}
    changed = by_name["score_changed_rate"]
    assert changed["a"] == 0
    assert 0 < changed["b"] < 1
    # Only rebellions and the edited row (emperor 1st, guard 2nd) can change a score.
    assert changed["b"] <= by_name["rebellion_rate"]["a"] + by_name["emperor.rank_1"]["a"]
    share = f"{100 * changed['b']:.1f}"
    assert f"about {share}% of them" in report["summary"]["en"]
    assert f"约 {share}% 牌局的得分" in report["summary"]["zh"]
    royal = by_name["royal_side.points_per_seat"]
    assert f"{royal['a']:+.2f}".replace("-", "−") in report["summary"]["en"]
    assert "保皇派" in report["summary"]["zh"]
    assert "平民" in report["summary"]["zh"]


def test_the_summary_names_the_event_the_changed_games_had() -> None:
    """A rebellion paid ×4 changes only the games with a rebellion: the plain summary says so
    in the game's words (造反), and a row change (no event) names none."""
    from tests.bots.test_adaptive import with_rebellion_factor

    comparison = compare(WEIHAI, with_rebellion_factor(WEIHAI, 4), 300, seed=3)
    report = comparison.report()
    changed = {m["name"]: m for m in report["metrics"]}["score_changed_rate"]["b"]
    assert changed > 0
    assert comparison.changed_with["rebellion"] == round(changed * 300)
    assert "Every one of them had rebellion." in report["summary"]["en"]
    assert "都有造反" in report["summary"]["zh"]
    # Merged chunks count the same games.
    halves = compare_chunk(WEIHAI, with_rebellion_factor(WEIHAI, 4), 300, 3, chunk=(0, 150))
    rest = compare_chunk(WEIHAI, with_rebellion_factor(WEIHAI, 4), 300, 3, chunk=(150, 300))
    merged = Comparison.from_dict(json.loads(json.dumps(halves.merge(rest).to_dict())))
    assert merged.changed_with == comparison.changed_with


def test_a_row_change_names_no_event(scoring_only: Comparison) -> None:
    summary = scoring_only.report()["summary"]["en"]
    changed = scoring_only.changed_with
    games = round(
        {m["name"]: m for m in scoring_only.report()["metrics"]}["score_changed_rate"]["b"] * 40
    )
    if all(count < games for count in changed.values()):
        assert "Every one of them" not in summary


def test_a_play_change_is_said_to_change_the_play() -> None:
    report = compare(COMMON, load_bundled("baike-qingdao"), 6, seed=1).report()
    assert report["summary"]["en"].startswith("The change alters how the game is played")
    changed = {m["name"]: m for m in report["metrics"]}["score_changed_rate"]
    assert changed["a"] is None


def test_the_same_games_give_the_same_play_figures(scoring_only: Comparison) -> None:
    a, b = scoring_only.a, scoring_only.b
    assert (a.plays, a.counters, a.outcomes) == (b.plays, b.counters, b.outcomes)


def test_different_variants_are_paired_by_seed_and_merge_exactly() -> None:
    whole = compare_chunk(COMMON, WEIHAI, 30, 9)
    parts = compare_chunk(COMMON, WEIHAI, 30, 9, chunk=(0, 12)).merge(
        compare_chunk(COMMON, WEIHAI, 30, 9, chunk=(12, 30))
    )
    assert parts.to_dict() == whole.to_dict()
    report = whole.report()
    assert report["play_unchanged"] is False
    assert "deck.remove" in report["play_fields"]
    assert report["pairing_code"] == "deck_differs"
    assert "deck.remove" in report["pairing_params"]["fields"]
    plays = next(m for m in report["metrics"] if m["name"] == "plays_per_game")
    assert plays["significant"]
    assert plays["diff"] < 0
    again = Comparison.from_dict(json.loads(json.dumps(whole.to_dict())))
    assert again.report() == report


def test_per_game_metrics_use_the_paired_t_interval() -> None:
    # Four games' (x_a, x_b): the interval must be the textbook paired t interval.
    xs = [(3, 5), (1, 1), (4, 7), (2, 2)]
    p = Pairing()
    for xa, xb in xs:
        p.add({"plays_per_game": (xa, 1)}, {"plays_per_game": (xb, 1)})
    m = p.metric("plays_per_game")
    d = [b - a for a, b in xs]
    mean = sum(d) / 4
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / 3)
    half = sps.t.ppf(0.975, 3) * sd / 2
    assert m["diff"] == pytest.approx(mean)
    assert m["ci95"] == pytest.approx([mean - half, mean + half])
    assert m["method"].startswith("paired t")
    assert (m["method_code"], m["same_games"]) == ("paired_t", False)


def test_ratio_metrics_match_the_delta_method_by_hand() -> None:
    # Games with a varying number of counted seats (x, n) on each side.
    games = [((1, 3), (2, 3)), ((0, 4), (1, 3)), ((2, 3), (2, 4)), ((1, 3), (3, 3))]
    p = Pairing()
    for a, b in games:
        p.add({"rebel.win_rate": a}, {"rebel.win_rate": b})
    m = p.metric("rebel.win_rate")
    g = len(games)
    ra = sum(a[0] for a, _ in games) / sum(a[1] for a, _ in games)
    rb = sum(b[0] for _, b in games) / sum(b[1] for _, b in games)
    ma = sum(a[1] for a, _ in games) / g
    mb = sum(b[1] for _, b in games) / g
    u = [(b[0] - rb * b[1]) / mb - (a[0] - ra * a[1]) / ma for a, b in games]
    var = sum(x * x for x in u) / (g - 1)
    half = sps.t.ppf(0.975, g - 1) * math.sqrt(var / g)
    assert m["diff"] == pytest.approx(rb - ra)
    assert m["ci95"] == pytest.approx([rb - ra - half, rb - ra + half])
    assert m["power"]["games"] > 0
