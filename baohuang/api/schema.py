"""The project's OpenAPI generator: drf-spectacular's, plus optional authentication,
required bodies and the errors every view shares.

drf-spectacular marks an operation as open to anonymous clients (security ``{}``) only
for its own ``AllowAny`` permission. The API's :class:`~baohuang.api.permissions.CanRead`
is open while ``BAOHUANG_API_PUBLIC_READ`` is true, so the document says so too. The token
endpoints refuse tokens (403 ``session_required``), so their security is the session only.

The errors that come from outside a view's code are added here, where they can happen,
so that no view has to remember them (issue #31): 503 ``overloaded`` (the in-flight cap,
any operation), 403 ``csrf_failed`` on unsafe methods (a session without its CSRF token)
and ``token_read_only`` on requests that change something (a ``read`` API token).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import SAFE_METHODS

from baohuang.api import docs
from baohuang.api.permissions import CanRead, changes_nothing, public_read

#: The name of the token scheme (:class:`baohuang.tokens.schema.ApiTokenScheme`).
TOKEN_SCHEME = "tokenAuth"  # noqa: S105 (a scheme name, not a secret)


class ApiAutoSchema(AutoSchema):
    """``DEFAULT_SCHEMA_CLASS`` of the project."""

    def _session_only(self) -> bool:
        """Whether the view refuses API tokens (the token endpoints): one of its permissions
        says ``session_only`` (:class:`baohuang.tokens.permissions.ManagesOwnTokens`)."""
        return any(getattr(p, "session_only", False) for p in self.view.get_permissions())

    def get_auth(self) -> list[dict[str, Any]]:
        """Token or session, and no authentication where reads are public; the session
        only where tokens are refused."""
        auths: list[dict[str, Any]] = list(super().get_auth())
        if self._session_only():
            auths = [auth for auth in auths if TOKEN_SCHEME not in auth]
        open_read = public_read() and any(
            isinstance(permission, CanRead) for permission in self.view.get_permissions()
        )
        if open_read and {} not in auths:
            auths.append({})
        return auths

    def _get_parameters(self) -> list[dict[str, Any]]:
        """The parameters; an optional query parameter may be sent empty (``?kind=``):
        the server reads an empty value as an absent one, and the document says so
        (``allowEmptyValue``). Lists (``?find=``) are the exception: each value counts."""
        parameters: list[dict[str, Any]] = list(super()._get_parameters())
        for parameter in parameters:
            optional_query = parameter["in"] == "query" and not parameter.get("required")
            if optional_query and parameter.get("schema", {}).get("type") != "array":
                parameter["allowEmptyValue"] = True
        return parameters

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        """The view's responses, plus the errors that do not come from its code.

        (Not ``get_response_serializers``: ``extend_schema`` replaces that method.)"""
        from baohuang.api.serializers import ErrorSerializer

        bodies: dict[str, Any] = dict(super()._get_response_bodies(direction))
        if not any(code[0] in "45" for code in bodies):
            return bodies  # not an API view of this project (no documented errors)
        notes = []
        if self.method not in SAFE_METHODS:  # DRF checks CSRF on every unsafe session request
            notes.append(docs.CSRF_TEXT)
        if not changes_nothing(self.view.request, self.view):
            notes.append(docs.READ_ONLY_TEXT)
        if self._session_only():
            notes.append(docs.SESSION_ONLY_TEXT)
        if notes:
            known = bodies.get("403")
            lead = [known["description"]] if known else []
            error = OpenApiResponse(ErrorSerializer, description=" ".join(lead + notes))
            bodies["403"] = self._get_response_for_code(error, "403", direction=direction)
        overloaded = OpenApiResponse(ErrorSerializer, description=docs.ERROR_TEXT[503])
        bodies["503"] = self._get_response_for_code(overloaded, "503", direction=direction)
        has_query = any(p["in"] == "query" for p in super()._get_parameters())
        if has_query and "400" not in bodies:
            # Every query parameter is checked as body text is (NUL, length, range).
            bad_query = OpenApiResponse(ErrorSerializer, description=docs.QUERY_ERROR_TEXT)
            bodies["400"] = self._get_response_for_code(bad_query, "400", direction=direction)
        return dict(sorted(bodies.items()))

    def _get_request_body(self, direction: str = "request") -> dict[str, Any] | None:
        """The request body; ``required`` where the view says its body is
        (``request_body_required``), whatever its schema."""
        body: dict[str, Any] | None = super()._get_request_body(direction)
        if body is not None and getattr(self.view, "request_body_required", False):
            body["required"] = True
        return body


class CsrfSessionScheme(SessionScheme):
    """The API's session authentication (CSRF failures as ``csrf_failed``) is the session
    cookie scheme, as DRF's."""

    target_class = "baohuang.api.authentication.SessionAuthentication"
