"""Statistics against a reference count written in the test (issue 22, mutation testing).

:class:`~baohuang.simulation.stats.Stats` is checked elsewhere for self-consistency (merging
chunks equals one run, JSON round trips); a mistake made the same way in every path — a
counter counted twice, a role given the wrong side, a rank off by one — passes those. Here
random games of every bundled variant (with automatic play, so that unscored games, games
with automatic seats and every event occur) are counted twice: by :meth:`Stats.add_game`,
and by the plain loops below that read the games' own facts. Every counter, tally,
histogram, rank, outcome key and derived figure must agree.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from functools import cache
from typing import Any

import pytest

from baohuang.engine import actions as A
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled
from baohuang.simulation.stats import (
    COUNTERS,
    ROLES,
    Z95,
    RoleStats,
    Stats,
    Tally,
    merge,
    outcome_key,
    result_of_key,
    wilson,
)
from tests.engine.rigging import variant

VARIANTS = [p.stem for p in bundled_variant_paths()]
POLICIES = ("p0", "p1", "p0", "p2", "p1")
RARE = frozenset({A.GRAB, A.DECLARE_SOLO})


def play_random(cv: CompiledVariant, seed: int) -> Game:
    """A random legal game; some seeds put seats on automatic play, a few all five, and
    in some everyone declines the throne whenever he may (流局, a redeal)."""
    game = Game.new(cv, seed)
    rng = random.Random(seed)
    auto_rate = 0.3 if seed % 10 == 2 else {0: 0.03, 1: 0.06}.get(seed % 5, 0.0)
    declining = seed % 8 == 7
    while not game.finished:
        legal = game.legal_actions()
        if declining and game.phase == "bidding" and game.redeals < 2:
            declines = [a for a in legal if a in (A.ABDICATE, A.PASS)]
            if declines:
                game.apply(declines[0])
                continue
        choices = [a for a in legal if a != A.AUTO] or legal
        common = [a for a in choices if a not in RARE]
        if common and len(common) < len(choices) and rng.random() >= 0.2:
            choices = common
        game.apply(A.AUTO if rng.random() < auto_rate else rng.choice(choices))
    return game


@cache
def games_of(variant_id: str) -> tuple[CompiledVariant, tuple[Game, ...]]:
    cv = compile_variant(load_bundled(variant_id))
    return cv, tuple(play_random(cv, seed) for seed in range(24))


def reference(games: tuple[Game, ...]) -> dict[str, Any]:
    """The statistics of ``games``, counted the plain way."""
    counters: Counter[str] = Counter({k: 0 for k in COUNTERS})
    roles: dict[str, dict[str, Any]] = {
        r: {"n": 0, "win": 0, "draw": 0, "lose": 0, "pts": [], "ranks": [0] * 5} for r in ROLES
    }
    seats: list[list[tuple[str, int]]] = [[] for _ in range(5)]
    policy: dict[str, list[tuple[str, int]]] = {}
    keys: Counter[str] = Counter()
    unscored = 0
    for g in games:
        if g.redeals > 0:
            counters["redeal_games"] += 1
            counters["redeals"] += g.redeals
        if g.abdications > 0:
            counters["abdication_games"] += 1
            counters["abdications"] += g.abdications
        out = g.outcome
        assert out is not None
        if out.score is None:
            unscored += 1
            continue
        if out.ended != "play":  # a forfeit or a void deal: no roles, no finish order
            counters[f"{out.ended}_games"] += 1
            continue
        counters["solo_open"] += g.solo == "open"
        counters["solo_grabbed"] += g.solo == "open" and bool(g.grabbed)
        counters["solo_hidden"] += g.solo == "hidden"
        for event in ("open_guard", "guard_known", "rebellion"):
            counters[event] += event in g.events
        counters["rebels_declared"] += len(g.rebels_declared)
        kicks = sum(1 for e in g.events if e == "kick")
        counters["kick_games"] += kicks > 0
        counters["kicks"] += kicks
        finish = list(out.finish)
        guard = None if g.solo is not None else g.guard
        auto = "".join(str(s) for s in range(5) if g.auto_spells[s])
        keys[
            f"{g.emperor}:{'-' if guard is None else guard}:{finish.index(g.emperor) + 1}:"
            f"{'-' if guard is None else finish.index(guard) + 1}:{g.solo or '-'}:"
            f"{'+'.join(sorted(g.events))}:{auto}"
        ] += 1
        royal = out.score.outcome
        for seat in range(5):
            if seat == g.emperor:
                role = "solo" if g.solo is not None else "emperor"
            elif seat == guard:
                role = "guard"
            else:
                role = "rebel"
            side = royal if role != "rebel" else {"win": "lose", "lose": "win"}.get(royal, royal)
            pts = out.score.points[seat]
            r = roles[role]
            r["n"] += 1
            r[side] += 1
            r["pts"].append(pts)
            r["ranks"][finish.index(seat)] += 1
            seats[seat].append((side, pts))
            policy.setdefault(POLICIES[seat], []).append((side, pts))
    plays = [g.plays for g in games]
    decisions = [len(g.history) for g in games]
    return {
        "games": len(games),
        "unscored": unscored,
        "counters": dict(counters),
        "roles": roles,
        "seats": seats,
        "policy": policy,
        "keys": dict(keys),
        "plays": (sum(plays), sum(p * p for p in plays)),
        "decisions": (sum(decisions), sum(d * d for d in decisions)),
    }


def tally_of(pairs: list[tuple[str, int]]) -> dict[str, int]:
    sides = Counter(side for side, _ in pairs)
    return {
        "n": len(pairs),
        "wins": sides["win"],
        "draws": sides["draw"],
        "losses": sides["lose"],
        "points": sum(p for _, p in pairs),
        "points_sq": sum(p * p for _, p in pairs),
    }


def counted(cv: CompiledVariant, games: tuple[Game, ...]) -> Stats:
    stats = Stats.empty(cv.id, cv.checksum, 3, POLICIES)
    for g in games:
        stats.add_game(g)
    return stats


def test_the_sample_has_every_kind_of_game() -> None:
    """The reference comparison below means something only if each counter is exercised."""
    seen: Counter[str] = Counter()
    for variant_id in VARIANTS:
        ref = reference(games_of(variant_id)[1])
        seen.update({k: v for k, v in ref["counters"].items() if v})
        seen["unscored"] += ref["unscored"]
        seen["automatic"] += sum(1 for k in ref["keys"] if not k.endswith(":"))
        seen["draw"] += sum(r["draw"] for r in ref["roles"].values())
    for variant_id in ENDINGS:
        seen.update({k: v for k, v in reference(ending_games(variant_id)[1])["counters"].items()})
    missing = [k for k in (*COUNTERS, "unscored", "automatic", "draw") if not seen[k]]
    assert missing == [], f"no random game had {missing}: change the seeds"


#: Bidding flows that end in a forfeit or a void deal when nobody ascends (no bundled
#: variant voids; qpsj-weihai forfeits only after a holder of both cards gives up).
ENDINGS: dict[str, list[dict[str, Any]]] = {
    "forfeit": [{"step": "offer_throne"}, {"step": "forfeit", "loser": -8, "others": 2}],
    "void": [{"step": "offer_throne", "pass_seats": 2}, {"step": "void"}],
}


@cache
def ending_games(name: str) -> tuple[CompiledVariant, tuple[Game, ...]]:
    cv = variant("baike-common", **{"bidding.flow": ENDINGS[name]})
    return cv, tuple(play_random(cv, seed) for seed in range(16))


@pytest.mark.parametrize("name", sorted(ENDINGS))
def test_games_ending_in_bidding_count_only_as_such(name: str) -> None:
    cv, games = ending_games(name)
    ref = reference(games)
    stats = counted(cv, games)
    assert stats.counters == ref["counters"]
    assert stats.counters[f"{name}_games"] > 0
    assert stats.unscored == ref["unscored"]
    assert stats.outcomes == ref["keys"]
    assert sum(r.tally.n for r in stats.roles.values()) == sum(
        r["n"] for r in ref["roles"].values()
    )


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_add_game_counts_as_the_reference_does(variant_id: str) -> None:
    cv, games = games_of(variant_id)
    ref = reference(games)
    stats = counted(cv, games)
    assert stats.games == ref["games"]
    assert stats.unscored == ref["unscored"]
    assert stats.scored == ref["games"] - ref["unscored"]
    assert stats.counters == ref["counters"]
    assert (stats.plays, stats.plays_sq) == ref["plays"]
    assert (stats.decisions, stats.decisions_sq) == ref["decisions"]
    assert stats.outcomes == ref["keys"]
    for role in ROLES:
        want = ref["roles"][role]
        got = stats.roles[role]
        assert got.tally.to_dict() == {
            "n": want["n"],
            "wins": want["win"],
            "draws": want["draw"],
            "losses": want["lose"],
            "points": sum(want["pts"]),
            "points_sq": sum(p * p for p in want["pts"]),
        }, role
        assert got.histogram == dict(Counter(want["pts"])), role
        assert got.ranks == want["ranks"], role
    assert [t.to_dict() for t in stats.seats] == [tally_of(s) for s in ref["seats"]]
    assert {k: t.to_dict() for k, t in stats.by_policy.items()} == {
        k: tally_of(v) for k, v in ref["policy"].items()
    }


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_outcome_keys_read_back_to_the_games_results(variant_id: str) -> None:
    _cv, games = games_of(variant_id)
    for g in games:
        if g.outcome is None or g.outcome.score is None or g.outcome.ended != "play":
            continue
        key = outcome_key(g)
        back = result_of_key(key)
        real = g.result()
        assert real is not None
        assert back.emperor == real.emperor
        assert back.guard == (None if g.solo is not None else real.guard)
        assert back.solo == real.solo
        assert sorted(back.events) == sorted(real.events)
        assert back.automatic == tuple(s for s in range(5) if g.auto_spells[s])
        assert sorted(back.finish) == [0, 1, 2, 3, 4]
        assert back.finish.index(real.emperor) == real.finish.index(real.emperor)
        if back.guard is not None:
            assert back.finish.index(back.guard) == real.finish.index(back.guard)
        rebels = [s for s in back.finish if s not in (back.emperor, back.guard)]
        assert rebels == sorted(rebels), "the rebels take the other ranks in seat order"


def test_summary_is_derived_from_the_counters() -> None:
    cv, games = games_of("lianzhong-simple")
    stats = counted(cv, games)
    ref = reference(games)
    s = stats.summary()
    n = ref["games"]
    assert s["variant"] == cv.id
    assert s["games"] == n
    assert s["scored"] == n - ref["unscored"]
    assert s["policies"] == list(POLICIES)
    for name in COUNTERS:
        count = ref["counters"][name]
        if name in ("abdications", "redeals", "kicks", "rebels_declared"):
            assert s["rates"][name] == {"per_game": count / n}, name
        else:
            assert s["rates"][name] == {"rate": count / n, "ci95": list(wilson(count, n))}, name
    for role in ROLES:
        want = ref["roles"][role]
        got = s["roles"][role]
        assert got["n"] == want["n"]
        if want["n"]:
            assert got["win"]["rate"] == want["win"] / want["n"]
            assert got["loss"]["rate"] == want["lose"] / want["n"]
            assert got["ranks"] == [k / want["n"] for k in want["ranks"]]
            assert got["points"]["mean"] == sum(want["pts"]) / want["n"]
        else:
            assert got["ranks"] == [0.0] * 5
    seat_rates = [tally_of(x)["wins"] / len(x) for x in ref["seats"]]
    assert s["seats"]["win_rates"] == seat_rates
    assert s["seats"]["seat0_advantage"] == pytest.approx(seat_rates[0] - sum(seat_rates) / 5)
    assert s["seats"]["mean_points"] == [sum(p for _, p in x) / len(x) for x in ref["seats"]]
    plays = [g.plays for g in games]
    assert s["plays_per_game"]["mean"] == sum(plays) / n
    half = Z95 * statistics.stdev(plays) / math.sqrt(n)
    assert s["plays_per_game"]["ci95"] == pytest.approx(
        [sum(plays) / n - half, sum(plays) / n + half]
    )
    assert s["decisions_per_game"] == ref["decisions"][0] / n
    assert sorted(s["by_policy"]) == sorted(ref["policy"])
    for name, pairs in ref["policy"].items():
        assert s["by_policy"][name]["n"] == len(pairs)


def test_an_empty_summary_has_zero_rates_and_whole_intervals() -> None:
    s = Stats.empty("v", "c", 1, POLICIES).summary()
    assert s["games"] == 0
    assert s["scored"] == 0
    assert s["rates"]["solo_open"] == {"rate": 0.0, "ci95": [0.0, 1.0]}
    assert s["rates"]["kicks"] == {"per_game": 0.0}
    assert s["seats"] == {"win_rates": [0.0] * 5, "seat0_advantage": 0.0, "mean_points": [0.0] * 5}
    assert s["roles"]["emperor"]["ranks"] == [0.0] * 5
    assert Stats.empty("v", "c", 1, POLICIES).rate("kicks") == 0.0


def test_rate_is_a_counter_per_game() -> None:
    cv, games = games_of("baike-common")
    stats = counted(cv, games)
    assert stats.rate("abdications") == stats.counters["abdications"] / len(games)
    assert stats.rate("open_guard") == stats.counters["open_guard"] / len(games)


def test_merge_adds_every_counter_and_coalesces_ranges() -> None:
    cv, games = games_of("tcy-bie6")
    a = counted(cv, games[:10])
    a.ranges = [(0, 10)]
    b = counted(cv, games[10:])
    b.ranges = [(10, 24)]
    whole = counted(cv, games)
    whole.ranges = [(0, 24)]
    assert merge(a, b) == whole
    assert merge(b, a) == whole
    gap = counted(cv, games[10:])
    gap.ranges = [(12, 26)]
    assert merge(a, gap).ranges == [(0, 10), (12, 26)]
    empty = counted(cv, ())
    empty.ranges = [(30, 30)]
    assert merge(a, empty).ranges == [(0, 10)]
    old = counted(cv, games[10:])
    old.outcomes = None
    assert merge(a, old).outcomes is None
    assert merge(old, a).outcomes is None
    by_one = Stats.empty(cv.id, cv.checksum, 3, POLICIES)
    by_one.by_policy = {"p9": Tally(1, 1, 0, 0, 2, 4)}
    merged = merge(a, by_one)
    assert merged.by_policy["p9"] == Tally(1, 1, 0, 0, 2, 4)
    assert merged.by_policy["p0"] == a.by_policy["p0"]
    assert list(merged.by_policy) == sorted(merged.by_policy)


def test_role_stats_merge_and_read_back() -> None:
    a = RoleStats()
    a.add("win", 3, 1)
    a.add("lose", -2, 5)
    b = RoleStats()
    b.add("win", 3, 2)
    b.add_many("draw", 0, 4)
    m = a.merge(b)
    assert m.tally == Tally(7, 2, 4, 1, 4, 22)
    assert m.histogram == {-2: 1, 0: 4, 3: 2}
    assert list(m.histogram) == [-2, 0, 3]
    assert m.ranks == [1, 1, 0, 0, 1]
    data = m.to_dict()
    assert data["histogram"] == {"-2": 1, "0": 4, "3": 2}
    assert RoleStats.from_dict(data) == m
    t = Tally()
    t.add_many("lose", -3, 2)
    t.add_many("win", 5, 3)
    assert t == Tally(5, 3, 0, 2, 9, 93)
    assert t.summary()["draw"]["rate"] == 0.0
    assert t.summary()["loss"]["rate"] == 2 / 5


def test_stats_read_back_from_json_with_old_results() -> None:
    cv, games = games_of("hd")
    stats = counted(cv, games)
    stats.ranges = [(0, 24)]
    data = stats.to_dict()
    assert list(data["counters"]) == list(COUNTERS)
    assert list(data["roles"]) == list(ROLES)
    assert Stats.from_dict(data) == stats
    old = dict(data)
    del old["outcomes"]
    old["counters"] = {k: v for k, v in data["counters"].items() if k != "kicks"}
    back = Stats.from_dict(old)
    assert back.outcomes is None
    assert back.counters["kicks"] == 0
    assert back.to_dict()["outcomes"] is None


# --------------------------------------------------------------------------- found by mutmut


def test_an_empty_range_anywhere_is_left_out_of_a_merge() -> None:
    cv, games = games_of("tcy-bie6")
    a = counted(cv, games[:10])
    a.ranges = [(10, 20)]
    empty = counted(cv, ())
    empty.ranges = [(3, 3)]  # sorts before a's range
    assert merge(a, empty).ranges == [(10, 20)]
    assert merge(empty, a).ranges == [(10, 20)]


def test_overlapping_ranges_are_refused_with_the_games_counted_twice() -> None:
    cv, games = games_of("tcy-bie6")
    a = counted(cv, games[:10])
    a.ranges = [(0, 25)]
    b = counted(cv, games[10:])
    b.ranges = [(10, 30)]
    with pytest.raises(ValueError, match=r"^Game ranges overlap: games 10–24 counted twice\.$"):
        merge(a, b)


def test_statistics_of_different_jobs_are_not_merged() -> None:
    cv, games = games_of("tcy-bie6")
    a = counted(cv, games[:10])
    other = Stats.empty(cv.id, cv.checksum, 4, ("p0", "p1", "p2", "p3", "p4"))
    message = (
        "Only statistics of the same variant, seed and policies can be merged "
        f"(got {cv.id}/3/p0,p1,p0,p2,p1 and {cv.id}/4/p0,p1,p2,p3,p4)."
    )
    with pytest.raises(ValueError, match=r"^Only statistics") as caught:
        merge(a, other)
    assert str(caught.value) == message


@pytest.mark.parametrize("n", [1, 2, 16, 40, 46, 54, 68, 1000])
def test_a_wilson_interval_never_leaves_zero_to_one(n: int) -> None:
    # All successes: the upper bound is 1 exactly (rounding would put it a hair above).
    lo, hi = wilson(n, n)
    assert hi == 1.0
    assert 0.0 < lo < 1.0
    lo, hi = wilson(0, n)
    assert 0.0 <= lo < 1e-12  # rounding may leave a hair above 0, never below
    assert 0.0 < hi < 1.0
