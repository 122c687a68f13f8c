"""Options several simulation commands share: whole numbers, seeds, policies, workers, and
the progress bar they show on a terminal.

A value argparse rejects is reported as ``argument --games: '0' is not a whole number
above 0`` (exit status 2); the sentences are in the active language.
"""

from __future__ import annotations

import argparse
import secrets
import sys

from baohuang.bots import POLICY_NAMES
from baohuang.rules.texts import gettext
from baohuang.simulation.report import ProgressBar
from baohuang.simulation.runner import default_workers

#: Seeds chosen when none is given lie below this (short enough to retype).
RANDOM_SEEDS = 1_000_000


def positive(text: str) -> int:
    """A whole number above 0; argparse names the option in front of the message."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            gettext("'%(value)s' is not a whole number above 0") % {"value": text}
        )
    return value


def whole(text: str) -> int:
    """A whole number (a seed); argparse names the option in front of the message."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            gettext("'%(value)s' is not a whole number") % {"value": text}
        ) from None


def policy_name(text: str) -> str:
    """A policy name ``make_policy`` knows (``mc:N`` included); argparse names the option."""
    from baohuang.bots import MAX_ROLLOUTS, PolicySpecError, check_budget, is_policy_name

    try:
        check_budget(text)
    except PolicySpecError as exc:
        raise argparse.ArgumentTypeError(
            gettext("'%(value)s' asks for too many rollouts per decision; at most mc:%(max)s")
            % {"value": exc.params["policy"], "max": MAX_ROLLOUTS}
        ) from exc
    if not is_policy_name(text):
        raise argparse.ArgumentTypeError(
            gettext("unknown policy '%(value)s' (known: %(known)s, mc:N)")
            % {"value": text, "known": ", ".join(POLICY_NAMES)}
        )
    return text


def add_seed(parser: argparse.ArgumentParser, help: str) -> None:
    """``--seed``, with ``help`` saying what it seeds."""
    parser.add_argument(
        "--seed",
        type=whole,
        default=None,
        help=f"{help}; default: a random seed, printed so the run can be repeated",
    )


def add_workers(parser: argparse.ArgumentParser) -> None:
    """``--workers``: local processes."""
    parser.add_argument(
        "--workers",
        type=positive,
        default=1,
        help=f"local processes (default 1; this machine has {default_workers()})",
    )


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--policy``, as ``simulate``, ``compare`` and ``balance`` take them."""
    add_workers(parser)
    parser.add_argument(
        "--policy",
        type=policy_name,
        default="heuristic",
        help="the policy of all five seats: heuristic, random, adaptive, mc, mc:N (N rollouts per "
        "decision), or a mix by role such as royals=mc,rebels=heuristic",
    )


def chosen_seed(args: argparse.Namespace) -> int:
    """``--seed``, or a random seed (printed on standard error with how to repeat the run)."""
    if args.seed is None:
        args.seed = secrets.randbelow(RANDOM_SEEDS)
        print(
            gettext(
                "No --seed given: using seed %(seed)s (add --seed %(seed)s to repeat this run)."
            )
            % {"seed": args.seed},
            file=sys.stderr,
        )
    seed: int = args.seed
    return seed


def progress_bar(label: str) -> ProgressBar | None:
    """A progress bar on standard error when that is a terminal, else None."""
    return ProgressBar(sys.stderr, label) if sys.stderr.isatty() else None
