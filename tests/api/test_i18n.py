"""Chinese first (issue #14): every API error the tests can provoke comes back in the
request's language, with a code on the error and on each of its problems.

A sentence counts as English when, after removing what is not prose (quoted values, URL
paths, the technical names in :data:`TOKENS`), it still has a run of three or more Latin
letters.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from baohuang.jobs.models import SimulationJob
from tests.fixtures import assert_error

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}
COMPARE = "/api/v1/variants/baike-common/compare/"
SCORE = "/api/v1/variants/baike-common/score/"
DRAFT = "/api/v1/variants/baike-common/draft/"
PUBLISH = "/api/v1/variants/baike-common/publish/"

#: Words that stay Latin in Chinese text: formats, headers, protocol and field names,
#: card notation, configuration names.
TOKENS = {
    "JSON", "API", "ETag", "Match", "KiB", "Token", "Authorization", "GET", "PUT", "POST",
    "DELETE", "PATCH", "TOP", "TOP2", "STK1", "STK2", "STK3", "STK4", "html", "json", "draft",
    "slug", "version", "definition",
    "based_on", "null", "guard", "solo", "Unicode", "BAOHUANG_MAX_SIMULATION_GAMES",
    "baohuang", "simulate", "catalog.publish_ruleset", "publish_ruleset", "catalog",
}  # fmt: skip


def _field_names() -> set[str]:
    """The names a message may quote from a document or request: every property of the
    variant schema and every field of the API's request serializers."""
    from baohuang.api import serializers as api_serializers
    from baohuang.catalog import serializers as catalog_serializers
    from baohuang.jobs import serializers as job_serializers
    from baohuang.rules import json_schema

    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            names.update(str(k) for k in node.get("properties", {}))
            for key, value in node.items():
                if key == "enum" and isinstance(value, list):
                    names.update(str(v) for v in value)
                if key == "const":
                    names.add(str(value))
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json_schema())
    for module in (api_serializers, catalog_serializers, job_serializers):
        for value in vars(module).values():
            if isinstance(value, type) and hasattr(value, "_declared_fields"):
                names.update(value._declared_fields)
    return names


