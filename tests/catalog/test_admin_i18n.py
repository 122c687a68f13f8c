"""The admin speaks the request's language (issue #14): Django's own admin through
LocaleMiddleware, ours through the catalog and jobs catalogs."""

from __future__ import annotations

import copy
import re

from django.test import Client
from django.urls import reverse
from django.utils import translation

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
    assert "发布所选草稿…" in listing
    assert "复制所选规则集" in listing
    assert "最新版本" in listing
    assert "草稿与最新版本相同" in listing


def test_the_jobs_admin_is_chinese(db: None) -> None:
    from django.contrib.auth.models import User

    User.objects.create_superuser("root", password="root")
    client = Client()
    client.login(username="root", password="root")
    assert "模拟任务" in _page(client, "/admin/")
    jobs = _page(client, reverse("admin:jobs_simulationjob_changelist"))
    assert "模拟任务" in jobs
    assert "排队中" in jobs


def test_the_rule_set_page_and_diff_are_chinese(logged_in: Client, rule_set: RuleSet) -> None:  # noqa: F811
    changed = copy.deepcopy(rule_set.draft)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    services.update_draft(rule_set, changed, rule_set.draft_revision, None)

    page = _page(logged_in, reverse("admin:catalog_ruleset_change", args=[rule_set.pk]))
    assert "比较草稿 ↔ 最新版本" in page
    assert "已发布的版本" in page
    assert "状态：" in page

    diff_url = reverse("admin:catalog_ruleset_diff", args=[rule_set.pk])
    zh = _page(logged_in, diff_url)
    en = _page(logged_in, diff_url, HTTP_ACCEPT_LANGUAGE="en")
    assert "路径" in zh
    assert "旧值" in zh
    assert "scoring.multipliers" in zh
    # One language per page: the request's (the path column stays).
    assert "明保" in zh or "翻倍" in zh or "倍" in zh
    assert "<th>path</th>" in en
    assert "路径" not in en
    assert 'lang="zh-hans"' in zh
    assert 'lang="zh-hans"' not in en


def test_field_labels_and_help_texts_are_chinese(logged_in: Client, rule_set: RuleSet) -> None:  # noqa: F811
    page = _page(logged_in, reverse("admin:catalog_ruleset_change", args=[rule_set.pk]))
    assert "中文名" in page
    assert "英文名" in page
    assert "说明" in page
    assert "玩法标识（例如 baike-weihai）；创建后不再改变。" in page  # a help text
    english = _page(
        logged_in,
        reverse("admin:catalog_ruleset_change", args=[rule_set.pk]),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Chinese name" in english
    assert "中文名" not in english

    versions = _page(logged_in, reverse("admin:catalog_rulesetversion_changelist"))
    assert "版本号" in versions  # a column header from a field's verbose name


def test_the_jobs_columns_are_chinese(db: None) -> None:
    from django.contrib.auth.models import User

    from baohuang.jobs.models import SimulationJob

    User.objects.create_superuser("root", password="root")
    client = Client()
    client.login(username="root", password="root")
    for field in ("games", "seed", "policy", "status"):
        with translation.override("zh-hans"):
            label = str(SimulationJob._meta.get_field(field).verbose_name)
        assert re.search(r"[\u4e00-\u9fff]", label), field
    jobs = _page(client, reverse("admin:jobs_simulationjob_changelist"))
    assert "状态" in jobs


def test_the_publish_and_clone_pages_are_chinese(logged_in: Client, rule_set: RuleSet) -> None:  # noqa: F811
    changed = copy.deepcopy(rule_set.draft)
    changed["scoring"]["multipliers"] = [{"event": "open_guard", "factor": 2}]
    services.update_draft(rule_set, changed, rule_set.draft_revision, None)

    publish = _page(logged_in, reverse("admin:catalog_ruleset_publish", args=[rule_set.pk]))
    clone = _page(logged_in, reverse("admin:catalog_ruleset_clone", args=[rule_set.pk]))

    assert "最新的已发布版本是 <strong>v1</strong>" in publish
    assert "<strong>第 2 版</strong>" in publish
    assert "已发布的版本永不改变" in publish
    assert "新规则集从 <strong>baike-common</strong> 的某个已发布版本" in clone
    assert "It remembers" not in clone
    assert "Publishing makes" not in publish
