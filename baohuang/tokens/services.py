"""Writes of the API tokens: create (the key is returned once), revoke, note a use."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from baohuang.tokens.errors import InvalidToken
from baohuang.tokens.models import ApiToken

#: What every key starts with (tells a baohuang token from other secrets, e.g. to scanners).
KEY_PREFIX = "bh_"
#: Characters of a key kept in clear as its ``prefix``: ``bh_`` and 8 of the secret.
SHOWN = len(KEY_PREFIX) + 8
#: Random bytes of a key (``secrets.token_urlsafe``: 43 characters).
SECRET_BYTES = 32
#: ``last_used_at`` is written at most this often per token (one UPDATE, not one per request).
LAST_USED_RESOLUTION = timedelta(seconds=60)
#: The longest lifetime a new token may be given, in days.
MAX_DAYS = 3650
NAME_MAX = 100


def digest(key: str) -> str:
    """The SHA-256 hex digest under which a key is stored."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def new_key() -> str:
    """A fresh key: ``bh_`` and 256 random bits, URL-safe."""
    return KEY_PREFIX + secrets.token_urlsafe(SECRET_BYTES)


def clean_name(name: Any) -> str:
    """A token's name, stripped; a missing, empty or too long one is :class:`.InvalidToken`."""
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        raise InvalidToken(_("Give the token a name (what it is for)."), "name")
    if len(text) > NAME_MAX:
        raise InvalidToken(
            _("A token's name has at most %(limit)d characters.") % {"limit": NAME_MAX}, "name"
        )
    return text


def clean_scope(scope: Any) -> str:
    """``read`` or ``write``; anything else is :class:`.InvalidToken`."""
    if scope not in ApiToken.SCOPES:
        raise InvalidToken(_("The scope is 'read' or 'write'."), "scope")
    return str(scope)


def expiry(days: int | None, now: datetime | None = None) -> datetime | None:
    """When a token made now and valid for ``days`` expires (None: never)."""
    if days is None:
        return None
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
        raise InvalidToken(
            _("A token lives 1 to %(limit)d days (or leave it empty: no expiry).")
            % {"limit": MAX_DAYS},
            "expires_in_days",
        )
    return (now or timezone.now()) + timedelta(days=days)


def issue(token: ApiToken, key: str | None = None) -> str:
    """Give the unsaved ``token`` a new key (its prefix and digest), save it and return the
    key: the only moment it exists outside the client.

    ``key`` is for imported keys (``baohuang.tokens.migrations``); new tokens get a
    random one.
    """
    key = key or new_key()
    token.prefix = key[:SHOWN]
    token.digest = digest(key)
    token.name = clean_name(token.name)
    token.scope = clean_scope(token.scope)
    if token.expires_at is not None and token.expires_at <= timezone.now():
        raise InvalidToken(_("The expiry must be in the future."), "expires_at")
    token.save(force_insert=True)
    return key


def create_token(
    user: Any, name: Any, scope: Any = ApiToken.Scope.READ, expires_in_days: int | None = None
) -> tuple[ApiToken, str]:
    """A new token of ``user``, and its key (show it once; it is not stored).

    Raises :class:`.InvalidToken` (with the field) for a bad name, scope or lifetime.
    """
    token = ApiToken(
        user=user,
        name=clean_name(name),
        scope=clean_scope(scope),
        expires_at=expiry(expires_in_days),
    )
    key = issue(token)
    return token, key


def revoke(token: ApiToken) -> ApiToken:
    """Revoke ``token`` (at once: its next request is a 401 ``token_revoked``). Revoking a
    revoked token changes nothing."""
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    token.refresh_from_db(fields=["revoked_at"])
    return token


def note_use(token: ApiToken, now: datetime | None = None) -> None:
    """Record that ``token`` was used now, at most once per :data:`LAST_USED_RESOLUTION`
    (one conditional UPDATE: concurrent requests do not stack writes)."""
    now = now or timezone.now()
    last = token.last_used_at
    if last is not None and now - last < LAST_USED_RESOLUTION:
        return
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now
