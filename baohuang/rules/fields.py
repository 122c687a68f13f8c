"""Every field of the variant language with its words and kind, read from the model.

Each field of :class:`~baohuang.rules.model.Variant` (and of every section under it)
carries a :class:`~baohuang.rules.model.FieldMeta`: its name in the game's terms and, for a
leaf, its kind. :func:`language_fields` walks the model and lists them once per field, in
model order; everything that names or classifies fields reads this list:

- :mod:`baohuang.rules.field_kinds` (which fields change play, which only settlement);
- :mod:`baohuang.rulebook.labels` (the rulebook's and the diff's field names);
- the web editor's field labels (``make types`` writes them with
  :mod:`baohuang.editor.schemas` into ``frontend/src/generated/fields.ts``);
- the docs' language reference (``docs/_ext/baohuang_docs.py``).

A field is known by two spellings of its place. Its ``path`` writes a list as ``[]``, as
validation errors do (``bidding.flow[].rounds``); its ``key`` leaves the ``[]`` out, as the
rulebook's tables and the editor's ``f.*`` keys do (``bidding.flow.rounds``). The members
of a union (the bidding steps, the two guard rules) share their parent's path, since no two
members have a field of the same name but their discriminator.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import Any, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from baohuang.rules.model import FieldMeta, Kind, Variant
from baohuang.rules.texts import LazyText

__all__ = ["LanguageField", "field_problems", "language_fields", "models_in"]


@dataclass(frozen=True)
class LanguageField:
    """One field of the language: where it is, its name, and (a leaf) its kind."""

    #: The place with ``[]`` for "any item of a list": ``play.hold_back[].rank``.
    path: str
    #: The place without list marks, as the rulebook and the editor key it: ``play.hold_back.rank``.
    key: str
    #: Its name in the game's terms (English; ``str()`` gives the active language).
    label: LazyText
    #: What it changes (leaves only; ``None`` for a section).
    kind: Kind | None
    #: A leaf holds a value, not a section.
    leaf: bool


def models_in(annotation: Any) -> tuple[list[type[BaseModel]], bool]:
    """The pydantic models an annotation holds (through Optional, unions, Annotated), and
    whether it is a list of them."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return models_in(get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        found: list[type[BaseModel]] = []
        listed = False
        for arg in get_args(annotation):
            models, is_list = models_in(arg)
            found.extend(models)
            listed = listed or is_list
        return found, listed
    if origin is list:
        models, _ = models_in(get_args(annotation)[0])
        return models, bool(models)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation], False
    return [], False


def _meta(info: FieldInfo) -> FieldMeta | None:
    return next((m for m in info.metadata if isinstance(m, FieldMeta)), None)


def _walk(
    model: type[BaseModel],
    path: str,
    key: str,
    named: typing.Mapping[str, LazyText],
    out: dict[str, LanguageField],
    problems: list[str],
) -> None:
    for name, info in model.model_fields.items():
        sub_path = f"{path}.{name}" if path else name
        sub_key = f"{key}.{name}" if key else name
        models, listed = models_in(info.annotation)
        meta = _meta(info)
        where = f"{sub_path} ({model.__name__}.{name})"
        if meta is None:
            problems.append(f"{where}: no FieldMeta (its words and kind)")
            continue
        label = named.get(name) or meta.label
        if label is None:
            problems.append(f"{where}: no label")
            continue
        leaf = not models
        if leaf and meta.kind is None:
            problems.append(f"{where}: a leaf field without a kind")
        if not leaf and meta.kind is not None:
            problems.append(f"{where}: a section has no kind of its own (its fields have)")
        entry = LanguageField(sub_path, sub_key, label, meta.kind, leaf)
        seen = out.get(sub_path)
        if seen is not None and seen != entry:
            problems.append(f"{where}: union members disagree on its words or kind")
        out.setdefault(sub_path, entry)
        inner = f"{sub_path}[]" if listed else sub_path
        for sub in models:
            _walk(sub, inner, sub_key, meta.inner, out, problems)


@cache
def _collect(model: type[BaseModel]) -> tuple[tuple[LanguageField, ...], tuple[str, ...]]:
    out: dict[str, LanguageField] = {}
    problems: list[str] = []
    _walk(model, "", "", {}, out, problems)
    return tuple(out.values()), tuple(problems)


def field_problems(model: type[BaseModel] = Variant) -> list[str]:
    """What the field metadata of ``model`` (the language) lacks: empty when every field
    has its words and, a leaf, its kind; else one sentence per problem, naming the path and
    the model's field."""
    return list(_collect(model)[1])


def language_fields() -> list[LanguageField]:
    """Every field of the language, sections and leaves, in model order, once each.

    Raises :class:`LookupError` naming every field whose metadata is missing.
    """
    fields, problems = _collect(Variant)
    if problems:
        raise LookupError("fields of the language without their words: " + "; ".join(problems))
    return list(fields)
