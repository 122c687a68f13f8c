"""``baohuang bench [VARIANT_OR_FILE] [--seconds S] [--mc-games N] [--no-peers] [--json]``.

Measures games/s and decisions/s on one core (:func:`baohuang.simulation.bench.bench`) and
prints them (:func:`baohuang.simulation.report.print_bench`), or them as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys

from baohuang.cli.base import EXIT_OK, EXIT_PROBLEMS, Command, load_or_report
from baohuang.simulation.report import print_bench

#: The subject of the published speed figures (docs/simulation.md "Speed"); any variant
#: may be named.
BENCH_VARIANT = "baike-common"


def configure(parser: argparse.ArgumentParser, default_variant: str = BENCH_VARIANT) -> None:
    """Arguments of ``baohuang bench``; ``default_variant`` is the subject when none is named."""
    parser.add_argument(
        "variant",
        nargs="?",
        default=default_variant,
        metavar="VARIANT_OR_FILE",
        help=f"the variant measured: a bundled id or a file (default {default_variant})",
    )
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time per game figure (default 3)"
    )
    parser.add_argument(
        "--mc-games",
        type=int,
        default=None,
        help="games the search player (mc) is timed over (default 10; 0: not measured)",
    )
    parser.add_argument(
        "--no-peers",
        action="store_true",
        help="do not measure OpenSpiel's dou_dizhu beside ours (when pyspiel is installed)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def bench(args: argparse.Namespace) -> int:
    """Measure games/s and decisions/s on one core, and the card-level rules."""
    from baohuang.simulation.bench import MC_GAMES
    from baohuang.simulation.bench import bench as measure

    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    figures = measure(
        variant,
        seconds=args.seconds,
        rules_seconds=min(1.0, args.seconds / 3),
        mc_games=MC_GAMES if args.mc_games is None else max(0, args.mc_games),
        peers=not args.no_peers,
    )
    if args.json:
        print(json.dumps(figures, indent=2))
        return EXIT_OK
    print_bench(figures, sys.stdout)
    return EXIT_OK


COMMANDS = (Command(("bench",), "measure games/s and decisions/s on one core", bench, configure),)
