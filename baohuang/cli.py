"""Placeholder for the ``baohuang`` console script (replaced by the real CLI)."""

from __future__ import annotations

import argparse


def build_parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(
        prog="baohuang",
        description="保皇 (Baohuang) house-rule variants: check, show, simulate.",
    )


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    parser.parse_args(argv)
    parser.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
