"""What every subcommand of the ``baohuang`` console script shares.

A subcommand is a :class:`Command`: where it sits, its help, a ``configure`` function adding
its arguments to its parser, and a handler taking the parsed arguments and returning the
exit status. Problems in the user's input are printed as lines, never as tracebacks.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from baohuang.rules import Variant
from baohuang.rules.loader import load_variant

#: Exit statuses: success, a problem found in the input, a command line argparse rejected.
EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

#: What a subcommand runs: parsed arguments in, exit status out.
Handler = Callable[[argparse.Namespace], int]
#: What adds a subcommand's own options and positional arguments to its parser.
Configure = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    """One subcommand: where it sits (``("variants", "check")``), its help, its options, its code.

    A name of one word is a top-level command (``schema``); a longer name puts the command
    under a group (``variants``), which is created the first time it is named.
    """

    name: tuple[str, ...]
    help: str
    run: Handler
    configure: Configure | None = None


def out(text: str = "") -> None:
    """Print a line on standard output (looked up at call time, so tests can capture it)."""
    print(text, file=sys.stdout)


def err(text: str) -> None:
    """Print a line on standard error."""
    print(text, file=sys.stderr)


def print_json(data: Any) -> None:
    """``data`` as indented JSON on standard output (Chinese kept as it is)."""
    out(json.dumps(data, indent=2, ensure_ascii=False))


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag of the commands that print a report."""
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def load_or_report(spec: str) -> Variant | None:
    """The variant a bundled id or a file names (:func:`~baohuang.rules.loader.load_variant`);
    None, with why printed on standard error, when it cannot be used."""
    variant, problems = load_variant(spec)
    for line in problems:
        err(line)
    return variant
