"""OpenAPI pieces shared by every app's views: the error responses and what they mean."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse

from baohuang.api.serializers import ErrorSerializer

#: What each error status means in this API (the body is always the error shape).
#: A 400 of an operation whose only input is its query.
QUERY_ERROR_TEXT = (
    "A query parameter that is not valid: text holding a NUL character, a value longer or "
    "out of the range the parameter allows. `errors` names the parameter."
)

ERROR_TEXT: dict[int, str] = {
    400: "Bad input: malformed JSON, a wrong type, a value out of range, bad card notation "
    "or an invalid definition. `errors` lists every problem with its path.",
    401: "Not authenticated (or a bad token) where authentication is needed.",
    403: "Authenticated, but without the model permission this needs (catalog.add_ruleset, "
    "change_ruleset, publish_ruleset, jobs.run_simulation …).",
    404: "Unknown variant or version.",
    409: "Conflicts with the current state (see `error` for which).",
    412: "`If-Match` does not match the draft's current revision: someone else saved "
    "first. The response's `ETag` is the current revision.",
    413: "The request body is larger than the server accepts.",
    415: "The body is not `application/json`.",
    428: "`If-Match` is required (send the `ETag` of the draft you edited).",
    429: "Too many requests; `Retry-After` says how many seconds to wait.",
    503: "`overloaded`: this server process already works on as many requests as it may "
    "(BAOHUANG_MAX_IN_FLIGHT); come back after `Retry-After` seconds.",
}

#: What a 403 may also mean, added to the operations where it can happen
#: (:class:`baohuang.api.schema.ApiAutoSchema`).
READ_ONLY_TEXT = "A `read` API token on a request that changes something: `token_read_only`."
CSRF_TEXT = "A session request without a valid CSRF token: `csrf_failed`."
SESSION_ONLY_TEXT = "An API token on the token endpoints (session only): `session_required`."

#: Errors any endpoint can answer: a bad token, throttling (503 ``overloaded`` is added to
#: every operation by :class:`baohuang.api.schema.ApiAutoSchema`).
COMMON = (401, 429)
#: Errors of endpoints with a JSON body.
BODY = (400, 413, 415)


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """Error responses for ``codes`` plus :data:`COMMON`, each with the error shape."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=ERROR_TEXT[code])
        for code in sorted({*codes, *COMMON})
    }
