"""The one error shape of the API and everything that produces it.

Every error response, whatever raised it, has the body (docs/design.md §7, **contract**)::

    {"error": "<code>", "detail": "<a sentence>",
     "errors": [{"path": "...", "message": "...", "code": "...", "params": {...}}]}

``error`` is a short machine-readable code (the table below), ``detail`` a sentence a
person can read, ``errors`` the individual problems, each with a JSON path into the request
body (``finish``, ``candidate``, ``definition.deck.decks``; empty for the request as a
whole), its sentence, a machine ``code`` (a validation problem's code such as
``hand_sizes_sum``, DRF's ``required`` / ``max_value`` …, else the error's code) and the
``params`` the sentence was made from (``{"sum": 164, "deck": 165}``; may be empty). At most
:data:`MAX_PROBLEMS` (50) problems are listed; then a last one with the code
``more_problems`` and ``params.count`` says how many more there were. A query parameter's
problem has the parameter's name as its path (``variant`` of ``?variant=``).

Every sentence (``detail`` and ``message``) is in the request's language: ``?lang=zh|en``,
else ``Accept-Language``, else Chinese (:mod:`baohuang.api.language`). Codes, params and
paths never change with the language. Sources:

- DRF exceptions and :class:`ApiError`, through :func:`api_exception_handler` (the DRF
  ``EXCEPTION_HANDLER``); every app's :class:`~baohuang.errors.DomainError` (raised by the
  services and selectors, with its own code, status and field) is mapped there, once
  (:func:`from_domain`): views do not catch them;
- :class:`ApiErrorMiddleware`: bodies larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413,
  checked from ``Content-Length`` before anything reads the body, by reading at most one
  byte more of a chunked body, and again if Django raises ``RequestDataTooBig`` later);
- :func:`handler404` / :func:`handler500` (and 400, 403) for ``/api/`` paths, and
  :func:`api_not_found` for unknown ``/api/`` URLs (so DEBUG's HTML page never answers a
  client).

::

    =====================  ======  ====================================================
    code                   status  when
    =====================  ======  ====================================================
    invalid                400     a field is missing, of the wrong type or out of range
    parse_error            400     the body is not well-formed JSON
    too_deep               400     the body nests objects and arrays more than 64 levels deep
    bad_notation           400     a play or card in notation cannot be read
    not_in_deck            400     ``previous`` is a play the variant's deck cannot contain
    invalid_definition     400     a definition has errors in the variant language
    checksum_mismatch      400     a game record's checksum is not the version's
    not_authenticated      401     no credentials where they are needed
    authentication_failed  401     a bad session
    token_invalid …        401     a bad API token: ``token_invalid``, ``token_revoked``,
                                   ``token_expired``, ``token_malformed``, ``user_inactive``
                                   (:mod:`baohuang.tokens.refusals`)
    permission_denied      403     authenticated, but not allowed
    csrf_failed            403     a session request failed the CSRF check (``params.reason``)
    token_read_only        403     a ``read`` API token on a request that changes something
    session_required       403     an API token on the token endpoints (session only)
    not_found              404     unknown URL, variant or version
    no_origin              404     a diff against the origin of a rule set that is no clone
    method_not_allowed     405
    not_acceptable         406
    slug_taken             409     a rule set with this slug exists
    nothing_to_publish     409     the draft equals the latest version
    draft_invalid          409     publishing a draft that has errors
    publish_conflict       409     a concurrent publish took the version number
    conflict               409     another conflict with the catalog as it is
    job_finished           409     cancelling a job that succeeded or failed
    play_differs           409     re-scoring under a definition that plays other games
    not_rescorable         409     re-scoring (or balancing) a job without a result to re-score
    proposal_conflict      409     keeping a balance proposal in a draft whose cells changed since
    version_immutable      409     a published version cannot change
    version_unusable       409     a stored version no longer compiles
    stale_draft            412     ``If-Match`` is not the draft's current revision
    payload_too_large      413
    unsupported_media_type 415     the body is not ``application/json``
    precondition_required  428     ``PUT …/draft/`` without ``If-Match``
    throttled              429     too many requests (``Retry-After`` says when to retry)
    quota_exceeded         429     the account's queued jobs cost too much already
    server_error           500     a bug
    =====================  ======  ====================================================
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from baohuang.api.language import request_language
from baohuang.errors import DomainError, problem_items
from baohuang.rules import Problem

logger = logging.getLogger(__name__)

#: The URL prefix whose errors are answered as JSON.
API_PREFIX = "/api/"

#: The most problems one error response lists (a last one, ``more_problems``, counts the
#: others): an answer stays small whatever the body held.
MAX_PROBLEMS = 50

#: One problem: ``{path, message}`` and, in a response, ``code`` and ``params``.
ErrorItem = dict[str, Any]


def error_item(
    path: str, message: str, code: str | None = None, params: Mapping[str, Any] | None = None
) -> ErrorItem:
    """A problem of an error response; ``code`` defaults to the error's own code."""
    item: ErrorItem = {"path": path, "message": message}
    if code is not None:
        item["code"] = code
    if params:
        item["params"] = dict(params)
    return item


