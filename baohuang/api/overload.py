"""Shed load instead of queueing it: a cap on the requests one process works on at once.

gunicorn's ``gthread`` workers (gunicorn.conf.py) accept more connections than they work
on: each worker has ``WEB_THREADS`` threads, and at most ``BAOHUANG_MAX_IN_FLIGHT`` of them
get past the cap at a time. A request beyond that is answered at once with **503**
``overloaded`` (the error shape, in the request's language, ``Retry-After: 1``), so under a
flood clients learn in milliseconds to come back, instead of waiting behind every earlier
request (at 150 req/s the 99th percentile was 28 s).

The cap is checked before any work is done for the request: :func:`shed_load` wraps the
WSGI application (``baohuang/project/wsgi.py``), so a refused request never reaches Django
(no request object, no middleware, no session, authentication, body parsing or database),
and the 503 is bytes made once per language. When a refusal costs as much as an answer, a
saturated CPU spends itself on refusals and good throughput collapses as the offered load
rises (before: 78 answers a second at 100 offered, 35 at 200). :class:`MaxInFlightMiddleware`,
first in ``MIDDLEWARE``, does the same for a handler that does not come through
``wsgi.py`` (ASGI, a test's handler); a request the WSGI wrapper admitted passes it.

A request that has already waited ``BAOHUANG_MAX_QUEUE_MS`` (default 500) in the server's
queues is refused the same way, even when a thread is free: under a flood gunicorn's
workers accept connections faster than they work on them, and in a first-come first-served
queue every request comes too late (refusals too: a 99th percentile of 4.7 s at 800 offered
a second). Refusing the stale ones keeps the queue short, so the fresh ones are answered in
time. The wait is the kernel's: the milliseconds since the request's last bytes arrived
(``TCP_INFO``, Linux; elsewhere, or on a Unix socket, only the in-flight cap applies).

``/healthz`` and static files are never refused. ``BAOHUANG_MAX_IN_FLIGHT = 0`` turns
the cap off, ``BAOHUANG_MAX_QUEUE_MS = 0`` the wait check.
"""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Callable, Iterable
from functools import lru_cache
from http.cookies import CookieError, SimpleCookie
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    parse_accept_lang_header,
)

from baohuang.api.language import PREFIXES, request_language
from baohuang.i18n import DJANGO_CODES, short_lang

if TYPE_CHECKING:  # the WSGI types exist only for type checkers
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: Paths never refused: the load balancer's health check and static files.
EXEMPT = ("/healthz", "/static/")
#: Seconds a refused client is asked to wait.
RETRY_AFTER = 1
#: The WSGI environ key saying :func:`shed_load` already admitted (and counts) a request.
ADMITTED = "baohuang.admitted"


def max_in_flight() -> int:
    """``BAOHUANG_MAX_IN_FLIGHT`` (0: no cap)."""
    return int(getattr(settings, "BAOHUANG_MAX_IN_FLIGHT", 0) or 0)


def max_queue_ms() -> int:
    """``BAOHUANG_MAX_QUEUE_MS`` (0: no check of the wait)."""
    return int(getattr(settings, "BAOHUANG_MAX_QUEUE_MS", 0) or 0)


#: Linux's ``struct tcp_info``: ``tcpi_last_data_recv`` (ms) is the 32-bit field at byte 52.
_LAST_DATA_RECV = struct.Struct("=I")
_LAST_DATA_RECV_OFFSET = 52
_TCP_INFO: int | None = getattr(socket, "TCP_INFO", None)


def queued_ms(environ: WSGIEnvironment) -> int | None:
    """Milliseconds since the request's last bytes reached this machine (so: how long it
    waited for a thread, plus the reading), from gunicorn's client socket; None when that
    cannot be known (no socket, not TCP, not Linux)."""
    sock = environ.get("gunicorn.socket")
    if _TCP_INFO is None or not isinstance(sock, socket.socket):
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, _TCP_INFO, 104)
    except OSError:  # a Unix socket from a proxy on the same machine
        return None
    if len(info) < _LAST_DATA_RECV_OFFSET + 4:
        return None
    return int(_LAST_DATA_RECV.unpack_from(info, _LAST_DATA_RECV_OFFSET)[0])