FIELD_NAMES = _field_names()
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"|'[^']*'|`[^`]*`|「[^」]*」")
_PATH = re.compile(r"/[\w/.@…-]*")
_LATIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def english_in(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """Runs of 3+ Latin letters in ``text`` that are not quoted, a path or a known token."""
    for value in allowed:
        text = text.replace(value, " ")
    text = _PATH.sub(" ", _QUOTED.sub(" ", text))
    return [
        word
        for word in _LATIN.findall(text)
        if word not in TOKENS
        and word not in FIELD_NAMES
        and len(re.sub(r"[^A-Za-z]", "", word)) >= 3
    ]


def assert_chinese(body: dict[str, Any], allowed: tuple[str, ...] = ()) -> None:
    """``detail`` and every ``errors[].message`` are Chinese; every item has its code."""
    assert body["error"], body
    for text in [body["detail"], *(item["message"] for item in body["errors"])]:
        assert _HAN.search(text), text
        assert english_in(text, allowed) == [], text
    for item in body["errors"]:
        assert item["code"], item
        assert isinstance(item["params"], dict), item


def test_the_english_detector_works() -> None:
    assert english_in("草稿有错误") == []
    assert english_in("“%s”不是一张牌：请用 3-10、J、Q、K、A、2、SJ 或 BJ") == []
    assert english_in("The request is not valid.") == ["The", "request", "not", "valid."]
    assert english_in("请求无效：“deck.decks”：cannot be read") == ["cannot", "read"]


# --------------------------------------------------------------------------- the errors


def _bad_definition(definition: dict[str, Any]) -> dict[str, Any]:
    bad = copy.deepcopy(definition)
    bad["deck"]["decks"] = 0
    bad["scoring"]["base"] = -5
    return bad


Case = Callable[..., Any]


def _cases() -> dict[str, tuple[Case, int, str]]:
    """name: (make the request, status, code)."""
    return {
        "invalid definition (PUT draft)": (
            lambda c, d: c["staff"].put(
                DRAFT, {"definition": _bad_definition(d)}, HTTP_IF_MATCH='"1"', **ZH
            ),
            400,
            "invalid_definition",
        ),
        "missing fields (DRF)": (lambda c, d: c["anon"].post(SCORE, {}, **ZH), 400, "invalid"),
        "bad seats": (
            lambda c, d: c["anon"].post(
                SCORE, {"emperor": 7, "guard": 1, "finish": [0, 1, 2, 3, 3]}, format="json", **ZH
            ),
            400,
            "invalid",
        ),
        "guard is emperor": (
            lambda c, d: c["anon"].post(
                SCORE, {"emperor": 1, "guard": 1, "finish": [0, 1, 2, 3, 4]}, format="json", **ZH
            ),
            400,
            "invalid",
        ),
        "bad notation": (
            lambda c, d: c["anon"].post(COMPARE, {"candidate": "3 X 5"}, format="json", **ZH),
            400,
            "bad_notation",
        ),
        "malformed JSON": (
            lambda c, d: c["anon"].generic(
                "POST", COMPARE, "{not json", content_type="application/json", **ZH
            ),
            400,
            "parse_error",
        ),
        "too deep": (
            lambda c, d: c["anon"].generic(
                "POST", COMPARE, "[" * 100 + "]" * 100, content_type="application/json", **ZH
            ),
            400,
            "too_deep",
        ),
        "not an object (validate)": (
            lambda c, d: c["anon"].post("/api/v1/validate/", [1, 2], format="json", **ZH),
            400,
            "invalid",
        ),
        "bad version query": (
            lambda c, d: c["anon"].get("/api/v1/variants/baike-common/?version=x", **ZH),
            400,
            "invalid",
        ),
        "bad diff side": (
            lambda c, d: c["anon"].get("/api/v1/diff/?from=Nope!&to=baike-common", **ZH),
            400,
            "invalid",
        ),
        "unknown variant": (
            lambda c, d: c["anon"].get("/api/v1/variants/nope/", **ZH),
            404,
            "not_found",
        ),
        "unknown version": (
            lambda c, d: c["anon"].get("/api/v1/variants/baike-common/versions/9/", **ZH),
            404,
            "not_found",
        ),
        "unknown route": (lambda c, d: c["anon"].get("/api/v1/nowhere/", **ZH), 404, "not_found"),
        "no origin": (
            lambda c, d: c["anon"].get("/api/v1/variants/baike-common/diff-origin/", **ZH),
            404,
            "no_origin",
        ),
        "not logged in (draft)": (lambda c, d: c["anon"].get(DRAFT, **ZH), 401, None),
        "not staff (draft)": (lambda c, d: c["outsider"].get(DRAFT, **ZH), 403, None),
        "no publish permission": (lambda c, d: c["staff"].post(PUBLISH, {}, **ZH), 403, None),
        "method not allowed": (
            lambda c, d: c["anon"].delete("/api/v1/variants/", **ZH),
            405,
            "method_not_allowed",
        ),
        "nothing to publish (409)": (
            lambda c, d: c["publisher"].post(PUBLISH, {}, format="json", **ZH),
            409,
            "nothing_to_publish",
        ),
        "slug taken (409)": (
            lambda c, d: c["staff"].post(
                "/api/v1/variants/", {"definition": d}, format="json", **ZH
            ),
            409,
            "slug_taken",
        ),
        "stale draft (412)": (
            lambda c, d: c["staff"].put(DRAFT, {"definition": d}, HTTP_IF_MATCH='"7"', **ZH),
            412,
            "stale_draft",
        ),
        "unreadable If-Match (412)": (
            lambda c, d: c["staff"].put(DRAFT, {"definition": d}, HTTP_IF_MATCH="x", **ZH),
            412,
            "stale_draft",
        ),
        "missing If-Match (428)": (
            lambda c, d: c["staff"].put(DRAFT, {"definition": d}, format="json", **ZH),
            428,
            "precondition_required",
        ),
        "too large (413)": (
            lambda c, d: c["anon"].generic(
                "POST",
                COMPARE,
                json.dumps({"x": "y" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)}),
                content_type="application/json",
                **ZH,
            ),
            413,
            "payload_too_large",
        ),
        "unsupported media type (415)": (
            lambda c, d: c["anon"].generic(
                "POST", COMPARE, "candidate=3", content_type="text/plain", **ZH
            ),
            415,
            "unsupported_media_type",
        ),
        "bad job (games)": (
            lambda c, d: c["staff"].post(
                "/api/v1/simulations/",
                {"variant": "baike-common", "games": 0, "seed": 1, "extra": 1},
                format="json",
                **ZH,
            ),
            400,
            "invalid",
        ),
        "unknown job": (
            lambda c, d: c["staff"].get(
                "/api/v1/simulations/00000000-0000-0000-0000-000000000000/", **ZH
            ),
            404,
            "not_found",
        ),
    }


@pytest.fixture
def clients(
    common: RuleSet,
    anon: APIClient,
    staff_client: APIClient,
    outsider_client: APIClient,
    publisher_client: APIClient,
) -> dict[str, APIClient]:
    for client in (anon, staff_client, outsider_client, publisher_client):
        client.defaults.pop("HTTP_ACCEPT_LANGUAGE", None)
    return {
        "anon": anon,
        "staff": staff_client,
        "outsider": outsider_client,
        "publisher": publisher_client,
    }


