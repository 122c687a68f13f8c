"""The speed benchmark behind ``baohuang bench`` (one core, no timed tests).

Full games of ``baike-common`` per second with every seat heuristic, and with every seat
random, plus the card-level figures of :func:`baohuang.engine.benchmarks.bench_rules`.
Each policy plays batches of fresh seeded deals (a continuous loop: pass ``k`` plays the
deals after pass ``k - 1``'s) for about ``seconds``; the fastest pass is reported (slower
passes measure other processes, not this code, as :mod:`timeit` advises). One extra pass
times the policy calls alone, to split the time between the engine and the bot.

The search player (``mc``, every seat) is measured in CPU time per game
(``time.process_time()``, so other processes on the machine do not count), over
:data:`MC_GAMES` seeded games; its target is :data:`MC_TARGET_MS` (issue 35). When
OpenSpiel (``pyspiel``) is importable, its ``dou_dizhu`` with random play is measured in
the same run, the same way as our random games, for a side-by-side figure.
"""

from __future__ import annotations

import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from baohuang.bots import make_policy
from baohuang.engine.benchmarks import bench_rules
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.rules import Variant
from baohuang.simulation.runner import game_seed, play_game, policy_seed

BENCH_SEED = 2024
"""Job seed of the benchmark games."""
BATCH: dict[str, int] = {"heuristic": 60, "random": 20}
"""Games per timed pass, by policy."""
MC_GAMES = 10
"""Seeded games the search player's CPU per game is measured over."""
MC_TARGET_MS = 40.0
"""The search player's budget: CPU milliseconds per game, every seat ``mc`` (issue 35)."""


def _pass(cv: CompiledVariant, name: str, games: int, first: int = 0) -> tuple[float, int]:
    """Play the batch of deals ``first … first + games - 1`` once; (seconds, decisions)."""
    return _timed_games(cv, name, range(first, first + games), time.perf_counter)


def _timed_games(
    cv: CompiledVariant, name: str, deals: range, clock: Callable[[], float]
) -> tuple[float, int]:
    """Play the bench deals ``deals`` with ``name`` on every seat; (``clock`` time, decisions)."""
    policy = make_policy(name, cv)
    seats = [policy] * 5
    decisions = 0
    start = clock()
    for i in deals:
        game = play_game(
            cv,
            game_seed(BENCH_SEED, i),
            seats,
            random.Random(policy_seed(BENCH_SEED, i)),  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        )
        decisions += len(game.history)
    return clock() - start, decisions


def _policy_share(cv: CompiledVariant, name: str, games: int) -> float:
    """Fraction of the game time spent inside the policy's ``act`` (one instrumented pass)."""
    policy = make_policy(name, cv)
    clock = time.perf_counter
    inside = 0.0
    start = clock()
    for i in range(games):
        game = Game.new(cv, game_seed(BENCH_SEED, i))
        rng = random.Random(policy_seed(BENCH_SEED, i))  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        while game.phase != "finished":
            seat = game.to_act
            view = game.view(seat)
            legal = game.legal_actions()
            t0 = clock()
            action = policy.act(view, legal, rng)
            inside += clock() - t0
            game.apply(action)
    total = clock() - start
    return inside / total if total > 0 else 0.0


def bench_games(cv: CompiledVariant, name: str, seconds: float = 2.0) -> dict[str, float]:
    """Games and decisions per second of one policy on every seat (fastest pass)."""
    games = BATCH.get(name, 20)
    make_policy(name, cv)  # build the per-variant tables before timing
    best_rate = 0.0
    best: tuple[float, int] = (1.0, 0)
    deadline = time.perf_counter() + seconds
    first = 0
    while True:
        elapsed, decisions = _pass(cv, name, games, first)
        first += games  # fresh deals every pass
        if games / elapsed > best_rate:
            best_rate, best = games / elapsed, (elapsed, decisions)
        if time.perf_counter() >= deadline:
            break
    elapsed, decisions = best
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
        "policy_share": _policy_share(cv, name, games),
    }


def bench_search(cv: CompiledVariant, name: str = "mc", games: int = MC_GAMES) -> dict[str, float]:
    """CPU time per game of the search player ``name`` on every seat (``process_time``).

    ``cpu_ms_per_game`` (mean over ``games`` seeded games), ``decisions_per_game`` and
    ``target_ms`` (:data:`MC_TARGET_MS`)."""
    cpu, decisions = _timed_games(cv, name, range(games), time.process_time)
    return {
        "cpu_ms_per_game": 1000 * cpu / games,
        "decisions_per_game": decisions / games,
        "games": games,
        "target_ms": MC_TARGET_MS,
    }


def bench_openspiel(seconds: float = 2.0, games: int = 200) -> dict[str, float] | None:
    """OpenSpiel's ``dou_dizhu`` with uniformly random legal play, timed like our random
    games (fastest pass of ``games`` fresh deals, one core); None without ``pyspiel``.

    A decision is a player's action (the deal's chance nodes are not counted)."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(1)  # noqa: S311 (random legal play of a benchmark, not security)
    best: tuple[float, int] = (0.0, 0)
    deadline = time.perf_counter() + seconds
    while True:
        decisions = 0
        start = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
        elapsed = time.perf_counter() - start
        if best[0] == 0.0 or games / elapsed > games / best[0]:
            best = (elapsed, decisions)
        if time.perf_counter() >= deadline:
            break
    elapsed, decisions = best
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
    }


def bench(
    variant: Variant,
    seconds: float = 2.0,
    rules_seconds: float = 0.5,
    mc_games: int = MC_GAMES,
    peers: bool = True,
) -> dict[str, Any]:
    """Every figure of ``baohuang bench`` on ``variant``: games, decisions and card-level
    rules per second, the search player's CPU per game and (``peers``, when installed)
    OpenSpiel's ``dou_dizhu`` in the same run."""
    from baohuang import native

    cv = compile_variant(variant)
    load_before = machine_load()
    figures: dict[str, Any] = {
        "variant": variant.id,
        "core": native.CORE,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "heuristic": bench_games(cv, "heuristic", seconds),
        "random": bench_games(cv, "random", seconds),
        "rules": bench_rules(rules_seconds),
    }
    if mc_games > 0:
        figures["mc"] = bench_search(cv, "mc", mc_games)
    if peers:
        spiel = bench_openspiel(seconds)
        if spiel is not None:
            figures["openspiel_dou_dizhu_random"] = spiel
    figures["load"] = {"before": load_before, "after": machine_load()}
    return figures


def machine_load() -> float | None:
    """The machine's load average over the last minute (None where the system has none).

    Printed beside the timings: on a small machine other busy processes slow this one's
    instructions, so the same games take more CPU time (figures: docs/simulation.md,
    "Speed")."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None
