"""Definitions as text for people: YAML in the language's own key order, compact rows.

A definition is stored as JSON (a dict). PostgreSQL's ``jsonb`` does not keep key order,
so before a definition is shown it is put back into the order of the variant language
(the order of the fields in :class:`.model.Variant`), then written as YAML with
short rows (``{emperor_rank: 1, guard_rank: 2, …}``) on one line, as in ``variants/``.
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

import yaml
from pydantic import BaseModel

from baohuang.rules import Problem, Variant, parse_text

#: Text larger than this is refused before it is parsed (the bundled files are < 10 KB).
MAX_TEXT_CHARS = 200_000
#: A parsed document with more values than this is refused (YAML aliases can multiply
#: a small text into a huge structure).
MAX_VALUES = 50_000


# --------------------------------------------------------------------------- key order


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """Every pydantic model inside an annotation such as ``list[A | B] | None``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in get_args(annotation):
        for model in _models_in(arg):
            if model not in found:
                found.append(model)
    return found


def _tag_matches(model: type[BaseModel], value: dict[str, Any]) -> bool:
    """True when one of the model's one-value literal fields (a union tag) matches ``value``."""
    for name, field in model.model_fields.items():
        tag = get_args(field.annotation)
        if get_origin(field.annotation) is Literal and len(tag) == 1 and value.get(name) == tag[0]:
            return True
    return False


def _pick(candidates: list[type[BaseModel]], value: dict[str, Any]) -> type[BaseModel] | None:
    """The model that describes ``value`` among the members of a union."""
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    for model in candidates:
        if _tag_matches(model, value):
            return model
    for model in candidates:
        if set(value) <= set(model.model_fields):
            return model
    return candidates[0]


def _ordered(value: Any, candidates: list[type[BaseModel]]) -> Any:
    if isinstance(value, dict):
        model = _pick(candidates, value)
        if model is None:
            return {key: _ordered(item, []) for key, item in value.items()}
        out: dict[Any, Any] = {}
        for name, field in model.model_fields.items():
            if name in value:
                out[name] = _ordered(value[name], _models_in(field.annotation))
        for key, item in value.items():  # unknown keys keep their place at the end
            if key not in out:
                out[key] = _ordered(item, [])
        return out
    if isinstance(value, list):
        return [_ordered(item, candidates) for item in value]
    return value


def in_language_order(data: Any) -> Any:
    """A copy of a definition with every section's keys in the language's field order."""
    return _ordered(data, [Variant])


# --------------------------------------------------------------------------- YAML out


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _short(values: list[Any]) -> bool:
    """Scalars that fit on one line."""
    return all(_is_scalar(v) for v in values) and sum(len(str(v)) + 2 for v in values) <= 100


class _Dumper(yaml.SafeDumper):
    """SafeDumper writing short rows and short lists of scalars in flow style, and indenting
    list items under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    flat = [*data.keys(), *data.values()]
    flow = bool(data) and _short(flat)
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = not data or _short(data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(list, _represent_list)


def to_yaml(data: Any) -> str:
    """A definition as YAML text for the admin: language key order, Chinese kept as is."""
    text = yaml.dump(
        in_language_order(data),
        Dumper=_Dumper,
        allow_unicode=True,
        sort_keys=False,
        width=10_000,
        default_flow_style=False,
    )
    return str(text)


# --------------------------------------------------------------------------- YAML in


def _count_values(data: Any, budget: int) -> int:
    """How many values ``data`` holds, counting no further than ``budget``."""
    count = 0
    stack = [data]
    while stack and count <= budget:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


def from_yaml(text: str) -> tuple[Any, Problem | None]:
    """Parse YAML (or JSON) text; a syntax error or an oversized document is a problem."""
    if len(text) > MAX_TEXT_CHARS:
        return None, Problem(
            "",
            f"The document is {len(text):,} characters long; at most {MAX_TEXT_CHARS:,} "
            "are accepted.",
            code="too_large",
        )
    data, problem = parse_text(text)
    if problem is not None:
        return None, problem
    if _count_values(data, MAX_VALUES) > MAX_VALUES:
        return None, Problem(
            "",
            f"The document holds more than {MAX_VALUES:,} values (are YAML aliases "
            "repeating a section?); it is too large to be a variant.",
            code="too_large",
        )
    return data, None


def unstorable_text(data: Any, path: str = "") -> Problem | None:
    """The first text (key or value) a database cannot store: a NUL character (``\\0``) or
    a lone surrogate (``\\ud800``), which YAML escapes can produce. None if there is none."""
    if isinstance(data, str):
        if "\x00" in data:
            return Problem(path, "Text may not contain the NUL character (\\0).", code="text")
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            return Problem(
                path, "Text may not contain a lone surrogate (e.g. \\ud800).", code="text"
            )
        return None
    if isinstance(data, dict):
        for key, value in data.items():
            child = f"{path}.{key}" if path else str(key)
            found = unstorable_text(key, child) or unstorable_text(value, child)
            if found is not None:
                return found
    elif isinstance(data, list):
        for index, item in enumerate(data):
            found = unstorable_text(item, f"{path}[{index}]")
            if found is not None:
                return found
    return None
