"""Reads of the simulation jobs (no writes)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from typing_extensions import TypedDict

from baohuang.catalog.errors import NotInCatalog
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.catalog.selectors import compiled_version, rule_set_named, version_named
from baohuang.engine.compiled import CompiledVariant, compile_definition, compile_variant
from baohuang.jobs.errors import InvalidDefinition, InvalidJob, NotRescorable, PlayDiffers
from baohuang.jobs.models import SimulationJob
from baohuang.rules import Variant, definition_of, validate_definition
from baohuang.rules.field_kinds import play_fields_differ, settlement_fields_differ
from baohuang.simulation.compare import Comparison
from baohuang.simulation.stats import NoOutcomes, Stats, SummaryDict, rescore

#: Jobs a list shows at most.
LIST_LIMIT = 50


def sees_every_job(user: Any) -> bool:
    """Whether ``user`` may read everyone's jobs: ``jobs.view_simulationjob`` (as in the
    admin) or ``jobs.cancel_any_job``."""
    return bool(
        user
        and user.is_authenticated
        and user.is_active
        and (user.has_perm("jobs.view_simulationjob") or user.has_perm("jobs.cancel_any_job"))
    )


def visible_jobs(user: Any) -> QuerySet[SimulationJob]:
    """The jobs ``user`` may read: with ``jobs.view_simulationjob`` (or
    ``jobs.cancel_any_job``) every job, anyone else the jobs they created."""
    jobs = SimulationJob.objects.select_related("version__rule_set", "draft_of", "created_by")
    if not (user and user.is_authenticated and user.is_active):
        return jobs.none()
    if sees_every_job(user):
        return jobs
    return jobs.filter(created_by=user)


def job_for(user: Any, job_id: uuid.UUID) -> SimulationJob | None:
    """Job ``job_id`` if ``user`` may read it (its creator, or :func:`sees_every_job`)."""
    return visible_jobs(user).filter(pk=job_id).first()


def recent_jobs(
    user: Any, limit: int = LIST_LIMIT, kind: str | None = None, variant: str | None = None
) -> list[SimulationJob]:
    """The newest jobs ``user`` may read (of one ``kind``, of one ``variant`` if given).

    A comparison belongs to both its sides: a clone's draft compared with its origin is
    listed under the clone (B) as well as under the origin (A)."""
    jobs = visible_jobs(user)
    if kind is not None:
        jobs = jobs.filter(kind=kind)
    if variant:
        jobs = jobs.filter(
            Q(version__rule_set__slug=variant)
            | Q(draft_of__slug=variant)
            | Q(other_version__rule_set__slug=variant)
            | Q(other_definition__id=variant)
        )
    return list(jobs.order_by("-created_at")[:limit])


@dataclass(frozen=True)
class DraftSnapshot:
    """A rule set's draft as it is now, to be simulated: kept with the job (the job's
    result stays reproducible whatever the draft becomes)."""

    rule_set: RuleSet
    definition: dict[str, Any]
    revision: int


@dataclass(frozen=True)
class ComparisonSide:
    """Variant B of a paired comparison: what is played against A and how the job names it."""

    #: The published version B is, or None for a draft or a given definition.
    version: RuleSetVersion | None
    #: B's definition, every default written out (kept with the job).
    definition: dict[str, Any]
    #: How reports name B (``baike-weihai v2``, ``… draft (revision 7)``).
    label: str


def draft_to_simulate(slug: str, field: str = "draft") -> DraftSnapshot:
    """A snapshot of the draft of ``slug`` (validated; compiled as it would be published).

    Raises :class:`~baohuang.jobs.errors.InvalidJob` naming ``variant`` (no such rule set)
    or ``field`` (the draft has errors)."""
    rule_set = RuleSet.objects.filter(slug=slug).first()
    if rule_set is None:
        raise InvalidJob("variant", _("There is no variant '%(slug)s'.") % {"slug": slug})
    report = validate_definition(rule_set.draft)
    if not report.valid or report.variant is None:
        raise InvalidJob(
            field, _("The draft of '%(slug)s' has errors; fix them first.") % {"slug": slug}
        )
    return DraftSnapshot(rule_set, definition_of(report.variant), rule_set.draft_revision)


#: The rule set a job plays (A): a published version, or a draft as it was.
JobRules = RuleSetVersion | DraftSnapshot


def job_rules(job: SimulationJob) -> JobRules:
    """The rule set job ``job`` simulates (A): its published version, or the snapshot of
    the draft of ``draft_of`` it keeps (``definition`` at ``draft_revision``). The one
    place that reads a job's rule set; ValueError for a job that has neither."""
    if job.version is not None:
        return job.version
    if job.draft_of is None or job.definition is None:
        raise ValueError(f"Job {job.pk} has neither a version nor a definition.")
    return DraftSnapshot(job.draft_of, dict(job.definition), job.draft_revision or 0)


