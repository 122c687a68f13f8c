"""Plain-text tables for the terminal (the ``baohuang`` console script's reports).

Chinese characters take two columns of a terminal, so widths are counted by
:func:`width`, never by ``len``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TextIO


def width(text: str) -> int:
    """Columns a string takes on a terminal: wide (Chinese) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], out: TextIO, left: int | None = None
) -> None:
    """Print a table with columns padded to the widest cell: the first ``left`` columns
    left-aligned, the others right-aligned (``None``: every column left-aligned)."""
    lefts = len(header) if left is None else left
    widths = [max(width(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        cells = []
        for i, (cell, w) in enumerate(zip(row, widths, strict=True)):
            pad = " " * (w - width(cell))
            cells.append(cell + pad if i < lefts else pad + cell)
        print("  ".join(cells).rstrip(), file=out)


def truncate(text: str, columns: int) -> str:
    """``text`` cut to fit ``columns`` terminal columns, with an ellipsis when it was cut."""
    if width(text) <= columns:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > columns - 1:
            break
        out += ch
    return out + "…"