@pytest.mark.parametrize("name", list(_cases()))
def test_every_api_error_is_chinese_with_codes(
    name: str, clients: dict[str, APIClient], definition: dict[str, Any]
) -> None:
    make, status, code = _cases()[name]

    body = assert_error(make(clients, definition), status, code)

    assert_chinese(body)


def test_the_same_error_in_english_and_by_query(
    clients: dict[str, APIClient], definition: dict[str, Any]
) -> None:
    bad = {"definition": _bad_definition(definition)}
    zh = clients["staff"].put(DRAFT, bad, HTTP_IF_MATCH='"1"', format="json", **ZH).json()
    en = (
        clients["staff"]
        .put(DRAFT, bad, HTTP_IF_MATCH='"1"', format="json", HTTP_ACCEPT_LANGUAGE="en")
        .json()
    )
    by_query = (
        clients["staff"]
        .put(DRAFT + "?lang=en", bad, HTTP_IF_MATCH='"1"', format="json", **ZH)
        .json()
    )

    assert_chinese(zh)
    assert english_in(en["detail"]) != []
    assert by_query == en
    # Codes, params and paths do not depend on the language.
    strip = [{k: v for k, v in item.items() if k != "message"} for item in zh["errors"]]
    assert strip == [{k: v for k, v in item.items() if k != "message"} for item in en["errors"]]
    assert {item["code"] for item in zh["errors"]} - {"invalid"}, zh["errors"]


def test_no_language_named_is_chinese(clients: dict[str, APIClient]) -> None:
    response = clients["anon"].get("/api/v1/variants/nope/", HTTP_ACCEPT_LANGUAGE="")

    assert response["Content-Language"] == "zh-hans"
    assert_chinese(assert_error(response, 404, "not_found"))


def test_lang_query_beats_accept_language(clients: dict[str, APIClient]) -> None:
    response = clients["anon"].get("/api/v1/variants/nope/?lang=zh", HTTP_ACCEPT_LANGUAGE="en")

    assert response["Content-Language"] == "zh-hans"
    assert_chinese(assert_error(response, 404, "not_found"))


def test_throttled_is_chinese(clients: dict[str, APIClient]) -> None:
    rates = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "anon": "1/minute",
        },
    }
    with override_settings(REST_FRAMEWORK=rates):
        clients["anon"].get("/api/v1/variants/", **ZH)
        response = clients["anon"].get("/api/v1/variants/", **ZH)

    body = assert_error(response, 429, "throttled")
    assert_chinese(body)
    assert response["Retry-After"] in body["detail"]


# --------------------------------------------------------------------------- jobs


def _failed_job(common: RuleSet, code: str, params: dict[str, Any]) -> SimulationJob:
    return SimulationJob.objects.create(
        version=services.latest_version(common),
        games=100,
        seed=1,
        policy="heuristic",
        chunk_games=50,
        status=SimulationJob.Status.FAILED,
        error="(English, as stored)",
        error_code=code,
        error_params=params,
    )


def test_job_status_and_failure_are_chinese(common: RuleSet, clients: dict[str, APIClient]) -> None:
    reason = "InjectedFailure: failure injected at game 3 (an engine bug)"
    failed = _failed_job(common, "chunk_failed", {"first": 0, "last": 49, "reason": reason})
    lost = _failed_job(common, "worker_lost", {"first": 50, "last": 99, "attempts": 3})

    for job, code in ((failed, "chunk_failed"), (lost, "worker_lost")):
        zh = clients["staff"].get(f"/api/v1/simulations/{job.pk}/", **ZH).json()
        en = clients["staff"].get(f"/api/v1/simulations/{job.pk}/?lang=en").json()

        assert zh["status"] == en["status"] == "failed"
        assert (zh["status_text"], en["status_text"]) == ("失败", "failed")
        assert zh["error_code"] == en["error_code"] == code
        assert _HAN.search(zh["error"])
        assert english_in(zh["error"], (reason,)) == []
        assert en["error"].startswith("Games ")
    listed = clients["staff"].get("/api/v1/simulations/", **ZH).json()
    assert {item["status_text"] for item in listed} == {"失败"}


# --------------------------------------------------------------------------- engine reasons


