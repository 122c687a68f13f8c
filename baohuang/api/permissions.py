"""Who may do what (issue #7; Django's model permissions since issue #16).

The API asks for the same model permissions as the admin, never for ``is_staff`` alone:

=============================================  ==============================================
what                                           permission
=============================================  ==============================================
read published variants, the rules endpoints   everyone while ``BAOHUANG_API_PUBLIC_READ`` is
                                               true (the default), else any account
create a rule set (or clone one)               ``catalog.add_ruleset``
read a draft (also ``slug@draft`` in diffs,    ``catalog.view_ruleset`` or
the draft's rulebook, comparisons of a draft)  ``catalog.change_ruleset`` (as the admin)
save a draft                                   ``catalog.change_ruleset``
publish                                        ``catalog.publish_ruleset``
start simulations, comparisons, re-score,      ``jobs.run_simulation`` (balance also
balance                                        ``catalog.add_ruleset``: it creates a rule set)
cancel someone else's job                      ``jobs.cancel_any_job`` (one's own: always)
=============================================  ==============================================

The group *Operators* (``manage.py ensure_operator``) holds them all; superusers have every
permission. Anonymous requests that are refused get 401 (with ``WWW-Authenticate:
Token``), refused authenticated ones 403 naming the permission.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

ADD_RULESET = "catalog.add_ruleset"
CHANGE_RULESET = "catalog.change_ruleset"
VIEW_RULESET = "catalog.view_ruleset"
PUBLISH_RULESET = "catalog.publish_ruleset"
RUN_SIMULATION = "jobs.run_simulation"
CANCEL_ANY_JOB = "jobs.cancel_any_job"


def public_read() -> bool:
    """Whether published variants and the rules endpoints are open to anonymous clients."""
    return bool(getattr(settings, "BAOHUANG_API_PUBLIC_READ", True))


def _authenticated(request: Request) -> bool:
    user = request.user
    return bool(user and user.is_authenticated and user.is_active)


def has_perms(user: Any, *perms: str) -> bool:
    """Whether ``user`` is an active account holding every one of ``perms``."""
    return bool(user and user.is_authenticated and user.is_active and user.has_perms(perms))


def can_read_drafts(user: Any) -> bool:
    """Whether ``user`` may read drafts: view or change rule sets (the admin's rule)."""
    return has_perms(user, VIEW_RULESET) or has_perms(user, CHANGE_RULESET)


class CanRead(BasePermission):
    """Open while ``BAOHUANG_API_PUBLIC_READ`` is true, otherwise any authenticated user."""

    message = _(
        "This server does not open its API to anonymous clients: send an API token "
        "(Authorization: Token …) or log in."
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        """Everyone when reads are public, else authenticated users."""
        return public_read() or _authenticated(request)


class ModelPermission(BasePermission):
    """Authenticated, active accounts holding every one of ``perms``."""

    perms: ClassVar[tuple[str, ...]] = ()
    message: str | Promise = ""

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated and holding the permissions."""
        return has_perms(request.user, *self.perms)


class CanAddRuleSets(ModelPermission):
    """``catalog.add_ruleset``: create or clone rule sets."""

    perms = (ADD_RULESET,)
    message = _(
        "Creating rule sets needs the permission 'catalog.add_ruleset' (Operators have it)."
    )


class CanReadDrafts(BasePermission):
    """``catalog.view_ruleset`` or ``catalog.change_ruleset``: read drafts."""

    message = _(
        "Reading drafts needs the permission 'catalog.view_ruleset' or "
        "'catalog.change_ruleset' (Operators have both)."
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        """View or change rule sets."""
        return can_read_drafts(request.user)


class CanChangeDrafts(ModelPermission):
    """``catalog.change_ruleset``: save drafts."""

    perms = (CHANGE_RULESET,)
    message = _("Saving drafts needs the permission 'catalog.change_ruleset' (Operators have it).")


class CanPublish(ModelPermission):
    """Users with ``catalog.publish_ruleset`` (superusers have every permission)."""

    perms = (PUBLISH_RULESET,)
    message = _("Publishing needs the permission 'catalog.publish_ruleset' (Operators have it).")