def error_body(code: str, detail: str, errors: Iterable[ErrorItem] = ()) -> dict[str, Any]:
    """The error shape: ``{"error", "detail", "errors": [{"path", "message", "code",
    "params"}]}``; a problem without its own code gets the error's. At most
    :data:`MAX_PROBLEMS` problems are listed; a last one (``more_problems``) counts the rest."""
    listed = list(errors)
    # A source that stopped early (a body with 100,000 unknown fields) counts what it left.
    left = sum(
        int(item.get("params", {}).get("count", 0))
        for item in listed
        if item.get("code") == "more_problems"
    )
    listed = [item for item in listed if item.get("code") != "more_problems"]
    items = [
        {
            "path": str(item.get("path", "")),
            "message": str(item.get("message", "")),
            "code": str(item.get("code") or code),
            "params": dict(item.get("params") or {}),
        }
        for item in listed[:MAX_PROBLEMS]
    ]
    omitted = max(0, len(listed) - MAX_PROBLEMS) + left
    if omitted > 0:
        items.append(
            {
                "path": "",
                "message": more_problems(omitted),
                "code": "more_problems",
                "params": {"count": omitted},
            }
        )
    return {"error": code, "detail": str(detail), "errors": items}


def more_problems(count: int) -> str:
    """The sentence of the last problem of a long list: how many more are not listed."""
    return ngettext(
        "%(count)d more problem is not listed.", "%(count)d more problems are not listed.", count
    ) % {"count": count}


def json_error(
    code: str,
    detail: str,
    status_code: int,
    errors: Iterable[ErrorItem] = (),
    headers: Mapping[str, str] | None = None,
) -> JsonResponse:
    """A plain Django JSON response in the error shape (for code outside DRF views)."""
    response = JsonResponse(
        error_body(code, detail, errors),
        status=status_code,
        json_dumps_params={"ensure_ascii": False},
    )
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def prefixed(problems: Iterable[Problem], prefix: str = "") -> list[ErrorItem]:
    """Problems as ``{path, message, code, params}``, their paths placed under ``prefix``
    (a body field)."""
    return problem_items(problems, prefix)


