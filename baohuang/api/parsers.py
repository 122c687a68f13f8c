"""The API's only request parser: strict JSON with limits on nesting and text.

Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bounds the size of a body; this bounds what a
small body can still do: nesting so deep that Python's JSON decoder (or any recursive
walk after it) overflows the stack (a 400 ``too_deep``, the same problem the variant
language reports for a YAML or JSON document: ``baohuang.rules.loader.MAX_DEPTH``), and text
that no database can store (unpaired surrogates, NUL characters: a 400 ``parse_error``).
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from baohuang.rules.loader import MAX_DEPTH, too_deep_problem

__all__ = ["MAX_DEPTH", "StrictJSONParser", "TooDeep", "check_document"]


class TooDeep(ParseError):
    """400 ``too_deep``: objects and arrays nest deeper than :data:`.MAX_DEPTH`."""

    default_code = "too_deep"

    def __init__(self) -> None:
        self.problem = too_deep_problem()
        super().__init__(self.problem.message, code="too_deep")


def bad_text(text: str) -> str | None:
    """Why ``text`` (of a body or a query) cannot be accepted, or None."""
    if "\x00" in text:
        return _("text must not contain the NUL character (\\u0000)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("text must be valid Unicode (it holds an unpaired surrogate such as \\ud800)")
    return None


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def check_document(data: Any) -> None:
    """Raise DRF's ``ParseError`` if ``data`` nests deeper than :data:`.MAX_DEPTH` or holds
    text that cannot be stored. Iterative, so it cannot overflow the stack itself."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            reason = bad_text(value)
            if reason:
                raise ParseError(_("JSON parse error - %(reason)s.") % {"reason": reason})
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise TooDeep()
            if isinstance(value, dict):
                for key, item in value.items():
                    stack.append((key, depth + 1))
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)


class StrictJSONParser(JSONParser):
    """``application/json`` bodies; NaN/Infinity, deep nesting and bad text are 400s."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        """Parse the body, then check it with :func:`check_document`."""
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.getreader(encoding)(stream).read()
            data = json.loads(text, parse_constant=_refuse_constant)
        except RecursionError as exc:
            raise TooDeep() from exc
        except json.JSONDecodeError as exc:
            raise ParseError(
                _(
                    "JSON parse error: the body is not well-formed JSON "
                    "(line %(line)d, column %(column)d)."
                )
                % {"line": exc.lineno, "column": exc.colno}
            ) from exc
        except UnicodeDecodeError as exc:
            raise ParseError(
                _("JSON parse error: the body is not text in %(encoding)s.")
                % {"encoding": encoding}
            ) from exc
        except ValueError as exc:  # NaN, Infinity
            raise ParseError(_("JSON parse error: NaN and Infinity are not JSON numbers.")) from exc
        check_document(data)
        return data
