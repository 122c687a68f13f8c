"""``baohuang simulate VARIANT --games N [--seed S] [--workers K] [--policy P] [--json]``.

Plays the games (:func:`baohuang.simulation.runner.run`) and prints the statistics
(:func:`baohuang.simulation.report.print_report`), or them as JSON. A progress bar shows
on standard error when that is a terminal; the result does not depend on ``--workers``.
Without ``--seed`` a random seed is chosen and printed on standard error, so the run can
be repeated.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from baohuang.cli.base import EXIT_OK, EXIT_PROBLEMS, Command, load_or_report
from baohuang.cli.options import add_run_options, add_seed, chosen_seed, positive, progress_bar
from baohuang.simulation.report import print_report
from baohuang.simulation.runner import run


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang simulate``."""
    parser.add_argument("variant", metavar="VARIANT", help="a bundled variant id or a YAML file")
    parser.add_argument("--games", type=positive, required=True, help="games to play")
    add_seed(parser, "job seed (game i: derived seed)")
    add_run_options(parser)
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


def simulate(args: argparse.Namespace) -> int:
    """Play the games and print role win rates, points, events and seat advantage."""
    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    chosen_seed(args)
    bar = progress_bar(variant.id)
    start = time.perf_counter()
    stats = run(variant, args.games, args.seed, args.policy, workers=args.workers, progress=bar)
    elapsed = time.perf_counter() - start
    if bar is not None:
        bar.close()
    if args.json:
        data = {
            "summary": stats.summary(),
            "stats": stats.to_dict(),
            "elapsed_s": elapsed,
            "workers": args.workers,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return EXIT_OK
    print_report(stats, sys.stdout, elapsed=elapsed, workers=args.workers)
    return EXIT_OK


COMMANDS = (
    Command(
        ("simulate",),
        "play many games of a variant and print balance statistics",
        simulate,
        configure,
    ),
)
