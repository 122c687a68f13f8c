"""Reads of the rule catalog: latest versions, lists, diffs, draft checks (no writes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from django.db.models import Count, IntegerField, Max, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from baohuang.catalog.changes import diff_definitions as diff_definitions
from baohuang.catalog.documents import unstorable_text
from baohuang.catalog.errors import UnknownRuleSet, UnknownVersion
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.engine.compiled import CompiledVariant, compile_definition
from baohuang.rules import Problem, Report, definition_of, validate_definition

if TYPE_CHECKING:  # django-stubs is a development tool, not a runtime dependency
    from django_stubs_ext import StrOrPromise

#: Version numbers above this cannot exist (the column is a 32-bit integer).
MAX_VERSION = 2**31 - 1

DraftStatus = Literal["unpublished", "retired", "invalid", "changed", "published"]

#: Plain-language labels of :func:`draft_status`, for the admin.
STATUS_LABELS: dict[str, StrOrPromise] = {
    "unpublished": _("never published"),
    "retired": _("every version retired"),
    "invalid": _("draft has errors"),
    "changed": _("draft changed since latest"),
    "published": _("draft = latest"),
}


def latest_version(rule_set: RuleSet) -> RuleSetVersion | None:
    """The highest-numbered version that is not retired, or None."""
    return (
        RuleSetVersion.objects.filter(rule_set=rule_set, retired=False)
        .select_related("published_by")
        .order_by("-number")
        .first()
    )


def highest_version(rule_set: RuleSet) -> RuleSetVersion | None:
    """The highest-numbered version, retired or not, or None."""
    return RuleSetVersion.objects.filter(rule_set=rule_set).order_by("-number").first()


def next_version_number(rule_set: RuleSet) -> int:
    """One more than the highest version number, retired versions included."""
    highest = RuleSetVersion.objects.filter(rule_set=rule_set).aggregate(n=Max("number"))["n"]
    return (highest or 0) + 1


def rule_set_list() -> QuerySet[RuleSet]:
    """All rule sets by slug, annotated with ``latest_number``, ``latest_checksum`` (the
    highest non-retired version, None if there is none) and ``version_count``."""
    latest = RuleSetVersion.objects.filter(rule_set=OuterRef("pk"), retired=False).order_by(
        "-number"
    )
    counts = (
        RuleSetVersion.objects.filter(rule_set=OuterRef("pk"))
        .order_by()
        .values("rule_set")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        RuleSet.objects.select_related("based_on__rule_set")
        .annotate(
            latest_number=Subquery(latest.values("number")[:1], output_field=IntegerField()),
            latest_checksum=Subquery(latest.values("checksum")[:1]),
            version_count=Coalesce(Subquery(counts, output_field=IntegerField()), Value(0)),
        )
        .order_by("slug")
    )


def draft_status(rule_set: RuleSet, latest_checksum: str | None, version_count: int) -> DraftStatus:
    """Where the draft stands against the latest published version.

    ``unpublished`` (no version yet), ``retired`` (every version retired), ``invalid`` (the
    draft has errors), ``changed`` (differs from the latest version) or ``published``.
    """
    if version_count == 0:
        return "unpublished"
    if latest_checksum is None:
        return "retired"
    if not rule_set.draft_checksum:
        return "invalid"
    return "published" if rule_set.draft_checksum == latest_checksum else "changed"


def rule_set_named(slug: str) -> RuleSet:
    """The rule set ``slug``; :class:`~baohuang.catalog.errors.UnknownRuleSet` if none."""
    rule_set = RuleSet.objects.filter(slug=slug).first()
    if rule_set is None:
        raise UnknownRuleSet(slug)
    return rule_set


def version_named(rule_set: RuleSet, number: int | None) -> RuleSetVersion:
    """Version ``number`` of ``rule_set`` (retired versions too), or its latest published
    version when ``number`` is None; :class:`~baohuang.catalog.errors.UnknownVersion` when
    there is no such version."""
    if number is None:
        found = latest_version(rule_set)
        if found is None:
            raise UnknownVersion(rule_set.slug, None)
    else:
        if not 1 <= number <= MAX_VERSION:
            raise UnknownVersion(rule_set.slug, number)
        try:
            found = get_version(rule_set.slug, number)
        except RuleSetVersion.DoesNotExist as exc:
            raise UnknownVersion(rule_set.slug, number) from exc
    found.rule_set = rule_set
    return found


def record_version(rule_set: RuleSet, number: int | None, checksum: str) -> RuleSetVersion:
    """The version a game record was played under: ``number`` when given, else the newest
    version with the record's ``checksum``, else the latest (as :func:`version_named`)."""
    if number is None:
        matching = version_with_checksum(rule_set, checksum)
        if matching is not None:
            matching.rule_set = rule_set
            return matching
    return version_named(rule_set, number)


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


def compiled_version(version: RuleSetVersion) -> CompiledVariant:
    """The compiled variant of a published version, from the engine's one cache (keyed by
    the definition's checksum: validated and compiled once per process).

    ValueError when the stored definition no longer compiles (the language changed)."""
    return compile_definition(version.definition, version.checksum)


def get_version(slug: str, number: int) -> RuleSetVersion:
    """Version ``number`` of the rule set ``slug`` (retired or not).

    Raises ``RuleSetVersion.DoesNotExist`` when there is no such version.
    """
    return RuleSetVersion.objects.select_related("rule_set", "published_by").get(
        rule_set__slug=slug, number=number
    )


def check_definition(definition: Any, slug: str) -> Report:
    """Validate a definition for the rule set ``slug``: the language, plus ``id == slug``."""
    report = validate_definition(definition)
    bad_text = unstorable_text(definition)
    if bad_text is not None:
        return Report(report.variant, (bad_text, *report.problems))
    if report.variant is not None and report.variant.id != slug:
        mismatch = Problem(
            "id",
            str(
                _("The id must be the rule set's slug '%(slug)s'; the definition says '%(id)s'.")
                % {"slug": slug, "id": report.variant.id}
            ),
            code="id_slug",
            params={"slug": slug, "id": report.variant.id},
        )
        return Report(report.variant, (mismatch, *report.problems))
    return report


def published_form(rule_set: RuleSet) -> dict[str, Any] | None:
    """The draft as it would be published (every default written), or None if invalid."""
    report = check_definition(rule_set.draft, rule_set.slug)
    if not report.valid or report.variant is None:
        return None
    return definition_of(report.variant)


# --------------------------------------------------------------------------- diff


def comparable(definition: Any) -> Any:
    """A definition as it would be published (every default written) when it is valid,
    else as it is: so that a diff never reports a default written out on one side only."""
    report = validate_definition(definition)
    if report.valid and report.variant is not None:
        return definition_of(report.variant)
    return definition
