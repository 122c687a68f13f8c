"""Django app configuration of the API tokens."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TokensConfig(AppConfig):
    """API tokens: hashed, named, scoped, revocable."""

    name = "baohuang.tokens"
    label = "tokens"
    verbose_name = _("API tokens")

    def ready(self) -> None:
        """Register the OpenAPI description of the token authentication."""
        from baohuang.tokens import schema  # noqa: F401
