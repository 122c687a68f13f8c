"""The project's OpenAPI generator: drf-spectacular's, plus optional authentication and
required bodies.

drf-spectacular marks an operation as open to anonymous clients (security ``{}``) only
for its own ``AllowAny`` permission. The API's :class:`~baohuang.api.permissions.CanRead`
is open while ``BAOHUANG_API_PUBLIC_READ`` is true, so the document says so too.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.openapi import AutoSchema

from baohuang.api.permissions import CanRead, public_read


class ApiAutoSchema(AutoSchema):
    """``DEFAULT_SCHEMA_CLASS`` of the project."""

    def get_auth(self) -> list[dict[str, Any]]:
        """Token or session, and no authentication where reads are public."""
        auths: list[dict[str, Any]] = list(super().get_auth())
        open_read = public_read() and any(
            isinstance(permission, CanRead) for permission in self.view.get_permissions()
        )
        if open_read and {} not in auths:
            auths.append({})
        return auths

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
