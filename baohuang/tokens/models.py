"""The API token model (thin; the logic is in :mod:`baohuang.tokens.services`).

A token is ``bh_`` followed by 43 characters of ``secrets.token_urlsafe(32)`` (256 random
bits). Only its SHA-256 digest is stored, with the first characters (``prefix``) so that a
person can tell tokens apart. A fast hash is the right one here: the secret is random and
long, so nobody can guess it from the digest, and every request must check it cheaply
(passwords, which people choose, need the slow hashes instead).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A named, scoped, revocable API token of one account; its secret is never stored."""

    class Scope(models.TextChoices):
        READ = "read", _("read")
        WRITE = "write", _("write")

    class State(models.TextChoices):
        ACTIVE = "active", _("active")
        EXPIRED = "expired", _("expired")
        REVOKED = "revoked", _("revoked")

    id = models.UUIDField(
        verbose_name=_("id"), primary_key=True, default=uuid.uuid4, editable=False
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="api_tokens",
    )
    name = models.CharField(
        verbose_name=_("name"),
        max_length=100,
        help_text=_("What the token is for (a script, a machine), so you can tell it apart."),
    )
    scope = models.CharField(
        verbose_name=_("scope"),
        max_length=5,
        choices=Scope.choices,
        default=Scope.READ,
        help_text=_(
            "read: requests that change nothing (GET, HEAD, OPTIONS and the rules questions "
            "such as validate, compare, score); write: every request the account may make."
        ),
    )
    prefix = models.CharField(
        verbose_name=_("prefix"),
        max_length=16,
        editable=False,
        help_text=_("The first characters of the token, to recognise it (not a secret)."),
    )
    digest = models.CharField(
        verbose_name=_("digest"),
        max_length=64,
        unique=True,
        editable=False,
        help_text=_("SHA-256 of the token (the token itself is not stored)."),
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), default=timezone.now)
    last_used_at = models.DateTimeField(verbose_name=_("last used at"), null=True, blank=True)
    expires_at = models.DateTimeField(
        verbose_name=_("expires at"),
        null=True,
        blank=True,
        help_text=_("Empty: the token does not expire."),
    )
    revoked_at = models.DateTimeField(verbose_name=_("revoked at"), null=True, blank=True)

    SCOPES: ClassVar[tuple[str, ...]] = (Scope.READ, Scope.WRITE)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ("-created_at",)
        indexes = (models.Index(fields=("user", "-created_at"), name="tokens_user_created"),)

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    def state_at(self, now: datetime | None = None) -> str:
        """``active``, ``expired`` or ``revoked`` (revoked wins over expired)."""
        if self.revoked_at is not None:
            return self.State.REVOKED
        moment = now if now is not None else timezone.now()
        if self.expires_at is not None and self.expires_at <= moment:
            return self.State.EXPIRED
        return self.State.ACTIVE

    @property
    def state(self) -> str:
        """The token's state now."""
        return self.state_at()

    @property
    def state_text(self) -> str:
        """The state's label in the active language."""
        return str(self.State(self.state).label)
