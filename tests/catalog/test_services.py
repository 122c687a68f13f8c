"""Writes of the catalog: drafts, revisions, publishing, retiring, cloning, history."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User

from baohuang.catalog import selectors, services
from baohuang.catalog.errors import (
    DraftInvalid,
    InvalidSlug,
    NothingToPublish,
    PublishConflict,
    SlugTaken,
    StaleDraft,
)
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.rules import Problem, checksum, definition_of, validate_definition

pytestmark = pytest.mark.django_db


def changed(definition: dict[str, Any]) -> dict[str, Any]:
    """A valid edit: row 3 of the two-person table (still zero-sum)."""
    new = copy.deepcopy(definition)
    row = new["scoring"]["two_person"]["rows"][3]
    row["emperor"], row["rebels"] = 3, -1
    return new


def bad_hands(definition: dict[str, Any]) -> dict[str, Any]:
    """An invalid edit: the hands no longer add up to the deck."""
    new = copy.deepcopy(definition)
    new["deal"]["hand_sizes"] = [44, 43, 43, 43, 42]
    return new


# --------------------------------------------------------------------------- create


def test_create_keeps_the_draft_as_written_and_publishes_nothing(
    db: None, definition: dict[str, Any]
) -> None:
    rule_set = services.create_rule_set("baike-common", "普通玩法", "Common", definition, None)

    assert rule_set.draft == definition
    assert rule_set.draft_revision == 1
    assert not rule_set.versions.exists()
    assert selectors.latest_version(rule_set) is None
    assert [e.action for e in rule_set.events.all()] == ["created"]


def test_create_refuses_an_invalid_definition_a_taken_slug_and_a_bad_slug(
    rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    with pytest.raises(DraftInvalid) as invalid:
        services.create_rule_set("other", "x", "x", bad_hands(definition), None)
    assert "deal.hand_sizes" in [p.path for p in invalid.value.problems]

    with pytest.raises(SlugTaken, match="already exists"):
        services.create_rule_set("baike-common", "x", "x", definition, None)

    with pytest.raises(InvalidSlug, match="not a valid slug"):
        services.create_rule_set("Bad Slug!", "x", "x", definition, None)

    assert RuleSet.objects.count() == 1


def test_the_refusal_ends_with_one_mark_after_a_did_you_mean(definition: dict[str, Any]) -> None:
    definition["declarations"]["rebelion"] = {"threshold": 2}

    message = DraftInvalid(validate_definition(definition).problems).message

    assert message.endswith("Did you mean 'rebellion'?"), message
    assert DraftInvalid([Problem("deal", "Bad")]).message.endswith("deal: Bad.")


def test_the_definition_id_must_be_the_slug(db: None, definition: dict[str, Any]) -> None:
    with pytest.raises(DraftInvalid) as invalid:
        services.create_rule_set("my-rules", "x", "x", definition, None)

    (problem,) = invalid.value.errors
    assert problem.path == "id"
    assert "my-rules" in problem.message
    assert "baike-common" in problem.message


# --------------------------------------------------------------------------- drafts


def test_update_draft_bumps_the_revision_and_records_the_changed_paths(
    rule_set: RuleSet, definition: dict[str, Any], operator: User
) -> None:
    saved = services.update_draft(rule_set, changed(definition), 1, operator)

    assert saved.draft_revision == 2
    assert saved.draft["scoring"]["two_person"]["rows"][3]["emperor"] == 3
    event = saved.events.first()
    assert event is not None
    assert event.action == "draft_saved"
    assert event.user == operator
    assert event.revision == 2
    assert event.changed_paths == [
        "scoring.two_person.rows[3].emperor",
        "scoring.two_person.rows[3].rebels",
    ]
    assert "the emperor's points 0 → 3" in event.summary
    assert [entry["path"] for entry in event.change_texts] == event.changed_paths
    assert "皇帝得分 0 → 3" in event.change_texts[0]["text"]["zh"]


def test_an_invalid_draft_is_refused_with_its_paths_and_nothing_is_saved(
    rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    with pytest.raises(DraftInvalid) as invalid:
        services.update_draft(rule_set, bad_hands(definition), 1, None)

    assert [p.path for p in invalid.value.errors] == ["deal.hand_sizes"]
    assert "deal.hand_sizes" in str(invalid.value)
    rule_set.refresh_from_db()
    assert rule_set.draft == definition
    assert rule_set.draft_revision == 1


def test_a_stale_revision_is_refused_and_the_first_edit_is_intact(
    rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    first = changed(definition)
    second = copy.deepcopy(definition)
    second["play"]["wind"] = "apply"
    services.update_draft(rule_set, first, 1, None)

    with pytest.raises(StaleDraft, match="revision 1; it is now at revision 2") as stale:
        services.update_draft(rule_set, second, 1, None)

    assert "not saved" in str(stale.value)
    rule_set.refresh_from_db()
    assert rule_set.draft == first
    assert rule_set.draft_revision == 2


def test_saving_an_identical_draft_changes_nothing(
    rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    saved = services.update_draft(rule_set, copy.deepcopy(definition), 1, None)

    assert saved.draft_revision == 1
    assert saved.events.count() == 2  # created, published


# --------------------------------------------------------------------------- publish


def test_publish_numbers_versions_and_stores_the_checksum(
    rule_set: RuleSet, definition: dict[str, Any], operator: User
) -> None:
    services.update_draft(rule_set, changed(definition), 1, operator)

    version = services.publish(rule_set, operator)

    assert version.number == 2
    assert version.published_by == operator
    report = validate_definition(changed(definition))
    assert report.variant is not None
    assert version.definition == definition_of(report.variant)
    assert version.checksum == checksum(version.definition)
    assert selectors.latest_version(rule_set) == version
    event = rule_set.events.first()
    assert event is not None
    assert event.action == "published"
    assert event.version == version
    assert "published version 2" in event.summary
    assert "scoring.two_person.rows[3].emperor" in event.changed_paths


def test_publish_refuses_a_draft_identical_to_the_latest_version(rule_set: RuleSet) -> None:
    with pytest.raises(NothingToPublish, match="identical to version 1"):
        services.publish(rule_set, None)

    assert rule_set.versions.count() == 1


def test_publish_refuses_an_invalid_draft(rule_set: RuleSet, definition: dict[str, Any]) -> None:
    # A draft can become invalid without update_draft (e.g. the language changed).
    RuleSet.objects.filter(pk=rule_set.pk).update(draft=bad_hands(definition))

    with pytest.raises(DraftInvalid, match=r"cannot be published.*deal\.hand_sizes"):
        services.publish(rule_set, None)

    assert rule_set.versions.count() == 1


def test_publish_refuses_a_draft_changed_since_the_publisher_looked(
    rule_set: RuleSet, definition: dict[str, Any]
) -> None:
    services.update_draft(rule_set, changed(definition), 1, None)

    with pytest.raises(StaleDraft):
        services.publish(rule_set, None, expected_revision=1)
    assert services.publish(rule_set, None, expected_revision=2).number == 2


def test_a_lost_race_for_the_number_is_a_clear_conflict(
    rule_set: RuleSet, definition: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    services.update_draft(rule_set, changed(definition), 1, None)
    # As if another publish had taken the number between the read and the insert.
    monkeypatch.setattr(services, "next_version_number", lambda rule_set: 1)

    with pytest.raises(PublishConflict, match="Version 1 of baike-common was published by"):
        services.publish(rule_set, None)

    assert list(rule_set.versions.values_list("number", flat=True)) == [1]
    assert rule_set.events.filter(action="published").count() == 1


# --------------------------------------------------------------------------- retire


def test_retiring_hides_a_version_from_latest_but_keeps_it_and_its_number(
    rule_set: RuleSet, definition: dict[str, Any], operator: User
) -> None:
    services.update_draft(rule_set, changed(definition), 1, None)
    v2 = services.publish(rule_set, None)

    services.retire_version(v2, operator)

    latest = selectors.latest_version(rule_set)
    assert latest is not None
    assert latest.number == 1
    assert selectors.get_version("baike-common", 2).retired is True
    event = rule_set.events.first()
    assert event is not None
    assert event.action == "retired"
    assert event.user == operator
    # The draft still differs from v1, and the next number skips the retired one.
    services.update_draft(rule_set, definition | {"source": "edited"}, 2, None)
    assert services.publish(rule_set, None).number == 3


def test_retiring_twice_changes_nothing(rule_set: RuleSet) -> None:
    version = RuleSetVersion.objects.get(rule_set=rule_set, number=1)
    services.retire_version(version, None)
    services.retire_version(version, None)

    assert rule_set.events.filter(action="retired").count() == 1
    assert selectors.latest_version(rule_set) is None


# --------------------------------------------------------------------------- clone


def test_clone_copies_the_draft_with_the_new_id_and_no_versions(
    rule_set: RuleSet, definition: dict[str, Any], operator: User
) -> None:
    services.update_draft(rule_set, changed(definition), 1, None)

    copy_ = services.clone_rule_set(rule_set, "my-common", operator)

    assert copy_.slug == "my-common"
    assert copy_.draft["id"] == "my-common"
    assert copy_.draft["scoring"] == changed(definition)["scoring"]
    assert copy_.name_en == "Common (baike) (copy)"
    assert copy_.draft["name"] == {"zh": copy_.name_zh, "en": copy_.name_en}
    assert not copy_.versions.exists()
    event = copy_.events.get()
    assert event.action == "cloned"
    assert "cloned from baike-common" in event.summary

    with pytest.raises(SlugTaken):
        services.clone_rule_set(rule_set, "my-common", operator)
