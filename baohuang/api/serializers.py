"""What every app's request and response bodies are made of: strict fields, the strict
serializer (unknown fields refused, problems with paths, codes and params) and the error
shape.

Request serializers check types and ranges only; the services and the engine decide the
rest. Response serializers render plain dicts, so the OpenAPI document and the bodies
cannot drift apart. Integer and text fields are strict: ``"3"`` is not a seat and ``5`` is
not a play. Each app's serializers live in the app (:mod:`baohuang.catalog.serializers`,
:mod:`baohuang.jobs.serializers` …).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail
from rest_framework.settings import api_settings

from baohuang.api.errors import (
    MAX_PROBLEMS,
    ApiError,
    ErrorItem,
    flatten,
    more_problems,
    validation_detail,
)
from baohuang.rules.problems import unknown_field

if TYPE_CHECKING:  # django-stubs is a development tool, not a runtime dependency
    from django_stubs_ext import StrOrPromise

SEAT_MESSAGES: dict[str, StrOrPromise] = {
    "invalid": gettext_lazy("A seat is a whole number from 0 to 4."),
    "min_value": gettext_lazy("Seats are numbered 0 to 4."),
    "max_value": gettext_lazy("Seats are numbered 0 to 4."),
}


class StrictIntegerField(serializers.IntegerField):
    """An integer written as a JSON integer: not text, not a bool, not a number with a
    decimal point or exponent (``1.0`` is a float to every JSON parser, so it is refused)."""

    def to_internal_value(self, data: Any) -> int:
        """Refuse strings, booleans and floats, then apply the range checks."""
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictCharField(serializers.CharField):
    """Text that must be a JSON string (DRF's CharField would turn ``5`` into ``"5"``)."""

    default_error_messages: ClassVar[dict[str, StrOrPromise]] = {
        "invalid": gettext_lazy("Expected text (a JSON string).")
    }

    def to_internal_value(self, data: Any) -> str:
        """Refuse anything but a string, and one longer than ``max_length`` before any other
        work on it; then apply the usual checks."""
        if not isinstance(data, str):
            self.fail("invalid")
        if self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return str(super().to_internal_value(data))


class BoundedListField(serializers.ListField):
    """A list whose length is checked before its elements (DRF checks ``max_length`` after
    validating every element, and answers one error per element: a 400,000-element list cost
    80 s and a 38 MB answer). ``max_length`` is required: every list of a request is
    bounded, and the OpenAPI document says so (``maxItems``)."""

    def __init__(self, *, max_length: int, **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)

    def to_internal_value(self, data: Any) -> list[Any]:
        """Refuse a list longer than ``max_length`` at once, then validate the elements."""
        if isinstance(data, list) and self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return list(super().to_internal_value(data))


class StrictChoiceField(serializers.ChoiceField):
    """A choice that must be a JSON string; a wrong one is ``invalid_choice`` with the value
    and the valid choices in its ``params`` (see :meth:`StrictSerializer.is_valid`)."""

    default_error_messages: ClassVar[dict[str, StrOrPromise]] = {
        "invalid_choice": gettext_lazy("'{input}' is not one of: {choices}."),
    }

    def to_internal_value(self, data: Any) -> Any:
        """The choice; anything else names the valid ones."""
        if data == "" and self.allow_blank:
            return ""
        if not isinstance(data, str) or data not in self.choice_strings_to_values:
            shown = data if isinstance(data, str) else json.dumps(data)[:60]
            self.fail("invalid_choice", input=shown[:60], choices=", ".join(self.choices))
        return self.choice_strings_to_values[data]


def _at(node: Any, part: str | int) -> Any:
    """``node[part]`` for a field or a value (None when there is nothing there)."""
    if isinstance(node, serializers.Serializer):
        return node.fields.get(str(part))
    if isinstance(node, serializers.ListField | serializers.DictField):
        return node.child
    if isinstance(node, dict):
        return node.get(str(part))
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


def _parts(path: str) -> list[str | int]:
    """``b.definition`` → ``["b", "definition"]``; ``events[2]`` → ``["events", 2]``."""
    return [int(p) if p.isdigit() else p for p in re.findall(r"[^.\[\]]+", path)]


def _params(serializer: serializers.Serializer[Any], item: ErrorItem) -> dict[str, Any]:
    """The values of a DRF problem's sentence, found from its path: the choices of an
    ``invalid_choice``, the close names of an ``unknown_field``, the bound of a range or
    length error."""
    parts = _parts(item["path"])
    field: Any = serializer
    value: Any = serializer.initial_data
    for part in parts:
        field, value = _at(field, part), _at(value, part)
    code = item.get("code")
    if code == "more_problems" and isinstance(field, serializers.Serializer):
        unknown = [key for key in value or () if key not in field.fields]
        return {"count": len(unknown) - MAX_PROBLEMS}
    if code == "unknown_field" and parts:
        parent: Any = serializer
        for part in parts[:-1]:
            parent = _at(parent, part)
        allowed = list(parent.fields) if isinstance(parent, serializers.Serializer) else []
        return unknown_field("", str(parts[-1]), allowed).params
    if code == "invalid_choice" and isinstance(field, serializers.ChoiceField):
        return {"value": value if isinstance(value, str) else None, "choices": list(field.choices)}
    bound = {
        "max_length": "max_length",
        "min_length": "min_length",
        "max_value": "max_value",
        "min_value": "min_value",
    }.get(str(code))
    if bound is not None and getattr(field, bound, None) is not None:
        return {bound: getattr(field, bound)}
    return {}


#: How much of an unknown field's name a problem shows.
MAX_NAME = 100


class StrictSerializer(serializers.Serializer):
    """A request body: refuses fields it does not know (a typo such as ``event`` for
    ``events`` must not pass unnoticed: the problem suggests the close name), and its
    problems carry their ``params`` (valid choices, bounds)."""

    def to_internal_value(self, data: Any) -> Any:
        """Refuse fields this body does not know, each with the close name if there is one."""
        if isinstance(data, Mapping):
            # A name is shown as far as a person reads it (a 1 MB key is not echoed back).
            unknown = [str(key)[:MAX_NAME] for key in data if key not in self.fields]
            if unknown:
                allowed = list(self.fields)
                problems: dict[str, list[ErrorDetail]] = {
                    key: [ErrorDetail(unknown_field("", key, allowed).message, "unknown_field")]
                    for key in unknown[:MAX_PROBLEMS]
                }
                if len(unknown) > MAX_PROBLEMS:
                    # The answer lists no more: count the rest instead of making them.
                    left = len(unknown) - MAX_PROBLEMS
                    problems[api_settings.NON_FIELD_ERRORS_KEY] = [
                        ErrorDetail(more_problems(left), "more_problems")
                    ]
                raise serializers.ValidationError(problems)
        return super().to_internal_value(data)

    def is_valid(self, *, raise_exception: bool = False) -> bool:
        """Validate; with ``raise_exception``, a 400 ``invalid`` whose problems have paths,
        codes and params (at most :data:`~baohuang.api.errors.MAX_PROBLEMS` of them)."""
        valid = super().is_valid(raise_exception=False)
        if not valid and raise_exception:
            items = flatten(self.errors)
            for index, item in enumerate(items):
                if index < MAX_PROBLEMS or item.get("code") == "more_problems":
                    item["params"] = _params(self, item)
            raise ApiError(validation_detail(items), code="invalid", errors=items)
        return valid


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": True,
        "description": "A variant definition: the schema is at /api/v1/schema/variant/.",
    }
)
class DefinitionField(serializers.JSONField):
    """A variant definition: any JSON object (its content is checked by the language)."""

    default_error_messages: ClassVar[dict[str, StrOrPromise]] = {
        "not_object": gettext_lazy(
            "A definition is a JSON object of named sections (see /api/v1/schema/variant/)."
        ),
    }

    def to_internal_value(self, data: Any) -> Any:
        """Only a JSON object is a definition."""
        if not isinstance(data, dict):
            self.fail("not_object")
        return super().to_internal_value(data)


