"""The search player's bids and declarations (issue 35): what they cost and how they move.

``cost``: CPU per game of ``mc`` on every seat (``process_time``, the bench's seeds), and the
part spent searching decisions before the play. ``rebel``: ``mc``'s answers at the same
rebel questions under baike-weihai and a copy whose rebellion multiplier is ``--factor`` —
the positions come from heuristic games (the heuristic plays both variants alike), so the
difference is paired, with a 95 % interval.

    BAOHUANG_CORE=python .venv/bin/python bench/mc_decisions.py cost baike-common baike-weihai
    BAOHUANG_CORE=python .venv/bin/python bench/mc_decisions.py rebel --questions 300 --factor 4
"""

from __future__ import annotations

import argparse
import copy
import math
import random
import time
from typing import Any

from baohuang.bots import HeuristicPolicy, MonteCarloPolicy, make_policy
from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.rules import definition_of, load_bundled, validate_definition
from baohuang.simulation.bench import BENCH_SEED
from baohuang.simulation.runner import game_seed, play_game, policy_seed


def cost(variants: list[str], games: int) -> None:
    """CPU per game of mc, and the part spent before the play."""
    spent = [0.0, 0]
    search = MonteCarloPolicy.search_preplay

    def timed(self: MonteCarloPolicy, *args: Any) -> Any:
        start = time.process_time()
        try:
            return search(self, *args)
        finally:
            spent[0] += time.process_time() - start
            spent[1] += 1

    MonteCarloPolicy.search_preplay = timed  # type: ignore[method-assign]
    for variant_id in variants:
        cv = compile_variant(load_bundled(variant_id))
        policy = make_policy("mc", cv)
        spent[:] = [0.0, 0]
        start = time.process_time()
        for i in range(games):
            rng = random.Random(policy_seed(BENCH_SEED, i))  # noqa: S311 (seeded games)
            play_game(cv, game_seed(BENCH_SEED, i), [policy] * 5, rng)
        cpu = time.process_time() - start
        print(
            f"{variant_id}: {1000 * cpu / games:.0f} ms CPU a game over {games} games, "
            f"{1000 * spent[0] / games:.0f} ms of it before the play "
            f"({spent[1] / games:.1f} searched decisions a game; "
            f"×{cpu / max(1e-9, cpu - spent[0]):.2f} over searching play only)"
        )


def rebel(questions: int, factor: int) -> None:
    """mc's rebel answers at the same positions, rebellion ×2 (baike-weihai) and ×factor."""
    variant = load_bundled("baike-weihai")
    data = copy.deepcopy(definition_of(variant))
    for m in data["scoring"]["multipliers"]:
        if m["event"] == "rebellion":
            m["factor"] = factor
    other = validate_definition(data).variant
    if other is None:
        raise SystemExit("the changed copy of baike-weihai does not validate")
    base, changed = compile_variant(variant), compile_variant(other)
    mc_base, mc_changed = make_policy("mc", base), make_policy("mc", changed)
    heuristic = HeuristicPolicy(base)
    rows: list[tuple[bool, bool, bool]] = []
    seed = 0
    start = time.process_time()
    while len(rows) < questions:
        game = Game.new(base, seed)
        rng = random.Random(seed)  # noqa: S311 (seeded games)
        seed += 1
        while game.phase != "play" and not game.finished and len(rows) < questions:
            view, legal = game.view(game.to_act), game.legal_actions()
            if view.question == "rebel" and A.REBEL in legal:
                n = len(rows)
                rows.append(
                    (
                        mc_base.act(view, legal, random.Random(n)) == A.REBEL,  # noqa: S311
                        mc_changed.act(view, legal, random.Random(n)) == A.REBEL,  # noqa: S311
                        heuristic.act(view, legal, rng) == A.REBEL,
                    )
                )
            game.apply(heuristic.act(view, legal, rng))
    n = len(rows)
    diffs = [int(b) - int(a) for a, b, _ in rows]
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    print(f"{n} rebel questions from {seed} deals, {time.process_time() - start:.0f} s CPU")
    print(f"heuristic rebels at {sum(r[2] for r in rows) / n:.1%} of them (both variants)")
    print(
        f"mc rebels ×2: {sum(r[0] for r in rows) / n:.1%}, ×{factor}: "
        f"{sum(r[1] for r in rows) / n:.1%}; difference {100 * mean:+.1f} pt "
        f"(95% CI {100 * (mean - 1.96 * se):+.1f} … {100 * (mean + 1.96 * se):+.1f}); "
        f"only at ×2: {sum(1 for a, b, _ in rows if a and not b)}, "
        f"only at ×{factor}: {sum(1 for a, b, _ in rows if b and not a)}"
    )


def main() -> None:
    """Command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("cost")
    c.add_argument("variants", nargs="+")
    c.add_argument("--games", type=int, default=6)
    r = sub.add_parser("rebel")
    r.add_argument("--questions", type=int, default=300)
    r.add_argument("--factor", type=int, default=4)
    args = parser.parse_args()
    if args.what == "cost":
        cost(args.variants, args.games)
    else:
        rebel(args.questions, args.factor)


if __name__ == "__main__":
    main()
