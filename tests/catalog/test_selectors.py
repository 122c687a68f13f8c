"""Reads of the catalog: latest version, the annotated list, versions, diffs."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from baohuang.catalog import selectors, services
from baohuang.catalog.models import RuleSet, RuleSetVersion


def diff_definitions(old: Any, new: Any) -> list[dict[str, Any]]:
    """The diff without its sentences (tested in test_changes.py)."""
    return [
        {k: v for k, v in change.items() if k != "text"}
        for change in selectors.diff_definitions(old, new)
    ]


def test_diff_names_nested_paths_with_list_indexes() -> None:
    old = {"scoring": {"two_person": {"rows": [{"guard": 1}, {"guard": 2}, {}, {"guard": 3}]}}}
    new = copy.deepcopy(old)
    new["scoring"]["two_person"]["rows"][3]["guard"] = 4

    assert diff_definitions(old, new) == [
        {"path": "scoring.two_person.rows[3].guard", "old": 3, "new": 4, "change": "changed"}
    ]


def test_diff_reports_added_and_removed_keys_and_list_items() -> None:
    old = {"deck": {"decks": 4, "remove": [{"rank": "3"}]}, "notes": ["a"]}
    new = {"deck": {"remove": [{"rank": "3"}, {"rank": "4"}]}, "notes": ["a"], "source": "x"}

    assert diff_definitions(old, new) == [
        {"path": "source", "old": None, "new": "x", "change": "added"},
        {"path": "deck.decks", "old": 4, "new": None, "change": "removed"},
        {"path": "deck.remove[1]", "old": None, "new": {"rank": "4"}, "change": "added"},
    ]
    assert [c["change"] for c in diff_definitions(new, old)] == ["removed", "added", "removed"]


def test_diff_of_equal_documents_is_empty_and_true_is_not_one() -> None:
    assert diff_definitions({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]}) == []
    assert diff_definitions({"a": True}, {"a": 1}) == [
        {"path": "a", "old": True, "new": 1, "change": "changed"}
    ]
    assert diff_definitions({"a": [1]}, {"a": {"x": 1}})[0]["path"] == "a"


def test_diff_follows_the_language_order_whatever_the_stored_order() -> None:
    old = {"scoring": {"multipliers": []}, "deal": {"hand_sizes": [1]}, "id": "a"}
    new = {"id": "b", "deal": {"hand_sizes": [2]}, "scoring": {"multipliers": [1]}}

    paths = [c["path"] for c in diff_definitions(old, new)]

    assert paths == ["id", "deal.hand_sizes", "scoring.multipliers[0]"]


@pytest.mark.django_db
def test_rule_set_list_annotates_the_latest_non_retired_version(
    rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    services.create_rule_set("baike-other", "x", "y", definition | {"id": "baike-other"}, None)
    edited = definition | {"source": "edited"}
    services.update_draft(rule_set, edited, 1, None)
    v2 = services.publish(rule_set, None)

    listed = {r.slug: r for r in selectors.rule_set_list()}

    common, other = listed["baike-common"], listed["baike-other"]
    assert (common.latest_number, common.version_count) == (2, 2)  # type: ignore[attr-defined]
    assert (other.latest_number, other.version_count) == (None, 0)  # type: ignore[attr-defined]
    assert selectors.draft_status(common, v2.checksum, 2) == "published"
    assert selectors.draft_status(other, None, 0) == "unpublished"

    services.retire_version(v2, None)
    common = selectors.rule_set_list().get(slug="baike-common")
    assert common.latest_number == 1  # type: ignore[attr-defined]
    assert selectors.draft_status(common, common.latest_checksum, 2) == "changed"  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_get_version_finds_by_slug_and_number(rule_set: RuleSet) -> None:
    assert selectors.get_version("baike-common", 1).rule_set == rule_set
    with pytest.raises(RuleSetVersion.DoesNotExist):
        selectors.get_version("baike-common", 2)
    with pytest.raises(RuleSetVersion.DoesNotExist):
        selectors.get_version("nope", 1)
