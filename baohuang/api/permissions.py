"""Who may do what (issue #7).

- Reading published variants and asking the engine (compare, score, deal, replay,
  validate, the variant schema) is open to everyone while ``BAOHUANG_API_PUBLIC_READ`` is
  true (the default); when it is false, any authenticated user may.
- Creating rule sets and reading or writing drafts needs a staff account.
- Publishing needs the ``catalog.publish_ruleset`` permission.

Anonymous requests that are refused get 401 (with ``WWW-Authenticate: Token``), refused
authenticated ones 403.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request


def public_read() -> bool:
    """Whether published variants and the rules endpoints are open to anonymous clients."""
    return bool(getattr(settings, "BAOHUANG_API_PUBLIC_READ", True))


def _authenticated(request: Request) -> bool:
    user = request.user
    return bool(user and user.is_authenticated and user.is_active)


class CanRead(BasePermission):
    """Open while ``BAOHUANG_API_PUBLIC_READ`` is true, otherwise any authenticated user."""

    message = _(
        "This server does not open its API to anonymous clients: send an API token "
        "(Authorization: Token …) or log in."
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        """Everyone when reads are public, else authenticated users."""
        return public_read() or _authenticated(request)


class IsStaff(BasePermission):
    """Staff accounts only (drafts and new rule sets)."""

    message = _("Only staff accounts may read or change drafts and create rule sets.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated, active staff."""
        return _authenticated(request) and bool(request.user.is_staff)


class CanPublish(BasePermission):
    """Users with ``catalog.publish_ruleset`` (superusers have every permission)."""

    message = _("Publishing needs the permission 'catalog.publish_ruleset' (Operators have it).")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users holding the publish permission."""
        return _authenticated(request) and request.user.has_perm("catalog.publish_ruleset")
