"""The API's session authentication: DRF's, with a CSRF failure as 403 ``csrf_failed`` in
the request's language (:mod:`baohuang.api.csrf`).

A module of its own: DRF imports the authentication classes while ``rest_framework.views``
loads, before :mod:`baohuang.api.errors` can be imported.
"""

from __future__ import annotations

from rest_framework import authentication, exceptions
from rest_framework.request import Request


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's session authentication, refusing a CSRF failure with ``CsrfFailed``."""

    def enforce_csrf(self, request: Request) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as exc:
            from baohuang.api.csrf import CsrfFailed

            raise CsrfFailed(str(exc.detail).removeprefix("CSRF Failed: ")) from exc
