"""Issue #31: every request's input is bounded before it is worked on, every body refuses
fields it does not know (suggesting the close name), and every problem says what it needs
(its ``params``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.rules.vocabulary import EVENTS
from tests.fixtures import assert_error

pytestmark = pytest.mark.django_db

COMMON = "/api/v1/variants/baike-common/"
SCORE = COMMON + "score/"
#: The most problems an error response lists (baohuang.api.errors.MAX_PROBLEMS).
MAX_PROBLEMS = 50
GAME = {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3, 4]}


def _post(client: APIClient, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


# --------------------------------------------------------------------------- list bounds


def test_a_huge_finish_list_is_one_small_error(anon: APIClient, common: Any) -> None:
    """Issue #31, item 2: 400,000 bad seats were validated one by one and answered with
    400,000 problems (38 MB); the length is checked first: one problem, a small answer."""
    body = {**GAME, "finish": ["x"] * 400_000}
    response = _post(anon, SCORE, body)
    error = assert_error(response, 400, "invalid")
    assert len(response.content) < 2_000
    assert [(e["path"], e["code"], e["params"]) for e in error["errors"]] == [
        ("finish", "max_length", {"max_length": 5})
    ]


@pytest.mark.parametrize(
    ("field", "item", "limit"),
    [("events", "kick", 20), ("automatic", 9, 5), ("carried", "x", 5), ("quit", "x", 5)],
)
def test_every_score_list_is_bounded_before_its_elements(
    anon: APIClient, common: Any, field: str, item: Any, limit: int
) -> None:
    """The other lists of the score body: bounded first, whatever their elements."""
    response = _post(anon, SCORE, {**GAME, field: [item] * 10_000})
    error = assert_error(response, 400, "invalid")
    assert [(e["path"], e["code"]) for e in error["errors"]] == [(field, "max_length")]
    assert error["errors"][0]["params"] == {"max_length": limit}


def test_replay_actions_are_bounded_before_they_are_read(anon: APIClient, common: Any) -> None:
    """A game record with too many actions is refused at once (not one error per action)."""
    record = {"variant": "baike-common", "checksum": "x", "seed": 1, "actions": [5] * 20_000}
    error = assert_error(_post(anon, COMMON + "replay/", record), 400, "invalid")
    assert [(e["path"], e["code"]) for e in error["errors"]] == [("actions", "max_length")]


def test_a_long_string_is_refused_by_its_length(anon: APIClient, common: Any) -> None:
    """Text over its limit is one ``max_length`` problem naming the limit."""
    error = assert_error(_post(anon, COMMON + "compare/", {"candidate": "9" * 100_000}), 400)
    assert [(e["path"], e["code"], e["params"]) for e in error["errors"]] == [
        ("candidate", "max_length", {"max_length": 500})
    ]


def test_an_error_lists_at_most_fifty_problems_and_counts_the_rest(
    anon: APIClient, common: Any
) -> None:
    """A body with thousands of problems (here unknown fields) answers with at most
    ``MAX_PROBLEMS`` of them and one more saying how many were left out, in the request's
    language."""
    body = {**GAME, **{f"extra{i}": i for i in range(5_000)}}
    response = _post(anon, SCORE, body)
    error = assert_error(response, 400, "invalid")
    assert len(error["errors"]) == MAX_PROBLEMS + 1
    assert len(response.content) < 30_000
    last = error["errors"][-1]
    assert (last["code"], last["params"]) == ("more_problems", {"count": 5_000 - MAX_PROBLEMS})
    assert last["message"] == "4950 more problems are not listed."
    zh = anon.post(SCORE + "?lang=zh", json.dumps(body), content_type="application/json")
    assert "4950" in zh.json()["errors"][-1]["message"]
    assert "problems" not in zh.json()["errors"][-1]["message"]


def test_a_definition_with_many_problems_lists_fifty(staff_client: APIClient, db: None) -> None:
    """The variant language reports every problem; the error response lists the first ones."""
    body = {"definition": {"id": "many-problems", **{f"x{i}": i for i in range(200)}}}
    error = assert_error(_post(staff_client, "/api/v1/variants/", body), 400)
    assert len(error["errors"]) == MAX_PROBLEMS + 1
    assert error["errors"][-1]["code"] == "more_problems"


# --------------------------------------------------------------------------- unknown fields


def test_score_refuses_a_misspelt_field_and_suggests_the_name(anon: APIClient, common: Any) -> None:
    """Issue #31: ``event`` (for ``events``) answered 200 at ×1 as if there were no events."""
    error = assert_error(_post(anon, SCORE, {**GAME, "event": ["rebellion"]}), 400, "invalid")
    [item] = error["errors"]
    assert (item["path"], item["code"]) == ("event", "unknown_field")
    assert item["params"]["suggestion"] == "events"
    assert "Did you mean 'events'?" in item["message"]
    assert "events" in item["params"]["allowed"]


