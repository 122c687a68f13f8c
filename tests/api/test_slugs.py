"""A Chinese name is enough (issue 34 §4): the identifier is made from it (pinyin), proposed
by ``GET /api/v1/slug/`` and used when a rule set is created or cloned without a slug."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSet
from baohuang.catalog.slugs import slug_from_name
from tests.fixtures import assert_error

VARIANTS = "/api/v1/variants/"
SLUG = "/api/v1/slug/"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("我们的威海 ×4 造反", "wo-men-de-wei-hai-4-zao-fan"),
        ("威海", "wei-hai"),
        ("Weihai (baike)", "weihai-baike"),
        ("ＡＢ１２ 青岛", "ab12-qing-dao"),  # full-width letters and digits
        ("！！", "house-rules"),  # nothing to read: still a valid slug
        ("x", "x-house-rules"),
        ("绿" * 40, "-".join(["lv"] * 21)),  # cut at a word, at most 63 characters
    ],
)
def test_a_slug_is_made_from_the_name(name: str, slug: str) -> None:
    assert slug_from_name(name) == slug


def test_the_proposed_slug_is_free(common: RuleSet, staff_client: APIClient) -> None:
    assert staff_client.get(SLUG, {"name": "普通"}).json() == {"slug": "pu-tong"}
    RuleSet.objects.filter(slug="baike-common").update(slug="pu-tong")
    assert staff_client.get(SLUG, {"name": "普通"}).json() == {"slug": "pu-tong-2"}
    body = assert_error(staff_client.get(SLUG, {"name": " "}), 400, "invalid")
    assert body["errors"][0]["path"] == "name"


def test_a_clone_without_a_slug_is_named_from_its_chinese_name(
    common: RuleSet, staff_client: APIClient
) -> None:
    made = staff_client.post(
        VARIANTS,
        {"based_on": {"slug": "baike-common"}, "name_zh": "我们的普通玩法"},
        format="json",
    )
    assert made.status_code == 201, made.content[:500]
    assert made.json()["slug"] == "wo-men-de-pu-tong-wan-fa"
    assert made.json()["definition"]["id"] == "wo-men-de-pu-tong-wan-fa"
    # No name either: the origin's name with （副本）.
    again = staff_client.post(VARIANTS, {"based_on": {"slug": "baike-common"}}, format="json")
    assert again.status_code == 201, again.content[:500]
    assert again.json()["slug"] == "pu-tong-wan-fa-fu-ben"


def test_a_new_rule_set_without_a_slug_is_named_from_its_name(
    common: RuleSet, staff_client: APIClient
) -> None:
    definition = staff_client.get(f"{VARIANTS}baike-common/").json()["definition"]
    del definition["id"]
    made = staff_client.post(
        VARIANTS, {"definition": definition, "name_zh": "青岛规则"}, format="json"
    )
    assert made.status_code == 201, made.content[:500]
    assert made.json()["slug"] == "qing-dao-gui-ze"
    assert made.json()["name_zh"] == "青岛规则"
