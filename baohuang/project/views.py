"""Project-level views that belong to no app."""

from __future__ import annotations

import logging

from django.db import connection
from django.http import HttpRequest, JsonResponse
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
