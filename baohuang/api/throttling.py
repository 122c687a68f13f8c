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
default Django cache: per process with the default local-memory cache; ``CACHE_URL=redis://…``
shares them between every web process and host (issue #16: with 4 gunicorn workers and
per-process counts, 2,405 of 3,000 requests passed a 600/minute limit).

Each count is one atomic ``INCR`` of a key per client, scope and window (fixed windows of
the rate's duration), not DRF's read-modify-write of a list of timestamps, which two
processes interleave and under-count. A client may therefore send up to twice the rate
across a window boundary, never more.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import (
    AnonRateThrottle,
    ScopedRateThrottle,
    UserRateThrottle,
)


def _rate(scope: str | None) -> str | None:
    if scope is None:
        return None
    rates = api_settings.DEFAULT_THROTTLE_RATES or {}
    rate = rates.get(scope)
    return str(rate) if rate is not None else None


def counted(throttle: Any, key: str | None) -> bool:
    """Count one request under ``key`` in the current window; False when over the rate.
    Sets ``throttle.remaining`` (seconds to the window's end) for the throttles' ``wait()``."""
    if throttle.rate is None or key is None:
        return True
    now = throttle.timer()
    window = int(now // throttle.duration)
    throttle.remaining = (window + 1) * throttle.duration - now
    slot = f"{key}:w{window}"
    cache = throttle.cache
    cache.add(slot, 0, timeout=throttle.duration + 5)
    try:
        count = cache.incr(slot)
    except ValueError:  # the key expired between add and incr
        cache.add(slot, 1, timeout=throttle.duration + 5)
        count = 1
    return int(count) <= throttle.num_requests


class AtomicCount:
    """Counting by :func:`counted` for DRF's rate throttles (mixed in first)."""

    def allow_request(self, request: Request, view: Any) -> bool:
        """One atomic increment; refuse when over the rate."""
        throttle: Any = self
        if throttle.rate is None:
            return True
        return counted(throttle, throttle.get_cache_key(request, view))

    def wait(self) -> float | None:
        """Seconds until the current window ends."""
        return getattr(self, "remaining", None)


class AnonThrottle(AtomicCount, AnonRateThrottle):
    """Anonymous requests, per client address (scope ``anon``)."""

    def get_rate(self) -> str | None:
        """The current rate of the scope (None: not throttled)."""
        return _rate(self.scope)


class UserThrottle(AtomicCount, UserRateThrottle):
    """Authenticated requests, per user (scope ``user``)."""

    def get_rate(self) -> str | None:
        """The current rate of the scope (None: not throttled)."""
        return _rate(self.scope)


class ScopedThrottle(AtomicCount, ScopedRateThrottle):
    """Per-view scopes (a view's ``throttle_scope``: ``rules`` or ``writes``)."""

    def allow_request(self, request: Request, view: Any) -> bool:
        """The view's scope and its rate (as DRF's), then one atomic increment."""
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return counted(self, self.get_cache_key(request, view))

    def get_rate(self) -> str | None:
        """The current rate of the view's scope (None: not throttled)."""
        return _rate(self.scope)
