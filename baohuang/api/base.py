"""Base views and request reading shared by the API apps (catalog endpoints and jobs)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.request import Request
from rest_framework.views import APIView

from baohuang.api.errors import ApiError, error_item


class WriteThrottledView(APIView):
    """Views whose writes (unsafe methods) count against the ``writes`` throttle scope."""

    @property
    def throttle_scope(self) -> str | None:
        """``writes`` for unsafe methods, no extra scope for reads."""
        request = getattr(self, "request", None)
        if request is not None and request.method not in ("GET", "HEAD", "OPTIONS"):
            return "writes"
        return None


def query_version(request: Request) -> int | None:
    """The ``?version=N`` query parameter (None when absent); 400 unless a whole number ≥ 1."""
    raw = request.query_params.get("version")
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip()
    if not text.isascii() or not text.isdigit() or int(text) < 1 or len(text) > 10:
        message = _("The version must be a whole number from 1, got '%(value)s'.") % {
            "value": raw[:40]
        }
        raise ApiError(message, errors=[error_item("version", message)])
    return int(text)


def requested_version(request: Request, body_version: Any = None) -> int | None:
    """The version a rules request asks for: the body field ``version`` or the query
    parameter (they must agree when both are given); None means the latest."""
    from_query = query_version(request)
    if body_version is not None and from_query is not None and body_version != from_query:
        message = _(
            "The body asks for version %(body)s and the query for version %(query)s; give one."
        ) % {"body": body_version, "query": from_query}
        raise ApiError(message, errors=[error_item("version", message, "versions_disagree")])
    return body_version if body_version is not None else from_query