def rules_compiled(rules: JobRules) -> CompiledVariant:
    """A published version (compiled once, cached) or a draft snapshot, compiled."""
    if isinstance(rules, DraftSnapshot):
        return compile_definition(rules.definition)
    return compiled_version(rules)


def job_compiled(job: SimulationJob) -> CompiledVariant:
    """What job ``job`` simulates (A), compiled: its published version, or the draft
    snapshot it keeps (:func:`job_rules`)."""
    return rules_compiled(job_rules(job))


def comparison_side_b(b: dict[str, Any], a_slug: str, draft_allowed: bool) -> ComparisonSide:
    """B of a comparison from the request's ``b``.

    A published version (``version``, default the latest), the rule set's draft
    (``draft: true``) or a given ``definition``. Raises
    :class:`~baohuang.jobs.errors.InvalidJob` naming the field
    (:class:`~baohuang.jobs.errors.InvalidDefinition` at ``b.definition…``).
    """
    slug = b.get("variant") or a_slug
    if b.get("definition") is not None:
        report = validate_definition(b["definition"])
        if not report.valid or report.variant is None:
            first = report.errors[0]
            raise InvalidDefinition(
                f"b.definition.{first.path}" if first.path else "b.definition", first.message
            )
        return ComparisonSide(
            None, definition_of(report.variant), f"{report.variant.id} (definition)"
        )
    if b.get("draft"):
        rule_set = RuleSet.objects.filter(slug=slug).first()
        if rule_set is None:
            raise InvalidJob("b.variant", _("There is no variant '%(slug)s'.") % {"slug": slug})
        if not draft_allowed:
            raise InvalidJob(
                "b.draft",
                _(
                    "Comparing a draft needs the permission 'catalog.view_ruleset' or "
                    "'catalog.change_ruleset'."
                ),
            )
        report = validate_definition(rule_set.draft)
        if not report.valid or report.variant is None:
            raise InvalidJob(
                "b.draft", _("The draft of '%(slug)s' has errors; fix them first.") % {"slug": slug}
            )
        label = f"{slug} draft (revision {rule_set.draft_revision})"
        return ComparisonSide(None, definition_of(report.variant), label)
    try:
        version = version_to_simulate(slug, b.get("version"))
    except InvalidJob as exc:
        raise InvalidJob(f"b.{exc.field}", exc.message) from exc
    return ComparisonSide(version, dict(version.definition), f"{slug} v{version.number}")


def version_to_simulate(slug: str, number: int | None) -> RuleSetVersion:
    """Version ``number`` of variant ``slug`` (retired ones too), or its latest published one.

    Raises :class:`~baohuang.jobs.errors.InvalidJob` naming the field at fault.
    """
    try:
        return version_named(rule_set_named(slug), number)
    except NotInCatalog as exc:
        raise InvalidJob(exc.field, exc.message) from exc


def job_result(job: SimulationJob) -> dict[str, Any] | None:
    """The merged statistics (``Stats.to_dict()``) of a job that succeeded, else None.

    For a comparison job, the merged :class:`~baohuang.simulation.compare.Comparison`
    counters (``to_dict()``)."""
    if job.status != SimulationJob.Status.SUCCEEDED or job.result is None:
        return None
    return dict(job.result)


