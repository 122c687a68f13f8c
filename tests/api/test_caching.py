"""The hot read endpoints answer from a cache (issue 31, "Under load").

Published versions never change: their answers carry a strong ``ETag`` and
``Cache-Control``, ``If-None-Match`` gets a 304 without a body, and the server keeps the
rendered answer, keyed so that a change (a new version, a retirement, a new name), the
language and what the caller may see are never mixed up. Nothing that shows a draft is
stored.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet, RuleSetVersion
from tests.fixtures import assert_error, token_client, with_perms

BASE = "/api/v1/variants/baike-common/"
#: Answers that follow the latest version: revalidated on every use.
LATEST = [
    BASE,
    BASE + "versions/",
    "/api/v1/variants/",
    BASE + "rulebook/?format=json&lang=en",
]
#: Answers about a version named by its number: clients may keep them.
PINNED = [
    BASE + "?version=1",
    BASE + "versions/1/",
    BASE + "rulebook/?version=1&format=md&lang=zh",
    "/api/v1/schema/variant/",
]


@pytest.fixture
def operator(db: None) -> User:
    """Staff who may read and publish drafts."""
    user = User.objects.create_user("op", is_staff=True)
    return with_perms(user, "catalog.view_ruleset", "catalog.change_ruleset")


def _changed(rule_set: RuleSet, user: User, factor: int = 2) -> None:
    """Save a draft that differs from version 1 (an open guard multiplies by ``factor``)."""
    draft = copy.deepcopy(rule_set.draft)
    draft["scoring"]["multipliers"] = [{"event": "open_guard", "factor": factor}]
    services.update_draft(rule_set, draft, rule_set.draft_revision, user)


@pytest.mark.parametrize("url", PINNED + LATEST)
def test_an_answer_has_a_strong_etag_and_a_304_repeats_none_of_it(
    anon: APIClient, common: RuleSet, url: str
) -> None:
    first = anon.get(url)
    tag = first["ETag"]

    again = anon.get(url, HTTP_IF_NONE_MATCH=tag)
    weak = anon.get(url, HTTP_IF_NONE_MATCH=f'"other", W/{tag}')
    other = anon.get(url, HTTP_IF_NONE_MATCH='"not-this-one"')

    assert first.status_code == 200
    assert tag.startswith('"')  # strong: not W/"…"
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag
    assert weak.status_code == 304
    assert other.status_code == 200
    assert other.content == first.content


@pytest.mark.parametrize("url", PINNED)
def test_a_numbered_version_may_be_kept_by_clients_and_proxies(
    anon: APIClient, common: RuleSet, url: str
) -> None:
    response = anon.get(url)

    assert response["Cache-Control"] == "public, max-age=300"
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize("url", LATEST)
def test_the_latest_is_revalidated_and_a_new_version_changes_its_etag(
    anon: APIClient, common: RuleSet, staff: User, url: str
) -> None:
    before = anon.get(url)
    assert before["Cache-Control"] == "public, no-cache"
    assert anon.get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304

    _changed(common, staff)
    services.publish(common, staff)
    after = anon.get(url, HTTP_IF_NONE_MATCH=before["ETag"])

    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content


def test_the_detail_follows_a_publish_a_retirement_and_a_new_name(
    anon: APIClient, common: RuleSet, staff: User
) -> None:
    assert anon.get(BASE).json()["version"] == 1
    _changed(common, staff)
    services.publish(common, staff)
    assert anon.get(BASE).json()["version"] == 2

    services.retire_version(RuleSetVersion.objects.get(rule_set=common, number=2), staff)
    assert anon.get(BASE).json()["version"] == 1
    assert anon.get(BASE + "versions/2/").json()["retired"] is True

    common.refresh_from_db()
    services.update_draft(common, common.draft, common.draft_revision, staff, name_en="Renamed")
    assert anon.get(BASE).json()["name_en"] == "Renamed"
    assert anon.get("/api/v1/variants/").json()[0]["name_en"] == "Renamed"


def test_a_repeated_read_is_answered_from_the_server_cache(
    anon: APIClient, common: RuleSet
) -> None:
    url = BASE + "rulebook/?format=html&lang=en"
    with CaptureQueriesContext(connection) as first:
        built = anon.get(url)
    with CaptureQueriesContext(connection) as second:
        cached = anon.get(url)

    assert cached.content == built.content
    assert cached["ETag"] == built["ETag"]
    assert len(first) > 1
    assert len(second) == 1  # the rule set's stamp, nothing else


@pytest.mark.parametrize(
    ("url", "zh_headers", "en_headers"),
    [
        (BASE + "rulebook/?format=md&lang=zh", {}, {}),
        (BASE + "rulebook/?format=md", {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}, {}),
    ],
)
def test_chinese_and_english_are_cached_apart(
    anon: APIClient, common: RuleSet, url: str, zh_headers: dict[str, str], en_headers: Any
) -> None:
    en_url = url.replace("lang=zh", "lang=en")
    answers = []
    for _ in range(2):  # the second round comes from the cache
        zh = anon.get(url, **zh_headers)
        en = anon.get(en_url, **en_headers)
        answers.append((zh, en))

    for zh, en in answers:
        assert zh.content.decode().startswith("# 普通玩法规则书"), zh.content[:80]
        assert en.content.decode().startswith("# Rulebook"), en.content[:80]
        assert zh["Content-Language"] == "zh-Hans"
        assert en["Content-Language"] == "en"
        assert zh["ETag"] != en["ETag"]
    assert answers[0][0]["ETag"] == answers[1][0]["ETag"]
    assert answers[0][1]["ETag"] == answers[1][1]["ETag"]


def test_a_draft_is_never_cached_nor_shown_to_those_who_may_not_read_it(
    anon: APIClient, outsider_client: APIClient, common: RuleSet, operator: User
) -> None:
    _changed(common, operator, factor=3)
    operator_client = token_client(operator)
    draft_url = BASE + "rulebook/?version=draft&format=md&lang=en"

    draft = operator_client.get(draft_url)
    latest_for_operator = operator_client.get(BASE + "rulebook/?format=md&lang=en")
    latest_for_anon = anon.get(BASE + "rulebook/?format=md&lang=en")

    assert draft.status_code == 200
    assert "an open guard: points × 3" in draft.content.decode()
    assert draft["Cache-Control"] == "private, no-store"
    assert "ETag" not in draft
    assert_error(anon.get(draft_url), 401)
    assert_error(outsider_client.get(draft_url), 403)
    for published in (latest_for_operator, latest_for_anon):
        assert "× 3" not in published.content.decode()
    # The same published answer, but only the anonymous one is for shared caches.
    assert latest_for_operator.content == latest_for_anon.content
    assert latest_for_operator["Cache-Control"] == "private, no-cache"
    assert latest_for_anon["Cache-Control"] == "public, no-cache"


def test_the_cache_never_lets_a_refused_caller_through(
    anon: APIClient, common: RuleSet, settings: Any
) -> None:
    assert anon.get(BASE).status_code == 200  # now in the cache

    settings.BAOHUANG_API_PUBLIC_READ = False
    refused = anon.get(BASE)

    assert_error(refused, 401)
    assert "ETag" not in refused


def test_errors_are_not_cached(anon: APIClient, common: RuleSet) -> None:
    missing = anon.get(BASE + "?version=9")
    assert_error(missing, 404)
    assert "ETag" not in missing
    assert anon.get("/api/v1/variants/nothing-here/").status_code == 404
