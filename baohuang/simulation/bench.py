"""The speed benchmark behind ``baohuang bench`` (one core, no timed tests).

Full games of ``baike-common`` per second with every seat heuristic, and with every seat
random, plus the card-level figures of :func:`baohuang.engine.benchmarks.bench_rules`.
Each policy plays a fixed batch of seeded games repeatedly for about ``seconds``; the
fastest pass is reported (slower passes measure other processes, not this code, as
:mod:`timeit` advises). One extra pass times the policy calls alone, to split the time
between the engine and the bot.
"""

from __future__ import annotations

import platform
import random
import time
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


def _pass(cv: CompiledVariant, name: str, games: int) -> tuple[float, int]:
    """Play the batch once; (seconds, decisions)."""
    policy = make_policy(name, cv)
    seats = [policy] * 5
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        game = play_game(
            cv,
            game_seed(BENCH_SEED, i),
            seats,
            random.Random(policy_seed(BENCH_SEED, i)),  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        )
        decisions += len(game.history)
    return time.perf_counter() - start, decisions


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
    while True:
        elapsed, decisions = _pass(cv, name, games)
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


def bench(variant: Variant, seconds: float = 2.0, rules_seconds: float = 0.5) -> dict[str, Any]:
    """Every figure of ``baohuang bench`` on ``variant``: games, decisions and card-level
    rules per second."""
    from baohuang import native

    cv = compile_variant(variant)
    return {
        "variant": variant.id,
        "core": native.CORE,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "heuristic": bench_games(cv, "heuristic", seconds),
        "random": bench_games(cv, "random", seconds),
        "rules": bench_rules(rules_seconds),
    }
