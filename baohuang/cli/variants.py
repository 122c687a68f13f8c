"""``baohuang variants list|check|show`` and ``baohuang schema``: the bundled variants, a
file checked, a variant with every default written out, the language's JSON Schema.

The sentences are marked for translation (the Chinese is in ``baohuang/cli/locale``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from baohuang.cli.base import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Command,
    add_json_flag,
    err,
    out,
    print_json,
)
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
from baohuang.terminal import table, truncate

# --------------------------------------------------------------------------- output helpers


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


def list_variants(args: argparse.Namespace) -> int:
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
        print_json(entries)
        return EXIT_OK
    if not entries:
        out(gettext("No bundled variants."))
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
        err(
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
    add_json_flag(parser)


def check_variants(args: argparse.Namespace) -> int:
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
            out(problem_line(name, problem))
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
            out(line)
    failed = sum(1 for r in results if not r["valid"])
    if args.json:
        print_json(results)
    else:
        errors = sum(len(r["errors"]) for r in results)
        warnings = sum(len(r["warnings"]) for r in results)
        files = ngettext("%(count)s file", "%(count)s files", len(results)) % {
            "count": len(results)
        }
        invalid = ngettext("%(count)s invalid file", "%(count)s invalid files", failed) % {
            "count": failed
        }
        out(
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
    add_json_flag(parser)


def show_variant(args: argparse.Namespace) -> int:
    """Print a variant (bundled id or file) with every default written out, as YAML (or JSON)."""
    paths = {p.stem: p for p in bundled_variant_paths()}
    given = Path(args.id)
    bundled = args.id in paths and not given.is_file()
    path = paths[args.id] if bundled else given
    if not path.is_file():
        known = ", ".join(sorted(paths)) or gettext("none")
        err(
            gettext("No bundled variant '%(id)s' and no such file. Known ids: %(known)s.")
            % {"id": args.id, "known": known}
        )
        return EXIT_PROBLEMS
    report = _safe_validate(path)
    if not report.valid or report.variant is None:
        if bundled:
            err(gettext("The bundled variant '%(id)s' has errors:") % {"id": args.id})
        else:
            err(gettext("%(file)s has errors:") % {"file": args.id})
        for problem in report.errors:
            err(problem_line(str(path), problem))
        return EXIT_PROBLEMS
    definition = definition_of(report.variant)
    if args.json:
        print_json(definition)
    else:
        comment = gettext("%(id)s: every default written out (%(command)s)") % {
            "id": report.variant.id,
            "command": f"baohuang variants show {args.id}",
        }
        out(f"# {comment}")
        sys.stdout.write(variant_yaml(definition))
    return EXIT_OK


# --------------------------------------------------------------------------- schema


def print_schema(args: argparse.Namespace) -> int:
    """Print the JSON Schema (draft 2020-12) of the variant language."""
    print_json(json_schema())
    return EXIT_OK


#: The commands of this module, in the order ``--help`` lists them.
COMMANDS = (
    Command(("variants", "list"), "list the bundled variants", list_variants, add_json_flag),
    Command(
        ("variants", "check"),
        "validate variant files; exit 1 if any has an error",
        check_variants,
        _add_check_arguments,
    ),
    Command(
        ("variants", "show"),
        "print a variant (bundled id or file) with every default written out",
        show_variant,
        _add_show_arguments,
    ),
    Command(("schema",), "print the JSON Schema of the variant language", print_schema),
)
