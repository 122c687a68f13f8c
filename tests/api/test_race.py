"""Concurrent writes through the API with real transactions (issue #16, item 9).

``If-Match: *`` means "overwrite whatever is there": ten concurrent ``*`` PUTs must all
succeed, one after the other. Runs on PostgreSQL when ``DATABASE_URL`` says so (row locks)
and on SQLite (which serialises writers at ``BEGIN``): the race was the same on both.
"""

from __future__ import annotations

import copy
import threading
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections

from baohuang.catalog.models import EditEvent, RuleSet
from tests.fixtures import token_client

pytestmark = pytest.mark.django_db(transaction=True)

COUNT = 10


@pytest.fixture(autouse=True)
def _no_throttles(settings: Any) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(rates),
    }


def test_concurrent_star_puts_all_overwrite(
    common: RuleSet, staff: User, definition: dict[str, Any]
) -> None:
    barrier = threading.Barrier(COUNT)
    statuses: list[int] = [0] * COUNT

    def put(i: int) -> None:
        try:
            changed = copy.deepcopy(definition)
            changed["source"] = f"writer {i}"
            client = token_client(staff)
            barrier.wait(timeout=10)
            response = client.put(
                f"/api/v1/variants/{common.slug}/draft/",
                {"definition": changed},
                format="json",
                HTTP_IF_MATCH="*",
            )
            statuses[i] = response.status_code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=put, args=(i,)) for i in range(COUNT)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert statuses == [200] * COUNT, statuses
    saved = RuleSet.objects.get(pk=common.pk)
    assert saved.draft_revision == 1 + COUNT
    assert EditEvent.objects.filter(rule_set=saved, action="draft_saved").count() == COUNT
