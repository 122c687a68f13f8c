"""Who may read and change the rule catalog (the table in :mod:`baohuang.api.permissions`):
the admin's model permissions, asked for by the catalog's endpoints and by the apps that
read drafts (comparisons, the play-test table, the editor)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from baohuang.api.permissions import ModelPermission, has_perms

ADD_RULESET = "catalog.add_ruleset"
CHANGE_RULESET = "catalog.change_ruleset"
VIEW_RULESET = "catalog.view_ruleset"
PUBLISH_RULESET = "catalog.publish_ruleset"


def can_read_drafts(user: Any) -> bool:
    """Whether ``user`` may read drafts: view or change rule sets (the admin's rule)."""
    return has_perms(user, VIEW_RULESET) or has_perms(user, CHANGE_RULESET)


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
