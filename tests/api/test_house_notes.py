"""House notes over the API (issue 34 §3): a note whose rules change in a clone goes stale
(a ``note_stale`` warning on the draft, the note left out of the draft's rulebook), and
saving it without its fingerprint confirms it."""

from __future__ import annotations

import copy

from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSet

CLONE = "/api/v1/variants/my-common/draft/"
#: baike-common's house note about its scoring tables (two-person and solo).
TABLES_NOTE = 2


def _clone(client: APIClient) -> None:
    response = client.post(
        "/api/v1/variants/",
        {"slug": "my-common", "based_on": {"slug": "baike-common", "version": 1}},
        format="json",
    )
    assert response.status_code == 201, response.content


def _stale(body: dict) -> list[dict]:
    return [w for w in body["warnings"] if w["code"] == "note_stale"]


def test_a_note_goes_stale_when_its_rule_changes_and_confirming_clears_it(
    staff_client: APIClient, common: RuleSet
) -> None:
    _clone(staff_client)
    got = staff_client.get(CLONE)
    body = got.json()
    note = body["definition"]["house_notes"][TABLES_NOTE]
    assert note["about"] == ["scoring.two_person", "scoring.solo"]
    assert note["checked"]  # the clone keeps the origin's fingerprints
    assert _stale(body) == []

    definition = copy.deepcopy(body["definition"])
    definition["scoring"]["two_person"]["rows"][0]["emperor"] += 2
    definition["scoring"]["two_person"]["rows"][0]["rebels"] -= 1
    definition["scoring"]["two_person"]["rows"][0]["guard"] -= 1
    saved = staff_client.put(CLONE, {"definition": definition}, HTTP_IF_MATCH=got["ETag"])
    assert saved.status_code == 200, saved.content

    (warning,) = _stale(saved.json())
    assert warning["path"] == f"house_notes[{TABLES_NOTE}]"
    assert warning["params"] == {"note": TABLES_NOTE + 1, "fields": ["scoring.two_person"]}
    draft_book = staff_client.get(
        "/api/v1/variants/my-common/rulebook/", {"version": "draft", "format": "md", "lang": "zh"}
    ).content.decode()
    assert "计分按积分表（皇帝得侍卫的两倍" not in draft_book
    assert "有 1 条本规则说明没有印出" in draft_book
    assert "草稿 · 普通玩法（副本） · 草稿修订 2" in draft_book

    # Confirm: the note is sent back without its fingerprint; the save takes it anew.
    confirmed = copy.deepcopy(saved.json()["definition"])
    del confirmed["house_notes"][TABLES_NOTE]["checked"]
    again = staff_client.put(CLONE, {"definition": confirmed}, HTTP_IF_MATCH=saved["ETag"])
    assert again.status_code == 200, again.content
    assert _stale(again.json()) == []
    stored = RuleSet.objects.get(slug="my-common").draft["house_notes"][TABLES_NOTE]
    assert stored["checked"]
    assert stored["checked"] != note["checked"]
    draft_book = staff_client.get(
        "/api/v1/variants/my-common/rulebook/", {"version": "draft", "format": "md", "lang": "zh"}
    ).content.decode()
    assert "计分按积分表（皇帝得侍卫的两倍" in draft_book
