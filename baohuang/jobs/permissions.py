"""Who may run and read simulation jobs (in the style of :mod:`baohuang.api.permissions`).

Starting a job (a simulation, a comparison, a re-score, a balance proposal) needs the model
permission ``jobs.run_simulation`` (a job costs CPU time). Reading and cancelling a job
needs an authenticated account; the job itself is then visible to its creator and to staff
only (anyone else gets 404, as if it did not exist). Cancelling someone else's job also
needs ``jobs.cancel_any_job``. Anonymous requests get 401 (``WWW-Authenticate: Token``),
refused authenticated ones 403.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from baohuang.api.permissions import (
    ADD_RULESET,
    CANCEL_ANY_JOB,
    RUN_SIMULATION,
    ModelPermission,
    has_perms,
)


def _authenticated(request: Request) -> bool:
    user = request.user
    return bool(user and user.is_authenticated and user.is_active)


def may_cancel(user: Any, job: Any) -> bool:
    """Whether ``user`` may cancel ``job``: its creator, or with ``jobs.cancel_any_job``."""
    own = job.created_by_id is not None and job.created_by_id == getattr(user, "pk", None)
    return own or has_perms(user, CANCEL_ANY_JOB)


class CanRunSimulations(ModelPermission):
    """``jobs.run_simulation``."""

    perms = (RUN_SIMULATION,)
    message = _(
        "Starting simulation jobs needs the permission 'jobs.run_simulation' (Operators have it)."
    )


class CanBalance(ModelPermission):
    """``jobs.run_simulation`` and ``catalog.add_ruleset`` (the proposal is a new rule set)."""

    perms = (RUN_SIMULATION, ADD_RULESET)
    message = _(
        "Balancing needs the permissions 'jobs.run_simulation' and 'catalog.add_ruleset' "
        "(the proposal becomes a new rule set; Operators have both)."
    )


class CanReadJobs(BasePermission):
    """Any authenticated, active account (which jobs it sees is decided per job)."""

    message = _("Log in or send an API token (Authorization: Token …) to see simulation jobs.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users."""
        return _authenticated(request)
