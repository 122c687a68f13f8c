"""The ``baohuang`` console script (docs/design.md §8): work with variants without a server.

Commands::

    baohuang variants list [--json]           the bundled variants, one line each
    baohuang variants check FILE... [--json]  validate files; exit 1 if any has an error
    baohuang variants show VARIANT [--json]   a bundled id or a file, every default written out
    baohuang schema                           the JSON Schema of the variant language
    baohuang play VARIANT CANDIDATE [--after PREVIOUS] [--json]
                                              is a play legal, does it beat another, why

``--lang zh|en`` (before the command) chooses the language of the messages; without it the
language follows ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (``zh_*`` is Chinese, anything
else English). The CLI's sentences are marked for translation like the server's; their
Chinese lives in the rules package's catalog (``baohuang/rules/locale``), since the CLI is
a module, not a package with a catalog of its own.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from baohuang import i18n
from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck_limits import deck_reason, judge, play_reason
from baohuang.engine.notation import NotationError, format_play, parse_play
from baohuang.engine.plays import Play, is_legal_play
from baohuang.engine.reasons import from_notation, legal_lead, params_of, say
from baohuang.engine.reasons import reason as reason_of
from baohuang.rulebook import commands as rulebook_commands
from baohuang.rules import (
    Problem,
    Report,
    bundled_variant_paths,
    definition_of,
    json_schema,
    validate_file,
)
from baohuang.rules.checks import deck_size
from baohuang.rules.texts import gettext, ngettext, pgettext
from baohuang.simulation import commands as simulation_commands
from baohuang.terminal import table, truncate

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


def _severity_word(severity: str) -> str:
    """``error`` / ``warning`` in the active language (错误 / 警告)."""
    if severity == "warning":
        return pgettext("severity", "warning")
    return pgettext("severity", "error")


def problem_line(file: str, problem: Problem) -> str:
    """One problem as a line: ``FILE: path: error: message`` (``(document)`` for no path)."""
    where = problem.path or gettext("(document)")
    return f"{file}: {where}: {_severity_word(problem.severity)}: {problem.message}"


def _guard_word(guard: str) -> str:
    """How the guard is found, in words (固定保 / 叫侍卫)."""
    # The English is the document's own word; other languages say it in the game's words.
    if guard == "fixed_card":
        return pgettext("guard rule", "fixed_card")
    if guard == "called_card":
        return pgettext("guard rule", "called_card")
    return guard


def _safe_validate(path: Path) -> Report:
    """validate_file, with an unexpected failure turned into a problem instead of a traceback."""
    try:
        return validate_file(path)
    except Exception as exc:  # the CLI reports bad input, it never crashes on it
        params = {"error": type(exc).__name__, "detail": str(exc)}
        message = (
            gettext("Internal error while checking: %(error)s: %(detail)s. Please report it.")
            % params
        )
        return Report(None, (Problem("", message, code="internal", params=params),))


def _errors(n: int) -> str:
    return ngettext("%(count)s error", "%(count)s errors", n) % {"count": n}


def _warnings(n: int) -> str:
    return ngettext("%(count)s warning", "%(count)s warnings", n) % {"count": n}


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
        _out(gettext("No bundled variants."))
        return EXIT_OK
    rows = [
        [
            e["id"],
            e["name"]["zh"],
            e["name"]["en"],
            str(e["deck_size"]),
            _guard_word(e["guard"]),
            truncate(e["source"], SOURCE_COLUMNS),
        ]
        if e["valid"]
        else [
            e["id"],
            "-",
            "-",
            "-",
            "-",
            gettext("INVALID: %(errors)s") % {"errors": _errors(len(e["errors"]))},
        ]
        for e in entries
    ]
    header = [
        # Translators: column headings of `baohuang variants list`.
        gettext("ID"),
        "中文",
        gettext("NAME"),
        gettext("DECK"),
        gettext("GUARD"),
        gettext("SOURCE"),
    ]
    table(header, rows, sys.stdout)
    broken = [e["file"] for e in entries if not e["valid"]]
    if broken:
        n = len(broken)
        _err(
            ngettext(
                "%(count)s bundled variant with errors; see `%(command)s`.",
                "%(count)s bundled variants with errors; see `%(command)s`.",
                n,
            )
            % {"count": n, "command": f"baohuang variants check {' '.join(broken)}"}
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
            size = deck_size(v)
            line = ngettext(
                "%(file)s: ok: %(id)s, %(cards)s card, %(guard)s",
                "%(file)s: ok: %(id)s, %(cards)s cards, %(guard)s",
                size,
            ) % {"file": name, "id": v.id, "cards": size, "guard": _guard_word(v.bidding.guard.by)}
            if report.warnings:
                line += gettext(", ") + _warnings(len(report.warnings))
            _out(line)
    failed = sum(1 for r in results if not r["valid"])
    if args.json:
        _print_json(results)
    else:
        errors = sum(len(r["errors"]) for r in results)
        warnings = sum(len(r["warnings"]) for r in results)
        files = ngettext("%(count)s file", "%(count)s files", len(results)) % {
            "count": len(results)
        }
        invalid = ngettext("%(count)s invalid file", "%(count)s invalid files", failed) % {
            "count": failed
        }
        _out(
            gettext("%(files)s checked: %(invalid)s, %(errors)s, %(warnings)s.")
            % {
                "files": files,
                "invalid": invalid,
                "errors": _errors(errors),
                "warnings": _warnings(warnings),
            }
        )
    return EXIT_PROBLEMS if failed else EXIT_OK


# --------------------------------------------------------------------------- variants show


def _add_show_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "id",
        metavar="VARIANT",
        help="a bundled variant id (e.g. baike-common) or a YAML (or JSON) file",
    )
    _add_json_flag(parser)


def cmd_variants_show(args: argparse.Namespace) -> int:
    """Print a variant (bundled id or file) with every default written out, as YAML (or JSON)."""
    paths = {p.stem: p for p in bundled_variant_paths()}
    given = Path(args.id)
    bundled = args.id in paths and not given.is_file()
    path = paths[args.id] if bundled else given
    if not path.is_file():
        known = ", ".join(sorted(paths)) or gettext("none")
        _err(
            gettext("No bundled variant '%(id)s' and no such file. Known ids: %(known)s.")
            % {"id": args.id, "known": known}
        )
        return EXIT_PROBLEMS
    report = _safe_validate(path)
    if not report.valid or report.variant is None:
        if bundled:
            _err(gettext("The bundled variant '%(id)s' has errors:") % {"id": args.id})
        else:
            _err(gettext("%(file)s has errors:") % {"file": args.id})
        for problem in report.errors:
            _err(problem_line(str(path), problem))
        return EXIT_PROBLEMS
    definition = definition_of(report.variant)
    if args.json:
        _print_json(definition)
    else:
        comment = gettext("%(id)s: every default written out (%(command)s)") % {
            "id": report.variant.id,
            "command": f"baohuang variants show {args.id}",
        }
        _out(f"# {comment}")
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
    variant = simulation_commands.load_or_report(args.variant)
    if variant is None:
        return EXIT_USAGE
    cv = compile_variant(variant)
    try:
        candidate = parse_play(" ".join(args.candidate), cv.play)
    except NotationError as exc:
        _err(f"candidate: {say(from_notation(exc))}")
        return EXIT_USAGE
    previous: Play | None = None
    if args.after is not None:
        try:
            previous = parse_play(args.after, cv.play)
        except NotationError as exc:
            _err(f"--after: {say(from_notation(exc))}")
            return EXIT_USAGE
        not_in_deck = deck_reason(cv, previous)
        illegal = is_legal_play(previous, cv.play) if not_in_deck is None else None
        if not_in_deck is not None:
            _err(f"--after: {say(reason_of('not_in_deck', reason=not_in_deck))}")
            return EXIT_USAGE
        if illegal is not None:
            _err(f"--after: {say(reason_of('previous_not_legal', reason=illegal))}")
            return EXIT_USAGE
    problem = play_reason(cv, candidate)
    if previous is None:
        verdict_beats = problem is None
        reason = problem or legal_lead(format_play(candidate, cv.play))
    else:
        verdict = judge(cv, previous, candidate)
        verdict_beats = verdict.beats
        reason = verdict.reason
    body = {
        "variant": cv.id,
        "previous": format_play(previous, cv.play) if previous is not None else None,
        "candidate": format_play(candidate, cv.play),
        "legal": problem is None,
        "beats": verdict_beats,
        "reason": say(reason),
        "reason_code": reason.code,
        "reason_params": params_of(reason),
    }
    if args.json:
        _print_json(body)
    else:
        if previous is None:
            _out(f"{cv.id}: {body['candidate']}")
        else:
            _out(
                gettext("%(variant)s: %(candidate)s after %(previous)s")
                % {"variant": cv.id, "candidate": body["candidate"], "previous": body["previous"]}
            )
        _out(gettext("legal: %(answer)s") % {"answer": _yes_no(problem is None)})
        if previous is not None:
            _out(gettext("beats: %(answer)s") % {"answer": _yes_no(verdict_beats)})
        _out(gettext("reason: %(reason)s") % {"reason": say(reason)})
    return EXIT_OK if problem is None and verdict_beats else EXIT_PROBLEMS


def _yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


# --------------------------------------------------------------------------- registry

#: Every subcommand, in the order ``--help`` lists them. Add new subcommands here.
#:
#: :meta hide-value:
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
        "print a variant (bundled id or file) with every default written out",
        cmd_variants_show,
        _add_show_arguments,
    ),
    Command(("schema",), "print the JSON Schema of the variant language", cmd_schema),
    Command(
        ("rulebook",),
        "print a variant's rulebook (zh or en; md, html or json)",
        rulebook_commands.run,
        rulebook_commands.configure,
    ),
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
        # The subject of the published speed figures (docs/simulation.md "Speed"); any
        # variant may be named.
        lambda parser: simulation_commands.configure_bench(parser, default_variant="baike-common"),
    ),
    Command(
        ("compare",),
        "play two variants on the same deal seeds and report B − A with 95%% intervals",
        simulation_commands.cmd_compare,
        simulation_commands.configure_compare,
    ),
    Command(
        ("tournament",),
        "two policies on the same deals, seats swapped: points margin and points by role",
        simulation_commands.cmd_tournament,
        simulation_commands.configure_tournament,
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


if __name__ == "__main__":
    raise SystemExit(main())
