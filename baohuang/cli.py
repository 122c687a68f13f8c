"""The ``baohuang`` console script (DESIGN.md §8): work with variants without a server.

    baohuang variants list [--json]           the bundled variants, one line each
    baohuang variants check FILE... [--json]  validate files; exit 1 if any has an error
    baohuang variants show ID [--json]        a bundled variant with every default written out
    baohuang schema                           the JSON Schema of the variant language
    baohuang play VARIANT CANDIDATE [--after PREVIOUS] [--json]
                                              is a play legal, does it beat another, why

Each subcommand is a small function taking the parsed arguments and returning the exit
status. They are registered in one place, :data:`COMMANDS`; a new subcommand (``simulate``,
``bench``) is one more :class:`Command` there. Problems in user input are printed as lines,
never as tracebacks.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import yaml

from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck_limits import deck_reason, judge, play_reason
from baohuang.engine.notation import NotationError, format_play, parse_play
from baohuang.engine.plays import Play, is_legal_play
from baohuang.rules import (
    Problem,
    Report,
    bundled_variant_paths,
    definition_of,
    json_schema,
    validate_file,
)
from baohuang.rules.checks import deck_size
from baohuang.simulation import commands as simulation_commands

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


# --------------------------------------------------------------------------- output helpers


def _out(text: str = "") -> None:
    """Print a line on standard output (looked up at call time, so tests can capture it)."""
    print(text, file=sys.stdout)


def _err(text: str) -> None:
    """Print a line on standard error."""
    print(text, file=sys.stderr)


def _print_json(data: Any) -> None:
    _out(json.dumps(data, indent=2, ensure_ascii=False))


def _width(text: str) -> int:
    """Columns a string takes on a terminal: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], out: TextIO) -> None:
    """Print a plain text table with columns padded to the widest cell."""
    widths = [max(_width(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        cells = [cell + " " * (w - _width(cell)) for cell, w in zip(row, widths, strict=True)]
        print("  ".join(cells).rstrip(), file=out)


def _truncate(text: str, columns: int) -> str:
    """`text` cut to fit `columns` terminal columns, with an ellipsis when it was cut."""
    if _width(text) <= columns:
        return text
    out = ""
    for ch in text:
        if _width(out + ch) > columns - 1:
            break
        out += ch
    return out + "…"


def problem_line(file: str, problem: Problem) -> str:
    """One problem as a line: ``FILE: path: error: message`` (``(document)`` for no path)."""
    return f"{file}: {problem.path or '(document)'}: {problem.severity}: {problem.message}"


def _safe_validate(path: Path) -> Report:
    """validate_file, with an unexpected failure turned into a problem instead of a traceback."""
    try:
        return validate_file(path)
    except Exception as exc:  # the CLI reports bad input, it never crashes on it
        message = f"Internal error while checking: {type(exc).__name__}: {exc}. Please report it."
        return Report(None, (Problem("", message, code="internal"),))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --------------------------------------------------------------------------- YAML output


class _VariantDumper(yaml.SafeDumper):
    """Writes small sections and lists of plain values on one line, like the bundled files."""


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    length = sum(len(str(k)) + len(str(v)) + 4 for k, v in data.items())
    flow = bool(data) and all(_is_scalar(v) for v in data.values()) and length <= 80
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(_is_scalar(v) and not (isinstance(v, str) and len(v) > 30) for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_VariantDumper.add_representer(dict, _represent_dict)
_VariantDumper.add_representer(list, _represent_list)


def variant_yaml(definition: dict[str, Any]) -> str:
    """A variant definition as YAML text in the style of the bundled files (keys in model order)."""
    return yaml.dump(
        definition,
        Dumper=_VariantDumper,
        allow_unicode=True,
        sort_keys=False,
        width=4096,  # one line per note, as the files are written
    )


# --------------------------------------------------------------------------- variants list


#: The widest source shown by `variants list` (the JSON output has it in full).
SOURCE_COLUMNS = 48


def _add_json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def cmd_variants_list(args: argparse.Namespace) -> int:
    """List the bundled variants: id, names, deck size, guard rule, source.

    A bundled file with errors is listed too, marked invalid (the listing itself succeeds).
    """
    entries: list[dict[str, Any]] = []
    for path in bundled_variant_paths():
        report = _safe_validate(path)
        v = report.variant
        if report.valid and v is not None:
            entries.append(
                {
                    "id": v.id,
                    "name": {"zh": v.name.zh, "en": v.name.en},
                    "deck_size": deck_size(v),
                    "guard": v.bidding.guard.by,
                    "source": v.source,
                    "file": str(path),
                    "valid": True,
                }
            )
        else:
            entries.append(
                {
                    "id": path.stem,
                    "name": None,
                    "deck_size": None,
                    "guard": None,
                    "source": None,
                    "file": str(path),
                    "valid": False,
                    "errors": [p.as_dict() for p in report.errors],
                }
            )
    if args.json:
        _print_json(entries)
        return EXIT_OK
    if not entries:
        _out("No bundled variants.")
        return EXIT_OK
    rows = [
        [
            e["id"],
            e["name"]["zh"],
            e["name"]["en"],
            str(e["deck_size"]),
            e["guard"],
            _truncate(e["source"], SOURCE_COLUMNS),
        ]
        if e["valid"]
        else [e["id"], "-", "-", "-", "-", f"INVALID: {_plural(len(e['errors']), 'error')}"]
        for e in entries
    ]
    _table(["ID", "中文", "NAME", "DECK", "GUARD", "SOURCE"], rows, sys.stdout)
    broken = [e["file"] for e in entries if not e["valid"]]
    if broken:
        _err(
            f"{_plural(len(broken), 'bundled variant')} with errors; see "
            f"`baohuang variants check {' '.join(broken)}`."
        )
    return EXIT_OK


# --------------------------------------------------------------------------- variants check


def _add_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", metavar="FILE", nargs="+", help="variant files (YAML or JSON)")
    _add_json_flag(parser)


def cmd_variants_check(args: argparse.Namespace) -> int:
    """Validate each file; print every error and warning; exit 1 if any file has an error."""
    results: list[dict[str, Any]] = []
    for name in args.files:
        report = _safe_validate(Path(name))
        results.append(
            {
                "file": name,
                "valid": report.valid,
                "errors": [p.as_dict() for p in report.errors],
                "warnings": [p.as_dict() for p in report.warnings],
                "summary": report.summary(),
            }
        )
        if args.json:
            continue
        for problem in report.problems:
            _out(problem_line(name, problem))
        if report.valid and report.variant is not None:
            v = report.variant
            warned = f", {_plural(len(report.warnings), 'warning')}" if report.warnings else ""
            _out(f"{name}: ok: {v.id}, {deck_size(v)} cards, {v.bidding.guard.by}{warned}")
    failed = sum(1 for r in results if not r["valid"])
    if args.json:
        _print_json(results)
    else:
        errors = sum(len(r["errors"]) for r in results)
        warnings = sum(len(r["warnings"]) for r in results)
        _out(
            f"{_plural(len(results), 'file')} checked: {_plural(failed, 'invalid file')}, "
            f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}."
        )
    return EXIT_PROBLEMS if failed else EXIT_OK


# --------------------------------------------------------------------------- variants show


def _add_show_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", metavar="ID", help="a bundled variant id, e.g. baike-common")
    _add_json_flag(parser)


def cmd_variants_show(args: argparse.Namespace) -> int:
    """Print a bundled variant with every default written out, as YAML (or JSON)."""
    paths = {p.stem: p for p in bundled_variant_paths()}
    path = paths.get(args.id)
    if path is None:
        known = ", ".join(sorted(paths)) or "none"
        _err(f"No bundled variant '{args.id}'. Known ids: {known}.")
        return EXIT_PROBLEMS
    report = _safe_validate(path)
    if not report.valid or report.variant is None:
        _err(f"The bundled variant '{args.id}' has errors:")
        for problem in report.errors:
            _err(problem_line(str(path), problem))
        return EXIT_PROBLEMS
    definition = definition_of(report.variant)
    if args.json:
        _print_json(definition)
    else:
        _out(f"# {args.id}: every default written out (baohuang variants show {args.id})")
        sys.stdout.write(variant_yaml(definition))
    return EXIT_OK


# --------------------------------------------------------------------------- schema


def cmd_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema (draft 2020-12) of the variant language."""
    _print_json(json_schema())
    return EXIT_OK


# --------------------------------------------------------------------------- play


def _add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant", metavar="VARIANT", help="a bundled variant id (e.g. baike-weihai) or a file"
    )
    parser.add_argument(
        "candidate",
        metavar="CANDIDATE",
        nargs="+",
        help="the play to judge in card notation, e.g. '9 9 9 9' or 9 9 9 9",
    )
    parser.add_argument(
        "--after",
        metavar="PREVIOUS",
        default=None,
        help="the play on the table, e.g. 'SJ 8 8 8' (without it the candidate leads)",
    )
    _add_json_flag(parser)


def cmd_play(args: argparse.Namespace) -> int:
    """Judge a play in a variant: is it legal, does it beat ``--after``, and why.

    Exit 0 for a legal play (that beats ``--after`` when given), 1 for an illegal play or
    one that does not beat, 2 for bad input: an unknown or invalid variant, bad notation,
    or a ``--after`` play that is not legal in the variant.
    """
    variant, problems = simulation_commands.load_variant(args.variant)
    if variant is None:
        for line in problems:
            _err(line)
        return EXIT_USAGE
    cv = compile_variant(variant)
    try:
        candidate = parse_play(" ".join(args.candidate))
    except NotationError as exc:
        _err(f"candidate: {exc}")
        return EXIT_USAGE
    previous: Play | None = None
    if args.after is not None:
        try:
            previous = parse_play(args.after)
        except NotationError as exc:
            _err(f"--after: {exc}")
            return EXIT_USAGE
        previous_problem = deck_reason(cv, previous)
        if previous_problem is None:
            illegal = is_legal_play(previous, cv.play)
            if illegal is not None:
                previous_problem = f"The previous play is not legal: {illegal}"
        if previous_problem is not None:
            _err(f"--after: {previous_problem}.")
            return EXIT_USAGE
    problem = play_reason(cv, candidate)
    if previous is None:
        verdict_beats = problem is None
        reason = problem or f"{format_play(candidate)} is a legal play to lead."
    else:
        verdict = judge(cv, previous, candidate)
        verdict_beats = verdict.beats
        reason = verdict.reason
    body = {
        "variant": cv.id,
        "previous": format_play(previous) if previous is not None else None,
        "candidate": format_play(candidate),
        "legal": problem is None,
        "beats": verdict_beats,
        "reason": reason,
    }
    if args.json:
        _print_json(body)
    else:
        after = f" after {body['previous']}" if previous is not None else ""
        _out(f"{cv.id}: {body['candidate']}{after}")
        _out(f"legal: {'yes' if body['legal'] else 'no'}")
        if previous is not None:
            _out(f"beats: {'yes' if verdict_beats else 'no'}")
        _out(f"reason: {reason}")
    return EXIT_OK if problem is None and verdict_beats else EXIT_PROBLEMS


# --------------------------------------------------------------------------- registry

#: Every subcommand, in the order ``--help`` lists them. Add new subcommands here.
COMMANDS: tuple[Command, ...] = (
    Command(("variants", "list"), "list the bundled variants", cmd_variants_list, _add_json_flag),
    Command(
        ("variants", "check"),
        "validate variant files; exit 1 if any has an error",
        cmd_variants_check,
        _add_check_arguments,
    ),
    Command(
        ("variants", "show"),
        "print a bundled variant with every default written out",
        cmd_variants_show,
        _add_show_arguments,
    ),
    Command(("schema",), "print the JSON Schema of the variant language", cmd_schema),
    Command(
        ("play",),
        "judge a play in a variant: is it legal, does it beat --after, and why",
        cmd_play,
        _add_play_arguments,
    ),
    Command(
        ("simulate",),
        "play many games of a variant and print balance statistics",
        simulation_commands.cmd_simulate,
        simulation_commands.configure_simulate,
    ),
    Command(
        ("bench",),
        "measure games/s and decisions/s on one core",
        simulation_commands.cmd_bench,
        simulation_commands.configure_bench,
    ),
    Command(
        ("compare",),
        "play two variants on the same deal seeds and report B − A with 95%% intervals",
        simulation_commands.cmd_compare,
        simulation_commands.configure_compare,
    ),
    Command(
        ("balance",),
        "solve for a scoring table that meets a target (HiGHS), verified on fresh seeds",
        simulation_commands.cmd_balance,
        simulation_commands.configure_balance,
    ),
)

#: Help lines of the command groups.
GROUPS: dict[str, str] = {"variants": "list, check and show variant files"}


def build_parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="baohuang",
        description="保皇 (Baohuang) house-rule variants: check, show, simulate.",
    )
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
        sub.set_defaults(_run=command.run, _parser=sub)
    return parser


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
    try:
        return run(args)
    except BrokenPipeError:  # e.g. `baohuang schema | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PROBLEMS


if __name__ == "__main__":
    raise SystemExit(main())
