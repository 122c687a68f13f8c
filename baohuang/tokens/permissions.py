"""Who may manage API tokens: a logged-in account (session), for its own tokens only.

A token cannot list, create or revoke tokens (403 ``session_required``): a leaked token
must not be able to mint itself a successor, nor see the account's other tokens.
"""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from baohuang.tokens.authentication import is_token_request


class ManagesOwnTokens(BasePermission):
    """An active account logged in with the session (anonymous: 401; a token: 403)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        """Logged in through the session."""
        from baohuang.tokens import refusals

        user = request.user
        if not (user and user.is_authenticated and user.is_active):
            return False
        if is_token_request(request):
            raise refusals.session_required()
        return True
