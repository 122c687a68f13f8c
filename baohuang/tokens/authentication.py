"""``Authorization: Token <key>`` against the hashed API tokens.

The header format is DRF's (``TokenAuthentication``), so clients need no change; the key is
looked up by its SHA-256 digest. A known token that is revoked or expired is a 401 with its
own code (``token_revoked``, ``token_expired``), an unknown one ``token_invalid``; a
``read`` token on a request that changes something (an unsafe method, except the POSTs
that only ask a question: :func:`~baohuang.api.permissions.changes_nothing`) is a 403
``token_read_only``, before any view code runs. ``request.auth`` is the
:class:`~baohuang.tokens.models.ApiToken`.

DRF imports this module while ``rest_framework.views`` loads (``DEFAULT_AUTHENTICATION_
CLASSES``): models and the error classes are imported when a request comes.
"""

from __future__ import annotations

from typing import Any

from rest_framework import authentication
from rest_framework.request import Request


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """Hashed, scoped, revocable tokens in DRF's header format."""

    keyword = "Token"

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        """The token's user and the token, None without a ``Token`` header; refusals raise."""
        from baohuang.api.permissions import changes_nothing
        from baohuang.tokens import refusals, selectors, services

        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise refusals.malformed()
        try:
            key = parts[1].decode("ascii")
        except UnicodeError as exc:
            raise refusals.malformed() from exc
        token = selectors.token_for_key(key)
        if token is None:
            raise refusals.unknown()
        if token.revoked_at is not None:
            raise refusals.revoked(token)
        if token.state == token.State.EXPIRED:
            raise refusals.expired(token)
        if not token.user.is_active:
            raise refusals.inactive()
        services.note_use(token)
        view = (getattr(request, "parser_context", None) or {}).get("view")
        if token.scope != token.Scope.WRITE and not changes_nothing(request, view):
            raise refusals.read_only(token, str(request.method))
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        """``WWW-Authenticate: Token``: a refused anonymous request is a 401."""
        return self.keyword


def is_token_request(request: Request) -> bool:
    """Whether ``request`` was authenticated with an API token (not the session)."""
    from baohuang.tokens.models import ApiToken

    return isinstance(getattr(request, "auth", None), ApiToken)
