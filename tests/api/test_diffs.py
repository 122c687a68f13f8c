"""Diffs in game terms over the API: sentences, lineage (based_on), clones against their
origin, and a diff between any two rule sets' versions or drafts."""

from __future__ import annotations

import copy
from typing import Any

from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from tests.fixtures import assert_error

VARIANTS = "/api/v1/variants/"
DIFF = "/api/v1/diff/"


def clone(client: APIClient, slug: str = "our-common", **source: Any) -> dict[str, Any]:
    response = client.post(
        VARIANTS, {"slug": slug, "based_on": {"slug": "baike-common", **source}}, format="json"
    )
    assert response.status_code == 201, response.content[:500]
    return dict(response.json())


def edit_scoring(client: APIClient, slug: str) -> None:
    draft = client.get(f"{VARIANTS}{slug}/draft/")
    definition = copy.deepcopy(draft.json()["definition"])
    definition["scoring"]["two_person"]["rows"][0].update(emperor=8, guard=1)
    saved = client.put(
        f"{VARIANTS}{slug}/draft/",
        {"definition": definition},
        format="json",
        HTTP_IF_MATCH=draft["ETag"],
    )
    assert saved.status_code == 200, saved.content[:500]


def test_clone_remembers_its_origin_everywhere(common: RuleSet, staff_client: APIClient) -> None:
    body = clone(staff_client, version=1)

    assert body["based_on"] == {"slug": "baike-common", "version": 1}
    assert body["definition"]["id"] == "our-common"
    assert body["name_zh"] == "普通玩法（副本）"
    detail = staff_client.get(f"{VARIANTS}our-common/").json()
    assert detail["based_on"] == {"slug": "baike-common", "version": 1}
    listed = {v["slug"]: v for v in staff_client.get(VARIANTS).json()}
    assert listed["our-common"]["based_on"] == {"slug": "baike-common", "version": 1}
    assert listed["baike-common"]["based_on"] is None


def test_clone_defaults_to_the_latest_version(common: RuleSet, staff_client: APIClient) -> None:
    assert clone(staff_client)["based_on"] == {"slug": "baike-common", "version": 1}


def test_clone_errors(common: RuleSet, staff_client: APIClient, anon: APIClient) -> None:
    source = {"based_on": {"slug": "baike-common", "version": 9}, "slug": "x-y"}
    assert_error(staff_client.post(VARIANTS, source, format="json"), 404, "not_found")
    source = {"based_on": {"slug": "nope"}, "slug": "x-y"}
    assert_error(staff_client.post(VARIANTS, source, format="json"), 404, "not_found")
    both = {"based_on": {"slug": "baike-common"}, "slug": "x-y", "definition": {}}
    assert_error(staff_client.post(VARIANTS, both, format="json"), 400, "invalid")
    taken = {"based_on": {"slug": "baike-common"}, "slug": "baike-common"}
    assert_error(staff_client.post(VARIANTS, taken, format="json"), 409, "slug_taken")
    assert anon.post(
        VARIANTS, {"based_on": {"slug": "baike-common"}, "slug": "x-y"}
    ).status_code in (
        401,
        403,
    )


def test_clone_edit_and_diff_against_the_origin(common: RuleSet, staff_client: APIClient) -> None:
    clone(staff_client, version=1)
    edit_scoring(staff_client, "our-common")

    response = staff_client.get(f"{VARIANTS}our-common/diff-origin/")  # nothing published: draft

    assert response.status_code == 200
    body = response.json()
    assert body["from"] == {"slug": "baike-common", "version": 1, "draft": False}
    assert body["to"] == {"slug": "our-common", "version": None, "draft": True}
    assert body["based_on"] == {"slug": "baike-common", "version": 1}
    texts = {c["path"]: c["text"] for c in body["changes"]}
    assert texts["scoring.two_person.rows[0].emperor"] == {
        "zh": "皇帝头客、侍卫二客时皇帝得分 6 → 8",
        "en": "Emperor 1st out, guard 2nd out: the emperor's points 6 → 8",
    }
    assert set(texts) == {
        "id",
        "name.zh",
        "name.en",
        "scoring.two_person.rows[0].emperor",
        "scoring.two_person.rows[0].guard",
    }


def test_diff_origin_errors(common: RuleSet, staff_client: APIClient, anon: APIClient) -> None:
    assert_error(staff_client.get(f"{VARIANTS}baike-common/diff-origin/"), 404, "no_origin")
    assert_error(staff_client.get(f"{VARIANTS}nope/diff-origin/"), 404, "not_found")
    clone(staff_client)
    assert_error(anon.get(f"{VARIANTS}our-common/diff-origin/?to=draft"), 401)
    assert_error(staff_client.get(f"{VARIANTS}our-common/diff-origin/?to=7"), 404, "not_found")
    assert_error(staff_client.get(f"{VARIANTS}our-common/diff-origin/?to=x"), 400, "invalid")


def test_diff_between_any_two_sides(
    common: RuleSet, staff_client: APIClient, anon: APIClient, definition: dict[str, Any]
) -> None:
    clone(staff_client)
    edit_scoring(staff_client, "our-common")

    body = staff_client.get(DIFF, {"from": "baike-common@1", "to": "our-common@draft"}).json()
    assert body["from"] == {"slug": "baike-common", "version": 1, "draft": False}
    assert "皇帝头客、侍卫二客时皇帝得分 6 → 8" in [c["text"]["zh"] for c in body["changes"]]

    same = anon.get(DIFF, {"from": "baike-common", "to": "baike-common@1"}).json()
    assert same["changes"] == []

    # POST: a side may be a definition (unsaved edits); defaults left out are no change.
    edited = copy.deepcopy(definition)
    del edited["deal"]["first_dealer"]
    edited["scoring"]["multipliers"] = [{"event": "rebellion"}]
    response = anon.post(DIFF, {"from": "baike-common@1", "to": edited}, format="json")
    assert response.status_code == 200
    [change] = response.json()["changes"]
    assert change["text"]["zh"] == "新增倍数：造反成功 ×2"
    assert response.json()["to"] == {"slug": None, "version": None, "draft": False}


def test_diff_errors(common: RuleSet, anon: APIClient, staff_client: APIClient) -> None:
    body = assert_error(anon.get(DIFF, {"from": "baike-common@1"}), 400, "invalid")
    assert body["errors"][0]["path"] == "to"
    body = assert_error(anon.get(DIFF, {"from": "Bad Slug", "to": "baike-common"}), 400)
    assert body["errors"][0]["path"] == "from"
    assert_error(anon.get(DIFF, {"from": "nope@1", "to": "baike-common"}), 404, "not_found")
    assert_error(anon.get(DIFF, {"from": "baike-common@3", "to": "baike-common"}), 404)
    assert_error(anon.get(DIFF, {"from": "baike-common@draft", "to": "baike-common"}), 401)
    assert_error(staff_client.post(DIFF, {"from": "baike-common"}, format="json"), 400)


def test_version_diff_sentences(common: RuleSet, staff_client: APIClient) -> None:
    edited = copy.deepcopy(common.draft)
    edited["notes"].insert(0, "Our house rule.")
    services.update_draft(common, edited, common.draft_revision, None)
    services.publish(common, None)

    body = staff_client.get(f"{VARIANTS}baike-common/versions/1/diff/2/").json()

    assert [(c["path"], c["change"]) for c in body["changes"]] == [("notes[0]", "added")]
    assert body["changes"][0]["text"]["en"] == "New note: “Our house rule.”"
