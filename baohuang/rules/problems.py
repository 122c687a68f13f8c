"""Problems found in a variant document: a JSON path and a sentence an operator understands.

Each problem also carries a stable machine ``code`` (snake_case, never changed once
published) and its ``params`` (JSON values), so a client can translate or react without
reading the sentence. The sentence is translated (:mod:`baohuang.rules.texts`) into the
active language when the problem is made.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from pydantic import BaseModel, ValidationError

from baohuang.rules.texts import gettext, ngettext, pgettext

Severity = Literal["error", "warning"]

#: The most schema problems of one document put into words (the rest are counted).
MAX_SCHEMA_PROBLEMS = 200


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (error) or suspicious (warning) in a variant document."""

    path: str
    message: str
    severity: Severity = "error"
    code: str = "invalid"
    #: What the sentence says, as JSON values (``{"sum": 164, "deck": 165}``).
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    def as_dict(self) -> dict[str, Any]:
        """The API's `{path, message}` shape, plus the machine `code` and its `params`."""
        return {
            "path": self.path,
            "message": self.message,
            "code": self.code,
            "params": dict(self.params),
        }

    def __str__(self) -> str:
        return f"{self.path or gettext('(document)')}: {self.message}"


def problem(
    path: str,
    text: str,
    *,
    code: str,
    severity: Severity = "error",
    params: dict[str, Any] | None = None,
    shown: dict[str, Any] | None = None,
) -> Problem:
    """A problem whose sentence is `text` (already translated) filled in from its params.

    `text` uses named placeholders (``%(deck)s``); `shown` overrides how a param is written
    in the sentence (a list joined with commas, a value in the document's spelling).
    """
    values = dict(params or {})
    filled = {**values, **(shown or {})}
    return Problem(path, text % filled if filled else text, severity, code, values)


def join_words(items: Iterable[Any]) -> str:
    """Items joined for a sentence in the active language (``a, b`` / ``a、b``)."""
    # Translators: the separator between the items of a list inside a sentence.
    return gettext(", ").join(str(item) for item in items)


def join_path(parts: Iterable[str | int]) -> str:
    """Write a location as a JSON path: `scoring.two_person.rows[3].guard`."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def _allowed_fields(model: type[BaseModel], loc: Sequence[str | int]) -> list[str]:
    """The field names allowed at `loc` (the parent of an unknown key), best effort.

    A discriminated union (the guard rule, a flow step) puts its tag into the location, e.g.
    `('bidding', 'flow', 1, 'offer_throne')`; the tag picks the member whose fields apply.
    """
    candidates: list[type[BaseModel]] = [model]
    for part in loc:
        if isinstance(part, int):
            continue
        if len(candidates) > 1:
            tagged = [c for c in candidates if _has_tag(c, part)]
            if tagged:
                candidates = tagged
                continue
        field = candidates[0].model_fields.get(part)
        if field is None:
            continue
        candidates = _models_of(field.annotation)
        if not candidates:
            return []
    names: set[str] = set()
    for candidate in candidates:
        names.update(candidate.model_fields)
    return sorted(names)


def _has_tag(model: type[BaseModel], tag: str) -> bool:
    """True when one of the model's fields is the one-word literal `tag` (its union tag)."""
    return any(get_args(f.annotation) == (tag,) for f in model.model_fields.values())


def _models_of(annotation: Any) -> list[type[BaseModel]]:
    """Every pydantic model inside an annotation like `list[X | Y] | None`, in order."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in getattr(annotation, "__args__", ()) or ():
        found.extend(m for m in _models_of(arg) if m not in found)
    return found


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The first pydantic model inside an annotation like `list[X] | None`."""
    models = _models_of(annotation)
    return models[0] if models else None


def _show(value: Any) -> str:
    """A value as the document would write it (YAML words for null and booleans), shortened."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 60 else text[:57] + "..."


def json_value(value: Any) -> Any:
    """`value` as a JSON value for a problem's params (long or odd values as their text)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value if not isinstance(value, str) or len(value) <= 200 else value[:197] + "..."
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return _show(value)
    return value if len(text) <= 200 else _show(value)


