"""``GET /api/v1/variants/{slug}/rulebook/``: languages, formats, versions, the draft."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from tests.fixtures import assert_error

URL = "/api/v1/variants/baike-common/rulebook/"


def test_html_in_chinese_by_default(anon: APIClient, common: RuleSet) -> None:
    response = anon.get(URL, HTTP_ACCEPT_LANGUAGE="")  # no language named
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert response["Content-Language"] == "zh-Hans"
    text = response.content.decode()
    assert "普通玩法规则书" in text
    assert "第1版" in text
    assert "皇帝头客、侍卫二客：皇帝 +6，侍卫 +3，每个平民 −3" in text


def test_markdown_and_json_in_english(anon: APIClient, common: RuleSet) -> None:
    md = anon.get(URL, {"lang": "en", "format": "md"})
    assert md.status_code == 200
    assert md["Content-Type"].startswith("text/markdown")
    assert md.content.decode().startswith("# Rulebook: Common (baike)")
    js = anon.get(URL, {"lang": "en", "format": "json"})
    assert js.status_code == 200
    assert js["Content-Type"].startswith("application/json")
    body = js.json()
    assert body["lang"] == "en"
    assert body["version"] == 1
    assert [s["id"] for s in body["sections"]][:4] == ["cards", "bidding", "declarations", "play"]


def test_accept_language_picks_the_language(anon: APIClient, common: RuleSet) -> None:
    response = anon.get(URL, {"format": "md"}, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response.content.decode().startswith("# Rulebook:")


def test_a_version_is_reproducible_and_follows_its_definition(
    anon: APIClient, common_v2: RuleSet
) -> None:
    v1 = anon.get(URL, {"version": 1, "format": "md", "lang": "en"}).content
    assert v1 == anon.get(URL, {"version": 1, "format": "md", "lang": "en"}).content
    v2 = anon.get(URL, {"version": 2, "format": "md", "lang": "en"}).content.decode()
    assert "an open guard: points × 2" in v2
    assert "an open guard: points × 2" not in v1.decode()


def test_the_draft_is_for_staff_only(
    anon: APIClient, outsider_client: APIClient, staff_client: APIClient, common: RuleSet
) -> None:
    assert_error(anon.get(URL, {"version": "draft"}), 401)
    assert_error(outsider_client.get(URL, {"version": "draft"}), 403)
    changed = copy.deepcopy(common.draft)
    changed["scoring"]["solo"]["open"][0]["emperor"] = 28
    changed["scoring"]["solo"]["open"][0]["others"] = -7
    services.update_draft(common, changed, common.draft_revision, None)
    response = staff_client.get(URL, {"version": "draft", "format": "md", "lang": "zh"})
    assert response.status_code == 200
    text = response.content.decode()
    assert "| 头客 | +28 | −7 |" in text
    assert "第1版" not in text


def test_errors_keep_the_error_shape(anon: APIClient, common: RuleSet) -> None:
    assert_error(anon.get(URL, {"format": "pdf"}), 400, "invalid")
    assert_error(anon.get(URL, {"lang": "fr"}), 400, "invalid")
    assert_error(anon.get(URL, {"version": 9}), 404)
    assert_error(anon.get("/api/v1/variants/nope/rulebook/"), 404)


def test_the_rulebook_of_a_pathological_definition_is_refused_before_any_work(
    staff_client: APIClient, common: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: a valid draft of 10,000 special beats took 3 s and wrote a 9.5 MB page
    (a 2 MB draft, four times that). More than 2,000 list entries: 409, nothing built."""
    from baohuang.catalog import rulebook_views

    built: list[int] = []
    real = rulebook_views.build_definition

    def counting(*args: Any, **kwargs: Any) -> Any:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(rulebook_views, "build_definition", counting)
    huge = copy.deepcopy(common.draft)
    huge["play"]["special_beats"] = [{"rank": "2", "count": 4, "beats": ["SJ", "BJ"]}] * 700
    services.update_draft(common, huge, common.draft_revision, None)

    response = staff_client.get(URL, {"version": "draft", "lang": "en"})

    body = assert_error(response, 409, "too_expensive")
    assert body["errors"][0]["path"] == "definition"
    assert body["errors"][0]["params"] == {"limit": 2000}
    assert "more than 2000 list entries" in body["detail"]
    assert built == []
    zh = staff_client.get(URL, {"version": "draft", "lang": "zh"}, HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert "不为它生成规则书" in zh.json()["detail"]
    assert staff_client.get(URL, {"version": 1, "format": "md"}).status_code == 200
    assert built == [1]