@extend_schema_field({"description": "Any JSON value (null when absent)."})
class AnyValueField(serializers.JSONField):
    """Any JSON value (used by diff entries)."""


def seat(**kwargs: Any) -> StrictIntegerField:
    """A seat number, 0–4."""
    return StrictIntegerField(min_value=0, max_value=4, error_messages=SEAT_MESSAGES, **kwargs)


def seats(**kwargs: Any) -> BoundedListField:
    """A list of seats (at most five)."""
    return BoundedListField(child=seat(), max_length=5, **kwargs)


# --------------------------------------------------------------------------- errors


class ProblemSerializer(serializers.Serializer):
    """One problem: a JSON path (empty for the whole document), a sentence in the request's
    language, a stable machine code and the values the sentence was made from."""

    path = serializers.CharField(allow_blank=True, help_text="JSON path, e.g. deck.decks.")
    message = serializers.CharField(
        help_text="A sentence in the request's language (?lang=zh|en, else Accept-Language, "
        "else Chinese)."
    )
    code = serializers.CharField(
        help_text="A stable snake_case code: a validation problem's (hand_sizes_sum, "
        "unknown_field …), DRF's (required, max_value …) or the error's own."
    )
    params = serializers.DictField(
        help_text='What the sentence says, as JSON values, e.g. {"sum": 164, "deck": 165}; may '
        "be empty."
    )


class ErrorSerializer(serializers.Serializer):
    """The one error shape of the API."""

    error = serializers.CharField(help_text="A short code, e.g. invalid, not_found, stale_draft.")
    detail = serializers.CharField(
        help_text="A sentence a person can read, in the request's language."
    )
    # A field named "errors" shadows Serializer.errors only in the type checker: DRF moves
    # declared fields off the class.
    errors = ProblemSerializer(  # type: ignore[assignment]
        many=True,
        help_text="The individual problems, with paths: at most 50, then one more_problems "
        "whose params.count says how many more there were.",
    )
