"""The language of an API request: ``?lang=zh|en`` over ``Accept-Language``.

Django's ``LocaleMiddleware`` reads ``Accept-Language`` (else ``LANGUAGE_CODE``, Chinese);
:class:`QueryLanguageMiddleware`, placed right after it, lets an API client name the
language in the query string instead (``?lang=zh``, ``?lang=en``, ``zh-CN``, ``en-US`` …),
which wins. A value that is neither Chinese nor English is ignored here (the rulebook
endpoint answers it with a 400).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from baohuang.i18n import DJANGO_CODES, short_lang

#: Where ``?lang=`` is read (the editor's and clients' requests).
PREFIXES = ("/api/",)


def request_language(request: HttpRequest) -> str:
    """The language of a request as the middlewares will choose it (``?lang=`` on the API,
    else ``Accept-Language``, else ``LANGUAGE_CODE``), for code that runs before them."""
    if request.path.startswith(PREFIXES):
        code = query_language(request)
        if code is not None:
            return code
    return translation.get_language_from_request(request)


def query_language(request: HttpRequest) -> str | None:
    """The Django language code ``?lang=`` asks for, or None (absent or unknown)."""
    raw = (request.GET.get("lang") or "").strip()
    if not raw or not raw.lower().startswith(("zh", "en")):
        return None
    return DJANGO_CODES[short_lang(raw)]


class QueryLanguageMiddleware:
    """Activate the language of ``?lang=`` for an API request (after ``LocaleMiddleware``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        code = query_language(request) if request.path.startswith(PREFIXES) else None
        if code is not None:
            translation.activate(code)
            request.LANGUAGE_CODE = code
        # LocaleMiddleware sets Content-Language (the active language) and Vary.
        return self.get_response(request)
