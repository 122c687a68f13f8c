"""A CSRF failure answered in the request's language, with a code (issue #14).

Django words its CSRF reasons in English (``CSRF token missing.``) and DRF's session
authentication wraps them as ``CSRF Failed: …``, a 403 ``permission_denied``. The editor
(a browser session) showed that English to a Chinese-speaking operator. Here:

- :class:`baohuang.api.authentication.SessionAuthentication` refuses with
  :class:`CsrfFailed`: 403, code ``csrf_failed``, the sentence in the request's language,
  and one error item whose ``params.reason`` is the cause's code (``token_missing`` …);
- :func:`csrf_failure` (``CSRF_FAILURE_VIEW``) answers the same JSON for any other
  ``/api/`` URL and Django's own (translated) page elsewhere.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware import csrf as django_csrf
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure as django_csrf_failure
from rest_framework import status

from baohuang.api.errors import ApiError, error_item, is_api, json_error

#: Django's reason sentences and the codes for them.
_CAUSES: dict[str, str] = {
    django_csrf.REASON_NO_CSRF_COOKIE: "cookie_missing",
    django_csrf.REASON_CSRF_TOKEN_MISSING: "token_missing",
    django_csrf.REASON_BAD_ORIGIN.split("%")[0]: "bad_origin",
    django_csrf.REASON_NO_REFERER: "referer_missing",
    django_csrf.REASON_BAD_REFERER.split("%")[0]: "bad_referer",
    django_csrf.REASON_MALFORMED_REFERER: "bad_referer",
    django_csrf.REASON_INSECURE_REFERER: "insecure_referer",
}


def cause_code(reason: str) -> str:
    """The code of Django's reason sentence (``token_incorrect`` for a wrong token)."""
    for text, code in _CAUSES.items():
        if reason.startswith(text.rstrip(".")):
            return code
    if "CSRF token from" in reason or "incorrect" in reason or "invalid" in reason.lower():
        return "token_incorrect"
    return "other"


def message(cause: str) -> str:
    """The sentence for a CSRF failure of ``cause``, in the active language."""
    causes = {
        "cookie_missing": _(
            "The CSRF cookie is missing: reload the page (cookies must be allowed) and try again."
        ),
        "token_missing": _("The request carries no CSRF token: reload the page and try again."),
        "token_incorrect": _(
            "The CSRF token is out of date or wrong (you may have logged in again in "
            "another tab): reload the page and try again."
        ),
        "bad_origin": _("The request comes from another site (its Origin is not trusted)."),
        "referer_missing": _("The request has no Referer header, which HTTPS requires here."),
        "bad_referer": _("The request comes from another site (its Referer is not trusted)."),
        "insecure_referer": _("The request comes from an insecure (http) page."),
    }
    return causes.get(cause) or _(
        "The request failed the CSRF check: reload the page and try again."
    )


class CsrfFailed(ApiError):
    """403 ``csrf_failed``: the session's request failed the CSRF check."""

    status_code = status.HTTP_403_FORBIDDEN

    def __init__(self, reason: str) -> None:
        cause = cause_code(reason)
        text = message(cause)
        super().__init__(
            text,
            code="csrf_failed",
            errors=[error_item("", text, "csrf_failed", {"reason": cause})],
            status_code=status.HTTP_403_FORBIDDEN,
        )


def csrf_failure(request: HttpRequest, reason: str = "", **kwargs: Any) -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: the API's error shape for ``/api/``, Django's page elsewhere."""
    if is_api(request):
        cause = cause_code(reason)
        text = message(cause)
        return json_error(
            "csrf_failed", text, 403, [error_item("", text, "csrf_failed", {"reason": cause})]
        )
    return django_csrf_failure(request, reason, **kwargs)
