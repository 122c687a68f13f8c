"""The token endpoints: ``GET/POST /api/v1/tokens/``, ``GET/DELETE /api/v1/tokens/{id}/``.

Session only (:class:`~baohuang.tokens.permissions.ManagesOwnTokens`); each account sees
and revokes its own tokens, another account's token is a 404. Views are thin: the
selectors read, the services write.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from baohuang.api import docs
from baohuang.api.base import WriteThrottledView
from baohuang.tokens import selectors, services
from baohuang.tokens.models import ApiToken
from baohuang.tokens.permissions import ManagesOwnTokens
from baohuang.tokens.serializers import (
    TokenCreatedSerializer,
    TokenCreateSerializer,
    TokenSerializer,
)

TOKEN_ID = OpenApiParameter(
    "token_id", OpenApiTypes.UUID, OpenApiParameter.PATH, description="The token's id."
)
SESSION_ONLY = (
    " Session only (the editor, or a browser logged in to the admin, with `X-CSRFToken` on "
    "writes): a request with a token is refused with 403 `session_required`, so a token "
    "can never make, see or revoke tokens."
)


def token_body(token: ApiToken) -> dict[str, Any]:
    """A token as the API shows it (never its key: the server does not have it)."""
    return {
        "id": token.id,
        "url": reverse("api:token-detail", args=[token.id]),
        "name": token.name,
        "scope": token.scope,
        "prefix": token.prefix,
        "state": token.state,
        "state_text": token.state_text,
        "created_at": token.created_at,
        "last_used_at": token.last_used_at,
        "expires_at": token.expires_at,
        "revoked_at": token.revoked_at,
    }


def own_token_or_404(request: Request, token_id: uuid.UUID) -> ApiToken:
    """One of the requester's tokens, else 404 (another account's token is not there)."""
    token = selectors.token_of(request.user, token_id)
    if token is None:
        raise NotFound(_("You have no API token %(id)s.") % {"id": token_id})
    return token


class TokenListView(WriteThrottledView):
    """``GET`` your tokens, ``POST`` a new one (its key in the answer, this once)."""

    permission_classes = (ManagesOwnTokens,)
    request_body_required = True

    @extend_schema(
        operation_id="tokens_list",
        tags=["tokens"],
        summary="Your API tokens",
        description="Your tokens, newest first, revoked and expired ones included (`state`), "
        "with their `prefix` and `last_used_at`; never their keys." + SESSION_ONLY,
        responses={200: TokenSerializer(many=True), **docs.errors(403)},
    )
    def get(self, request: Request) -> Response:
        """List the requester's tokens."""
        tokens = selectors.tokens_of(request.user)
        return Response(TokenSerializer([token_body(t) for t in tokens], many=True).data)

    @extend_schema(
        operation_id="tokens_create",
        tags=["tokens"],
        summary="Create an API token (its key is shown once)",
        description="A new token of yours: `name` says what it is for, `scope` is `read` "
        "(requests that change nothing: GET, HEAD, OPTIONS and the POSTs that only ask, "
        "such as validate, compare, score; anything else is a 403 `token_read_only`) or `write`, "
        "`expires_in_days` optional. The answer is **201** with the token and its `key`, "
        "the only time the key is shown: the server stores its SHA-256 digest. Send it as "
        "`Authorization: Token <key>`. A token acts with its account's permissions." + SESSION_ONLY,
        request=TokenCreateSerializer,
        responses={
            201: OpenApiResponse(TokenCreatedSerializer, description="The token and its key."),
            **docs.errors(*docs.BODY, 403),
        },
    )
    def post(self, request: Request) -> Response:
        """Create a token."""
        serializer = TokenCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        token, key = services.create_token(
            request.user, data["name"], data["scope"], data.get("expires_in_days")
        )
        body = TokenCreatedSerializer({**token_body(token), "key": key}).data
        response = Response(body, status=status.HTTP_201_CREATED)
        response["Location"] = body["url"]
        response["Cache-Control"] = "no-store"
        return response


class TokenDetailView(WriteThrottledView):
    """``GET`` one of your tokens, ``DELETE`` it to revoke it."""

    permission_classes = (ManagesOwnTokens,)

    @extend_schema(
        operation_id="tokens_retrieve",
        tags=["tokens"],
        summary="One of your API tokens",
        description="The token (never its key); another account's token is a 404." + SESSION_ONLY,
        parameters=[TOKEN_ID],
        responses={200: TokenSerializer, **docs.errors(403, 404)},
    )
    def get(self, request: Request, token_id: uuid.UUID) -> Response:
        """One token."""
        return Response(TokenSerializer(token_body(own_token_or_404(request, token_id))).data)

    @extend_schema(
        operation_id="tokens_revoke",
        tags=["tokens"],
        summary="Revoke one of your API tokens",
        description="Revokes the token at once: its next request is a 401 `token_revoked`. "
        "It stays in your list (`state: revoked`); revoking it again changes nothing. "
        "Another account's token is a 404." + SESSION_ONLY,
        parameters=[TOKEN_ID],
        responses={204: None, **docs.errors(403, 404)},
    )
    def delete(self, request: Request, token_id: uuid.UUID) -> Response:
        """Revoke a token."""
        services.revoke(own_token_or_404(request, token_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
