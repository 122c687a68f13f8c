"""Throttles whose rates are read from the settings at request time.

DRF's own classes copy ``DEFAULT_THROTTLE_RATES`` once, at import; these read
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` on every request, so a deployment (or a test)
that changes the settings gets the new rates. Scopes (``settings.REST_FRAMEWORK``):

- ``anon``: every anonymous request, per client address;
- ``user``: every authenticated request, per user;
- ``rules``: the engine endpoints (compare, score, deal, replay, validate), per user or
  address, on top of the above;
- ``writes``: creating rule sets, saving drafts and publishing.

A throttled request gets 429 in the error shape with ``Retry-After``. Counts live in the
default Django cache (per process with the default local-memory cache; configure a shared
cache such as Redis when several web processes serve the API).
"""

from __future__ import annotations

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle


def _rate(scope: str | None) -> str | None:
    if scope is None:
        return None
    rates = api_settings.DEFAULT_THROTTLE_RATES or {}
    rate = rates.get(scope)
    return str(rate) if rate is not None else None


class AnonThrottle(AnonRateThrottle):
    """Anonymous requests, per client address (scope ``anon``)."""

    def get_rate(self) -> str | None:
        """The current rate of the scope (None: not throttled)."""
        return _rate(self.scope)


class UserThrottle(UserRateThrottle):
    """Authenticated requests, per user (scope ``user``)."""

    def get_rate(self) -> str | None:
        """The current rate of the scope (None: not throttled)."""
        return _rate(self.scope)


class ScopedThrottle(ScopedRateThrottle):
    """Per-view scopes (a view's ``throttle_scope``: ``rules`` or ``writes``)."""

    def get_rate(self) -> str | None:
        """The current rate of the view's scope (None: not throttled)."""
        return _rate(self.scope)
