"""``baohuang tournament VARIANT --a POLICY --b POLICY --deals N [--seed S] [--workers K]
[--json]``.

Two policies on the same deals with seats swapped
(:func:`baohuang.simulation.tournament.run_tournament`): the points margin and the points
by role (:func:`baohuang.simulation.report.print_tournament`), or them as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from baohuang.cli.base import EXIT_OK, EXIT_PROBLEMS, Command, load_or_report
from baohuang.cli.options import (
    add_seed,
    add_workers,
    chosen_seed,
    policy_name,
    positive,
    progress_bar,
)
from baohuang.rules.texts import gettext
from baohuang.simulation.report import print_tournament


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang tournament``."""
    parser.add_argument("variant", metavar="VARIANT", help="a bundled variant id or a YAML file")
    parser.add_argument(
        "--a", type=policy_name, default="mc", help="policy A (default mc; mc:N = N rollouts)"
    )
    parser.add_argument(
        "--b", type=policy_name, default="heuristic", help="policy B (default heuristic)"
    )
    parser.add_argument("--deals", type=positive, required=True, help="deals, each played twice")
    add_seed(parser, "tournament seed (deal i: derived seed)")
    add_workers(parser)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def tournament(args: argparse.Namespace) -> int:
    """A against B on the same deals with seats swapped: the margin, and points by role."""
    from baohuang.simulation.tournament import run_tournament

    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    if args.a == args.b:
        print(gettext("Give two different policies (--a and --b)."), file=sys.stderr)
        return EXIT_PROBLEMS
    chosen_seed(args)
    bar = progress_bar(f"{args.a} vs {args.b}")
    start = time.perf_counter()
    duel = run_tournament(
        variant, args.deals, args.seed, args.a, args.b, workers=args.workers, progress=bar
    )
    elapsed = time.perf_counter() - start
    if bar is not None:
        bar.close()
    summary = duel.summary()
    if args.json:
        print(json.dumps({**summary, "seed": args.seed, "elapsed_s": elapsed}, indent=2))
        return EXIT_OK
    print_tournament(duel, summary, args.seed, elapsed, sys.stdout)
    return EXIT_OK


COMMANDS = (
    Command(
        ("tournament",),
        "two policies on the same deals, seats swapped: points margin and points by role",
        tournament,
        configure,
    ),
)
