"""The OpenAPI 3.1 document, Swagger UI, and a schemathesis run against the schema."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import schemathesis
from django.conf import settings
from django.contrib.auth.models import User
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.db import close_old_connections
from django.test import override_settings
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from baohuang.catalog.models import RuleSet
from baohuang.tokens.services import create_token
from tests.api.conftest import golden_record

pytestmark = pytest.mark.django_db

#: Every endpoint of DESIGN.md §7 this app serves (simulations belong to the jobs app).
CONTRACT_PATHS = {
    "/api/v1/variants/": {"get", "post"},
    "/api/v1/variants/{slug}/": {"get"},
    "/api/v1/variants/{slug}/draft/": {"get", "put"},
    "/api/v1/variants/{slug}/publish/": {"post"},
    "/api/v1/variants/{slug}/versions/": {"get"},
    "/api/v1/variants/{slug}/versions/{number}/": {"get"},
    "/api/v1/variants/{slug}/versions/{number}/diff/{other}/": {"get"},
    "/api/v1/validate/": {"post"},
    "/api/v1/schema/variant/": {"get"},
    "/api/v1/variants/{slug}/compare/": {"post"},
    "/api/v1/variants/{slug}/score/": {"post"},
    "/api/v1/variants/{slug}/deal/": {"post"},
    "/api/v1/variants/{slug}/replay/": {"post"},
}


def _schema(client: APIClient) -> dict[str, Any]:
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return dict(response.json())


def test_spectacular_validates_the_schema_without_warnings(tmp_path: Any) -> None:
    out = io.StringIO()
    call_command(
        "spectacular",
        "--validate",
        "--fail-on-warn",
        "--file",
        str(tmp_path / "schema.yaml"),
        stdout=out,
        stderr=out,
    )
    assert "warning" not in out.getvalue().lower()
    assert (tmp_path / "schema.yaml").read_text().startswith("openapi: 3.1.0")


def test_the_schema_is_openapi_3_1_with_every_contract_path(anon: APIClient) -> None:
    schema = _schema(anon)

    assert schema["openapi"] == "3.1.0"
    for route, methods in CONTRACT_PATHS.items():
        assert route in schema["paths"], route
        assert methods <= set(schema["paths"][route]), route


def test_every_operation_documents_its_errors_with_the_error_shape(anon: APIClient) -> None:
    schema = _schema(anon)
    error_ref = "#/components/schemas/Error"
    assert set(schema["components"]["schemas"]["Error"]["required"]) == {
        "error",
        "detail",
        "errors",
    }

    for route, methods in CONTRACT_PATHS.items():
        for method in methods:
            operation = schema["paths"][route][method]
            responses = operation["responses"]
            assert any(code.startswith("2") for code in responses), (route, method)
            errors = [code for code in responses if code[0] in "45"]
            assert {"401", "429"} <= set(errors), (route, method)
            for code in errors:
                content = responses[code]["content"]["application/json"]["schema"]
                assert content == {"$ref": error_ref}, (route, method, code)
            if "requestBody" in operation:
                assert {"400", "413"} <= set(errors), (route, method)


def test_public_reads_are_documented_as_needing_no_authentication(anon: APIClient) -> None:
    paths = _schema(anon)["paths"]

    assert {} in paths["/api/v1/variants/"]["get"]["security"]
    assert {} in paths["/api/v1/variants/{slug}/compare/"]["post"]["security"]
    assert {} not in paths["/api/v1/variants/"]["post"]["security"]
    assert {} not in paths["/api/v1/variants/{slug}/draft/"]["get"]["security"]
    assert {} not in paths["/api/v1/variants/{slug}/publish/"]["post"]["security"]


def test_the_draft_put_documents_if_match_412_and_428(anon: APIClient) -> None:
    put = _schema(anon)["paths"]["/api/v1/variants/{slug}/draft/"]["put"]

    assert {"412", "428"} <= set(put["responses"])
    headers = {p["name"]: p for p in put["parameters"] if p["in"] == "header"}
    assert headers["If-Match"]["required"] is True
    assert "ETag" in put["responses"]["200"]["headers"]


def test_swagger_ui_is_served_from_the_sidecar_without_a_cdn(anon: APIClient) -> None:
    response = anon.get("/api/docs/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    external = re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", html)
    assert external == []
    assert "cdn" not in html.lower()


# --------------------------------------------------------------------------- schemathesis

#: Operations the run exercises: every read and every rules endpoint (no writes).
FUZZED = {
    ("GET", "/api/v1/variants/"),
    ("GET", "/api/v1/variants/{slug}/"),
    ("GET", "/api/v1/variants/{slug}/draft/"),
    ("GET", "/api/v1/variants/{slug}/versions/"),
    ("GET", "/api/v1/variants/{slug}/versions/{number}/"),
    ("GET", "/api/v1/variants/{slug}/versions/{number}/diff/{other}/"),
    ("GET", "/api/v1/schema/variant/"),
    ("POST", "/api/v1/validate/"),
    ("POST", "/api/v1/variants/{slug}/compare/"),
    ("POST", "/api/v1/variants/{slug}/score/"),
    ("POST", "/api/v1/variants/{slug}/deal/"),
    ("POST", "/api/v1/variants/{slug}/replay/"),
    ("GET", "/api/v1/variants/{slug}/rulebook/"),
}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
#: Examples per operation and client (with and without real path parameters).
EXAMPLES = 10
#: Path parameters that exist, so that generated bodies reach the engine (not just 404).
KNOWN = {"slug": "baike-common", "number": 1, "other": 1}


@contextmanager
def _in_test_transaction() -> Iterator[None]:
    """Serve WSGI requests inside the test's transaction, as Django's test client does
    (its handler does not close the connection at the end of each request)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def _latest_version(case: Any) -> Any:
    """The case without a ``version`` (query or body): it asks the latest version, which
    exists, so the generated body reaches the engine instead of a 404."""
    if isinstance(case.query, dict):
        case.query.pop("version", None)
    if isinstance(case.body, dict):
        case.body.pop("version", None)
    return case


