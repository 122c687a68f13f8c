"""The admin speaks the request's language (issue #14): Django's own admin through
LocaleMiddleware, ours through the catalog and jobs catalogs."""

from __future__ import annotations

import copy

from django.test import Client
from django.urls import reverse

from baohuang.catalog import services
from baohuang.catalog.models import RuleSet
from tests.catalog.test_admin import logged_in  # noqa: F401  (the fixture)

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}


def _page(client: Client, url: str, **headers: str) -> str:
    response = client.get(url, **(headers or ZH))
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_admin_index_and_lists_are_chinese(logged_in: Client, rule_set: RuleSet) -> None:  # noqa: F811
    index = _page(logged_in, "/admin/")
    assert "站点管理" in index  # Django's own catalog
    assert "规则目录" in index  # our app's name
    assert "编辑记录" in index  # a model's plural name

    listing = _page(logged_in, reverse("admin:catalog_ruleset_changelist"))
    assert "发布所选草稿…" in listing and "复制所选规则集" in listing  # actions
    assert "最新版本" in listing and "草稿与最新版本相同" in listing  # column, status


def test_the_jobs_admin_is_chinese(db: None) -> None:
    from django.contrib.auth.models import User

    User.objects.create_superuser("root", password="root")
    client = Client()
    client.login(username="root", password="root")
    assert "模拟任务" in _page(client, "/admin/")
    jobs = _page(client, reverse("admin:jobs_simulationjob_changelist"))
    assert "模拟任务" in jobs and "排队中" in jobs  # the status filter's labels


def test_the_rule_set_page_and_diff_are_chinese(logged_in: Client, rule_set: RuleSet) -> None:  # noqa: F811
    changed = copy.deepcopy(rule_set.draft)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    services.update_draft(rule_set, changed, rule_set.draft_revision, None)

    page = _page(logged_in, reverse("admin:catalog_ruleset_change", args=[rule_set.pk]))
    assert "比较草稿 ↔ 最新版本" in page and "已发布的版本" in page and "状态：" in page

    diff_url = reverse("admin:catalog_ruleset_diff", args=[rule_set.pk])
    zh = _page(logged_in, diff_url)
    en = _page(logged_in, diff_url, HTTP_ACCEPT_LANGUAGE="en")
    assert "路径" in zh and "旧值" in zh and "scoring.multipliers" in zh
    # One language per page: the request's (the path column stays).
    assert "明保" in zh or "翻倍" in zh or "倍" in zh
    assert "<th>path</th>" in en and "路径" not in en
    assert 'lang="zh-hans"' in zh and 'lang="zh-hans"' not in en
