"""Problems found in a variant document: a JSON path and a sentence an operator understands."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from pydantic import BaseModel, ValidationError

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (error) or suspicious (warning) in a variant document."""

    path: str
    message: str
    severity: Severity = "error"
    code: str = "invalid"

    def as_dict(self) -> dict[str, str]:
        """The API's `{path, message}` shape (plus code)."""
        return {"path": self.path, "message": self.message, "code": self.code}

    def __str__(self) -> str:
        return f"{self.path or '(document)'}: {self.message}"


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


def problems_from_validation_error(exc: ValidationError, model: type[BaseModel]) -> list[Problem]:
    """Turn pydantic's errors into plain-language problems with JSON paths."""
    problems: list[Problem] = []
    for err in exc.errors(include_url=False):
        loc = [p for p in err["loc"] if isinstance(p, str | int)]
        kind = err["type"]
        value = err.get("input")
        ctx = err.get("ctx") or {}
        # Drop discriminator tags from the displayed path (e.g. `flow[1].offer_throne.tip`).
        shown = [p for p in loc if not (isinstance(p, str) and p in _UNION_TAGS)]
        path = join_path(shown)
        if kind == "extra_forbidden":
            name = str(loc[-1]) if loc else "?"
            allowed = _allowed_fields(model, loc[:-1])
            hint = difflib.get_close_matches(name, allowed, n=1)
            message = f"Unknown field '{name}'."
            if hint:
                message += f" Did you mean '{hint[0]}'?"
            elif allowed:
                message += " Allowed here: " + ", ".join(allowed) + "."
            problems.append(Problem(path, message, code="unknown_field"))
            continue
        if kind == "missing":
            message = "This field is required."
        elif kind == "literal_error":
            message = f"{_show(value)} is not allowed here; choose one of: {ctx.get('expected')}."
        elif kind in ("int_parsing", "int_type", "int_from_float"):
            message = f"Expected a whole number, got {_show(value)}."
        elif kind in ("string_type",):
            message = f"Expected text, got {_show(value)}."
        elif kind in ("bool_type", "bool_parsing"):
            message = f"Expected true or false, got {_show(value)}."
        elif kind in ("list_type",):
            message = f"Expected a list, got {_show(value)}."
        elif kind in ("model_type", "model_attributes_type", "dict_type"):
            message = f"Expected a section with named fields, got {_show(value)}."
            if isinstance(value, str) and value in _TAG_FIELDS:
                message += f" Write it as {{{_TAG_FIELDS[value]}: {value}}}."
        elif kind == "invalid_key":
            path = join_path(shown[:-1])
            message = f"Field names must be text, got {_show(value)}."
        elif kind == "greater_than_equal":
            message = f"Must be at least {ctx.get('ge')}, got {_show(value)}."
        elif kind == "less_than_equal":
            message = f"Must be at most {ctx.get('le')}, got {_show(value)}."
        elif kind == "too_short":
            message = (
                f"Needs at least {ctx.get('min_length')} item(s), got {ctx.get('actual_length')}."
            )
        elif kind == "too_long":
            message = (
                f"Allows at most {ctx.get('max_length')} item(s), got {ctx.get('actual_length')}."
            )
        elif kind == "string_too_short":
            message = "Must not be empty."
        elif kind == "string_pattern_mismatch":
            message = (
                f"{_show(value)} is not a valid id: use lower-case letters, digits and dashes."
            )
        elif kind == "union_tag_invalid":
            message = (
                f"Unknown kind {_show(ctx.get('tag'))}; choose one of: {ctx.get('expected_tags')}."
            )
        elif kind == "union_tag_not_found":
            tag_field = str(ctx.get("discriminator", "")).strip("'")
            message = f"Say which kind this is with '{tag_field}'."
        else:
            message = err["msg"].rstrip(".") + "."
        problems.append(Problem(path, message, code=kind))
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
