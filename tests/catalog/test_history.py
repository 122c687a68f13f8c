"""A rule set's history reads in the reader's language: each edit event keeps what happened
as a code with params (:mod:`baohuang.catalog.history`) beside the English sentence of the
time, and the admin shows the sentence of the request's language."""

from __future__ import annotations

import copy
import html
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from baohuang.catalog import services
from baohuang.catalog.models import EditEvent, RuleSet
from baohuang.rules import bundled_variant_paths
from tests.catalog.test_admin import logged_in  # noqa: F401  (the fixture)

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}
FILE = "baike-common.yaml"
ROW_2 = "{emperor_rank: 1, guard_rank: 4, emperor: 2, guard: 1, rebels: -1}"


def _edited(definition: dict[str, Any]) -> dict[str, Any]:
    """Row 3 of the two-person table changed (still zero-sum)."""
    new = copy.deepcopy(definition)
    row = new["scoring"]["two_person"]["rows"][3]
    row["emperor"], row["rebels"] = 3, -1
    return new


@pytest.fixture
def whole_history(db: None, tmp_path: Path, operator: User) -> RuleSet:
    """``baike-common`` through every kind of event: imported (and version 1 published),
    draft saved with its Chinese name, version 2 published, cloned from version 1 and from
    the draft, version 1 retired, its draft replaced by the changed file; and a rule set
    created empty-handed and cloned before anything was published."""
    source = next(p for p in bundled_variant_paths() if p.name == FILE)
    file = Path(shutil.copy(source, tmp_path / FILE))
    services.import_bundled_variants(operator, paths=[file])
    rule_set = RuleSet.objects.get(slug="baike-common")
    services.update_draft(
        rule_set, _edited(rule_set.draft), rule_set.draft_revision, operator, name_zh="百科普通"
    )
    services.publish(rule_set, operator)
    services.clone_rule_set(
        rule_set, "copy-of-one", operator, version=rule_set.versions.get(number=1)
    )
    services.clone_rule_set(rule_set, "copy-of-draft", operator)
    services.retire_version(rule_set.versions.get(number=1), operator)
    text = file.read_text(encoding="utf-8")
    assert ROW_2 in text
    file.write_text(
        text.replace(ROW_2, ROW_2.replace("2, guard: 1, rebels: -1", "4, guard: 2, rebels: -2")),
        encoding="utf-8",
    )
    services.import_bundled_variants(operator, paths=[file])
    lone = services.create_rule_set(
        "lone", "独家", "Lone", {**_edited(rule_set.draft), "id": "lone"}, operator
    )
    services.clone_rule_set(lone, "copy-of-lone", operator)
    rule_set.refresh_from_db()
    return rule_set


def _zh(event: EditEvent) -> str:
    with translation.override("zh-hans"):
        return event.summary_text()


def test_every_event_keeps_a_code_and_its_english_as_before(whole_history: RuleSet) -> None:
    events = list(EditEvent.objects.order_by("pk"))
    assert [e.summary_code for e in events] == [
        "imported",
        "published",
        "draft_saved",
        "published",
        "cloned_version",
        "cloned_draft",
        "retired",
        "draft_replaced",
        "created",
        "cloned_draft",
    ]
    summaries = [e.summary for e in events]
    assert summaries[0] == "imported from variants/baike-common.yaml"
    assert summaries[1] == "published version 1"
    assert summaries[2].startswith("changed: Emperor 1st out, guard 5th out: the emperor's")
    assert summaries[2].endswith("; name_zh edited")  # the column keeps its old words
    assert summaries[3].startswith("published version 2 (changed: ")
    assert summaries[3].endswith(" since version 1)")
    assert summaries[4:8] == [
        "cloned from baike-common version 1",
        "cloned from baike-common (draft revision 2, based on version 2)",
        "retired version 1",
        "draft replaced by variants/baike-common.yaml",
    ]
    assert summaries[8:] == ["created lone", "cloned from lone (draft revision 1)"]
    # Read in English, each is the sentence stored, but the edited field is named as the
    # rule set's form names it.
    with translation.override("en"):
        read = [e.summary_text() for e in events]
    assert read[2] == summaries[2].replace("; name_zh edited", "; Chinese name edited")
    assert read[:2] + read[3:] == summaries[:2] + summaries[3:]


