"""The API's answers to a token it does not accept, in the error shape with a code.

=====================  ======  ===================================================
code                   status  when
=====================  ======  ===================================================
token_malformed        401     ``Authorization: Token`` without a key, or with spaces
token_invalid          401     no token has this key (mistyped, or never made here)
token_revoked          401     the token was revoked (``params``: prefix, revoked_at)
token_expired          401     the token expired (``params``: prefix, expires_at)
user_inactive          401     the token's account is disabled
token_read_only        403     a ``read`` token on a request that changes something
session_required       403     a token tried to list, create or revoke tokens
=====================  ======  ===================================================

401s carry ``WWW-Authenticate: Token``. Imported lazily by the authentication class, which
DRF loads before :mod:`baohuang.api.errors` may be imported.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions, status

from baohuang.api.errors import ApiError, error_item
from baohuang.tokens.models import ApiToken


class TokenRefused(ApiError, exceptions.AuthenticationFailed):
    """401 with a code of its own; DRF adds ``WWW-Authenticate`` (an ``AuthenticationFailed``)."""

    status_code = status.HTTP_401_UNAUTHORIZED

    def __init__(self, message: str, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code, errors=[error_item("", message, code, params)])


class TokenForbidden(ApiError):
    """403 with a code of its own."""

    status_code = status.HTTP_403_FORBIDDEN

    def __init__(self, message: str, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message, code=code, errors=[error_item("", message, code, params)])


def malformed() -> TokenRefused:
    """``Authorization: Token`` without a key, or a key with spaces or bad bytes."""
    return TokenRefused(
        _(
            "The Authorization header must be 'Token <key>': one key, without spaces. "
            "Create a key in the editor (API tokens) or the admin."
        ),
        "token_malformed",
    )


def unknown() -> TokenRefused:
    """No token has this key."""
    return TokenRefused(
        _(
            "This API token is not known here (mistyped, or deleted). Create a new one in "
            "the editor (API tokens) or the admin."
        ),
        "token_invalid",
    )


def revoked(token: ApiToken) -> TokenRefused:
    """The token was revoked."""
    when = token.revoked_at.isoformat(timespec="seconds") if token.revoked_at else ""
    return TokenRefused(
        _("This API token (%(prefix)s…) was revoked at %(when)s; create a new one.")
        % {"prefix": token.prefix, "when": when},
        "token_revoked",
        {"prefix": token.prefix, "revoked_at": when},
    )


def expired(token: ApiToken) -> TokenRefused:
    """The token expired."""
    when = token.expires_at.isoformat(timespec="seconds") if token.expires_at else ""
    return TokenRefused(
        _("This API token (%(prefix)s…) expired at %(when)s; create a new one.")
        % {"prefix": token.prefix, "when": when},
        "token_expired",
        {"prefix": token.prefix, "expires_at": when},
    )


def inactive() -> TokenRefused:
    """The token's account is disabled."""
    return TokenRefused(_("The account of this API token is disabled."), "user_inactive")


def read_only(token: ApiToken, method: str) -> TokenForbidden:
    """A ``read`` token sent with an unsafe method."""
    return TokenForbidden(
        _(
            "This API token (%(prefix)s…) may only read (scope 'read'): %(method)s needs a "
            "token with the scope 'write'."
        )
        % {"prefix": token.prefix, "method": method},
        "token_read_only",
        {"prefix": token.prefix, "method": method, "scope": token.scope},
    )


def session_required() -> TokenForbidden:
    """A token may not manage tokens."""
    return TokenForbidden(
        _(
            "API tokens are managed by a logged-in person (the editor or the admin), not "
            "with a token: a token cannot list, create or revoke tokens."
        ),
        "session_required",
    )
