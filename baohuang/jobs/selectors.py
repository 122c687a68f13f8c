"""Reads of the simulation jobs (no writes)."""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import QuerySet

from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.catalog.selectors import get_version, latest_version
from baohuang.jobs.errors import InvalidJob
from baohuang.jobs.models import SimulationJob
from baohuang.simulation.stats import Stats

#: Jobs a list shows at most.
LIST_LIMIT = 50


def visible_jobs(user: Any) -> QuerySet[SimulationJob]:
    """The jobs ``user`` may read: staff every job, anyone else the jobs they created."""
    jobs = SimulationJob.objects.select_related("version__rule_set", "created_by")
    if not (user and user.is_authenticated and user.is_active):
        return jobs.none()
    if user.is_staff:
        return jobs
    return jobs.filter(created_by=user)


def job_for(user: Any, job_id: uuid.UUID) -> SimulationJob | None:
    """Job ``job_id`` if ``user`` may read it (its creator or staff), else None."""
    return visible_jobs(user).filter(pk=job_id).first()


def recent_jobs(user: Any, limit: int = LIST_LIMIT) -> list[SimulationJob]:
    """The newest jobs ``user`` may read."""
    return list(visible_jobs(user).order_by("-created_at")[:limit])


def version_to_simulate(slug: str, number: int | None) -> RuleSetVersion:
    """Version ``number`` of variant ``slug`` (retired ones too), or its latest published one.

    Raises :class:`~baohuang.jobs.errors.InvalidJob` naming the field at fault.
    """
    rule_set = RuleSet.objects.filter(slug=slug).first()
    if rule_set is None:
        raise InvalidJob("variant", f"There is no variant '{slug}'.")
    if number is None:
        latest = latest_version(rule_set)
        if latest is None:
            raise InvalidJob(
                "variant", f"The variant '{slug}' has no published version to simulate yet."
            )
        return latest
    try:
        return get_version(slug, number)
    except RuleSetVersion.DoesNotExist as exc:
        raise InvalidJob("version", f"The variant '{slug}' has no version {number}.") from exc


def job_result(job: SimulationJob) -> dict[str, Any] | None:
    """The merged statistics (``Stats.to_dict()``) of a job that succeeded, else None."""
    if job.status != SimulationJob.Status.SUCCEEDED or job.result is None:
        return None
    return dict(job.result)


def job_summary(job: SimulationJob) -> dict[str, Any] | None:
    """Rates, means and 95% intervals (``Stats.summary()``) of a job that succeeded."""
    result = job_result(job)
    return Stats.from_dict(result).summary() if result is not None else None