def test_each_event_reads_in_chinese_with_names_and_paths_kept(whole_history: RuleSet) -> None:
    read = [_zh(e) for e in EditEvent.objects.order_by("pk")]
    assert read[0] == "从 variants/baike-common.yaml 导入"
    assert read[1] == "已发布第 1 版"
    assert read[2].startswith("改动：")
    assert "皇帝得分 0 → 3" in read[2]
    assert read[2].endswith("；修改了中文名")
    assert read[3].startswith("已发布第 2 版（与第 1 版相比，改动：")
    assert "皇帝得分 0 → 3" in read[3]
    assert read[4:] == [
        "复制自 baike-common 第 1 版",
        "复制自 baike-common 的草稿（修订号 2，基于第 2 版）",
        "停用了第 1 版",
        "草稿换成了 variants/baike-common.yaml 的内容",
        "创建了 lone",
        "复制自 lone 的草稿（修订号 1）",
    ]
    assert all("version" not in text and "changed" not in text for text in read)


def test_many_changes_are_counted_and_several_fields_listed(rule_set: RuleSet) -> None:
    edited = copy.deepcopy(rule_set.draft)
    for row in edited["scoring"]["two_person"]["rows"][:5]:
        row["emperor"], row["guard"], row["rebels"] = (
            row["emperor"] + 3,
            row["guard"],
            row["rebels"] - 1,
        )
    services.update_draft(
        rule_set, edited, rule_set.draft_revision, None, name_en="Common", description="house"
    )
    event = rule_set.events.first()
    assert event is not None
    assert event.summary_params == {"changes": 10, "edited": ["name_en", "description"]}
    zh = _zh(event)
    assert zh.count("；") == 3  # three sentences named, then the fields
    assert "（另有 7 处）" in zh
    assert zh.endswith("；修改了英文名、说明")
    with translation.override("en"):
        assert event.summary_text().endswith(" (+7 more); English name, description edited")


def test_the_admin_history_is_chinese(logged_in: Client, whole_history: RuleSet) -> None:  # noqa: F811
    listing = logged_in.get(reverse("admin:catalog_editevent_changelist"), **ZH)
    assert listing.status_code == 200
    page = html.unescape(listing.content.decode())
    for sentence in (
        "从 variants/baike-common.yaml 导入",
        "已发布第 2 版（与第 1 版相比，改动：",
        "复制自 baike-common 的草稿（修订号 2，基于第 2 版）",
        "停用了第 1 版",
        "；修改了中文名",
    ):
        assert sentence in page
    assert "published version" not in page
    assert "cloned from" not in page
    assert "只有当时记录的英文" not in page

    english = html.unescape(
        logged_in.get(reverse("admin:catalog_editevent_changelist")).content.decode()
    )
    assert "published version 2 (changed: " in english
    assert "已发布" not in english


def test_the_event_page_shows_both_the_chinese_and_the_recorded_english(
    logged_in: Client,  # noqa: F811
    whole_history: RuleSet,
) -> None:
    event = EditEvent.objects.get(summary_code="cloned_version")
    page = html.unescape(
        logged_in.get(
            reverse("admin:catalog_editevent_change", args=[event.pk]), **ZH
        ).content.decode()
    )
    assert "复制自 baike-common 第 1 版" in page
    assert "记录时的摘要" in page
    assert "cloned from baike-common version 1" in page  # the stored English, labelled as such
    assert "<title>copy-of-one: 已复制 — 复制自 baike-common 第 1 版" in page


def test_an_old_event_without_a_code_shows_its_english_and_says_so(
    logged_in: Client,  # noqa: F811
    rule_set: RuleSet,
) -> None:
    event = EditEvent.objects.create(
        rule_set=rule_set, action="draft_saved", summary="renamed by hand in 2025"
    )
    listing = logged_in.get(reverse("admin:catalog_editevent_changelist"), **ZH)
    detail = logged_in.get(reverse("admin:catalog_editevent_change", args=[event.pk]), **ZH)
    assert listing.status_code == detail.status_code == 200
    for page in (listing.content.decode(), detail.content.decode()):
        assert '<span lang="en">renamed by hand in 2025</span>' in page
        assert "（只有当时记录的英文）" in page
    assert "已发布第 1 版" in listing.content.decode()  # the other events still read in Chinese
    assert not event.summary_translated
    assert _zh(event) == "renamed by hand in 2025"
