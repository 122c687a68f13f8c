"""``baohuang compare A B --games N [--seed S] [--workers K] [--policy P] [--all] [--json]``.

Plays A and B on the same deal seeds (:func:`baohuang.simulation.compare.compare`) and
prints B − A with 95% intervals per metric
(:func:`baohuang.simulation.report.print_comparison`), or the report as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from baohuang.cli.base import EXIT_OK, EXIT_PROBLEMS, Command, load_or_report
from baohuang.cli.options import add_run_options, add_seed, chosen_seed, positive, progress_bar
from baohuang.simulation.report import print_comparison


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang compare``."""
    parser.add_argument("a", metavar="A", help="variant A: a bundled id or a YAML file")
    parser.add_argument("b", metavar="B", help="variant B: a bundled id or a YAML file")
    parser.add_argument("--games", type=positive, required=True, help="game pairs to play")
    add_seed(parser, "job seed (shared by A and B)")
    add_run_options(parser)
    parser.add_argument(
        "--all", action="store_true", help="list every metric, not only those that differ"
    )
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")


def compare(args: argparse.Namespace) -> int:
    """Play A and B on the same deal seeds and print B − A with 95% intervals per metric."""
    from baohuang.simulation.compare import compare as play_pairs

    a = load_or_report(args.a)
    b = load_or_report(args.b)
    if a is None or b is None:
        return EXIT_PROBLEMS
    chosen_seed(args)
    bar = progress_bar(f"{a.id} vs {b.id}")
    start = time.perf_counter()
    result = play_pairs(
        a, b, args.games, args.seed, args.policy, workers=args.workers, progress=bar
    )
    elapsed = time.perf_counter() - start
    if bar is not None:
        bar.close()
    report = result.report()
    if args.json:
        print(json.dumps({**report, "elapsed_s": elapsed}, indent=2, ensure_ascii=False))
        return EXIT_OK
    print_comparison(
        report, a.id, b.id, args.games, args.seed, elapsed, sys.stdout, show_all=args.all
    )
    return EXIT_OK


COMMANDS = (
    Command(
        ("compare",),
        "play two variants on the same deal seeds and report B − A with 95%% intervals",
        compare,
        configure,
    ),
)
