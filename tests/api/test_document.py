"""The OpenAPI document says what the server does (issue #31): real answers validate against
the document's schemas, and every status the server answers is documented."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSet
from baohuang.editor.schemas import openapi_document
from tests.fixtures import token_client

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """The server's OpenAPI document."""
    return openapi_document()


def conforms(document: dict[str, Any], component: str, value: Any) -> None:
    """Validate ``value`` against the document's schema ``component`` ($refs resolved)."""
    schema = {"$ref": f"#/components/schemas/{component}", "components": document["components"]}
    jsonschema.Draft202012Validator(schema).validate(value)


def test_a_game_in_progress_and_its_settlement_match_the_document(
    document: dict[str, Any], common: RuleSet, outsider: Any, settings: Any
) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(rates),
    }
    client = token_client(outsider)
    response = client.post(GAMES, {"variant": "baike-common", "seat": 1, "seed": 5}, format="json")
    assert response.status_code == 201, response.content
    game = response.json()
    assert game["result"] is None
    conforms(document, "GameView", game)  # `result: null` was refused: oneOf [{}, null]

    while game["result"] is None:
        action = [a for a in game["legal"] if a != game["automatic"]][-1]
        response = client.post(f"{GAMES}{game['id']}/actions/", {"action": action}, format="json")
        assert response.status_code == 200, response.content
        game = response.json()

    conforms(document, "GameView", game)
    result = document["components"]["schemas"]["GameSettlement"]
    assert {"finish", "points", "tribute", "hands", "record", "outcome"} <= set(result["required"])
    with pytest.raises(jsonschema.ValidationError):
        conforms(document, "GameView", {**game, "result": {**game["result"], "hands": "x"}})
    steps = client.get(f"{GAMES}{game['id']}/steps/")
    assert steps.status_code == 200
    conforms(document, "WatchedGame", steps.json())


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
    ]


def test_every_operation_documents_503_overloaded(document: dict[str, Any]) -> None:
    for method, path, operation in _operations(document):
        response = operation["responses"].get("503")
        assert response is not None, (method, path)
        assert "overloaded" in response["description"]
        assert response["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Error"
        }


#: Path parameters of a real (or at least well-formed) URL for every operation.
PARAMETERS = {
    "slug": "baike-common",
    "number": "1",
    "other": "1",
    "n": "0",
    "job_id": "00000000-0000-4000-8000-000000000000",
    "game_id": "00000000-0000-4000-8000-000000000000",
    "token_id": "00000000-0000-4000-8000-000000000000",
}


def test_token_read_only_is_documented_exactly_where_the_server_answers_it(
    document: dict[str, Any], common: RuleSet, staff: Any
) -> None:
    """Issue #31: the document listed no 403 ``token_read_only`` on the rules POSTs; now a
    read token may ask them, and the 403 is documented on every write, and only there."""
    from baohuang.tokens.services import create_token

    _, key = create_token(staff, "reader", "read")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    writes = 0
    for method, path, operation in _operations(document):
        if method == "GET":
            continue
        url = path.format(**PARAMETERS)
        response = getattr(client, method.lower())(url, {}, format="json")
        refused = response.status_code == 403 and response.json()["error"] == "token_read_only"
        documented = "token_read_only" in operation["responses"].get("403", {}).get(
            "description", ""
        )
        assert refused == documented, (method, path, response.status_code)
        writes += refused
    assert writes >= 10


def test_the_token_endpoints_are_documented_as_session_only(document: dict[str, Any]) -> None:
    tokens = [op for op in _operations(document) if op[1].startswith("/api/v1/tokens/")]
    assert len(tokens) == 4
    for method, path, operation in tokens:
        assert operation["security"] == [{"cookieAuth": []}], (method, path)
        assert "session_required" in operation["responses"]["403"]["description"]


def test_kind_and_based_on_errors_are_documented_and_answered(
    document: dict[str, Any], common: RuleSet, staff: Any
) -> None:
    client = token_client(staff)
    kind = client.get("/api/v1/simulations/", {"kind": "x"})
    assert kind.status_code == 400
    assert "400" in document["paths"]["/api/v1/simulations/"]["get"]["responses"]
    clone = client.post(
        "/api/v1/variants/",
        {"slug": "my-clone", "based_on": {"slug": "no-such-variant"}},
        format="json",
    )
    assert clone.status_code == 404, clone.content
    assert "404" in document["paths"]["/api/v1/variants/"]["post"]["responses"]


def test_comparing_a_draft_without_the_permission_is_a_403(common: RuleSet, outsider: Any) -> None:
    """Issue #31: every permission refusal is a 403 (this one was a 400 at ``b.draft``)."""
    from tests.fixtures import assert_error, with_perms

    client = token_client(with_perms(outsider, "jobs.run_simulation"))
    body = {"a": {"variant": "baike-common"}, "b": {"draft": True}, "games": 5, "seed": 1}

    response = client.post("/api/v1/comparisons/", body, format="json")

    error = assert_error(response, 403, "permission_denied")
    assert "catalog.view_ruleset" in error["detail"]


def test_an_empty_optional_query_parameter_is_documented_as_absent(
    document: dict[str, Any], common: RuleSet, staff: Any
) -> None:
    """Schemathesis (issue #31): ``?kind=`` and ``?lang=`` were answered as if absent while
    the document's enums refused the empty value."""
    client = token_client(staff)
    assert client.get("/api/v1/simulations/", {"kind": ""}).status_code == 200
    book = client.get("/api/v1/variants/baike-common/rulebook/", {"lang": "", "format": ""})
    assert book.status_code == 200
    listed = document["paths"]["/api/v1/simulations/"]["get"]["parameters"]
    assert next(p for p in listed if p["name"] == "kind")["allowEmptyValue"] is True
    rulebook = document["paths"]["/api/v1/variants/{slug}/rulebook/"]["get"]["parameters"]
    assert all(p["allowEmptyValue"] for p in rulebook if p["in"] == "query")
