"""``baohuang rulebook VARIANT_OR_FILE --lang zh|en --format md|html|json [-o FILE]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from django.utils.translation import get_language

from baohuang.i18n import short_lang


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "variant",
        metavar="VARIANT_OR_FILE",
        help="a bundled variant id (e.g. baike-weihai) or a YAML file",
    )
    parser.add_argument(
        "--format", choices=("md", "html", "json"), default="md", help="output format (default md)"
    )
    parser.add_argument("-o", "--output", metavar="FILE", default=None, help="write to FILE")


def run(args: argparse.Namespace) -> int:
    """Print (or write) the rulebook of a variant."""
    from baohuang.rulebook.build import build
    from baohuang.rulebook.render import render
    from baohuang.rules.loader import load_variant

    variant, problems = load_variant(args.variant)
    for line in problems:
        print(line, file=sys.stderr)
    if variant is None:
        return 2
    # The CLI's own --lang (or the locale) is already the active language.
    lang = short_lang(getattr(args, "lang", None) or get_language())
    text = render(build(variant, lang), args.format)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