def test_compare_reason_is_chinese_with_its_code(clients: dict[str, APIClient]) -> None:
    payload = {"previous": "10 10 10", "candidate": "K 6 6"}

    zh = clients["anon"].post(COMPARE, payload, format="json", **ZH).json()
    en = clients["anon"].post(COMPARE, payload, format="json", HTTP_ACCEPT_LANGUAGE="en").json()

    assert (zh["legal"], zh["beats"]) == (False, False)
    assert zh["reason"] == "K 6 6 不成一手：不同点数的牌（K、6）不能一起出；只有 BJ、SJ 能配牌"
    assert en["reason"] == (
        "K 6 6 is not a set: cards of different ranks (K and 6) cannot be played together; "
        "only BJ and SJ can be attached"
    )
    assert zh["reason_code"] == en["reason_code"] == "mixed_ranks"
    assert zh["reason_params"] == en["reason_params"]
    assert zh["reason_params"]["attach"]["code"] == "attach_only"


def test_compare_beat_reason_is_chinese(clients: dict[str, APIClient]) -> None:
    body = (
        clients["anon"]
        .post(COMPARE, {"previous": "10 10 10", "candidate": "9 9 9"}, format="json", **ZH)
        .json()
    )

    assert body["reason_code"] == "does_not_beat"
    assert body["reason"].startswith("9 9 9 管不上 10 10 10：")
    assert english_in(body["reason"]) == []


def test_previous_play_not_in_the_deck_is_chinese(clients: dict[str, APIClient]) -> None:
    response = clients["anon"].post(
        COMPARE, {"previous": "SJ SJ SJ SJ SJ", "candidate": "BJ"}, format="json", **ZH
    )

    body = assert_error(response, 400, "not_in_deck")
    assert_chinese(body)
    assert body["errors"][0]["params"]["reason_code"] == "rank_limited"
    assert "牌里只有 4 张 SJ" in body["errors"][0]["message"]


def test_replay_of_a_tampered_record_is_chinese(clients: dict[str, APIClient]) -> None:
    from tests.api.conftest import golden_record

    record = golden_record("baike-common")
    first_play = next(i for i, a in enumerate(record["actions"]) if a.startswith("play "))
    record["actions"][first_play] = "play 3 X"
    record["actions"][first_play + 1 :] = []

    url = "/api/v1/variants/baike-common/replay/"
    zh = clients["anon"].post(url, record, format="json", **ZH).json()
    en = clients["anon"].post(url, record, format="json", HTTP_ACCEPT_LANGUAGE="en").json()

    assert zh["valid"] is False
    assert zh["error"]["code"] == en["error"]["code"] == "card_numbered"
    assert zh["error"]["params"] == en["error"]["params"]
    assert en["error"]["reason"] == "'X' is not a card: use 3-10, J, Q, K, A, 2, SJ or BJ (card 2)"
    assert zh["error"]["reason"] == "“X”不是一张牌：请用 3-10、J、Q、K、A、2、SJ 或 BJ（第 2 张牌）"


def test_replay_of_an_illegal_move_is_chinese(clients: dict[str, APIClient]) -> None:
    from tests.api.conftest import golden_record

    record = golden_record("baike-common")
    record["actions"][0:] = ["play 3"]

    body = (
        clients["anon"]
        .post("/api/v1/variants/baike-common/replay/", record, format="json", **ZH)
        .json()
    )

    assert body["error"]["code"] == "not_allowed_now"
    assert _HAN.search(body["error"]["reason"])
    assert english_in(body["error"]["reason"], ("pass", "ascend", "abdicate")) == []


# --------------------------------------------------------------------------- CSRF


def test_a_csrf_failure_is_chinese_with_its_code(common: RuleSet, staff: Any) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(staff)

    zh = browser.put(DRAFT, {"definition": common.draft}, HTTP_IF_MATCH='"1"', format="json", **ZH)
    en = browser.put(
        DRAFT + "?lang=en", {"definition": common.draft}, HTTP_IF_MATCH='"1"', format="json"
    )

    body = assert_error(zh, 403, "csrf_failed")
    assert_chinese(body, ("CSRF", "cookie"))
    assert body["errors"][0]["params"] == {"reason": "cookie_missing"}
    assert assert_error(en, 403, "csrf_failed")["detail"] == (
        "The CSRF cookie is missing: reload the page (cookies must be allowed) and try again."
    )


def test_the_csrf_failure_view_answers_json_for_the_api(rf: Any) -> None:
    from django.middleware.csrf import REASON_NO_CSRF_COOKIE
    from django.utils import translation

    from baohuang.api.csrf import csrf_failure

    with translation.override("zh-hans"):
        api = csrf_failure(rf.post("/api/v1/anything/"), REASON_NO_CSRF_COOKIE)
        page = csrf_failure(rf.post("/admin/login/"), REASON_NO_CSRF_COOKIE)

    body = json.loads(api.content)
    assert (api.status_code, body["error"]) == (403, "csrf_failed")
    assert body["errors"][0]["params"] == {"reason": "cookie_missing"}
    assert_chinese(body, ("CSRF", "cookie"))
    assert page.status_code == 403
    assert page["Content-Type"].startswith("text/html")
