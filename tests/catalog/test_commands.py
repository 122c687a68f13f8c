"""``import_variants`` (idempotent; a changed file becomes a draft) and ``ensure_operator``."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
import yaml
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from baohuang.catalog import services
from baohuang.catalog.models import EditEvent, RuleSet, RuleSetVersion
from baohuang.rules import bundled_variant_paths

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("import_variants", *args, stdout=out, stderr=out)
    return out.getvalue()


def snapshot() -> list[tuple[object, ...]]:
    """Everything the import could change."""
    return [
        *RuleSet.objects.values_list("slug", "draft_revision", "draft_checksum", "updated_at"),
        *RuleSetVersion.objects.values_list("rule_set__slug", "number", "checksum", "retired"),
        (EditEvent.objects.count(),),
    ]


@pytest.fixture
def variants_dir(tmp_path: Path) -> Path:
    """A copy of two bundled variant files, to change without touching variants/."""
    for name in ("baike-common.yaml", "baike-weihai.yaml"):
        shutil.copy(next(p for p in bundled_variant_paths() if p.name == name), tmp_path)
    return tmp_path


def files(folder: Path) -> list[str]:
    return [str(p) for p in sorted(folder.glob("*.yaml"))]


def test_every_bundled_variant_is_imported_once_with_version_1() -> None:
    output = run()

    paths = bundled_variant_paths()
    assert RuleSet.objects.count() == len(paths) == 20
    assert RuleSetVersion.objects.filter(number=1).count() == len(paths)
    assert f"{len(paths)} created" in output

    before = snapshot()
    again = run()

    assert snapshot() == before
    assert f"{len(paths)} unchanged" in again


def test_a_changed_file_becomes_the_draft_never_a_version_edit(variants_dir: Path) -> None:
    run(*files(variants_dir))
    path = variants_dir / "baike-common.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["deal"]["hand_sizes"] = [43, 44, 43, 43, 43]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    version_1 = RuleSetVersion.objects.get(rule_set__slug="baike-common", number=1)

    output = run(*files(variants_dir))

    assert "baike-common" in output
    assert "the file differs from version 1: it is now the draft" in output
    rule_set = RuleSet.objects.get(slug="baike-common")
    assert rule_set.draft["deal"]["hand_sizes"] == [43, 44, 43, 43, 43]
    assert rule_set.draft_revision == 2
    assert list(rule_set.versions.values_list("number", "checksum")) == [(1, version_1.checksum)]
    assert rule_set.events.first().action == "imported"  # type: ignore[union-attr]

    # Running again changes nothing and says the draft is waiting to be published.
    before = snapshot()
    output = run(*files(variants_dir))
    assert snapshot() == before
    assert "the draft already holds it" in output

    # Once published, the file is the latest version: unchanged.
    services.publish(rule_set, None)
    assert "unchanged (version 2)" in run(*files(variants_dir))


def test_unpublished_edits_in_the_draft_are_kept_unless_asked(variants_dir: Path) -> None:
    run(*files(variants_dir))
    rule_set = RuleSet.objects.get(slug="baike-common")
    services.update_draft(rule_set, rule_set.draft | {"source": "operator's edit"}, 1, None)
    path = variants_dir / "baike-common.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "next_dealer: first_finisher", "next_dealer: fixed"
        ),
        encoding="utf-8",
    )

    output = run(*files(variants_dir))

    assert "the draft has unpublished edits; left alone" in output
    rule_set.refresh_from_db()
    assert rule_set.draft["source"] == "operator's edit"

    run("--overwrite-drafts", *files(variants_dir))
    rule_set.refresh_from_db()
    assert rule_set.draft["deal"]["next_dealer"] == "fixed"


def test_a_broken_file_is_reported_and_the_others_are_imported(variants_dir: Path) -> None:
    path = variants_dir / "baike-common.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["deal"]["hand_sizes"] = [1, 2, 3, 4, 5]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    (variants_dir / "zz-broken.yaml").write_text("deal: [unclosed", encoding="utf-8")
    out = io.StringIO()

    with pytest.raises(CommandError, match="2 file"):
        call_command("import_variants", *files(variants_dir), stdout=out, stderr=out)

    text = out.getvalue()
    assert "deal.hand_sizes: The hands add up to 15" in text
    assert "not valid YAML" in text
    assert list(RuleSet.objects.values_list("slug", flat=True)) == ["baike-weihai"]


def test_ensure_operator_creates_a_staff_publisher_once(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPERATOR_USERNAME", "boss")
    monkeypatch.setenv("OPERATOR_PASSWORD", "s3cret-pass")
    out = io.StringIO()

    call_command("ensure_operator", stdout=out)
    call_command("ensure_operator", stdout=out)

    user = User.objects.get(username="boss")
    assert user.is_staff
    assert not user.is_superuser
    assert user.has_perm("catalog.publish_ruleset")
    assert user.has_perm("catalog.change_ruleset")
    assert not user.has_perm("auth.change_user")
    assert [g.name for g in user.groups.all()] == ["Operators"]
    text = out.getvalue()
    assert "Created the operator account 'boss'" in text
    assert "s3cret-pass" not in text
    assert "exists (password unchanged)" in text
    assert client.login(username="boss", password="s3cret-pass")
    assert client.get("/admin/catalog/ruleset/").status_code == 200


def test_ensure_operator_creates_nobody_when_an_operator_exists(operator: User) -> None:
    out = io.StringIO()

    call_command("ensure_operator", "--username", "second", stdout=out)

    assert "Operators exist already (operator)" in out.getvalue()
    assert not User.objects.filter(username="second").exists()


# --------------------------------------------------------------------------- production


@override_settings(DEBUG=False)
def test_ensure_operator_refuses_to_invent_a_password_with_production_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPERATOR_PASSWORD", raising=False)

    with pytest.raises(CommandError) as refused:
        call_command("ensure_operator", stdout=io.StringIO())

    assert "OPERATOR_PASSWORD is not set" in str(refused.value)
    assert "OPERATOR_PASSWORD='" in str(refused.value)  # says how to set one
    assert not User.objects.exists()


@override_settings(DEBUG=False)
@pytest.mark.parametrize("weak", ["operator", "12345678", "short"])
def test_ensure_operator_runs_the_password_validators_with_production_settings(
    monkeypatch: pytest.MonkeyPatch, weak: str
) -> None:
    monkeypatch.setenv("OPERATOR_USERNAME", "operator")
    monkeypatch.setenv("OPERATOR_PASSWORD", weak)

    with pytest.raises(CommandError) as refused:
        call_command("ensure_operator", stdout=io.StringIO())

    assert "too weak" in str(refused.value)
    assert not User.objects.exists()


@override_settings(DEBUG=True)
def test_ensure_operator_keeps_the_local_default_in_development(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPERATOR_PASSWORD", raising=False)
    out = io.StringIO()

    call_command("ensure_operator", stdout=out)

    assert User.objects.get(username="operator").check_password("operator")
    assert "Weak password, accepted because DEBUG is on" in out.getvalue()


def test_the_commands_speak_the_active_language(variants_dir: Path) -> None:
    """Operators read Chinese: the commands' output goes through gettext (the active
    language of a management command is LANGUAGE_CODE, zh-hans, unless one is chosen)."""
    from django.utils import translation

    with translation.override("zh-hans"):
        first = run(*files(variants_dir))
        again = run(*files(variants_dir))
        out = io.StringIO()
        with override_settings(DEBUG=True):
            call_command("ensure_operator", stdout=out)
    english = run(*files(variants_dir))

    assert "baike-common  已创建，第 1 版" in first
    assert first.splitlines()[-1] == "import_variants：2 个文件：已创建 2 个。"
    assert "未改变（第 1 版）" in again
    assert "已创建运营账号“operator”" in out.getvalue()
    assert english.splitlines()[-1] == "import_variants: 2 files: 2 unchanged."
