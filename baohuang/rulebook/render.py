"""A :class:`~.document.Rulebook` as HTML (screen and print), Markdown or JSON.

The documents are Django templates (``templates/rulebook/``) run by a standalone
:class:`django.template.Engine`, so the CLI renders them without the project's settings.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Literal

from django.template import Context, Engine

from baohuang.i18n import ensure_configured
from baohuang.rulebook.document import Rulebook

Format = Literal["html", "md", "json"]
FORMATS: tuple[Format, ...] = ("html", "md", "json")
CONTENT_TYPES: dict[str, str] = {
    "html": "text/html; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "json": "application/json",
}

_TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=2)
def _engine(autoescape: bool) -> Engine:
    ensure_configured()
    return Engine(
        dirs=[str(_TEMPLATES)],
        autoescape=autoescape,
        libraries={"rulebook_md": "baohuang.rulebook.templatetags.rulebook_md"},
    )


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string (for ``content:``), safe inside a ``<style>``."""
    out = []
    for ch in text:
        if ch in '"\\<>&' or ord(ch) < 0x20:
            out.append(f"\\{ord(ch):x} ")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def to_html(book: Rulebook) -> str:
    template = _engine(True).get_template("rulebook/rulebook.html")
    html_lang = "zh-Hans" if book.lang == "zh" else "en"
    context = {"book": book, "html_lang": html_lang, "stamp_css": css_string(book.stamp)}
    return template.render(Context(context))


def to_markdown(book: Rulebook) -> str:
    template = _engine(False).get_template("rulebook/rulebook.md")
    text = template.render(Context({"book": book}))
    lines = [line.rstrip() for line in text.splitlines()]
    out: list[str] = []
    for line in lines:
        if line == "" and out and out[-1] == "":
            continue
        out.append(line)
    return "\n".join(out).strip() + "\n"


def to_json(book: Rulebook) -> str:
    return json.dumps(book.to_json(), ensure_ascii=False, indent=2) + "\n"


def render(book: Rulebook, fmt: str) -> str:
    """The rulebook in ``fmt`` (``html``, ``md`` or ``json``)."""
    if fmt == "html":
        return to_html(book)
    if fmt == "md":
        return to_markdown(book)
    if fmt == "json":
        return to_json(book)
    raise ValueError(f"unknown rulebook format {fmt!r}; use html, md or json")
