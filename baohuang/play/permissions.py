"""Who may play at the play-test table: any account; a draft needs
``catalog.change_ruleset``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from baohuang.api.permissions import authenticated, has_perms
from baohuang.catalog.permissions import CHANGE_RULESET


def may_play_draft(user: Any) -> bool:
    """Whether ``user`` may play a draft at the play-test table: ``catalog.change_ruleset``."""
    return has_perms(user, CHANGE_RULESET)


class CanPlayGames(BasePermission):
    """Any authenticated, active account (each game is visible to its player only)."""

    message = _("Log in or send an API token (Authorization: Token …) to play a game.")

    def has_permission(self, request: Request, view: Any) -> bool:
        """Authenticated users."""
        return authenticated(request.user)