class ApiError(exceptions.APIException):
    """An error with a code, a sentence and (optionally) problems with paths.

    Raise it from views; :func:`api_exception_handler` renders it in the error shape.
    ``headers`` are added to the response (``ETag`` on a 412, for instance).
    """

    status_code: int = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"
    default_detail = gettext_lazy("The request is not valid.")

    def __init__(
        self,
        detail: str | None = None,
        *,
        code: str | None = None,
        status_code: int | None = None,
        errors: Sequence[ErrorItem] = (),
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(detail or str(self.default_detail), code or self.default_code)
        if status_code is not None:
            self.status_code = status_code
        self.code = code or self.default_code
        self.errors = list(errors)
        self.headers = dict(headers or {})


class PayloadTooLarge(ApiError):
    """413: the body is larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"

    def __init__(self) -> None:
        super().__init__(too_large_detail())


class PreconditionRequired(ApiError):
    """428: a conditional request (``If-Match``) is required."""

    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_code = "precondition_required"


class PreconditionFailed(ApiError):
    """412: ``If-Match`` does not match the current revision."""

    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "stale_draft"


def too_large_detail() -> str:
    """The sentence of a 413."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return _(
        "The request body is too large: the limit is %(limit)s bytes (%(kib)s KiB). "
        "Variant definitions and game records are far smaller."
    ) % {"limit": limit, "kib": limit // 1024}


# --------------------------------------------------------------------------- DRF errors


def _drf_item(path: str, detail: Any) -> ErrorItem:
    """One DRF message (an ``ErrorDetail`` carries DRF's code: ``required``, ``max_value``)."""
    code = getattr(detail, "code", None)
    return error_item(path, str(detail), code if isinstance(code, str) else "invalid")


def flatten(detail: Any, path: str = "") -> list[ErrorItem]:
    """DRF's nested validation errors as a flat list of ``{path, message, code}``.

    ``{"finish": {"2": ["…"]}}`` becomes ``[{"path": "finish[2]", "message": "…", …}]``;
    ``non_field_errors`` and top-level lists belong to the whole body (path ``""``).
    """
    if isinstance(detail, Mapping):
        out: list[ErrorItem] = []
        for key, value in detail.items():
            key_text = str(key)
            if key_text in ("non_field_errors", api_settings.NON_FIELD_ERRORS_KEY):
                child = path
            elif key_text.isdigit():
                child = f"{path}[{key_text}]"
            else:
                child = f"{path}.{key_text}" if path else key_text
            out.extend(flatten(value, child))
        return out
    if isinstance(detail, list | tuple):
        if all(isinstance(item, str) for item in detail):
            return [_drf_item(path, item) for item in detail]
        out = []
        for index, item in enumerate(detail):
            if isinstance(item, str):
                out.append(_drf_item(path, item))
            elif item:  # DRF puts {} for list items without errors
                out.extend(flatten(item, f"{path}[{index}]"))
        return out
    return [_drf_item(path, detail)]


def validation_detail(errors: Sequence[ErrorItem]) -> str:
    """The sentence of a 400 ``invalid``: its first problem, and how many more there are."""
    listed = [e for e in errors if e.get("code") != "more_problems"]
    left = sum(
        int(e.get("params", {}).get("count", 0)) for e in errors if e.get("code") == "more_problems"
    )
    if not listed:
        return _("The request is not valid.")
    first = listed[0]
    if first["path"]:
        text = _("The request is not valid: %(path)s: %(problem)s") % {
            "path": first["path"],
            "problem": first["message"],
        }
    else:
        text = _("The request is not valid: %(problem)s") % {"problem": first["message"]}
    more = len(listed) - 1 + left
    if more > 0:
        text += ngettext(
            " (and %(count)d more problem)", " (and %(count)d more problems)", more
        ) % {"count": more}
    return text


def from_domain(exc: DomainError) -> ApiError:
    """A domain error (any app's, :class:`baohuang.errors.DomainError`) as the API answers
    it: its code, status, sentence, problems and headers, as the error says them."""
    return ApiError(
        exc.detail,
        code=exc.error,
        status_code=exc.status,
        errors=exc.error_items(),
        headers=exc.headers(),
    )


def _throttled_detail(wait: float | None) -> str:
    """The sentence of a 429, with the wait in whole seconds when it is known."""
    if wait is None:
        return _("Too many requests; try again later.")
    seconds = max(1, int(wait))
    return ngettext(
        "Too many requests; try again in %(count)d second.",
        "Too many requests; try again in %(count)d seconds.",
        seconds,
    ) % {"count": seconds}


def api_exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: every known error becomes the one error shape.

    Unknown exceptions return None, so Django's 500 handling (and :func:`handler500`)
    takes over: a 500 is a bug and is logged with its traceback.
    """
    if isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or _("Nothing is here."))
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, DomainError):
        exc = from_domain(exc)
    if not isinstance(exc, exceptions.APIException):
        return None

    headers: dict[str, str] = {}
    auth_header = getattr(exc, "auth_header", None)
    if auth_header:
        headers["WWW-Authenticate"] = auth_header
    wait = getattr(exc, "wait", None)
    if wait is not None:
        headers["Retry-After"] = str(int(wait))
    if isinstance(exc, exceptions.Throttled):
        # DRF formats the wait into its sentence before looking it up: never translated.
        exc = exceptions.Throttled(detail=_throttled_detail(wait))

    if isinstance(exc, ApiError):
        body = error_body(exc.code, str(exc.detail), exc.errors)
        headers.update(exc.headers)
    elif isinstance(exc, exceptions.ValidationError):
        errors = flatten(exc.detail)
        body = error_body("invalid", validation_detail(errors), errors)
    else:
        detail = exc.detail
        text = (
            str(detail)
            if not isinstance(detail, list | dict)
            else validation_detail(flatten(detail))
        )
        code = exc.default_code if isinstance(exc.default_code, str) else "error"
        items: list[ErrorItem] = []
        problem = getattr(exc, "problem", None)
        if isinstance(problem, Problem):  # too_deep: the variant language's problem
            items = [
                {
                    "path": problem.path,
                    "message": problem.message,
                    "code": problem.code,
                    "params": dict(problem.params),
                }
            ]
        elif isinstance(exc, exceptions.ParseError):
            code = "parse_error"
        body = error_body(code, text, items)
    set_rollback()
    return Response(body, status=exc.status_code, headers=headers)


# --------------------------------------------------------------------------- Django level


def is_api(request: HttpRequest) -> bool:
    """True for requests to the API (answered as JSON even by Django's error handlers)."""
    return request.path.startswith(API_PREFIX)


class ApiErrorMiddleware:
    """413 in the error shape for bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` on ``/api/``, and
    every 500 on ``/api/`` as JSON whatever ``DEBUG`` says (Django's debug page is HTML).

    The ``Content-Length`` is checked before any view or middleware reads the body; a
    ``RequestDataTooBig`` raised later (a body without a length, read by a non-DRF view)
    is caught in :meth:`process_exception`. Place it near the top of ``MIDDLEWARE``.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api(request):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except (TypeError, ValueError):
                length = 0
            if limit is not None and length > limit:
                # This runs before LocaleMiddleware: choose the language here.
                with translation.override(request_language(request)):
                    return json_error("payload_too_large", too_large_detail(), 413)
            if not length and _chunked(request) and not _read_chunked(request, limit):
                with translation.override(request_language(request)):
                    return json_error("payload_too_large", too_large_detail(), 413)
            with translation.override(request_language(request)):
                problems = query_problems(request)
                if problems:
                    return json_error("invalid", validation_detail(problems), 400, problems)
        response = self.get_response(request)
        if (
            response.status_code == 500
            and is_api(request)
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            # An exception anywhere below (a view, a middleware, the database refusing a
            # connection) was turned into a page by Django, already logged with its
            # traceback: DEBUG's technical page or handler500. A client gets JSON, always.
            return server_error_response()
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """Turn ``RequestDataTooBig`` into a 413 on API paths; leave the rest to Django."""
        if isinstance(exception, RequestDataTooBig) and is_api(request):
            return json_error("payload_too_large", too_large_detail(), 413)
        return None


def query_problems(request: HttpRequest) -> list[ErrorItem]:
    """The query parameters whose name or value is text no database can store (a NUL, an
    unpaired surrogate): the same check as a body's text
    (:func:`.parsers.check_document`), for every endpoint at once (``?variant=%00`` was a
    500 on PostgreSQL).
    Each problem's path is the parameter's name."""
    from baohuang.api.parsers import bad_text

    items: list[ErrorItem] = []
    for name, values in request.GET.lists():
        for text in (name, *values):
            reason = bad_text(text)
            if reason is not None:
                shown = name.replace("\x00", "\\u0000")[:60]
                message = _("The query parameter %(name)s cannot be read: %(reason)s.") % {
                    "name": shown,
                    "reason": reason,
                }
                items.append(error_item(shown, message, "invalid_text", {"parameter": shown}))
                break
    return items


def _chunked(request: HttpRequest) -> bool:
    """A body sent with ``Transfer-Encoding: chunked`` (it has no ``Content-Length``)."""
    return "chunked" in str(request.META.get("HTTP_TRANSFER_ENCODING", "")).lower()


def _read_chunked(request: HttpRequest, limit: int | None) -> bool:
    """Read a chunked body (at most ``limit`` + 1 bytes) and hand it on as if it had come
    with its ``Content-Length``; False when it is larger than ``limit``.

    Django (and DRF) read a body without ``Content-Length`` as empty: a chunked definition
    would be validated as ``{}``, and a chunked 5 MB body would pass unseen. gunicorn
    decodes the chunks in ``wsgi.input``; runserver does not support chunked bodies.
    """
    stream = request.META.get("wsgi.input")
    if stream is None:
        return True
    most = (limit if limit is not None else 2**62) + 1
    parts: list[bytes] = []
    size = 0
    while size < most:
        part = stream.read(min(64 * 1024, most - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size > most - 1:
        # Read on (and drop) what the client is still sending, up to a bound, so that it
        # gets to read the 413 instead of a broken pipe; gunicorn's timeout bounds the rest.
        for _ in range(8 * most // (64 * 1024) + 1):
            if not stream.read(64 * 1024):
                break
        return False
    body = b"".join(parts)
    request.META["CONTENT_LENGTH"] = str(len(body))
    request._stream = io.BytesIO(body)
    return True


@csrf_exempt
def api_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """404 for any unknown ``/api/`` URL (whatever the method), in the error shape.

    A path that only lacks its trailing slash gets a hint instead of Django's redirect
    (which cannot keep a POST body).
    """
    from django.urls import Resolver404, resolve

    hint = ""
    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not api_not_found:
            hint = " " + _("Did you mean %(path)s/ (with the trailing slash)?") % {
                "path": request.path
            }
    detail = _("There is no API endpoint at %(path)s.") % {"path": request.path}
    return json_error("not_found", detail + hint, 404)


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 404 handler: JSON for ``/api/`` paths, the usual page elsewhere."""
    if is_api(request):
        return json_error("not_found", _("Nothing is here."), 404)
    return defaults.page_not_found(request, exception)


def server_error_response() -> JsonResponse:
    """The 500 in the error shape (the exception is logged by Django, never shown)."""
    return json_error(
        "server_error",
        _(
            "Something went wrong on the server; the error was logged. This is a bug: "
            "please report it with the request that caused it."
        ),
        500,
    )


def handler500(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler: JSON for ``/api/`` paths, the usual page elsewhere."""
    if is_api(request):
        return server_error_response()
    return defaults.server_error(request)


def handler400(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 handler (suspicious or malformed requests): JSON for ``/api/`` paths."""
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return json_error("payload_too_large", too_large_detail(), 413)
        return json_error("bad_request", _("The request could not be understood."), 400)
    return defaults.bad_request(request, exception)


def handler403(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 403 handler: JSON for ``/api/`` paths."""
    if is_api(request):
        return json_error("permission_denied", _("You may not do this."), 403)
    return defaults.permission_denied(request, exception)
