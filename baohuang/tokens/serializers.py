"""Request and response bodies of the token endpoints (``/api/v1/tokens/``)."""

from __future__ import annotations

from rest_framework import serializers

from baohuang.api.serializers import (
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from baohuang.tokens.models import ApiToken
from baohuang.tokens.services import MAX_DAYS, NAME_MAX


class TokenCreateSerializer(StrictSerializer):
    """``POST /api/v1/tokens/``: ``{name, scope?, expires_in_days?}``; unknown fields are
    refused (a typo such as ``scopes`` must not give a read token silently)."""

    name = StrictCharField(
        max_length=NAME_MAX, help_text="What the token is for (a script, a machine)."
    )
    scope = StrictChoiceField(
        choices=ApiToken.Scope.choices,
        default=ApiToken.Scope.READ,
        help_text="read (default): requests that change nothing (GET, HEAD, OPTIONS and the "
        "POSTs that only ask: validate, deck, compare, score, deal, replay, diff); write: "
        "every request the account may make (the account's permissions still apply).",
    )
    expires_in_days = StrictIntegerField(
        min_value=1,
        max_value=MAX_DAYS,
        required=False,
        allow_null=True,
        default=None,
        help_text=f"Days until the token expires (1 to {MAX_DAYS}); null or absent: never.",
    )


class TokenSerializer(serializers.Serializer):
    """A token as it is listed: never its key."""

    id = serializers.UUIDField()
    url = serializers.CharField(help_text="DELETE it to revoke the token.")
    name = serializers.CharField()
    scope = serializers.ChoiceField(choices=ApiToken.Scope.choices)
    prefix = serializers.CharField(
        help_text="The key's first characters, to recognise it (the key is not stored)."
    )
    state = serializers.ChoiceField(
        choices=ApiToken.State.choices, help_text="active, expired or revoked."
    )
    state_text = serializers.CharField(help_text="The state in the request's language.")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(
        allow_null=True, help_text="Last request with the token (to the minute); null: never."
    )
    expires_at = serializers.DateTimeField(allow_null=True, help_text="null: never.")
    revoked_at = serializers.DateTimeField(allow_null=True)


class TokenCreatedSerializer(TokenSerializer):
    """The answer to a creation: the token and, this once, its key."""

    key = serializers.CharField(
        help_text="The token, shown this once: send it as `Authorization: Token <key>`. "
        "The server keeps only its SHA-256 digest."
    )
