"""The admin's draft form refuses a deeply nested document with the ``too_deep`` sentence
(a RecursionError and a 500 page before; issue #16, item 8)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from baohuang.catalog.models import RuleSet
from baohuang.rules.loader import MAX_DEPTH


@pytest.mark.parametrize(
    "text",
    [
        "[" * 600 + "]" * 600,
        "".join("  " * i + "a:\n" for i in range(440)) + "  " * 440 + "b: 1\n",  # 198,000 chars
        '{"a": ' * 600 + "1" + "}" * 600,
    ],
    ids=["flow", "block", "json"],
)
def test_a_deeply_nested_draft_is_a_form_error(
    client: Client, operator: User, rule_set: RuleSet, text: str
) -> None:
    client.force_login(operator)
    data = {
        "name_zh": rule_set.name_zh,
        "name_en": rule_set.name_en,
        "description": rule_set.description,
        "draft_yaml": text,
        "revision": str(rule_set.draft_revision),
        "_continue": "Save and continue editing",
    }

    response = client.post(reverse("admin:catalog_ruleset_change", args=[rule_set.pk]), data)

    assert response.status_code == 200
    errors = list(response.context["adminform"].form.non_field_errors())
    assert any(f"more than {MAX_DEPTH} levels deep" in e for e in errors), errors
    rule_set.refresh_from_db()
    assert rule_set.draft_revision == 1