class ComparisonSummaryDict(TypedDict):
    """A comparison job's summary: each side's :meth:`.Stats.summary`."""

    a: SummaryDict
    b: SummaryDict


def job_summary(job: SimulationJob) -> SummaryDict | ComparisonSummaryDict | None:
    """Rates, means and 95% intervals (``Stats.summary()``) of a job that succeeded (of
    each side, ``{a, b}``, for a comparison)."""
    result = job_result(job)
    if result is None:
        return None
    if job.kind == SimulationJob.Kind.COMPARISON:
        comparison = Comparison.from_dict(result)
        return {"a": comparison.a.summary(), "b": comparison.b.summary()}
    return Stats.from_dict(result).summary()


def comparison_report(job: SimulationJob) -> dict[str, Any] | None:
    """The comparison of a comparison job that succeeded (**contract**: ``play_unchanged``,
    ``games``, ``metrics``), with both sides' summaries under ``a`` and ``b``."""
    result = job_result(job)
    if result is None:
        return None
    comparison = Comparison.from_dict(result)
    report: dict[str, Any] = {
        **comparison.report(),
        "a": comparison.a.summary(),
        "b": comparison.b.summary(),
    }
    if job.proposal_of_id is not None and job.other_definition:
        report["verified"] = verified_figures(comparison, job.other_definition)
    return report


def verified_figures(comparison: Comparison, proposal: dict[str, Any]) -> dict[str, Any]:
    """What a balance proposal's verification measured of the proposal itself (B), each
    value with the interval of that same value: the royal side's minus the rebel side's
    points per seat (paired within games, as the solver's target), and the emperor's mean
    points. (The comparison's own metrics are B − A: how much the proposal changes.)"""
    from baohuang.simulation.balance import Target, target_metric

    cv = compile_definition(proposal)
    sides = target_metric(comparison.b, Target.parse("equal-sides"), cv)
    emperor = comparison.b.summary()["roles"].get("emperor")
    points = emperor["points"] if emperor else None
    return {
        "royal_minus_rebel": {
            "value": sides["diff"],
            "ci95": sides["ci95"],
            "method_code": sides["method_code"],
        },
        "emperor_points": {
            "value": None if points is None else points["mean"],
            "ci95": [None, None] if points is None else points["ci95"],
        },
    }


def rescore_job(
    job: SimulationJob, variant: Variant, field: str = "definition"
) -> tuple[Stats, list[str]]:
    """The job's statistics settled by ``variant``, and the settlement paths that differ.
    ``field`` is what the request gave ``variant`` as (``definition`` or ``version``).

    Nothing is simulated: the result's outcome counts are scored by ``variant``
    (:func:`baohuang.simulation.stats.rescore`). Raises
    :class:`~baohuang.jobs.errors.PlayDiffers` when ``variant`` plays other games than the
    job's version, :class:`~baohuang.jobs.errors.NotRescorable` when there is no result
    with outcome counts.
    """
    result = job_result(job)
    if job.kind != SimulationJob.Kind.SIMULATION:
        raise NotRescorable(_("Only simulation jobs can be re-scored; this job is a comparison."))
    if result is None:
        raise NotRescorable(
            _("The job is %(status)s; only a job that succeeded has a result to re-score.")
            % {"status": job.status_text}
        )
    simulated = job_compiled(job).variant
    differ = play_fields_differ(simulated, variant)
    if differ:
        shown = ", ".join(differ[:8]) + (" …" if len(differ) > 8 else "")
        raise PlayDiffers(
            _(
                "The new definition plays other games than the simulated version (play fields "
                "differ: %(fields)s); only the settlement can be re-scored. Start a new "
                "simulation or a comparison instead."
            )
            % {"fields": shown},
            differ,
            field,
        )
    try:
        stats = rescore(Stats.from_dict(result), compile_variant(variant))
    except NoOutcomes as exc:
        raise NotRescorable(
            _(
                "These statistics were recorded before outcomes were kept; simulate again to "
                "re-score them."
            )
        ) from exc
    return stats, settlement_fields_differ(simulated, variant)
