"""Who may start, read and cancel simulation jobs (the table in
:mod:`baohuang.api.permissions`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from baohuang.api.permissions import ModelPermission, authenticated, has_perms
from baohuang.catalog.permissions import ADD_RULESET

RUN_SIMULATION = "jobs.run_simulation"
CANCEL_ANY_JOB = "jobs.cancel_any_job"


def may_cancel(user: Any, job: Any) -> bool:
    """Whether ``user`` may cancel ``job``: its creator, or with ``jobs.cancel_any_job``."""
    own = job.created_by_id is not None and job.created_by_id == getattr(user, "pk", None)
    return own or has_perms(user, CANCEL_ANY_JOB)


class CanRunSimulations(ModelPermission):
    """``jobs.run_simulation``: start simulations, comparisons and re-scores."""

    perms = (RUN_SIMULATION,)
    message = _(
        "Starting simulation jobs needs the permission 'jobs.run_simulation' (Operators have it)."
    )


class CanBalance(ModelPermission):
    """``jobs.run_simulation`` and ``catalog.add_ruleset`` (the proposal is a new rule set)."""

    perms = (RUN_SIMULATION, ADD_RULESET)
    message = _(
        "Balancing needs the permissions 'jobs.run_simulation' and 'catalog.add_ruleset' "
        "(a proposal may be kept as a new rule set; Operators have both)."
    )


class CanReadJobs(BasePermission):
    """Any authenticated, active account (which jobs it sees is decided per job)."""

    message = _("Log in or send an API token (Authorization: Token …) to see simulation jobs.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users."""
        return authenticated(request.user)
