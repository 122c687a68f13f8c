"""Concurrent publishes with real transactions: never two versions with one number.

These need row locks (``SELECT … FOR UPDATE``) and concurrent writers, so they run on
PostgreSQL (CI sets ``DATABASE_URL=postgres://…``) and are skipped on SQLite.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections
from django.utils import translation

from baohuang.catalog import services
from baohuang.catalog.errors import CatalogError, NothingToPublish, PublishConflict, StaleDraft
from baohuang.catalog.models import RuleSet, RuleSetVersion

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite has no row locks (select_for_update is a no-op) and "
        "serialises writers; run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/baohuang",
    ),
]


def in_threads(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads started together; results or exceptions."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            # A new thread speaks the default language (Chinese); these tests read English.
            with translation.override("en"):
                results[i] = work(i)
        except Exception as exc:
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread hung (deadlock?)"
    return results


def numbers(rule_set: RuleSet) -> list[int]:
    return sorted(RuleSetVersion.objects.filter(rule_set=rule_set).values_list("number", flat=True))


@pytest.fixture
def edited(rule_set: RuleSet, definition: dict[str, Any]) -> RuleSet:
    """``baike-common`` at version 1 with a changed draft."""
    services.update_draft(rule_set, definition | {"source": "edited"}, 1, None)
    return rule_set


def test_two_racing_publishes_give_one_new_version_and_one_refusal(edited: RuleSet) -> None:
    for _ in range(5):
        results = in_threads(2, lambda i: services.publish(RuleSet.objects.get(pk=edited.pk), None))

        published = [r for r in results if isinstance(r, RuleSetVersion)]
        refused = [r for r in results if isinstance(r, CatalogError)]
        assert len(published) == 1, results
        assert len(refused) == 1, results
        assert isinstance(refused[0], NothingToPublish)
        assert numbers(edited) == list(range(1, published[0].number + 1))
        # A new change for the next round.
        fresh = RuleSet.objects.get(pk=edited.pk)
        services.update_draft(
            fresh,
            fresh.draft | {"source": f"round {published[0].number}"},
            fresh.draft_revision,
            None,
        )


def test_many_editors_publishing_at_once_get_consecutive_numbers(edited: RuleSet) -> None:
    def edit_and_publish(i: int) -> list[str]:
        outcomes: list[str] = []
        for round_ in range(4):
            fresh = RuleSet.objects.get(pk=edited.pk)
            draft = copy.deepcopy(fresh.draft) | {"source": f"editor {i} round {round_}"}
            try:
                services.update_draft(fresh, draft, fresh.draft_revision, None)
                outcomes.append(f"v{services.publish(fresh, None).number}")
            except (StaleDraft, NothingToPublish, PublishConflict) as exc:
                outcomes.append(type(exc).__name__)
        return outcomes

    results = in_threads(6, edit_and_publish)

    assert not [r for r in results if isinstance(r, Exception)], results
    published = [o for outcomes in results for o in outcomes if o.startswith("v")]
    assert len(published) == len(set(published)), results  # no number handed out twice
    assert numbers(edited) == list(range(1, len(published) + 2))


def test_without_the_lock_the_unique_constraint_turns_a_race_into_a_conflict(
    edited: RuleSet, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line of defence: both publishers read the same max; one insert fails."""
    monkeypatch.setattr(services, "_locked", lambda rule_set: RuleSet.objects.get(pk=rule_set.pk))
    both_read = threading.Barrier(2)
    real_next = services.next_version_number

    def next_after_both_read(rule_set: RuleSet) -> int:
        number = real_next(rule_set)
        both_read.wait(timeout=10)
        return number

    monkeypatch.setattr(services, "next_version_number", next_after_both_read)

    results = in_threads(2, lambda i: services.publish(RuleSet.objects.get(pk=edited.pk), None))

    published = [r for r in results if isinstance(r, RuleSetVersion)]
    conflicts = [r for r in results if isinstance(r, PublishConflict)]
    assert len(published) == 1, results
    assert len(conflicts) == 1, results
    assert "Version 2 of baike-common was published by someone else" in str(conflicts[0])
    assert numbers(edited) == [1, 2]
