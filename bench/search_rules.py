"""Cheaper stopping rules for ``mc``'s sequential search, judged offline on recorded searches.

``record``: plays seeded baike-common games (``game_seed(1, i)``, ``policy_seed(1, i)``, as
``bench/search_games.py``) with ``mc`` on every seat. At each decision ``mc`` searches in
play (phase play, hand ≤ ``max_hand``, ≥ 2 candidates) it first records every candidate's
rollout points in ``S + J`` fixed worlds (common random numbers: the same world and
rollout seed for every candidate of a world index), with the machinery of
``MonteCarloPolicy._sequential`` (``Worlds(cv, view, seed).sample``, ``world.clone()``,
``_rollout_after``) and the search's own seed, so worlds ``0 .. S-1`` are exactly the
worlds ``mc`` itself draws at that decision (``mc``'s rule, :data:`MC_NOW`, replayed on
the records makes ``mc``'s own choice at every search: the replay checks it); then ``mc``
decides as usual (the games are ``mc``'s games: the recording draws nothing from the
game's generator). Worlds ``S .. S+J-1`` are held out to judge a choice: its gain is the
mean over the held-out worlds of (chosen candidate's points − the heuristic's move's
points), an unbiased estimate since no rule sees them. Candidates are ``mc``'s (the
heuristic's move, pass, then the engine's order, 4 at most) followed by further legal
moves up to ``--candidates`` (for rules that try more candidates or another order). Each
candidate's mean rollout CPU time is recorded too (for "rollout ms" a game).

``replay``: replays stopping rules on the records (worlds ``0 .. S-1`` only) and prints,
per rule, rollouts per search and per game (candidate 0's included), rollout CPU per
game, the held-out gain per search and per game (summed over the five seats) with a
bootstrap standard error over games, the gain's difference from today's rule (paired
bootstrap over games), and how often the rule's choice differs from today's; then where
today's rule spends and gains (by hand size, candidates, leading/following) and reference
points (every candidate in all S worlds; the held-out oracle, an upper bound).
``--set main`` (default): the hand-picked rules of :func:`rules` plus :func:`selected`;
``grid``/``grid2``: wider searches, to be run on one half of the games (``--only 0:500``);
``selected``: the best trade-offs the grids found on games 0-499, to check on 500-999.

    # 1,000 games: ~18 min CPU on one core, 29 k searches, 4 MB
    BAOHUANG_CORE=native PYTHONPATH=. .venv/bin/python bench/search_rules.py record \\
        --games 1000 --out /tmp/searches.json.gz
    BAOHUANG_CORE=native PYTHONPATH=. .venv/bin/python bench/search_rules.py replay \\
        /tmp/searches.json.gz                                    # ~70 s
    BAOHUANG_CORE=native PYTHONPATH=. .venv/bin/python bench/search_rules.py replay \\
        /tmp/searches.json.gz --set grid2 --only 0:500 --draws 300   # ~3-6 min
    BAOHUANG_CORE=native PYTHONPATH=. .venv/bin/python bench/search_rules.py replay \\
        /tmp/searches.json.gz --set selected --only 500:1000
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from baohuang.bots import MonteCarloPolicy, make_policy
from baohuang.bots import mc as mc_module
from baohuang.bots.mc import (
    FAST_CONFIDENCE,
    FAST_MAX_CANDIDATES,
    FAST_ROLLOUTS,
    best_gain,
    mean_se,
)
from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.compiled import compile_variant
from baohuang.engine.determinize import Worlds
from baohuang.engine.seatview import SeatView
from baohuang.rules import load_bundled
from baohuang.simulation.runner import game_seed, play_game, policy_seed

Record = dict[str, Any]

# ---------------------------------------------------------------------------------------
# Recording


def record(games: int, first_game: int, search: int, judge: int, most_cands: int, out: str) -> None:
    """Play the games and write every searched decision's points per candidate and world."""
    cv = compile_variant(load_bundled("baike-common"))
    policy = make_policy("mc", cv)
    if not isinstance(policy, MonteCarloPolicy) or not policy.sequential:
        raise SystemExit("mc is not the sequential search this bench replays")
    records: list[Record] = []
    state: dict[str, Any] = {"game": -1, "legal": ()}
    original_act = policy.act
    original_search = policy.search_sequential

    def act(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        state["legal"] = legal
        return original_act(view, legal, rng)

    def search_sequential(view: SeatView, candidates: Sequence[Action], seed: int) -> Action:
        start = time.process_time()
        extra = [
            a for a in state["legal"] if a != A.AUTO and a not in candidates
        ]  # the engine's order
        tried = list(candidates) + extra[: max(0, most_cands - len(candidates))]
        points, micros = _worlds(policy, view, tried, seed, search + judge)
        spent = time.process_time() - start
        chosen = original_search(view, candidates, seed)
        records.append(
            {
                "game": state["game"],
                "seat": view.seat,
                "hand": view.hand_sizes[view.seat],
                "cards_left": sum(view.hand_sizes),
                "leading": view.trick is None,
                "legal": sum(1 for a in state["legal"] if a != A.AUTO),
                "mc_candidates": len(candidates),
                "candidates": [A.format_action(a) for a in tried],
                "points": points,
                "micros": [sum(m) // len(m) for m in micros],
                "mc_choice": list(candidates).index(chosen),
                "record_cpu": spent,
            }
        )
        return chosen

    policy.act = act  # type: ignore[method-assign]
    policy.search_sequential = search_sequential  # type: ignore[method-assign]
    seats = [policy] * 5
    start = time.process_time()
    for i in range(first_game, first_game + games):
        state["game"] = i
        play_game(cv, game_seed(1, i), seats, random.Random(policy_seed(1, i)))  # noqa: S311 (seeded benchmark games)
        if (i - first_game + 1) % 100 == 0 or i == first_game + games - 1:
            _save(out, first_game, i + 1 - first_game, search, judge, records, start)
        if (i - first_game + 1) % 10 == 0:
            print(
                f"{i - first_game + 1} games, {len(records)} searches, "
                f"{time.process_time() - start:.0f} s CPU",
                file=sys.stderr,
                flush=True,
            )
    print(
        f"{games} games, {len(records)} searches, {time.process_time() - start:.0f} s CPU -> {out}",
        file=sys.stderr,
    )


def _save(
    out: str,
    first_game: int,
    games: int,
    search: int,
    judge: int,
    records: list[Record],
    start: float,
) -> None:
    """Write the records of the games played so far."""
    data = {
        "variant": "baike-common",
        "games": list(range(first_game, first_game + games)),
        "search_worlds": search,
        "judge_worlds": judge,
        "records": records,
        "cpu": time.process_time() - start,
    }
    with gzip.open(out + ".tmp", "wt") as f:
        json.dump(data, f)
    os.replace(out + ".tmp", out)


def _worlds(
    policy: MonteCarloPolicy, view: SeatView, candidates: Sequence[Action], seed: int, count: int
) -> tuple[list[list[int | None]], list[list[int]]]:
    """Every candidate's points (None: the world refuses the move) and rollout µs in the
    first ``count`` worlds ``search_sequential`` draws from ``seed``."""
    sampler = random.Random(seed)  # noqa: S311 (the search's own seeded sequence)
    worlds = Worlds(policy.cv, view, sampler.getrandbits(64))
    points: list[list[int | None]] = [[] for _ in candidates]
    micros: list[list[int]] = [[] for _ in candidates]
    for _ in range(count):
        world = worlds.sample(sampler)
        for i, action in enumerate(candidates):
            t = time.perf_counter_ns()
            got = policy._rollout_after(world.clone(), action, view.seat)
            micros[i].append((time.perf_counter_ns() - t) // 1000)
            points[i].append(got)
        world.release()
    return points, micros


# ---------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class Rule:
    """A stopping rule for the sequential search (today's: the defaults)."""

    name: str
    first: int = mc_module.FIRST_WORLDS
    """Worlds of the first batch (the first full test after it)."""
    more: int = mc_module.MORE_WORLDS
    """Worlds of each later batch."""
    most: int = 32
    """Worlds at most (capped at the recorded search worlds)."""
    drop_z: float = mc_module.DROP_Z
    accept_z: float = mc_module.ACCEPT_Z
    least: int = 2
    """Paired results a challenger needs to win early."""
    confidence: float = 1.0
    """The final pick's standard errors."""
    candidates: int = 4
    """Candidates at most (in the order given by ``order``)."""
    order: str = "mc"
    """``mc``: the heuristic's, pass, the engine's order; ``nopass``: pass left out;
    ``passonly``: the heuristic's and pass; ``rev``: the heuristic's, pass, then the
    engine's order backwards (bigger plays first); ``same``: the heuristic's, pass, then
    plays of the heuristic's size first."""
    zero_at: int = 0
    """If > 0: a screening batch of this many worlds before the first batch, after which
    only the challengers whose paired differences are all 0 are dropped (if < first)."""
    screen_nonpositive: bool = False
    """At the screen, drop the challengers with no positive paired difference too."""
    max_hand: int = 12
    """Search only with at most this many cards in hand."""
    drop_after_first: bool = True
    """Whether the drop test runs after the first batch (else from the second batch)."""
    drop_min: int = 2
    """Paired results before a challenger may be dropped."""
    margin: float = 0.0
    """Indifference zone: a challenger is dropped when its mean gain is at most
    ``drop_z`` standard errors above this many points (0: today's test)."""
    stop_se: float = 0.0
    """If > 0: stop (final pick) once every live challenger's standard error is at most
    this many points (further worlds would hardly move a choice between near-equal moves)."""
    keep_best: int = 0
    """If > 0: after the first batch keep only this many challengers (best mean gain)."""


#: ``mc``'s rule before this study (the baseline every figure is compared with).
TODAY = Rule("today (6/2/32, drop 0.3, win 2.5)")
#: ``mc``'s rule since (the study's choice): what a new recording's ``mc`` plays.
MC_NOW = replace(
    TODAY,
    name="mc now (6/2/24, drop 0.3, win 2.5, final pick 0.5)",
    most=FAST_ROLLOUTS // FAST_MAX_CANDIDATES,
    confidence=FAST_CONFIDENCE,
)


def _choose_candidates(rule: Rule, rec: Record) -> list[int]:
    """Indices into the record's candidates the rule tries (0 first)."""
    texts: list[str] = rec["candidates"]
    mc_n: int = rec["mc_candidates"]
    has_pass = len(texts) > 1 and texts[1] == A.PASS
    order = rule.order
    if order == "mc":
        if rule.candidates > mc_n and len(texts) > mc_n:
            idx = list(range(len(texts)))  # mc's, then the recorded extras
        else:
            idx = list(range(mc_n))
    elif order == "nopass":
        idx = [i for i in range(len(texts)) if texts[i] != A.PASS or i == 0]
    elif order == "passonly":
        idx = [0, 1] if has_pass else [0]
    elif order == "rev":
        head = [0, 1] if has_pass else [0]
        rest = [i for i in range(len(texts)) if i not in head]
        rest.sort(key=lambda i: (-_size(texts[i]), -i))
        idx = head + rest
    elif order == "same":
        head = [0, 1] if has_pass else [0]
        size = _size(texts[0])
        rest = [i for i in range(len(texts)) if i not in head]
        rest.sort(key=lambda i: (_size(texts[i]) != size, i))
        idx = head + rest
    else:
        raise ValueError(order)
    return idx[: rule.candidates]


def _size(text: str) -> int:
    """Cards in a play (0 for pass)."""
    return len(text.split()) - 1 if text.startswith("play") else 0


def replay(rule: Rule, rec: Record, search_worlds: int) -> tuple[int, int, int]:
    """The rule at one recorded decision: (chosen candidate index in the record,
    rollouts spent, rollout µs spent). Mirrors ``MonteCarloPolicy._sequential``."""
    if rec["hand"] > rule.max_hand:
        return 0, 0, 0
    idx = _choose_candidates(rule, rec)
    if len(idx) < 2:
        return 0, 0, 0
    points: list[list[int | None]] = rec["points"]
    micros: list[int] = rec["micros"]  # mean µs of a rollout, per candidate
    most = min(max(rule.first, rule.most), search_worlds)
    diffs: dict[int, list[int]] = {i: [] for i in idx[1:]}
    alive = list(idx[1:])
    done = 0
    spent = 0
    cpu = 0
    zero = 0 < rule.zero_at < rule.first
    batch = rule.zero_at if zero else rule.first
    first_test = True
    while True:
        for w in range(done, min(done + batch, most)):
            first = points[0][w]
            spent += 1
            cpu += micros[0]
            for i in alive:
                spent += 1
                cpu += micros[i]
                got = points[i][w]
                if first is not None and got is not None:
                    diffs[i].append(got - first)
        done = min(done + batch, most)
        if zero:
            zero = False
            if rule.screen_nonpositive:
                alive = [i for i in alive if any(d > 0 for d in diffs[i])]
            else:
                alive = [i for i in alive if any(diffs[i])]
            if not alive:
                return 0, spent, cpu
            batch = rule.first - done
            continue
        winners: list[tuple[float, int]] = []
        still: list[int] = []
        for i in alive:
            mean, se = mean_se(diffs[i])
            may_drop = rule.drop_after_first or not first_test
            if (
                may_drop
                and len(diffs[i]) >= rule.drop_min
                and mean + rule.drop_z * se <= rule.margin
            ):
                continue
            still.append(i)
            if len(diffs[i]) >= rule.least and mean > rule.accept_z * se and mean > 0:
                winners.append((mean, -idx.index(i)))
        alive = still
        if first_test and rule.keep_best and len(alive) > rule.keep_best:
            alive.sort(key=lambda i: -mean_se(diffs[i])[0])
            alive = sorted(alive[: rule.keep_best], key=idx.index)
        first_test = False
        if winners:
            return idx[-max(winners)[1]], spent, cpu
        if not alive:
            return 0, spent, cpu
        if done >= most:
            break
        if rule.stop_se > 0 and all(mean_se(diffs[i])[1] <= rule.stop_se for i in alive):
            break
        batch = min(rule.more, most - done)
    return best_gain(diffs, alive, rule.confidence), spent, cpu


def heldout_gain(rec: Record, choice: int, search_worlds: int) -> float:
    """Mean over the held-out worlds of (choice's points − candidate 0's points)."""
    if choice == 0:
        return 0.0
    points = rec["points"]
    pairs = [
        b - a
        for a, b in zip(points[0][search_worlds:], points[choice][search_worlds:], strict=True)
        if a is not None and b is not None
    ]
    return sum(pairs) / len(pairs) if pairs else 0.0


def fixed_pick(rec: Record, worlds: int, candidates: int, confidence: float) -> int:
    """``pick``'s choice with every candidate tried in the first ``worlds`` worlds."""
    points = rec["points"]
    n = min(candidates, rec["mc_candidates"])
    diffs = [
        [
            b - a
            for a, b in zip(points[0][:worlds], points[i][:worlds], strict=True)
            if a is not None and b is not None
        ]
        for i in range(n)
    ]
    return best_gain(diffs, range(1, n), confidence)


def rules() -> list[Rule]:
    """The rules compared (today's first, the selected trade-offs last)."""
    t = TODAY
    out = [
        t,
        MC_NOW,
        replace(t, name="today, at most 24 worlds", most=24),
        replace(t, name="today, at most 16 worlds", most=16),
        replace(t, name="today, at most 12 worlds", most=12),
        replace(t, name="today, at most 8 worlds", most=8),
        replace(t, name="today, 3 candidates", candidates=3),
        replace(t, name="today, 2 candidates", candidates=2),
        replace(t, name="today, pass not tried", order="nopass"),
        replace(t, name="today, only pass tried", order="passonly"),
        replace(t, name="today, order rev", order="rev"),
        replace(t, name="today, order same", order="same"),
        replace(t, name="today, 6 candidates", candidates=6),
        replace(t, name="today, 8 candidates", candidates=8),
        replace(t, name="today, max hand 10", max_hand=10),
        replace(t, name="today, max hand 8", max_hand=8),
        replace(t, name="today, max hand 6", max_hand=6),
        replace(t, name="today, drop 0.0", drop_z=0.0),
        replace(t, name="today, drop 0.7", drop_z=0.7),
        replace(t, name="today, win 2.0", accept_z=2.0),
        replace(t, name="today, win 3.0", accept_z=3.0),
        replace(t, name="today, final pick 0.5", confidence=0.5),
        replace(t, name="today, final pick 0", confidence=0.0),
    ]
    for first in (2, 3, 4):
        for drop in (0.0, 0.3, 0.5, 0.7):
            for win in (2.0, 2.5, 3.0):
                out.append(
                    Rule(
                        f"{first}/2/32, drop {drop}, win {win}",
                        first=first,
                        drop_z=drop,
                        accept_z=win,
                    )
                )
    for zero_at in (2, 3):
        for first in (4, 6):
            for nonpos in (False, True):
                what = "no gain" if nonpos else "all 0"
                out.append(
                    Rule(
                        f"screen '{what}' at {zero_at}, then {first}/2/32",
                        zero_at=zero_at,
                        first=first,
                        screen_nonpositive=nonpos,
                    )
                )
    for first in (2, 3, 4):
        f = Rule(f"{first}/2/32", first=first)
        out += [
            replace(f, name=f"{first}/2/32, least 4", least=4),
            replace(f, name=f"{first}/2/32, least 6", least=6),
            replace(f, name=f"{first}/2/32, 3 candidates", candidates=3),
            replace(f, name=f"{first}/2/16", most=16),
            replace(f, name=f"{first}/1/32", more=1),
            replace(f, name=f"{first}/4/32", more=4),
            replace(f, name=f"{first}/2/32, keep best 1", keep_best=1),
            replace(f, name=f"{first}/2/32, order rev", order="rev"),
            replace(f, name=f"{first}/2/32, order same", order="same"),
            replace(f, name=f"{first}/2/32, 6 candidates", candidates=6),
            replace(f, name=f"{first}/2/32, final pick 0.5", confidence=0.5),
            replace(f, name=f"{first}/2/32, drop from the 2nd test", drop_after_first=False),
        ]
    return out + selected()[1:]


def selected() -> list[Rule]:
    """The best trade-offs of ``grid()`` and ``grid2()`` on games 0-499 of a 1,000-game
    record (for a budget, the rule with the most gain), to be checked on games 500-999."""
    g = {r.name: r for r in grid() + grid2()}
    tail = ", stop se 0.0, 4 candidates"
    names = [
        "3/2/16, drop 0.3, win 2.0, margin 0.1, final pick 0.5",
        "screen 'no gain' at 3, 5/2/24, drop 0.5, win 2.0, margin 0.1, final pick 0.5",
        "screen 'no gain' at 3, 6/2/32, drop 0.5, win 2.0, margin 0.2" + tail,
        "4/2/32, drop 0.5, win 2.0, margin 0.2" + tail,
        "4/2/24, drop 0.5, win 2.0, margin 0.1, final pick 0.5",
        "5/2/24, drop 0.5, win 2.0, margin 0.1, final pick 0.5",
        "6/2/24, drop 0.3, win 2.0, margin 0.1, final pick 0.5",
        "6/2/32, drop 0.3, win 2.0, margin 0.1" + tail,
        "6/2/24, drop 0.5, win 2.0, margin 0.1, final pick 0.5",
        "6/2/32, drop 0.5, win 2.0, margin 0.1" + tail,
        "6/2/24, drop 0.3, win 2.5, margin 0.0, final pick 0.5",
        "6/2/32, drop 0.5, win 2.5, margin 0.1, stop se 0.0, 6 candidates",
    ]
    return [TODAY] + [g[n] for n in names]


def grid() -> list[Rule]:
    """A wider search over screens, thresholds, margins and candidates (``--grid``)."""
    out = [TODAY]
    for screen in (0, 2, 3, 4):
        for nonpos in (False, True) if screen else (False,):
            for first in (4, 5, 6):
                if screen >= first:
                    continue
                for drop in (0.3, 0.5):
                    for win in (2.0, 2.5):
                        for margin in (0.0, 0.1, 0.2):
                            for stop_se in (0.0, 0.2):
                                for cands in (4, 6):
                                    what = "no gain" if nonpos else "all 0"
                                    head = f"screen '{what}' at {screen}, " if screen else ""
                                    out.append(
                                        Rule(
                                            f"{head}{first}/2/32, drop {drop}, win {win}, "
                                            f"margin {margin}, stop se {stop_se}, "
                                            f"{cands} candidates",
                                            first=first,
                                            drop_z=drop,
                                            accept_z=win,
                                            zero_at=screen,
                                            screen_nonpositive=nonpos,
                                            margin=margin,
                                            stop_se=stop_se,
                                            candidates=cands,
                                        )
                                    )
    return out


def grid2() -> list[Rule]:
    """The second wider search (``--set grid2``): a lower final-pick threshold with caps
    on the worlds, first batches, thresholds and screens."""
    out = [TODAY]
    for conf in (0.5, 0.3):
        for most in (12, 16, 20, 24):
            for first in (3, 4, 5, 6):
                for screen in (0, 3, 4):
                    if screen and screen >= first:
                        continue
                    for drop in (0.3, 0.5):
                        for win in (2.0, 2.5, 3.0):
                            for margin in (0.0, 0.1):
                                head = f"screen 'no gain' at {screen}, " if screen else ""
                                out.append(
                                    Rule(
                                        f"{head}{first}/2/{most}, drop {drop}, win {win}, "
                                        f"margin {margin}, final pick {conf}",
                                        first=first,
                                        most=most,
                                        drop_z=drop,
                                        accept_z=win,
                                        margin=margin,
                                        confidence=conf,
                                        zero_at=screen,
                                        screen_nonpositive=True,
                                    )
                                )
    return out


def _bootstrap(per_game: Sequence[float], draws: int, seed: int) -> float:
    """Bootstrap standard error (games resampled with replacement) of the mean per game."""
    values = np.asarray(per_game, dtype=float)
    picks = np.random.default_rng(seed).integers(0, len(values), (draws, len(values)))
    return float(values[picks].mean(axis=1).std(ddof=1))


def report(path: str, names: str | None, draws: int, only: str | None, which: str) -> None:
    """Replay the rules and print the table (``only``: games ``a:b`` of the records)."""
    with gzip.open(path, "rt") as f:
        data = json.load(f)
    records: list[Record] = data["records"]
    s = data["search_worlds"]
    games = data["games"]
    if only:
        lo, hi = (int(x) for x in only.split(":"))
        games = [g for g in games if lo <= g < hi]
        records = [r for r in records if lo <= r["game"] < hi]
    game_pos = {g: k for k, g in enumerate(games)}
    g_n = len(games)
    chosen_rules = {"main": rules, "grid": grid, "grid2": grid2, "selected": selected}[which]()
    if names:
        wanted = names.split(",")
        chosen_rules = [r for r in chosen_rules if r is TODAY or any(w in r.name for w in wanted)]
    print(
        f"{len(records)} searches in {g_n} games ({len(records) / g_n:.1f} a game); "
        f"{s} search worlds, {data['judge_worlds']} held-out worlds; "
        f"recorded in {data['cpu']:.0f} s CPU"
    )
    results: dict[str, tuple[list[int], list[float], list[float], list[float]]] = {}
    base_choice: list[int] = []
    lines = []
    for rule in chosen_rules:
        choices: list[int] = []
        rollouts_g = [0.0] * g_n
        cpu_g = [0.0] * g_n
        gain_g = [0.0] * g_n
        for rec in records:
            c, n, us = replay(rule, rec, s)
            k = game_pos[rec["game"]]
            choices.append(c)
            rollouts_g[k] += n
            cpu_g[k] += us / 1000
            gain_g[k] += heldout_gain(rec, c, s)
        if rule is TODAY:
            base_choice = choices
        if rule is MC_NOW:
            agree = sum(c == r["mc_choice"] for c, r in zip(choices, records, strict=True))
            print(f"mc's rule replayed = mc's own choice at {agree}/{len(records)} searches")
        results[rule.name] = (choices, rollouts_g, cpu_g, gain_g)
    b_roll = sum(results[TODAY.name][1]) / g_n
    b_cpu = sum(results[TODAY.name][2]) / g_n
    b_gain_g = results[TODAY.name][3]
    b_gain = sum(b_gain_g) / g_n
    header = (
        "| rule | rollouts/search | rollouts/game | % today | rollout ms/game | gain/search "
        "| gain/game (± se) | % today's gain | Δ gain vs today (± se) | choices ≠ today |"
    )
    print(header)
    print("|---" + "|---:" * 9 + "|")
    for rule in chosen_rules:
        choices, rollouts_g, cpu_g, gain_g = results[rule.name]
        roll = sum(rollouts_g) / g_n
        cpu = sum(cpu_g) / g_n
        gain = sum(gain_g) / g_n
        se = _bootstrap(gain_g, draws, 1)
        delta = [a - b for a, b in zip(gain_g, b_gain_g, strict=True)]
        dse = _bootstrap(delta, draws, 2)
        differ = sum(a != b for a, b in zip(choices, base_choice, strict=True)) / len(records)
        lines.append(
            f"| {rule.name} | {roll * g_n / len(records):.1f} | {roll:.0f} | "
            f"{100 * roll / b_roll:.0f} % | {cpu:.0f} ({100 * cpu / b_cpu:.0f} %) | "
            f"{gain * g_n / len(records):.4f} | {gain:.3f} ± {se:.3f} | "
            f"{100 * gain / b_gain:.0f} % | {gain - b_gain:+.3f} ± {dse:.3f} | "
            f"{100 * differ:.1f} % |"
        )
        print(lines[-1], flush=True)
    print()
    _breakdown(records, s, g_n, TODAY)
    # Reference points.
    print()
    for label, pick in _references(s):
        gain_g = [0.0] * g_n
        for rec in records:
            gain_g[game_pos[rec["game"]]] += heldout_gain(rec, pick(rec), s)
        print(f"{label}: gain/game {sum(gain_g) / g_n:.3f} ± {_bootstrap(gain_g, draws, 3):.3f}")


def _breakdown(records: list[Record], s: int, g_n: int, rule: Rule) -> None:
    """Where ``rule`` spends its rollouts and finds its gain: by cards in hand, by
    candidates, by leading or following."""
    groups: dict[str, list[float]] = {}
    for rec in records:
        c, n, us = replay(rule, rec, s)
        gain = heldout_gain(rec, c, s)
        hand = rec["hand"]
        keys = [
            f"hand {hand}",
            f"{rec['mc_candidates']} candidates",
            "leading" if rec["leading"] else "following",
            "pass is candidate 1" if rec["candidates"][1] == A.PASS else "no pass candidate",
        ]
        for key in keys:
            row = groups.setdefault(key, [0, 0.0, 0.0, 0.0, 0])
            row[0] += 1
            row[1] += n
            row[2] += us / 1000
            row[3] += gain
            row[4] += c != 0
    print(f"where {rule.name} spends and gains (per game):")
    print("| group | searches | rollouts | rollout ms | gain | moves ≠ heuristic's |")
    print("|---|---:|---:|---:|---:|---:|")
    for key in sorted(groups, key=_group_order):
        n_s, roll, ms, gain, moved = groups[key]
        print(
            f"| {key} | {n_s / g_n:.2f} | {roll / g_n:.0f} | {ms / g_n:.1f} | {gain / g_n:.3f} "
            f"| {moved / g_n:.2f} |"
        )


def _group_order(key: str) -> tuple[int, int, str]:
    """Hand sizes in order, then the candidate counts, then the rest."""
    words = key.split()
    if words[0] == "hand":
        return 0, int(words[1]), key
    if words[0].isdigit():
        return 1, int(words[0]), key
    return 2, 0, key


def _references(s: int) -> list[tuple[str, Callable[[Record], int]]]:
    def oracle(rec: Record) -> int:
        # Biased upward: the best candidate by the held-out worlds themselves.
        points = rec["points"]
        means = [heldout_gain(rec, i, s) for i in range(rec["mc_candidates"])]
        del points
        return max(range(len(means)), key=lambda i: (means[i], -i))

    return [
        (
            f"fixed: every mc candidate in all {s} worlds, pick at 1 se",
            lambda r: fixed_pick(r, s, 4, 1.0),
        ),
        (
            f"fixed: every mc candidate in all {s} worlds, best mean",
            lambda r: fixed_pick(r, s, 4, 0.0),
        ),
        ("oracle (best by the held-out worlds: an upper bound, biased)", oracle),
    ]


def main() -> None:
    """Command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    r = sub.add_parser("record")
    r.add_argument("--games", type=int, default=30)
    r.add_argument("--first-game", type=int, default=0)
    r.add_argument("--search-worlds", type=int, default=32)
    r.add_argument("--judge-worlds", type=int, default=32)
    r.add_argument("--candidates", type=int, default=8, help="candidates recorded at most")
    r.add_argument("--out", required=True)
    p = sub.add_parser("replay")
    p.add_argument("path")
    p.add_argument("--rules", help="comma-separated name fragments (today's always)")
    p.add_argument("--draws", type=int, default=1000, help="bootstrap draws")
    p.add_argument(
        "--set",
        choices=("main", "grid", "grid2", "selected"),
        default="main",
        help="main: rules(); grid, grid2: wider searches; selected: their best trade-offs",
    )
    p.add_argument("--only", help="games a:b of the records only (e.g. to tune on one half)")
    args = parser.parse_args()
    if args.what == "record":
        record(
            args.games,
            args.first_game,
            args.search_worlds,
            args.judge_worlds,
            args.candidates,
            args.out,
        )
    else:
        report(args.path, args.rules, args.draws, args.only, args.set)


if __name__ == "__main__":
    main()
