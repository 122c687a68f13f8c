"""``baohuang balance VARIANT --games N [--target T] [--max-change K] [--release R] ...``.

Simulates the variant (or reads a ``baohuang simulate --json`` output), solves for a
scoring table that meets the target (:func:`baohuang.simulation.balance.solve`), verifies
it on fresh seeds (:func:`~baohuang.simulation.balance.verify`) and prints the proposal
(:func:`baohuang.simulation.report.print_balance`), or it as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from baohuang.cli.base import EXIT_OK, EXIT_PROBLEMS, Command, load_or_report
from baohuang.cli.options import add_run_options, add_seed, chosen_seed, positive, progress_bar
from baohuang.rules.texts import gettext
from baohuang.simulation.report import balance_document, print_balance
from baohuang.simulation.runner import run
from baohuang.simulation.stats import Stats


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang balance``."""
    parser.add_argument("variant", metavar="VARIANT", help="a bundled variant id or a YAML file")
    parser.add_argument(
        "--target",
        default="equal-sides",
        help="equal-sides (royal and rebel side expect the same points per seat, the "
        "default) or emperor-mean=X",
    )
    parser.add_argument(
        "--max-change",
        type=int,
        default=None,
        help="how far each entry may move (default: 3, else 6, else 10, the first that "
        "reaches the target)",
    )
    parser.add_argument(
        "--release",
        default="",
        help="relations of the table's shape the solver may break, comma-separated: equal, "
        "order, ratio (default none: equal cells stay equal, the order of the amounts and "
        "whole ratios such as emperor = 2 × guard stay)",
    )
    parser.add_argument(
        "--max-distinct",
        type=int,
        default=None,
        help="at most this many distinct amounts change (default: as few as reach the target)",
    )
    parser.add_argument("--games", type=positive, required=True, help="games to simulate")
    add_seed(parser, "job seed of the simulation")
    parser.add_argument(
        "--verify-games",
        type=positive,
        default=None,
        help="games of the verification run (default: --games)",
    )
    parser.add_argument(
        "--verify-seed", type=int, default=None, help="its job seed (default: --seed + 1)"
    )
    parser.add_argument(
        "--tables",
        default=",".join(("two_person", "two_person_guard_known", "solo")),
        help="the tables the solver may change (default all: two_person, "
        "two_person_guard_known, solo)",
    )
    parser.add_argument(
        "--fix", action="append", default=[], metavar="PATH", help="an entry to keep as it is"
    )
    parser.add_argument(
        "--keep-outcomes",
        action="store_true",
        help="no row may change between win, draw and loss",
    )
    parser.add_argument(
        "--from",
        dest="from_file",
        default=None,
        metavar="FILE",
        help="use this `baohuang simulate --json` output instead of simulating",
    )
    add_run_options(parser)
    parser.add_argument("--json", action="store_true", help="print the proposal as JSON")


def balance(args: argparse.Namespace) -> int:
    """Simulate, solve the integer program for the table, verify on fresh seeds, print."""
    from baohuang.engine.compiled import compile_variant
    from baohuang.simulation.balance import BalanceError, Target, solve, verify

    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    try:
        target = Target.parse(args.target)
    except BalanceError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_PROBLEMS
    started = time.perf_counter()
    if args.from_file:
        data = json.loads(Path(args.from_file).read_text(encoding="utf-8"))
        stats = Stats.from_dict(data.get("stats", data))
        if stats.checksum != compile_variant(variant).checksum:
            print(
                gettext("%(file)s: these statistics are not of %(variant)s.")
                % {"file": args.from_file, "variant": variant.id},
                file=sys.stderr,
            )
            return EXIT_PROBLEMS
        if args.seed is None:
            args.seed = stats.seed
    else:
        chosen_seed(args)
        bar = progress_bar(variant.id)
        stats = run(variant, args.games, args.seed, args.policy, workers=args.workers, progress=bar)
        if bar is not None:
            bar.close()
    simulated_s = time.perf_counter() - started
    try:
        proposal = solve(
            variant,
            stats,
            target,
            args.max_change,
            tables=_listed(args.tables),
            fixed=args.fix,
            keep_outcomes=args.keep_outcomes,
            release=_listed(args.release),
            max_distinct=args.max_distinct,
        )
    except BalanceError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_PROBLEMS
    verify_games = args.verify_games or stats.games
    verify_seed = args.seed + 1 if args.verify_seed is None else args.verify_seed
    if verify_seed == stats.seed:
        print(
            gettext("The verification must use other seeds than the simulation."),
            file=sys.stderr,
        )
        return EXIT_PROBLEMS
    started = time.perf_counter()
    verification = verify(
        variant, proposal, target, verify_games, verify_seed, args.policy, workers=args.workers
    )
    verified_s = time.perf_counter() - started
    if args.json:
        body = balance_document(proposal, target, verification, simulated_s, verified_s)
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return EXIT_OK
    print_balance(
        variant.id, stats, target, proposal, verification, verify_games, verify_seed, sys.stdout
    )
    return EXIT_OK


def _listed(text: str) -> list[str]:
    """The names of a comma-separated option, blanks left out."""
    return [name.strip() for name in text.split(",") if name.strip()]


COMMANDS = (
    Command(
        ("balance",),
        "solve for a scoring table that meets a target (HiGHS), verified on fresh seeds",
        balance,
        configure,
    ),
)