def test_compare_refuses_a_field_it_does_not_know(anon: APIClient, common: Any) -> None:
    """Issue #31: ``/compare/`` ignored ``hand``."""
    body = {"candidate": "9 9", "hand": "9 9 9"}
    error = assert_error(_post(anon, COMMON + "compare/", body), 400, "invalid")
    [item] = error["errors"]
    assert (item["path"], item["code"]) == ("hand", "unknown_field")
    # No close name: the sentence lists the fields of the body instead.
    assert item["params"]["suggestion"] is None
    assert "candidate" in item["message"]


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        (COMMON + "deal/", {"seed": 1, "dealr": 2}, "dealr"),
        (
            COMMON + "replay/",
            {"variant": "baike-common", "checksum": "x", "seed": 1, "actions": [], "seeds": 1},
            "seeds",
        ),
        ("/api/v1/diff/", {"from": "baike-common", "to": "baike-common", "too": 1}, "too"),
    ],
)
def test_every_rules_body_refuses_unknown_fields(
    anon: APIClient, common: Any, url: str, body: dict[str, Any], field: str
) -> None:
    """Deal, replay and diff too."""
    error = assert_error(_post(anon, url, body), 400, "invalid")
    assert [(e["path"], e["code"]) for e in error["errors"]] == [(field, "unknown_field")]


def test_catalog_bodies_refuse_unknown_fields(staff_client: APIClient, common: Any) -> None:
    """Creating a rule set (and the nested ``based_on``) and saving a draft."""
    body = {"based_on": {"slug": "baike-common", "versoin": 1}, "slug": "my-clone"}
    error = assert_error(_post(staff_client, "/api/v1/variants/", body), 400, "invalid")
    [item] = error["errors"]
    assert (item["path"], item["code"]) == ("based_on.versoin", "unknown_field")
    assert item["params"]["suggestion"] == "version"
    draft = staff_client.get(COMMON + "draft/")
    response = staff_client.put(
        COMMON + "draft/",
        json.dumps({"definition": draft.json()["definition"], "name": "x"}),
        content_type="application/json",
        HTTP_IF_MATCH=draft["ETag"],
    )
    error = assert_error(response, 400, "invalid")
    assert [(e["path"], e["code"]) for e in error["errors"]] == [("name", "unknown_field")]


# --------------------------------------------------------------------------- params, types


def test_an_unknown_event_lists_the_valid_names(anon: APIClient, common: Any) -> None:
    """Issue #31: ``invalid_choice`` for events had empty ``params``."""
    error = assert_error(_post(anon, SCORE, {**GAME, "events": ["kick", "rebelion"]}), 400)
    [item] = error["errors"]
    assert (item["path"], item["code"]) == ("events[1]", "invalid_choice")
    assert item["params"] == {"value": "rebelion", "choices": list(EVENTS)}
    assert "rebellion" in item["message"]


def test_a_number_with_a_decimal_point_is_not_a_whole_number(anon: APIClient, common: Any) -> None:
    """Issue #31 (``expires_in_days: 1.0`` was accepted): ``1.0`` is not an integer."""
    error = assert_error(_post(anon, SCORE, {**GAME, "emperor": 0.0}), 400, "invalid")
    assert [(e["path"], e["code"]) for e in error["errors"]] == [("emperor", "invalid")]


# --------------------------------------------------------------------------- query parameters


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/simulations/?variant=%00",
        "/api/v1/comparisons/?variant=a%00b",
        "/api/v1/simulations/?kind=%00",
        "/api/v1/variants/?x%00=1",
        "/api/v1/variants/baike-common/?version=%00",
        "/api/v1/diff/?from=baike-common%00&to=baike-common",
    ],
)
def test_a_nul_in_a_query_parameter_is_a_400(
    staff_client: APIClient, common: Any, url: str
) -> None:
    """Issue #31, item 5: ``?variant=%00`` was a 500 on PostgreSQL (a NUL cannot be stored or
    compared there). Every query parameter is checked as a body's text is: a 400 naming it."""
    error = assert_error(staff_client.get(url), 400, "invalid")
    [item] = error["errors"]
    assert item["code"] == "invalid_text"
    name = url.split("?")[1].split("=")[0].replace("%00", "\\u0000")
    assert (item["path"], item["params"]) == (name, {"parameter": name})
    assert "NUL" in item["message"]


def test_a_variant_filter_longer_than_a_slug_is_a_400(staff_client: APIClient, db: None) -> None:
    """``?variant=`` is bounded as the body field ``variant`` is."""
    error = assert_error(staff_client.get("/api/v1/simulations/?variant=" + "a" * 64), 400)
    assert [(e["path"], e["code"], e["params"]) for e in error["errors"]] == [
        ("variant", "max_length", {"max_length": 63})
    ]
    assert staff_client.get("/api/v1/simulations/?variant=" + "a" * 63).json() == []


