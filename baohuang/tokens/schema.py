"""The OpenAPI description of :class:`~baohuang.tokens.authentication.ApiTokenAuthentication`
(drf-spectacular finds it by its target class; registered in ``TokensConfig.ready``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """``Authorization: Token <key>``, under DRF's scheme name ``tokenAuth``."""

    target_class = "baohuang.tokens.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        """An API key in the ``Authorization`` header."""
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "An API token with the prefix `Token`: `Authorization: Token "
            "bh_…`. Create one in the editor (API tokens), the admin or with `manage.py "
            "create_api_token`. Scope `read` allows the requests that change nothing: GET, "
            "HEAD, OPTIONS and the POSTs that only ask (validate, deck, compare, score, "
            "deal, replay, diff); anything else is a 403 `token_read_only`. Revoked or "
            "expired tokens are a 401 `token_revoked` / `token_expired`.",
        }
