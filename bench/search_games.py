"""N seeded games of baike-common after one warm-up game, every seat the same policy: the
workload of the instruction counts in ``docs/reports/2026-12-03-search-speed.md``.

    PYTHONPATH=. valgrind --tool=callgrind .venv/bin/python bench/search_games.py mc 3
    PYTHONPATH=. valgrind --tool=callgrind .venv/bin/python bench/search_games.py mc 0

A game's count is (the run with N games − the run with 0 games) / N.
"""

from __future__ import annotations

import random
import sys

from baohuang.bots import make_policy
from baohuang.engine.compiled import compile_variant
from baohuang.rules import load_bundled
from baohuang.simulation.runner import game_seed, play_game, policy_seed


def main(argv: list[str]) -> None:
    """Play the games (policy name and count from the arguments)."""
    name, count = argv[0], int(argv[1])
    cv = compile_variant(load_bundled("baike-common"))
    seats = [make_policy(name, cv)] * 5
    play_game(cv, game_seed(99, 0), seats, random.Random(1))  # noqa: S311 (seeded benchmark games)
    for i in range(count):
        play_game(cv, game_seed(1, i), seats, random.Random(policy_seed(1, i)))  # noqa: S311 (seeded benchmark games)


if __name__ == "__main__":
    main(sys.argv[1:])
