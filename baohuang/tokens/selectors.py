"""Reads of the API tokens (no writes)."""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import QuerySet

from baohuang.tokens.models import ApiToken
from baohuang.tokens.services import digest


def tokens_of(user: Any) -> QuerySet[ApiToken]:
    """The tokens of ``user`` (anyone's own only, superusers included), newest first."""
    if not (user and user.is_authenticated):
        return ApiToken.objects.none()
    return ApiToken.objects.filter(user=user).order_by("-created_at")


def token_of(user: Any, token_id: uuid.UUID) -> ApiToken | None:
    """Token ``token_id`` if it is one of ``user``'s, else None."""
    return tokens_of(user).filter(pk=token_id).first()


def token_for_key(key: str) -> ApiToken | None:
    """The token whose digest is the key's (whatever its state), with its user."""
    return ApiToken.objects.select_related("user").filter(digest=digest(key)).first()