class InFlight:
    """The number of requests being worked on, counted across a process's threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0

    def enter(self, limit: int) -> bool:
        """Count one more request unless ``limit`` are already in flight (then False)."""
        with self.lock:
            if self.count >= limit:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        """One request fewer."""
        with self.lock:
            self.count -= 1


# --------------------------------------------------------------------------- WSGI level


def shed_load(app: WSGIApplication) -> WSGIApplication:
    """``app`` behind the in-flight cap: over ``BAOHUANG_MAX_IN_FLIGHT`` requests of this
    process at once, the next is answered 503 ``overloaded`` before Django sees it."""
    in_flight = InFlight()

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        limit = max_in_flight()
        if limit <= 0 or str(environ.get("PATH_INFO", "")).startswith(EXEMPT):
            return app(environ, start_response)
        wait = max_queue_ms()
        stale = wait > 0 and (queued_ms(environ) or 0) > wait
        if stale or not in_flight.enter(limit):
            body, headers = refusal(wsgi_language(environ))
            start_response("503 Service Unavailable", list(headers))
            return [body]
        environ[ADMITTED] = True
        try:
            return app(environ, start_response)
        finally:
            in_flight.leave()

    application.in_flight = in_flight  # type: ignore[attr-defined]  # for tests and debugging
    return application


def wsgi_language(environ: WSGIEnvironment) -> str:
    """The Django language code a request is answered in, read from the WSGI environ as
    :func:`baohuang.api.language.request_language` reads it from a request: ``?lang=`` on
    the API, else the language cookie, else ``Accept-Language``, else ``LANGUAGE_CODE``."""
    query = str(environ.get("QUERY_STRING", ""))
    if "lang=" in query and str(environ.get("PATH_INFO", "")).startswith(PREFIXES):
        raw = (parse_qs(query).get("lang") or [""])[-1].strip()
        if raw.lower().startswith(("zh", "en")):
            return DJANGO_CODES[short_lang(raw)]
    cookie_name = settings.LANGUAGE_COOKIE_NAME
    cookies = str(environ.get("HTTP_COOKIE", ""))
    if cookie_name in cookies:
        try:
            morsel = SimpleCookie(cookies).get(cookie_name)
        except CookieError:
            morsel = None
        if morsel is not None:
            try:
                return get_supported_language_variant(morsel.value)
            except LookupError:
                pass
    for code, _quality in parse_accept_lang_header(str(environ.get("HTTP_ACCEPT_LANGUAGE", ""))):
        if code == "*":
            break
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


@lru_cache(maxsize=8)
def refusal(language: str) -> tuple[bytes, tuple[tuple[str, str], ...]]:
    """The 503 ``overloaded`` in ``language``: its body and headers, made once."""
    response = overloaded_response(language)
    headers = (
        ("Content-Type", response["Content-Type"]),
        ("Content-Length", str(len(response.content))),
        ("Content-Language", language),
        ("Vary", "Accept-Language"),
        ("Retry-After", str(RETRY_AFTER)),
        ("X-Content-Type-Options", "nosniff"),
    )
    return response.content, headers


# --------------------------------------------------------------------------- Django level


class MaxInFlightMiddleware:
    """503 ``overloaded`` when this process already works on ``BAOHUANG_MAX_IN_FLIGHT``
    requests (counted per process, across its threads), for requests that did not come
    through :func:`shed_load`. Put it first in ``MIDDLEWARE``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.in_flight = InFlight()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = max_in_flight()
        if limit <= 0 or request.META.get(ADMITTED) or request.path.startswith(EXEMPT):
            return self.get_response(request)
        if not self.in_flight.enter(limit):
            return overloaded(request)
        try:
            return self.get_response(request)
        finally:
            self.in_flight.leave()


def overloaded(request: HttpRequest) -> HttpResponse:
    """The 503: JSON in the error shape, in the request's language, with ``Retry-After``."""
    return overloaded_response(request_language(request))


def overloaded_response(language: str) -> HttpResponse:
    """The 503 ``overloaded`` in ``language`` (a Django language code)."""
    from baohuang.api.errors import json_error

    with translation.override(language):
        response: HttpResponse = json_error(
            "overloaded",
            _("The server is busy; try again in a second."),
            503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )
    return response
