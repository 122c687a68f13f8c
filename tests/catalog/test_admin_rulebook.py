"""The rule set's admin page links to the rulebook of the latest version and of the draft."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from baohuang.catalog.models import RuleSet
from tests.catalog.test_admin import logged_in  # noqa: F401  (the fixture)


def test_rule_set_page_links_to_the_rulebooks(logged_in: Client, rule_set: RuleSet) -> None:  # noqa: F811
    text = logged_in.get(reverse("admin:catalog_ruleset_change", args=[rule_set.pk])).content
    base = f"/api/v1/variants/{rule_set.slug}/rulebook/?format=html"
    assert f'href="{base}"'.encode() in text
    assert f'href="{base}&amp;version=draft"'.encode() in text
    assert "Rulebook / 规则书".encode() in text
    draft = logged_in.get(f"{base}&version=draft", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert draft.status_code == 200
    assert draft["Content-Type"].startswith("text/html")
    assert "普通玩法规则书" in draft.content.decode()
