"""Markdown escaping for the rulebook's Markdown template."""

from __future__ import annotations

import re

from django import template

register = template.Library()

_SPECIAL = re.compile(r"([\\`*_\[\]<])")


@register.filter
def md(text: object) -> str:
    """Text safe inside a Markdown paragraph: the characters Markdown reads are escaped."""
    return _SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")


@register.filter
def cell(text: object) -> str:
    """Text safe inside a Markdown table cell (also escapes ``|``)."""
    return md(text).replace("|", "\\|")
