"""Project-level views that belong to no app."""

from __future__ import annotations

import logging

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness and database check for load balancers and ``make run`` smoke tests.

    200 ``{"status": "ok", "database": "ok"}`` when a trivial query succeeds, otherwise
    503 with ``"database": "unreachable"`` and the reason in ``detail``.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure here means "not healthy", never a 500
        logger.warning("healthz: database check failed: %s", exc)
        return JsonResponse(
            {
                "status": "error",
                "database": "unreachable",
                "detail": f"{type(exc).__name__}: {exc}".strip(),
            },
            status=503,
        )
    return JsonResponse({"status": "ok", "database": "ok"})


#: The editor's icon (皇 on red), for the pages that do not name one (the admin's login).
FAVICON_SVG = (
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>"
    "<circle cx='16' cy='16' r='16' fill='#a3261b'/>"
    "<text x='16' y='22' font-size='18' text-anchor='middle' fill='#ffe9a8'>皇</text></svg>"
)


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``: browsers ask for it on every page; answer with the icon, not a 404."""
    response = HttpResponse(FAVICON_SVG.encode(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response
