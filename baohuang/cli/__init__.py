"""The ``baohuang`` console script (docs/design.md §8): work with variants without a server.

Commands::

    baohuang variants list [--json]           the bundled variants, one line each
    baohuang variants check FILE... [--json]  validate files; exit 1 if any has an error
    baohuang variants show VARIANT [--json]   a bundled id or a file, every default written out
    baohuang schema                           the JSON Schema of the variant language
    baohuang rulebook VARIANT [--format F]    the variant's rulebook (md, html or json)
    baohuang play VARIANT CANDIDATE [--after PREVIOUS] [--json]
                                              is a play legal, does it beat another, why
    baohuang simulate VARIANT --games N       many games, balance statistics
    baohuang bench [VARIANT]                  games/s and decisions/s on one core
    baohuang compare A B --games N            two variants on the same deal seeds
    baohuang tournament VARIANT --deals N     two policies on the same deals, seats swapped
    baohuang balance VARIANT --games N        a scoring table that meets a target

``--lang zh|en`` (before or after the command) chooses the language of the messages;
without it the language follows ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (``zh_*`` is
Chinese, anything else English). The sentences are marked for translation like the
server's; the CLI's own are in ``baohuang/cli/locale``, the reports' in their packages'.

One module per command group (:mod:`~baohuang.cli.variants`, :mod:`~baohuang.cli.play`,
:mod:`~baohuang.cli.simulate` …), each a thin argument layer over functions of the domain
packages (:mod:`baohuang.rules`, :mod:`baohuang.simulation`, :mod:`baohuang.rulebook`). Each
module lists its subcommands in ``COMMANDS`` (:class:`~baohuang.cli.base.Command`); they
are registered in one place, :data:`COMMANDS` here. Problems in user input are printed as
lines, never as tracebacks.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from baohuang import i18n
from baohuang.cli import balance, bench, compare, play, rulebook, simulate, tournament, variants
from baohuang.cli.base import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, Command, Handler

__all__ = ["COMMANDS", "EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE", "build_parser", "main"]

#: Every subcommand, in the order ``--help`` lists them. Add new subcommands here.
#:
#: :meta hide-value:
COMMANDS: tuple[Command, ...] = (
    *variants.COMMANDS,
    *rulebook.COMMANDS,
    *play.COMMANDS,
    *simulate.COMMANDS,
    *bench.COMMANDS,
    *compare.COMMANDS,
    *tournament.COMMANDS,
    *balance.COMMANDS,
)

#: Help lines of the command groups.
GROUPS: dict[str, str] = {"variants": "list, check and show variant files"}


def _add_lang_option(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument(
        "--lang",
        choices=i18n.LANGS,
        default=default,
        help="language of the messages (default: from LC_ALL, LC_MESSAGES or LANG; zh_* is "
        "Chinese, anything else English)",
    )


def build_parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="baohuang",
        description="保皇 (Baohuang) house-rule variants: check, show, simulate.",
    )
    _add_lang_option(parser, default=None)
    parser.set_defaults(_parser=parser)
    subparsers: dict[tuple[str, ...], argparse._SubParsersAction[argparse.ArgumentParser]] = {}
    parsers: dict[tuple[str, ...], argparse.ArgumentParser] = {(): parser}

    def group(name: tuple[str, ...]) -> argparse._SubParsersAction[argparse.ArgumentParser]:
        """The subparsers action under `name`, creating the group's parser on first use."""
        if name not in parsers:
            parent = group(name[:-1])
            sub = parent.add_parser(name[-1], help=GROUPS.get(name[-1], ""))
            sub.set_defaults(_parser=sub)
            parsers[name] = sub
        if name not in subparsers:
            subparsers[name] = parsers[name].add_subparsers(metavar="COMMAND", title="commands")
        return subparsers[name]

    for command in commands:
        sub = group(command.name[:-1]).add_parser(
            command.name[-1], help=command.help, description=command.help
        )
        if command.configure is not None:
            command.configure(sub)
        _add_lang_option(sub, default=argparse.SUPPRESS)  # also after the command's name
        sub.set_defaults(_run=command.run, _parser=sub)
    return parser


def language_from_environment(environ: dict[str, str] | None = None) -> i18n.Lang:
    """The language the locale variables ask for: the first set of LC_ALL, LC_MESSAGES, LANG.

    ``zh_CN.UTF-8``, ``zh_TW`` … give Chinese; anything else (``C``, ``en_US``) English.
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return i18n.short_lang(value, default="en")
    return "en"


def main(argv: list[str] | None = None) -> int:
    """Run the console script with `argv` (default: the process arguments); return the status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a command line argparse rejected
        if exc.code is None:
            return EXIT_OK
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    run: Handler | None = getattr(args, "_run", None)
    if run is None:  # no command, or a group without its command: say what there is
        chosen: argparse.ArgumentParser = args._parser
        chosen.print_help(sys.stdout)
        return EXIT_OK
    lang = args.lang or language_from_environment()
    try:
        with i18n.speaking(lang):
            return run(args)
    except BrokenPipeError:  # e.g. `baohuang schema | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PROBLEMS
