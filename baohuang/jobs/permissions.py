"""Who may run and read simulation jobs (in the style of :mod:`baohuang.api.permissions`).

Starting a job needs an authenticated staff account (a job costs CPU time). Reading and
cancelling a job needs an authenticated account; the job itself is then visible to its
creator and to staff only (anyone else gets 404, as if it did not exist). Anonymous
requests get 401 (``WWW-Authenticate: Token``), refused authenticated ones 403.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request


def _authenticated(request: Request) -> bool:
    user = request.user
    return bool(user and user.is_authenticated and user.is_active)


class CanRunSimulations(BasePermission):
    """Authenticated, active staff."""

    message = _("Only staff accounts may start simulation jobs.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Staff only."""
        return _authenticated(request) and bool(request.user.is_staff)


class CanReadJobs(BasePermission):
    """Any authenticated, active account (which jobs it sees is decided per job)."""

    message = _("Log in or send an API token (Authorization: Token …) to see simulation jobs.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users."""
        return _authenticated(request)
