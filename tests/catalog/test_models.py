"""A published version never changes: save(), QuerySet.update() and delete() refuse."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, transaction

from baohuang.catalog.errors import VersionImmutable
from baohuang.catalog.models import RuleSet, RuleSetVersion
from baohuang.rules import checksum

pytestmark = pytest.mark.django_db


def version_one(rule_set: RuleSet) -> RuleSetVersion:
    return RuleSetVersion.objects.get(rule_set=rule_set, number=1)


def test_saving_a_changed_definition_is_refused(rule_set: RuleSet) -> None:
    version = version_one(rule_set)
    version.definition["deal"]["hand_sizes"] = [43, 43, 43, 43, 44]

    with pytest.raises(VersionImmutable, match=r"published and cannot be changed.*definition"):
        version.save()

    assert version_one(rule_set).definition["deal"]["hand_sizes"] == [44, 43, 43, 43, 43]


@pytest.mark.parametrize(
    ("field", "value"),
    [("number", 7), ("checksum", "0" * 64), ("published_at", datetime(2000, 1, 1, tzinfo=UTC))],
)
def test_saving_a_changed_number_or_checksum_is_refused(
    rule_set: RuleSet, field: str, value: object
) -> None:
    version = version_one(rule_set)
    setattr(version, field, value)

    with pytest.raises(VersionImmutable, match=field):
        version.save()


def test_saving_only_the_retired_flag_is_allowed(rule_set: RuleSet) -> None:
    version = version_one(rule_set)
    version.retired = True
    version.save()

    assert version_one(rule_set).retired is True


def test_queryset_update_of_content_is_refused(rule_set: RuleSet) -> None:
    versions = RuleSetVersion.objects.filter(rule_set=rule_set)

    with pytest.raises(VersionImmutable, match=r"cannot be changed.*definition"):
        versions.update(definition={})
    with pytest.raises(VersionImmutable, match="number"):
        versions.update(number=5, retired=True)
    with pytest.raises(VersionImmutable, match="checksum"):
        RuleSetVersion.objects.update(checksum="")

    assert version_one(rule_set).number == 1
    assert version_one(rule_set).retired is False


def test_queryset_update_of_retired_is_allowed(rule_set: RuleSet) -> None:
    assert RuleSetVersion.objects.filter(rule_set=rule_set).update(retired=True) == 1


def test_bulk_update_of_content_is_refused(rule_set: RuleSet) -> None:
    version = version_one(rule_set)
    version.definition = {}

    with pytest.raises(VersionImmutable):
        RuleSetVersion.objects.bulk_update([version], ["definition"])


def test_delete_is_refused_on_the_instance_and_the_queryset(rule_set: RuleSet) -> None:
    with pytest.raises(VersionImmutable, match="never deleted"):
        version_one(rule_set).delete()
    with pytest.raises(VersionImmutable, match="never deleted"):
        RuleSetVersion.objects.filter(rule_set=rule_set).delete()
    with pytest.raises(VersionImmutable, match="never deleted"):
        RuleSetVersion.objects.all().delete()

    assert RuleSetVersion.objects.filter(rule_set=rule_set).count() == 1


def test_a_rule_set_with_versions_cannot_be_deleted(rule_set: RuleSet) -> None:
    from django.db.models import ProtectedError

    with pytest.raises(ProtectedError):
        rule_set.delete()


def test_a_new_version_gets_its_checksum_and_a_wrong_one_is_refused(rule_set: RuleSet) -> None:
    definition = version_one(rule_set).definition
    version = RuleSetVersion.objects.create(rule_set=rule_set, number=2, definition=definition)
    assert version.checksum == checksum(definition)

    with pytest.raises(VersionImmutable, match="checksum does not match"):
        RuleSetVersion.objects.create(
            rule_set=rule_set, number=3, definition=definition, checksum="f" * 64
        )


def test_the_database_refuses_two_versions_with_the_same_number(rule_set: RuleSet) -> None:
    definition = version_one(rule_set).definition
    with pytest.raises(IntegrityError), transaction.atomic():
        RuleSetVersion.objects.create(rule_set=rule_set, number=1, definition=definition)