_QUOTED = re.compile(r"'([^']*)'")


def _choices(expected: Any) -> list[str]:
    """The choices in pydantic's ``"'a', 'b' or 'c'"`` (its English list), as a list."""
    text = str(expected or "")
    found = _QUOTED.findall(text)
    return found or ([text] if text else [])


def join_choices(items: Iterable[Any]) -> str:
    """Alternatives joined for a sentence: ``a, b or c`` (``a、b 或 c``)."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return gettext("%(items)s or %(last)s") % {"items": join_words(words[:-1]), "last": words[-1]}


def _quoted(choices: Sequence[str]) -> str:
    return join_choices(f"'{c}'" for c in choices)


#: How alike a misspelt key and a field must be to be suggested (difflib's ratio). At
#: 0.6, difflib's default, ``kinds`` suggested ``wind`` and ``tip_count`` ``skip_one_to``.
CLOSE_ENOUGH = 0.75


def _folded(name: str) -> str:
    return name.lower().replace("_", "").replace("-", "").replace(" ", "")


def close_names(name: str, allowed: Sequence[str]) -> list[str]:
    """The allowed name ``name`` is most likely a misspelling of (at most one), or none:
    the same name in another case or spelling (``tipCount``, ``tip-count``), else the
    closest name alike enough to be a typo (``event`` for ``events``)."""
    folded = {_folded(a): a for a in allowed}
    same = folded.get(_folded(name))
    if same is not None:
        return [same]
    found = difflib.get_close_matches(_folded(name), list(folded), n=1, cutoff=CLOSE_ENOUGH)
    return [folded[found[0]]] if found else []


def unknown_field(path: str, name: str, allowed: Sequence[str]) -> Problem:
    """``unknown_field``: the key ``name`` (at ``path``) is not one of ``allowed``; the
    sentence suggests the closest allowed name (a typo such as ``event`` for ``events``), else
    lists them. The variant language and the API's request bodies share it."""
    hint = close_names(name, allowed)
    params: dict[str, Any] = {
        "field": name,
        "suggestion": hint[0] if hint else None,
        "allowed": list(allowed),
    }
    message = gettext("Unknown field '%(field)s'.") % params
    if hint:
        message += " " + gettext("Did you mean '%(suggestion)s'?") % params
    elif allowed:
        message += " " + gettext("Allowed here: %(allowed)s.") % {"allowed": join_words(allowed)}
    return Problem(path, message, code="unknown_field", params=params)


