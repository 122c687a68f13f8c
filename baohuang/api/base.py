"""Base views shared by the API apps (catalog endpoints and simulation jobs)."""

from __future__ import annotations

from rest_framework.views import APIView


class WriteThrottledView(APIView):
    """Views whose writes (unsafe methods) count against the ``writes`` throttle scope."""

    @property
    def throttle_scope(self) -> str | None:
        """``writes`` for unsafe methods, no extra scope for reads."""
        request = getattr(self, "request", None)
        if request is not None and request.method not in ("GET", "HEAD", "OPTIONS"):
            return "writes"
        return None
