"""Who may manage API tokens: an account logged in with the session, for its own."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from baohuang.api.permissions import authenticated
from baohuang.tokens import refusals
from baohuang.tokens.authentication import is_token_request


class ManagesOwnTokens(BasePermission):
    """Any active account logged in with the session, for its own API tokens
    (:mod:`baohuang.tokens`). A request with a token is refused with 403
    ``session_required``: a leaked token must not mint itself a successor, nor list or
    revoke the account's tokens. Anonymous: 401."""

    #: The API's schema leaves the token scheme out of operations with this permission.
    session_only = True

    def has_permission(self, request: Request, view: Any) -> bool:
        """Logged in through the session."""
        if not authenticated(request.user):
            return False
        if is_token_request(request):
            raise refusals.session_required()
        return True