def problems_from_validation_error(exc: ValidationError, model: type[BaseModel]) -> list[Problem]:
    """Turn pydantic's errors into plain-language problems with JSON paths.

    The code of each problem is pydantic's error type (``missing``, ``literal_error`` …),
    except ``unknown_field`` for a key the language does not have. At most
    :data:`MAX_SCHEMA_PROBLEMS` become sentences; a last problem (``more_problems``) counts
    the others (a list of 30,000 bad items took seconds to put into words, and an answer of
    megabytes).
    """
    problems: list[Problem] = []
    errors = exc.errors(include_url=False)
    left = len(errors) - MAX_SCHEMA_PROBLEMS
    for err in errors[:MAX_SCHEMA_PROBLEMS]:
        loc = [p for p in err["loc"] if isinstance(p, str | int)]
        kind = err["type"]
        value = err.get("input")
        ctx = err.get("ctx") or {}
        # Drop discriminator tags from the displayed path (e.g. `flow[1].offer_throne.tip`).
        shown = [p for p in loc if not (isinstance(p, str) and p in _UNION_TAGS)]
        path = join_path(shown)
        got = {"value": json_value(value)}
        got_shown = {"value": _show(value)}
        if kind == "extra_forbidden":
            name = str(loc[-1]) if loc else "?"
            problems.append(unknown_field(path, name, _allowed_fields(model, loc[:-1])))
            continue
        params: dict[str, Any]
        if kind == "missing":
            # A context of its own: Django's catalog has the same English for its forms.
            required = pgettext("variant", "This field is required.")
            problems.append(problem(path, required, code=kind))
            continue
        text: str
        params = dict(got)
        display = dict(got_shown)
        if kind == "literal_error":
            params["expected"] = _choices(ctx.get("expected"))
            display["expected"] = _quoted(params["expected"])
            text = gettext("%(value)s is not allowed here; choose one of: %(expected)s.")
        elif kind in ("int_parsing", "int_type", "int_from_float"):
            text = gettext("Expected a whole number, got %(value)s.")
        elif kind in ("string_type",):
            text = gettext("Expected text, got %(value)s.")
        elif kind in ("bool_type", "bool_parsing"):
            text = gettext("Expected true or false, got %(value)s.")
        elif kind in ("list_type",):
            text = gettext("Expected a list, got %(value)s.")
        elif kind in ("model_type", "model_attributes_type", "dict_type"):
            text = gettext("Expected a section with named fields, got %(value)s.")
            if isinstance(value, str) and value in _TAG_FIELDS:
                params["field"] = _TAG_FIELDS[value]
                text += " " + gettext("Write it as {%(field)s: %(tag)s}.")
                display["tag"] = value
        elif kind == "invalid_key":
            path = join_path(shown[:-1])
            text = gettext("Field names must be text, got %(value)s.")
        elif kind == "greater_than_equal":
            params["min"] = json_value(ctx.get("ge"))
            text = gettext("Must be at least %(min)s, got %(value)s.")
        elif kind == "less_than_equal":
            params["max"] = json_value(ctx.get("le"))
            text = gettext("Must be at most %(max)s, got %(value)s.")
        elif kind in ("too_short", "too_long"):
            params = {"actual": ctx.get("actual_length")}
            display = {}
            if kind == "too_short":
                params["min"] = n = int(ctx.get("min_length") or 0)
                text = ngettext(
                    "Needs at least %(min)s item, got %(actual)s.",
                    "Needs at least %(min)s items, got %(actual)s.",
                    n,
                )
            else:
                params["max"] = n = int(ctx.get("max_length") or 0)
                text = ngettext(
                    "Allows at most %(max)s item, got %(actual)s.",
                    "Allows at most %(max)s items, got %(actual)s.",
                    n,
                )
        elif kind == "string_too_short":
            params, display = {}, {}
            text = gettext("Must not be empty.")
        elif kind == "string_pattern_mismatch" and loc and loc[-1] == "checked":
            text = gettext(
                "%(value)s is not the fingerprint of a confirmed house note: leave it out, and "
                "the note is confirmed when the draft is saved."
            )
        elif kind == "string_pattern_mismatch":
            text = gettext(
                "%(value)s is not a valid id: use lower-case letters, digits and dashes."
            )
        elif kind == "union_tag_invalid":
            params = {
                "value": json_value(ctx.get("tag")),
                "expected": _choices(ctx.get("expected_tags")),
            }
            display = {
                "value": _show(ctx.get("tag")),
                "expected": join_words(f"'{c}'" for c in params["expected"]),
            }
            text = gettext("Unknown kind %(value)s; choose one of: %(expected)s.")
        elif kind == "union_tag_not_found":
            params = {"field": str(ctx.get("discriminator", "")).strip("'")}
            display = {}
            text = gettext("Say which kind this is with '%(field)s'.")
        else:
            # A kind this module does not know yet: pydantic's own (English) words as the reason.
            params["reason"] = err["msg"].rstrip(".")
            text = gettext("This value is not valid here: %(reason)s.")
        problems.append(problem(path, text, code=kind, params=params, shown=display))
    if left > 0:
        message = ngettext(
            "%(count)d more problem is not listed.", "%(count)d more problems are not listed.", left
        ) % {"count": left}
        problems.append(Problem("", message, code="more_problems", params={"count": left}))
    return problems


#: Discriminator tags pydantic puts into error locations, and the field that carries each.
_TAG_FIELDS: dict[str, str] = {
    "fixed_card": "by",
    "called_card": "by",
    "grab_solo": "step",
    "offer_throne": "step",
    "redeal": "step",
}
_UNION_TAGS = frozenset(_TAG_FIELDS)