def test_an_unknown_kind_is_translated_and_names_the_choices(
    staff_client: APIClient, db: None
) -> None:
    """Issue #31: "kind must be simulation or comparison." was English in every language."""
    error = assert_error(staff_client.get("/api/v1/simulations/?kind=x&lang=zh"), 400, "invalid")
    [item] = error["errors"]
    assert (item["path"], item["code"]) == ("kind", "invalid_choice")
    assert item["params"] == {"value": "x", "choices": ["simulation", "comparison"]}
    assert item["message"] == "kind 必须是 simulation（模拟）或 comparison（对比），收到的是 'x'。"


def test_a_hundred_thousand_unknown_fields_are_counted_not_listed(
    anon: APIClient, common: Any
) -> None:
    """Unknown fields past the fiftieth are counted, not made into problems one by one."""
    body = {**GAME, **{f"k{i}": 1 for i in range(100_000)}}
    response = _post(anon, SCORE, body)
    error = assert_error(response, 400, "invalid")
    assert len(error["errors"]) == MAX_PROBLEMS + 1
    assert error["errors"][-1]["params"] == {"count": 100_000 - MAX_PROBLEMS}
    assert error["detail"].endswith("(and 99999 more problems)")


def test_a_definition_with_thousands_of_bad_items_is_answered_briefly(
    anon: APIClient, db: None
) -> None:
    """``/validate/`` (anonymous) put every one of 30,000 bad list items into words: 5 s and
    an 8.6 MB answer. The language words the first 200 and counts the rest."""
    definition = {"id": "x", "deck": {"decks": 3, "remove": [{"rank": "x"}] * 30_000}}
    response = _post(anon, "/api/v1/validate/", definition)
    assert response.status_code == 200
    assert len(response.content) < 100_000
    errors = response.json()["errors"]
    assert len(errors) <= 201
    assert errors[-1]["code"] == "more_problems"
    assert errors[-1]["params"]["count"] > 29_000


def test_a_wrapped_definition_with_other_fields_is_refused_in_chinese(
    anon: APIClient, db: None
) -> None:
    """Issue #31 ("and any other untranslated API string"): validate's two refusals of a
    wrapped body were English in every language."""
    url = "/api/v1/validate/?lang=zh"
    error = assert_error(_post(anon, url, {"definition": {}, "slug": "x"}), 400)
    assert "slug" in error["errors"][0]["message"]
    assert "请只发送定义本身" in error["errors"][0]["message"]
    error = assert_error(_post(anon, url, {"definition": 5}), 400)
    assert error["errors"][0]["message"] == "必须是 JSON 对象：要检查的变体定义。"


def test_an_id_that_is_not_the_slug_is_said_in_chinese(
    staff_client: APIClient, common: Any
) -> None:
    """The draft's ``id_slug`` problem was English in every language."""
    draft = staff_client.get(COMMON + "draft/").json()
    definition = {**draft["definition"], "id": "other-rules"}
    response = staff_client.put(
        COMMON + "draft/?lang=zh",
        json.dumps({"definition": definition}),
        content_type="application/json",
        HTTP_IF_MATCH=f'"{draft["revision"]}"',
    )
    [problem] = [e for e in response.json()["errors"] if e["code"] == "id_slug"]
    said = "id 必须是规则集的标识 'baike-common'；定义中写的是 'other-rules'。"
    assert problem["message"] == said
    assert problem["params"] == {"slug": "baike-common", "id": "other-rules"}


@pytest.mark.parametrize(
    ("url", "body", "field", "suggestion"),
    [
        (
            "/api/v1/simulations/",
            {"variant": "baike-common", "game": 10, "seed": 1},
            "game",
            "games",
        ),
        (
            "/api/v1/games/",
            {"variant": "baike-common", "seat": 0, "polcy": "random"},
            "polcy",
            "policy",
        ),
    ],
)
def test_job_and_game_bodies_suggest_the_close_name(
    staff_client: APIClient,
    common: Any,
    url: str,
    body: dict[str, Any],
    field: str,
    suggestion: str,
) -> None:
    """``/simulations/`` refused unknown fields before, without saying which was meant."""
    error = assert_error(_post(staff_client, url, body), 400, "invalid")
    [item] = error["errors"]
    assert (item["path"], item["code"]) == (field, "unknown_field")
    assert item["params"]["suggestion"] == suggestion
    assert f"Did you mean '{suggestion}'?" in item["message"]


def test_a_huge_unknown_name_is_not_echoed_back(anon: APIClient, common: Any) -> None:
    """An unknown field's name is shown shortened: a 1 MB key is not a 2 MB answer."""
    response = _post(anon, SCORE, {**GAME, "x" * 1_000_000: 1})
    error = assert_error(response, 400, "invalid")
    assert len(response.content) < 2_000
    assert error["errors"][0]["path"] == "x" * 100