_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"]
_PLAY = st.lists(st.sampled_from(_RANKS), min_size=1, max_size=6).map(" ".join)
_SEAT = st.integers(min_value=0, max_value=4)
#: Well-formed engine inputs merged into generated bodies, so that the fuzzing reaches
#: the engine's answers (and their schemas), not only the validation errors.
ENGINE_INPUTS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "/api/v1/variants/{slug}/compare/": st.fixed_dictionaries(
        {"candidate": _PLAY}, optional={"previous": st.none() | _PLAY}
    ),
    "/api/v1/variants/{slug}/score/": st.fixed_dictionaries(
        {
            "finish": st.permutations(range(5)),
            "emperor": _SEAT,
            "guard": st.none() | _SEAT,
            "solo": st.sampled_from([None, "open", "hidden"]),
        }
    ),
    "/api/v1/variants/{slug}/replay/": st.fixed_dictionaries(
        {
            "variant": st.just("baike-common"),
            "checksum": st.just(golden_record("baike-common")["checksum"]),
            "actions": st.integers(0, 40).map(
                lambda n: golden_record("baike-common")["actions"][:n]
            ),
        }
    ),
}


def _with_body(pair: tuple[Any, dict[str, Any]]) -> Any:
    case, overrides = pair
    if isinstance(case.body, dict):
        case.body.update(overrides)
    return case


def _unthrottled() -> dict[str, Any]:
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "1000000/minute")
    return {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_schemathesis_finds_no_server_error_and_no_response_off_the_schema(
    common_v2: RuleSet, staff: User, anon: APIClient
) -> None:
    raw = _schema(anon)
    app = WSGIHandler()
    _, token = create_token(staff, "schemathesis", "write")
    schema = schemathesis.openapi.from_dict(raw)
    results: list[Any] = list(schema.get_all_operations())  # Ok(operation) for each
    operations = [
        result.ok()
        for result in results
        if (result.ok().method.upper(), result.ok().path) in FUZZED
    ]
    assert {(op.method.upper(), op.path) for op in operations} == FUZZED
    ran = 0

    def fuzz(strategy: st.SearchStrategy[Any], headers: dict[str, str]) -> None:
        @given(case=strategy)
        @hypothesis_settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def run(case: Any) -> None:
            nonlocal ran
            resp = case.call_and_validate(app=app, headers=headers, checks=CHECKS)
            print(
                "TALLY", case.operation.method, case.operation.path, resp.status_code, bool(headers)
            )
            ran += 1

        run()

    with override_settings(REST_FRAMEWORK=_unthrottled()), _in_test_transaction():
        for operation in operations:
            names = re.findall(r"{(\w+)}", operation.path)
            known = {name: KNOWN[name] for name in names}
            strategies = [operation.as_strategy()]
            if known:
                existing = operation.as_strategy(path_parameters=known)
                strategies += [existing, existing.map(_latest_version)]
                overrides = ENGINE_INPUTS.get(operation.path)
                if overrides is not None:
                    strategies.append(
                        st.tuples(existing.map(_latest_version), overrides).map(_with_body)
                    )
            for headers in ({}, {"Authorization": f"Token {token}"}):
                fuzz(st.one_of(*strategies), headers)

    assert ran >= len(FUZZED) * 2 * EXAMPLES // 2


def test_the_document_states_what_the_server_enforces(anon: APIClient) -> None:
    """Issue #16, item 9 (schemathesis: document and server disagreed): the slug pattern,
    the required and well-formed If-Match, the one place ``version`` goes, the required
    body of /validate/, and the pattern of a diff side."""
    from baohuang.catalog.models import SLUG_PATTERN

    schema = _schema(anon)
    paths = schema["paths"]
    slug_params = [
        param
        for ops in paths.values()
        for op in ops.values()
        if isinstance(op, dict)
        for param in op.get("parameters", [])
        if param["name"] == "slug" and param["in"] == "path"
    ]
    assert slug_params
    assert all(p["schema"]["pattern"] == SLUG_PATTERN for p in slug_params)
    put = paths["/api/v1/variants/{slug}/draft/"]["put"]
    if_match = next(p for p in put["parameters"] if p["name"] == "If-Match")
    assert if_match["required"] is True
    pattern = re.compile(if_match["schema"]["pattern"])
    for good in ('"3"', "3", 'W/"3"', "*", '"2", "3"'):
        assert pattern.search(good), good
    for bad in ("", "{}", "abc"):
        assert not pattern.search(bad), bad
    for rules in ("compare", "score", "deal", "replay"):
        op = paths[f"/api/v1/variants/{{slug}}/{rules}/"]["post"]
        assert "version" not in {p["name"] for p in op.get("parameters", [])}, rules
        ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        body = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert "version" in body["properties"], rules
    assert paths["/api/v1/validate/"]["post"]["requestBody"]["required"] is True
    side = next(p for p in paths["/api/v1/diff/"]["get"]["parameters"] if p["name"] == "from")
    assert re.search(side["schema"]["pattern"], "baike-common@draft")
    assert not re.search(side["schema"]["pattern"], "")
    create = schema["components"]["schemas"]["VariantCreateRequest"]["properties"]
    assert create["slug"]["pattern"] == SLUG_PATTERN
