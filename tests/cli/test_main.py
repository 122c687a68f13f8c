"""The `baohuang` console script (docs/design.md §8): its parser, exit statuses, languages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from baohuang.cli import COMMANDS
from tests.cli.console import base, run, write

# --------------------------------------------------------------------------- the parser


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)

    assert status == 0
    assert out.startswith("usage: baohuang")
    assert "variants" in out
    assert "schema" in out


def test_a_group_without_its_command_prints_the_group_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "variants")

    assert status == 0
    assert out.startswith("usage: baohuang variants")
    for name in ("list", "check", "show"):
        assert name in out


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")

    assert status == 0
    assert "usage: baohuang" in out


def test_an_unknown_command_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "variants", "destroy")

    assert status == 2
    assert "invalid choice" in err


def test_every_registered_command_has_help_and_a_runner() -> None:
    names = [c.name for c in COMMANDS]

    contract = [("variants", "list"), ("variants", "check"), ("variants", "show"), ("schema",)]
    assert names[: len(contract)] == contract
    assert {("simulate",), ("bench",)} <= set(names)
    assert len(set(names)) == len(names)
    assert all(c.help and callable(c.run) for c in COMMANDS)


@pytest.mark.parametrize("command", ["simulate", "bench"])
def test_simulate_and_bench_are_commands(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, "--help")

    assert status == 0
    assert out.startswith(f"usage: baohuang {command}")


def test_the_module_runs_as_a_script_without_a_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"

    result = subprocess.run(
        [sys.executable, "-m", "baohuang.cli", "variants", "check", str(missing)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[1],
    )

    assert result.returncode == 1
    assert "Cannot read" in result.stdout
    assert "Traceback" not in result.stderr


# --------------------------------------------------------------------------- languages


def bad_document() -> dict[str, Any]:
    """Three cross-field errors: the hands deal 215 cards of 200, the variant holds back a
    rank it removes, and a tribute rule gives more cards than it takes."""
    doc = base()
    doc["id"] = "bad"
    doc["deck"]["remove"] = [{"rank": "3"}]
    doc["deal"]["hand_sizes"] = [43, 43, 43, 43, 43]
    doc["play"]["hold_back"] = [{"rank": "3"}]
    doc.setdefault("tribute", {})["rules"] = [
        {"when": {"ranks": [4, 5]}, "give": [{"who": "rebels"}], "take": [{"who": "first"}]}
    ]
    return doc


def _cli(tmp_path: Path, *argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the console script in a new process with the given locale variables."""
    import os

    environ = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "-m", "baohuang.cli", *argv],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )


def _han(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_lang_zh_cn_prints_chinese_problems(tmp_path: Path) -> None:
    write(tmp_path / "bad.yaml", bad_document())

    result = _cli(tmp_path, "variants", "check", "bad.yaml", LANG="zh_CN.UTF-8")

    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert (
        "bad.yaml: deal.hand_sizes: 错误: 各家手牌合计 215 张，但去掉指定的牌后牌堆只有 200 张；"
        in (result.stdout)
    )
    assert "bad.yaml: play.hold_back[0].rank: 错误: 3 要憋到最后一手才能出" in result.stdout
    assert "bad.yaml: tribute.rules[0]: 错误: 这条规则进贡 3 张牌，却收 1 张" in result.stdout
    assert lines[-1] == "已检查 1 个文件：1 个无效文件，3 个错误，0 个警告。"
    assert "Traceback" not in result.stderr


def test_lang_option_overrides_the_locale(tmp_path: Path) -> None:
    write(tmp_path / "bad.yaml", bad_document())

    english = _cli(tmp_path, "--lang", "en", "variants", "check", "bad.yaml", LANG="zh_CN.UTF-8")
    chinese = _cli(tmp_path, "variants", "check", "--lang", "zh", "bad.yaml", LANG="C.UTF-8")

    assert "bad.yaml: deal.hand_sizes: error: The hands add up to 215 cards" in english.stdout
    assert english.stdout.splitlines()[-1] == (
        "1 file checked: 1 invalid file, 3 errors, 0 warnings."
    )
    assert not _han(english.stdout)
    assert "错误: 各家手牌合计 215 张" in chinese.stdout


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
        ({"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, "zh"),
    ],
)
def test_the_language_follows_lc_all_then_lc_messages_then_lang(
    environ: dict[str, str], lang: str
) -> None:
    from baohuang.cli import language_from_environment

    assert language_from_environment(environ) == lang


def test_check_json_carries_code_and_params_in_either_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = write(tmp_path / "bad.yaml", bad_document())

    _, out_en, _ = run(capsys, "variants", "check", "--json", str(file))
    _, out_zh, _ = run(capsys, "--lang", "zh", "variants", "check", "--json", str(file))

    english, chinese = json.loads(out_en)[0]["errors"], json.loads(out_zh)[0]["errors"]
    assert [e["code"] for e in english] == [
        "hand_sizes_sum",
        "hold_back_rank_removed",
        "tribute_unbalanced",
    ]
    assert english[0]["params"] == {"sum": 215, "deck": 200}
    assert [(e["path"], e["code"], e["params"]) for e in chinese] == [
        (e["path"], e["code"], e["params"]) for e in english
    ]
    assert all(_han(e["message"]) for e in chinese)


def test_list_and_play_speak_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    _, listing, _ = run(capsys, "--lang", "zh", "variants", "list")
    status, judged, _ = run(
        capsys, "--lang", "zh", "play", "baike-common", "9 9 9 9", "--after", "8 8 8 8"
    )

    assert listing.splitlines()[0].split() == ["编号", "中文", "英文名", "牌数", "侍卫", "出处"]
    assert "固定侍卫牌" in listing
    assert status == 0
    assert "合规：是" in judged
    assert "管得上：是" in judged


def test_the_simulation_report_speaks_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--lang", "zh", "simulate", "baike-common", "--games", "3", "--seed", "1"
    )

    assert status == 0
    assert "baike-common：3 局，种子 1" in out
    assert "头客" in out
    assert "大落" in out
    assert "皇帝" in out
    assert "平民" in out
    assert "0 号座位优势" in out


def test_play_reason_in_chinese(tmp_path: Path) -> None:
    chinese = _cli(tmp_path, "--lang", "zh", "play", "baike-weihai", "3", "3", "3")
    beat = _cli(
        tmp_path, "play", "baike-common", "9 9 9", "--after", "10 10 10", LANG="zh_CN.UTF-8"
    )
    english = _cli(tmp_path, "--lang", "en", "play", "baike-weihai", "3", "3", "3")

    assert chinese.returncode == 1
    assert chinese.stdout.splitlines()[-1] == "理由：本玩法的牌里没有 3（3、4、5 全部去掉了）"
    assert beat.stdout.splitlines()[-1].startswith(
        "理由：9 9 9 管不上 10 10 10：一手 9 对 10 不够大"
    )
    assert english.stdout.splitlines()[-1] == (
        "reason: This variant's deck has no threes (all threes, fours and fives are removed)"
    )
