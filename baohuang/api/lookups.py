"""Reads the API needs beyond the catalog selectors: a rule set by slug, the version a
request asks for, and the compiled variant of a version (cached by checksum).

Each lookup raises the API's 404 (or 400 for a malformed ``version``) with a sentence
that names what was not found.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from rest_framework.exceptions import NotFound
from rest_framework.request import Request

from baohuang.api.errors import ApiError, error_item
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.catalog.selectors import get_version, latest_version
from baohuang.engine.compiled import CompiledVariant, compile_definition

#: Version numbers above this cannot exist (the column is a 32-bit integer).
MAX_VERSION = 2**31 - 1

#: Compiled variants by version checksum (a published version never changes).
_COMPILED: dict[str, CompiledVariant] = {}
_COMPILED_LIMIT = 256


def rule_set_or_404(slug: str) -> RuleSet:
    """The rule set ``slug``, or 404."""
    rule_set = RuleSet.objects.filter(slug=slug).first()
    if rule_set is None:
        raise NotFound(_("There is no variant '%(slug)s'.") % {"slug": slug})
    return rule_set


def version_or_404(rule_set: RuleSet, number: int | None) -> RuleSetVersion:
    """Version ``number`` of ``rule_set`` (retired versions too), or its latest published
    version when ``number`` is None; 404 when there is no such version."""
    if number is None:
        latest = latest_version(rule_set)
        if latest is None:
            raise NotFound(
                _("The variant '%(slug)s' has no published version yet.") % {"slug": rule_set.slug}
            )
        return latest
    missing = _("The variant '%(slug)s' has no version %(number)s.") % {
        "slug": rule_set.slug,
        "number": number,
    }
    if not 1 <= number <= MAX_VERSION:
        raise NotFound(missing)
    try:
        return get_version(rule_set.slug, number)
    except RuleSetVersion.DoesNotExist as exc:
        raise NotFound(missing) from exc


def versions_of(rule_set: RuleSet) -> QuerySet[RuleSetVersion]:
    """Every published version of ``rule_set``, oldest first (retired ones included)."""
    return (
        RuleSetVersion.objects.filter(rule_set=rule_set)
        .select_related("published_by")
        .order_by("number")
    )


def version_with_checksum(rule_set: RuleSet, checksum: str) -> RuleSetVersion | None:
    """The newest version of ``rule_set`` whose checksum is ``checksum``, if any."""
    return (
        RuleSetVersion.objects.filter(rule_set=rule_set, checksum=checksum)
        .order_by("-number")
        .first()
    )


def query_version(request: Request) -> int | None:
    """The ``?version=N`` query parameter (None when absent); 400 unless a whole number ≥ 1."""
    raw = request.query_params.get("version")
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip()
    if not text.isascii() or not text.isdigit() or int(text) < 1 or len(text) > 10:
        message = _("The version must be a whole number from 1, got '%(value)s'.") % {
            "value": raw[:40]
        }
        raise ApiError(message, errors=[error_item("version", message)])
    return int(text)


def requested_version(request: Request, body_version: Any = None) -> int | None:
    """The version a rules request asks for: the body field ``version`` or the query
    parameter (they must agree when both are given); None means the latest."""
    from_query = query_version(request)
    if body_version is not None and from_query is not None and body_version != from_query:
        message = _(
            "The body asks for version %(body)s and the query for version %(query)s; give one."
        ) % {"body": body_version, "query": from_query}
        raise ApiError(message, errors=[error_item("version", message, "versions_disagree")])
    return body_version if body_version is not None else from_query


def compiled(version: RuleSetVersion) -> CompiledVariant:
    """The compiled variant of a published version (validated and compiled once).

    A version that no longer compiles (the language changed under it) is a 409 that
    names the problems, never a 500.
    """
    cached = _COMPILED.get(version.checksum)
    if cached is not None:
        return cached
    try:
        result = compile_definition(version.definition)
    except ValueError as exc:
        raise ApiError(
            _("Version %(number)s of '%(slug)s' cannot be used by this engine: %(reason)s")
            % {"number": version.number, "slug": version.rule_set.slug, "reason": exc},
            code="version_unusable",
            status_code=409,
        ) from exc
    if len(_COMPILED) >= _COMPILED_LIMIT:
        _COMPILED.clear()
    _COMPILED[version.checksum] = result
    return result
