"""The migration catalog.0006 gives the events recorded before summary codes existed the
code their English summary reads back to; the others keep showing their English."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.utils import translation

from baohuang.catalog.models import EditEvent, RuleSet
from tests.catalog.test_history import whole_history  # noqa: F401  (the fixture)

migration = importlib.import_module("baohuang.catalog.migrations.0006_read_old_summaries")
EDITOR = SimpleNamespace(connection=connection)


def _codes() -> list[tuple[str, dict[str, object]]]:
    return list(EditEvent.objects.order_by("pk").values_list("summary_code", "summary_params"))


def _forget() -> None:
    EditEvent.objects.update(summary_code="", summary_params={})


def test_every_summary_the_services_wrote_reads_back_to_its_code(
    whole_history: RuleSet,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorded = _codes()
    assert all(code for code, _ in recorded)
    _forget()
    monkeypatch.setattr(migration, "BATCH", 3)  # several batches

    migration.read_old_summaries(apps, EDITOR)

    assert _codes() == recorded


def test_the_first_format_reads_back_and_then_speaks_chinese(rule_set: RuleSet) -> None:
    paths = ["deal.hand_sizes", "", "play.hold_back", "notes", "tribute.rules", "house"]
    saved = EditEvent.objects.create(
        rule_set=rule_set,
        action="draft_saved",
        summary="changed deal.hand_sizes, (whole document), play.hold_back, notes (+2 more)"
        "; name_zh, description edited",
        changed_paths=paths,
    )
    published = EditEvent.objects.create(
        rule_set=rule_set,
        action="published",
        summary="published version 3 (changed deal.hand_sizes since version 2)",
        changed_paths=paths[:1],
    )
    _forget()

    migration.read_old_summaries(apps, EDITOR)

    saved.refresh_from_db()
    published.refresh_from_db()
    assert (saved.summary_code, saved.summary_params) == (
        "draft_saved",
        {"changes": 6, "edited": ["name_zh", "description"]},
    )
    assert published.summary_params == {"number": 3, "since": 2, "changes": 1}
    with translation.override("zh-hans"):
        assert saved.summary_text() == (
            "改动：deal.hand_sizes；（整个文档）；play.hold_back（另有 3 处）；修改了中文名、说明"
        )
        assert published.summary_text() == "已发布第 3 版（与第 2 版相比，改动：deal.hand_sizes）"


@pytest.mark.parametrize(
    ("summary", "paths"),
    [
        # clipped at 500 characters
        ("changed: " + "the emperor's points 0 → 3; " * 17 + "…", ["a"] * 20),
        # a sentence that is not the event's change
        ("changed: Emperor 1st out: 6 → 8", ["scoring.two_person.rows[0].emperor"]),
        # more changes named than the event kept
        ("changed a, b", ["a"]),
        # a count the names do not add up to
        ("changed a, b, c, d (+2 more)", ["a", "b", "c"]),
        ("renamed by hand", []),
        ("created Not A Slug", []),
        ("", []),
    ],
)
def test_a_summary_that_does_not_read_back_keeps_its_english(
    rule_set: RuleSet, summary: str, paths: list[str]
) -> None:
    event = EditEvent.objects.create(
        rule_set=rule_set, action="draft_saved", summary=summary, changed_paths=paths
    )
    _forget()

    migration.read_old_summaries(apps, EDITOR)

    event.refresh_from_db()
    assert (event.summary_code, event.summary_params) == ("", {})
    with translation.override("zh-hans"):
        assert event.summary_text() == summary
    assert not event.summary_translated


@pytest.mark.django_db(transaction=True)
def test_the_migration_runs_both_ways(whole_history: RuleSet) -> None:  # noqa: F811
    recorded = _codes()
    try:
        call_command("migrate", "catalog", "0005", verbosity=0)
        assert {code for code, _ in _codes()} == {""}
        call_command("migrate", "catalog", "0006", verbosity=0)
        assert _codes() == recorded
    finally:
        # Every app, not only the catalog: going back to 0005 also unapplied the migrations of
        # other apps that depend on catalog 0006 (jobs 0009), which later tests need.
        call_command("migrate", verbosity=0)
