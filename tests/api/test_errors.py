"""Bad input never gives a 500: every error has the one shape and its HTTP status."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import include, path
from rest_framework.test import APIClient

from baohuang.api.errors import (
    ApiErrorMiddleware,
    api_exception_handler,
    flatten,
    handler400,
    handler403,
    handler404,
)
from baohuang.api.parsers import MAX_DEPTH
from baohuang.catalog.models import RuleSet
from baohuang.errors import DomainError
from tests.fixtures import assert_error

pytestmark = pytest.mark.django_db

COMPARE = "/api/v1/variants/baike-common/compare/"
SCORE = "/api/v1/variants/baike-common/score/"


def _raw(client: APIClient, url: str, body: Any, content_type: str = "application/json") -> Any:
    return client.generic("POST", url, body, content_type=content_type)


# --------------------------------------------------------------------------- bodies


@pytest.mark.parametrize(
    "body",
    ["{not json", '{"candidate": "3",}', "", '{"candidate": NaN}', "\xff\xfe"],
    ids=["garbage", "trailing-comma", "empty-ish", "nan", "not-utf8"],
)
def test_malformed_json_is_400_parse_error(common: RuleSet, anon: APIClient, body: str) -> None:
    raw = body.encode("latin-1") if body != "" else b" "

    response = _raw(anon, COMPARE, raw)

    error = assert_error(response, 400, "parse_error")
    assert "JSON" in error["detail"]


def test_a_body_that_is_not_an_object_is_400(common: RuleSet, anon: APIClient) -> None:
    body = assert_error(_raw(anon, COMPARE, "[1, 2]"), 400, "invalid")

    assert body["errors"][0]["path"] == ""


def test_an_empty_body_is_400_with_the_missing_fields(common: RuleSet, anon: APIClient) -> None:
    body = assert_error(anon.post(SCORE), 400, "invalid")

    assert {e["path"] for e in body["errors"]} == {"emperor", "finish"}


def test_deep_nesting_is_400_not_a_crash(common: RuleSet, anon: APIClient) -> None:
    very_deep = "[" * 200_000 + "]" * 200_000
    deep = json.dumps(
        {"candidate": "3", "x": json.loads("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5))}
    )

    for body in (very_deep, deep):
        error = assert_error(_raw(anon, COMPARE, body), 400, "too_deep")
        assert "more than 64 levels deep" in error["detail"]
        assert error["errors"] == [
            {
                "path": "",
                "message": error["detail"],
                "code": "too_deep",
                "params": {"limit": MAX_DEPTH},
            }
        ]


def test_a_deeply_nested_definition_to_validate_is_too_deep(db: None, anon: APIClient) -> None:
    body = '{"definition": ' + "[" * 600 + "]" * 600 + "}"

    error = assert_error(_raw(anon, "/api/v1/validate/", body), 400, "too_deep")

    assert "64 levels" in error["detail"]


@pytest.mark.parametrize("text", ["3\u0000", "\ud800"])
def test_text_no_database_can_store_is_400(common: RuleSet, anon: APIClient, text: str) -> None:
    body = json.dumps({"candidate": text})  # \u escapes: valid JSON, bad text

    assert_error(_raw(anon, COMPARE, body), 400, "parse_error")


def test_form_bodies_are_415(common: RuleSet, anon: APIClient) -> None:
    response = _raw(anon, COMPARE, "candidate=3", "application/x-www-form-urlencoded")

    assert_error(response, 415, "unsupported_media_type")


def test_a_huge_body_is_413(common: RuleSet, anon: APIClient) -> None:
    huge = json.dumps(
        {"candidate": "3", "padding": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)}
    )

    body = assert_error(_raw(anon, COMPARE, huge), 413, "payload_too_large")

    assert str(settings.DATA_UPLOAD_MAX_MEMORY_SIZE) in body["detail"]


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_the_limit_is_the_setting(common: RuleSet, anon: APIClient) -> None:
    assert_error(anon.post("/api/v1/validate/", {"x": "y" * 2000}), 413, "payload_too_large")
    assert anon.post("/api/v1/validate/", {"x": "y" * 10}).status_code == 200


def test_request_data_too_big_raised_later_is_413() -> None:
    request = RequestFactory().post("/api/v1/validate/")
    middleware = ApiErrorMiddleware(lambda r: HttpResponse())

    response = middleware.process_exception(request, RequestDataTooBig("too big"))

    assert response is not None
    assert response.status_code == 413
    assert json.loads(response.content)["error"] == "payload_too_large"
    elsewhere = RequestFactory().post("/admin/")
    assert middleware.process_exception(elsewhere, RequestDataTooBig("x")) is None


def test_the_drf_handler_maps_request_data_too_big_to_413() -> None:
    response = api_exception_handler(RequestDataTooBig("too big"), {})

    assert response is not None
    assert response.status_code == 413
    assert response.data["error"] == "payload_too_large"


def test_unknown_exceptions_are_left_to_django() -> None:
    assert api_exception_handler(ZeroDivisionError(), {}) is None


def _domain_errors() -> list[type[DomainError]]:
    """Every app's error classes (their modules imported, so that each subclass exists)."""
    import baohuang.bots.mix
    import baohuang.catalog.errors
    import baohuang.jobs.errors
    import baohuang.play.errors
    import baohuang.rulebook.build
    import baohuang.simulation.balance
    import baohuang.tokens.errors  # noqa: F401

    found: list[type[DomainError]] = []
    todo = [DomainError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_domain_error_code_is_documented_with_its_status() -> None:
    """The codes a client can meet are the table of baohuang/api/errors.py, each with the
    status it comes with (a class whose code is chosen when raised says its default)."""
    import baohuang.api.errors as api_errors

    table = {
        line.split()[0]: int(line.split()[1])
        for line in (api_errors.__doc__ or "").splitlines()
        if len(line.split()) > 1 and line.split()[1].isdigit()
    }
    errors = _domain_errors()

    assert len(errors) > 20
    for cls in errors:
        assert table.get(cls.error) == cls.status, cls


def test_a_domain_error_is_answered_once_with_its_code_status_field_and_params() -> None:
    """Any service's error reaches the client as the error shape, whichever view met it."""
    from baohuang.jobs.errors import InvalidJob, QuotaExceeded

    refused = api_exception_handler(
        InvalidJob("games", "Too many games.", "too_expensive", {"limit": 5}), {}
    )
    quota = api_exception_handler(QuotaExceeded("Too much queued.", {"limit": 9}), {})

    assert refused is not None
    assert quota is not None
    assert (refused.status_code, refused.data) == (
        400,
        {
            "error": "invalid",
            "detail": "Too many games.",
            "errors": [
                {
                    "path": "games",
                    "message": "Too many games.",
                    "code": "too_expensive",
                    "params": {"limit": 5},
                }
            ],
        },
    )
    assert (quota.status_code, quota.data["error"], quota.data["errors"][0]["path"]) == (
        429,
        "quota_exceeded",
        "games",
    )


def test_flatten_gives_paths_for_nested_errors() -> None:
    detail = {
        "finish": {"2": ["bad seat"]},
        "non_field_errors": ["whole"],
        "record": {"actions": [{}, ["no"]]},
    }

    assert flatten(detail) == [
        {"path": "finish[2]", "message": "bad seat", "code": "invalid"},
        {"path": "", "message": "whole", "code": "invalid"},
        {"path": "record.actions[1]", "message": "no", "code": "invalid"},
    ]


# --------------------------------------------------------------------------- URLs, methods


@pytest.mark.parametrize("debug", [True, False])
def test_unknown_api_urls_are_404_json_whatever_debug_says(
    db: None, anon: APIClient, debug: bool
) -> None:
    with override_settings(DEBUG=debug):
        for method in ("get", "post", "put", "delete"):
            response = getattr(anon, method)("/api/v1/nothing/here/")
            assert_error(response, 404, "not_found")


def test_a_missing_trailing_slash_gets_a_hint(db: None, anon: APIClient) -> None:
    body = assert_error(anon.post("/api/v1/validate", {}), 404, "not_found")

    assert "/api/v1/validate/" in body["detail"]


def test_a_wrong_method_is_405(common: RuleSet, anon: APIClient) -> None:
    assert_error(anon.delete("/api/v1/variants/"), 405, "method_not_allowed")
    assert_error(anon.get(COMPARE), 405, "method_not_allowed")


def test_a_path_that_is_not_a_slug_is_404(db: None, anon: APIClient) -> None:
    assert_error(anon.get("/api/v1/variants/no%20way/"), 404, "not_found")


# --------------------------------------------------------------------------- Django handlers


def _boom(request: HttpRequest) -> HttpResponse:
    raise ZeroDivisionError("a bug")


urlpatterns = [
    path("api/boom/", _boom),
    path("boom/", _boom),
    path("", include("baohuang.project.urls")),
]
handler500 = "baohuang.api.errors.handler500"


@pytest.mark.parametrize("debug", [False, True])
def test_a_500_on_an_api_path_is_json_in_the_error_shape(db: None, debug: bool) -> None:
    """In every mode: with DEBUG on Django answers with its (225 KB) HTML debug page."""
    client = Client(raise_request_exception=False)

    with override_settings(ROOT_URLCONF=__name__, DEBUG=debug):
        response = client.get("/api/boom/")
        page = client.get("/boom/")

    body = assert_error(response, 500, "server_error")
    assert "bug" in body["detail"]
    assert "ZeroDivisionError" not in response.content.decode()
    assert page.status_code == 500
    assert not page["Content-Type"].startswith("application/json")


class _RefusingMiddleware:
    """A middleware that fails as a database refusing connections would."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from django.db import OperationalError

        raise OperationalError("FATAL: sorry, too many clients already")


@pytest.mark.parametrize("debug", [False, True])
def test_a_500_raised_by_a_middleware_on_an_api_path_is_json(db: None, debug: bool) -> None:
    client = Client(raise_request_exception=False)
    middleware = [*settings.MIDDLEWARE, f"{__name__}._RefusingMiddleware"]

    with override_settings(DEBUG=debug, MIDDLEWARE=middleware):
        response = client.put("/api/v1/variants/x/draft/", "{}", content_type="application/json")

    assert_error(response, 500, "server_error")


def test_django_handlers_answer_json_on_api_paths_only() -> None:
    factory = RequestFactory()
    api, page = factory.get("/api/v1/x/"), factory.get("/admin/x/")

    for handler, status in ((handler400, 400), (handler403, 403), (handler404, 404)):
        response = handler(api, Exception("x"))
        assert response.status_code == status
        assert response["Content-Type"] == "application/json"
        assert set(json.loads(response.content)) == {"error", "detail", "errors"}
        assert handler(page, Exception("x"))["Content-Type"].startswith("text/html")
    too_big = handler400(api, RequestDataTooBig("x"))
    assert too_big.status_code == 413


# --------------------------------------------------------------------------- throttling


def _rates(**rates: str) -> dict[str, Any]:
    return {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def test_anonymous_clients_are_throttled_with_429(common: RuleSet, anon: APIClient) -> None:
    with override_settings(REST_FRAMEWORK=_rates(anon="3/minute")):
        for _ in range(3):
            assert anon.get("/api/v1/variants/").status_code == 200
        response = anon.get("/api/v1/variants/")

    assert_error(response, 429, "throttled")
    assert int(response["Retry-After"]) > 0


def test_authenticated_clients_have_their_own_rate(
    common: RuleSet, anon: APIClient, outsider_client: APIClient
) -> None:
    with override_settings(REST_FRAMEWORK=_rates(anon="1/minute", user="2/minute")):
        assert anon.get("/api/v1/variants/").status_code == 200
        assert_error(anon.get("/api/v1/variants/"), 429)
        assert outsider_client.get("/api/v1/variants/").status_code == 200
        assert outsider_client.get("/api/v1/variants/").status_code == 200
        assert_error(outsider_client.get("/api/v1/variants/"), 429, "throttled")


def test_the_rules_scope_throttles_engine_endpoints(common: RuleSet, anon: APIClient) -> None:
    with override_settings(REST_FRAMEWORK=_rates(rules="2/minute")):
        for _ in range(2):
            assert anon.post(COMPARE, {"candidate": "3"}).status_code == 200
        assert_error(anon.post(COMPARE, {"candidate": "3"}), 429, "throttled")
        assert anon.get("/api/v1/variants/").status_code == 200  # other scopes unaffected


def test_the_writes_scope_throttles_drafts(common: RuleSet, staff_client: APIClient) -> None:
    draft = "/api/v1/variants/baike-common/draft/"
    with override_settings(REST_FRAMEWORK=_rates(writes="1/minute")):
        assert (
            staff_client.put(draft, {"definition": common.draft}, HTTP_IF_MATCH="*").status_code
            == 200
        )
        assert_error(staff_client.put(draft, {"definition": common.draft}, HTTP_IF_MATCH="*"), 429)
        assert staff_client.get(draft).status_code == 200
