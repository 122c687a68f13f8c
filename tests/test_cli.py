"""The `baohuang` console script (docs/design.md §8), run in-process through `main([...])`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from baohuang.cli import COMMANDS, main, problem_line
from baohuang.rules import (
    Problem,
    bundled_variant_paths,
    definition_of,
    json_schema,
    load_bundled,
    validate_definition,
    validate_file,
    validate_text,
)
from baohuang.rules.loader import VARIANTS_DIR

BUNDLED = VARIANTS_DIR / "baike-common.yaml"


def base() -> dict[str, Any]:
    """The bundled baike-common variant as a plain dict."""
    data = yaml.safe_load(BUNDLED.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def write(path: Path, data: Any) -> Path:
    """Write a document as YAML and return its path."""
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the console script; return (exit status, stdout, stderr)."""
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err


# --------------------------------------------------------------------------- variants list


def test_list_shows_baike_common(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants", "list")

    assert status == 0
    header, *rows = out.splitlines()
    assert header.split() == ["ID", "中文", "NAME", "DECK", "GUARD", "SOURCE"]
    line = next(r for r in rows if r.startswith("baike-common "))
    assert "普通玩法" in line
    assert "Common (baike)" in line
    assert " 216 " in line
    assert "fixed_card" in line
    assert "seed 000 (baike)" in line


def test_list_aligns_columns_with_chinese_names(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "variants", "list")

    header, *rows = out.splitlines()
    line = next(r for r in rows if r.startswith("baike-common "))

    # Chinese characters take two columns, so the English name starts under NAME.
    def columns(text: str) -> int:
        return sum(2 if "\u4e00" <= ch <= "\u9fff" else 1 for ch in text)

    assert columns(line[: line.index("Common (baike)")]) == columns(header[: header.index("NAME")])


def test_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants", "list", "--json")

    assert status == 0
    entries = json.loads(out)
    entry = next(e for e in entries if e["id"] == "baike-common")
    assert entry == {
        "id": "baike-common",
        "name": {"zh": "普通玩法", "en": "Common (baike)"},
        "deck_size": 216,
        "guard": "fixed_card",
        "source": "seed 000 (baike), 普通玩法",
        "file": str(BUNDLED),
        "valid": True,
    }


def test_list_marks_a_broken_bundled_file_and_still_succeeds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "baike-common.yaml").write_text(BUNDLED.read_text(encoding="utf-8"))
    (tmp_path / "half-done.yaml").write_text("schema_version: 1\nid: half-done\n")
    monkeypatch.setattr("baohuang.rules.loader.VARIANTS_DIR", tmp_path)

    status, out, err = run(capsys, "variants", "list")

    assert status == 0
    assert "baike-common" in out
    assert "half-done" in out
    assert "INVALID" in out
    assert "half-done.yaml" in err


# --------------------------------------------------------------------------- variants check


def test_check_of_the_bundled_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants", "check", str(BUNDLED))

    assert status == 0
    assert f"{BUNDLED}: ok: baike-common, 216 cards, fixed_card" in out
    assert "error" not in out.replace("0 errors", "")


def test_check_of_a_broken_file_exits_1_and_prints_each_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = base()
    doc["deal"]["hand_sizes"] = [44, 44, 43, 43, 43]
    doc["scoring"]["two_person"]["rows"].pop(3)
    doc["scoring"]["solo"]["open"][0]["others"] = -5
    broken = write(tmp_path / "baike-common.yaml", doc)

    status, out, _ = run(capsys, "variants", "check", str(broken))

    assert status == 1
    lines = out.splitlines()
    assert f"{broken}: deal.hand_sizes: error: The hands add up to 217 cards" in out
    assert f"{broken}: scoring.two_person.rows: error: The table has no row" in out
    assert f"{broken}: scoring.solo.open[0]: warning: This row sums to 4" in out
    # The house note about the scoring table waits for confirmation: it changed.
    assert f"{broken}: house_notes[" in out
    assert lines[-1] == "1 file checked: 1 invalid file, 2 errors, 2 warnings."


def test_check_prints_structural_errors_with_paths(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = base()
    doc["deal"]["hand_size"] = doc["deal"].pop("hand_sizes")
    doc["scoring"]["two_person"]["rows"][3]["guard"] = "three"
    broken = write(tmp_path / "typo.yaml", doc)

    status, out, _ = run(capsys, "variants", "check", str(broken))

    assert status == 1
    assert (
        f"{broken}: deal.hand_size: error: Unknown field 'hand_size'. Did you mean 'hand_sizes'?"
    ) in out
    assert f"{broken}: deal.hand_sizes: error: This field is required." in out
    assert (
        f"{broken}: scoring.two_person.rows[3].guard: error: Expected a whole number, got 'three'."
    ) in out


def test_check_reports_a_misspelt_key_and_bad_hand_sizes_in_one_pass(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = base()
    doc["declarations"]["rebelion"] = {"threshold": 2}
    doc["deal"]["hand_sizes"] = [44, 43, 43, 43, 40]
    broken = write(tmp_path / "baike-common.yaml", doc)

    status, out, _ = run(capsys, "variants", "check", str(broken))

    assert status == 1
    assert (
        f"{broken}: declarations.rebelion: error: Unknown field 'rebelion'. "
        "Did you mean 'rebellion'?"
    ) in out
    assert f"{broken}: deal.hand_sizes: error: The hands add up to 213 cards" in out
    assert out.splitlines()[-1] == "1 file checked: 1 invalid file, 2 errors, 0 warnings."


def test_check_with_warnings_only_exits_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = base()
    doc["scoring"]["multipliers"] = [{"event": "rebellion", "factor": 2}]
    file = write(tmp_path / "baike-common.yaml", doc)

    status, out, _ = run(capsys, "variants", "check", str(file))

    assert status == 0
    assert f"{file}: scoring.multipliers[0].event: warning: Event rebellion cannot happen" in out
    assert f"{file}: ok: baike-common, 216 cards, fixed_card, 1 warning" in out


def test_check_warns_when_the_file_name_is_not_the_id(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = write(tmp_path / "common.yaml", base())

    status, out, _ = run(capsys, "variants", "check", str(file))

    assert status == 0
    assert f"{file}: id: warning: The file is named common.yaml but the id is baike-common" in out


def test_a_missing_file_exits_1_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "nope.yaml"

    status, out, err = run(capsys, "variants", "check", str(missing))

    assert status == 1
    assert f"{missing}: (document): error: Cannot read {missing}: No such file or directory." in out
    assert err == ""


def test_a_directory_is_a_problem_line_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "variants", "check", str(tmp_path))

    assert status == 1
    assert out.startswith(f"{tmp_path}: (document): error: Cannot read {tmp_path}")


def test_a_yaml_syntax_error_is_a_problem_line_with_its_line_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text("schema_version: 1\nid: bad\nname: {zh: 坏, en: Bad\n", encoding="utf-8")

    status, out, _ = run(capsys, "variants", "check", str(file))

    assert status == 1
    assert f"{file}: (document): error: The document is not valid YAML (line 4, column 1)" in out


def test_a_file_that_is_not_utf8_is_a_problem_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "latin.yaml"
    file.write_bytes(b"id: caf\xe9\n")

    status, out, _ = run(capsys, "variants", "check", str(file))

    assert status == 1
    assert "is not UTF-8 text" in out


def test_check_of_several_files_reports_each_and_exits_1_if_one_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "gone.yaml"

    status, out, _ = run(capsys, "variants", "check", str(BUNDLED), str(missing))

    assert status == 1
    assert f"{BUNDLED}: ok" in out
    assert f"{missing}: (document): error:" in out
    assert out.splitlines()[-1] == "2 files checked: 1 invalid file, 1 error, 0 warnings."


def test_check_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = base()
    doc["deal"]["hand_sizes"] = [44, 44, 43, 43, 43]
    broken = write(tmp_path / "baike-common.yaml", doc)

    status, out, _ = run(capsys, "variants", "check", "--json", str(BUNDLED), str(broken))

    assert status == 1
    good, bad = json.loads(out)
    assert good["file"] == str(BUNDLED)
    assert good["valid"] is True
    assert good["errors"] == []
    assert good["warnings"] == []
    assert good["summary"]["id"] == "baike-common"
    assert good["summary"]["deck_size"] == 216
    assert bad["file"] == str(broken)
    assert bad["valid"] is False
    assert [(e["path"], e["code"]) for e in bad["errors"]] == [
        ("deal.hand_sizes", "hand_sizes_sum")
    ]
    assert "217" in bad["errors"][0]["message"]


def test_check_json_of_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "variants", "check", "--json", str(tmp_path / "x.yaml"))

    assert status == 1
    [result] = json.loads(out)
    assert result["valid"] is False
    assert result["summary"] == {}
    assert result["errors"][0]["path"] == ""
    assert "Cannot read" in result["errors"][0]["message"]


def test_check_reports_an_internal_failure_as_a_problem_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(path: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("baohuang.cli.validate_file", explode)

    status, out, _ = run(capsys, "variants", "check", str(BUNDLED))

    assert status == 1
    assert f"{BUNDLED}: (document): error: Internal error while checking: RuntimeError: boom" in out


def test_check_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "variants", "check")

    assert status == 2
    assert "FILE" in err


def test_problem_line_format() -> None:
    assert (
        problem_line("a.yaml", Problem("deal", "Bad.", "warning")) == "a.yaml: deal: warning: Bad."
    )
    assert problem_line("a.yaml", Problem("", "Bad.")) == "a.yaml: (document): error: Bad."


# --------------------------------------------------------------------------- variants show


def test_show_prints_yaml_that_revalidates(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants", "show", "baike-common")

    assert status == 0
    data = yaml.safe_load(out)
    report = validate_definition(data)
    assert report.valid
    assert report.problems == ()
    assert data == definition_of(load_bundled("baike-common"))


@pytest.mark.parametrize("path", bundled_variant_paths(), ids=lambda p: p.stem)
def test_show_round_trips_every_bundled_variant(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    if not validate_file(path).valid:
        # Not a hidden regression: tests/rules/test_variants.py fails for an invalid file.
        pytest.skip(f"{path.name} does not validate")

    status, out, _ = run(capsys, "variants", "show", path.stem)

    assert status == 0
    report = validate_text(out)
    assert report.valid, report.problems
    assert report.variant == load_bundled(path.stem)


def test_show_writes_every_default_out(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "variants", "show", "baike-common")

    data = yaml.safe_load(out)
    assert "tribute" not in base()
    assert data["tribute"] == {
        "rules": [],
        "card": "highest",
        "hand_over_marked": False,
        "handed": "picked",
        "keeps_emperor_card": False,
        "paid_in": None,
        "without_paid_in": "card",
        "shut_in": None,
    }
    assert data["play"]["automatic"] == {
        "lock_after": 3,
        "counted": "spells",
        "unscored_if_all": True,
        "dissolve_if_any": "no",
    }
    assert data["bidding"]["flow"][0]["when_holding_both"] == "pass_on"
    # the text keeps the Chinese name readable and table rows on one line each
    assert "name: {zh: 普通玩法, en: Common (baike)}" in out
    assert "- {emperor_rank: 1, guard_rank: 2, emperor: 6, guard: 3, rebels: -3}" in out


def test_show_yaml_keeps_rank_strings(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "variants", "show", "baike-common")

    data = yaml.safe_load(out)
    assert validate_text(out).valid
    assert all(isinstance(rank, str) for rank in data["play"]["attach"])


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "variants", "show", "baike-common", "--json")

    assert status == 0
    data = json.loads(out)
    assert data == definition_of(load_bundled("baike-common"))
    assert validate_definition(data).valid


@pytest.mark.parametrize("variant_id", ["nope", "../variants/baike-common", ""])
def test_show_of_an_unknown_id_lists_the_known_ids(
    capsys: pytest.CaptureFixture[str], variant_id: str
) -> None:
    status, out, err = run(capsys, "variants", "show", variant_id)

    assert status == 1
    assert out == ""
    assert f"No bundled variant '{variant_id}' and no such file." in err
    assert "Known ids:" in err
    assert "baike-common" in err


def test_show_accepts_a_file_path_as_simulate_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = base()
    doc["id"] = "my-house"
    del doc["deck"]["decks"]
    mine = write(tmp_path / "my-house.yaml", doc)

    status, out, err = run(capsys, "variants", "show", str(mine))

    assert status == 0, err
    assert out.startswith(f"# my-house: every default written out (baohuang variants show {mine})")
    data = yaml.safe_load(out)
    assert data["id"] == "my-house"
    assert data["deck"]["decks"] == 4  # the default, written out
    status, out, _ = run(capsys, "variants", "show", str(mine), "--json")
    assert status == 0
    assert json.loads(out)["id"] == "my-house"


def test_show_of_a_broken_file_prints_its_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = base()
    doc["deal"]["hand_sizes"] = [1, 1, 1, 1, 1]
    broken = write(tmp_path / "baike-common.yaml", doc)

    status, out, err = run(capsys, "variants", "show", str(broken))

    assert status == 1
    assert out == ""
    assert err.startswith(f"{broken} has errors:")
    assert f"{broken}: deal.hand_sizes: error: The hands add up to 5 cards" in err


def test_show_of_a_broken_bundled_variant_prints_its_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = base()
    doc["id"] = "broken"
    doc["deal"]["hand_sizes"] = [1, 1, 1, 1, 1]
    write(tmp_path / "broken.yaml", doc)
    monkeypatch.setattr("baohuang.rules.loader.VARIANTS_DIR", tmp_path)

    status, out, err = run(capsys, "variants", "show", "broken")

    assert status == 1
    assert out == ""
    assert "deal.hand_sizes: error: The hands add up to 5 cards" in err


# --------------------------------------------------------------------------- schema


def test_schema_prints_the_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "schema")

    assert status == 0
    assert json.loads(out) == json_schema()
    assert out.startswith('{\n  "$schema": "https://json-schema.org/draft/2020-12/schema"')


# --------------------------------------------------------------------------- play


def test_play_a_legal_lead_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "baike-weihai", "6 6 6 6 6 6 6 6 6 6 6 6 6")

    assert status == 0
    assert out.splitlines() == [
        "baike-weihai: 6 6 6 6 6 6 6 6 6 6 6 6 6",
        "legal: yes",
        "reason: 6 6 6 6 6 6 6 6 6 6 6 6 6 is a legal play to lead.",
    ]
    assert err == ""


def test_play_a_3_where_the_deck_has_none_exits_1_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "play", "baike-weihai", "3", "3", "3")

    assert status == 1
    assert out.splitlines() == [
        "baike-weihai: 3 3 3",
        "legal: no",
        "reason: This variant's deck has no threes (all threes, fours and fives are removed)",
    ]


def test_play_more_copies_than_the_deck_holds_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    sixes = " ".join(["6"] * 14)

    status, out, _ = run(capsys, "play", "baike-weihai", sixes, "--after", "7 " * 14)

    assert status == 1
    assert "legal: no" in out.splitlines()
    assert "beats: no" in out.splitlines()
    assert (
        "reason: The deck holds only 13 sixes (16 in 4 decks, 3 removed at random each deal); "
        "the play has 14"
    ) in out.splitlines()


def test_play_two_tops_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "hd", "TOP TOP")

    assert status == 1
    assert out.splitlines()[-1] == (
        "reason: There is only one card above the big joker (TOP) in this variant; the play has 2"
    )


def test_play_that_beats_exits_0_and_one_that_does_not_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    beats_status, beats_out, _ = run(
        capsys, "play", "baike-common", "SJ 7 7 7", "--after", "6 6 6 6"
    )
    fails_status, fails_out, _ = run(
        capsys, "play", "baike-common", "9 9 9 9", "--after", "SJ 8 8 8"
    )

    assert beats_status == 0
    assert beats_out.splitlines()[:3] == [
        "baike-common: SJ 7 7 7 after 6 6 6 6",
        "legal: yes",
        "beats: yes",
    ]
    assert fails_status == 1
    assert fails_out.splitlines()[1:3] == ["legal: yes", "beats: no"]
    assert "a plain set never beats a set with a joker" in fails_out


def test_play_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "baike-weihai", "BJ", "4", "4", "--json")

    assert status == 1
    assert json.loads(out) == {
        "variant": "baike-weihai",
        "previous": None,
        "candidate": "BJ 4 4",
        "legal": False,
        "beats": False,
        "reason": "This variant's deck has no fours (all threes, fours and fives are removed)",
        "reason_code": "rank_removed",
        "reason_params": {
            "rank": "4",
            "removed": {"code": "names", "params": {"items": ["3", "4", "5"]}},
        },
    }


def test_play_a_file_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = base()
    data["id"] = "two-decks"
    data["deck"]["decks"] = 2
    data["deal"]["hand_sizes"] = [22, 22, 22, 21, 21]
    path = write(tmp_path / "two-decks.yaml", data)

    status, out, _ = run(capsys, "play", str(path), "K " * 9)

    assert status == 1
    assert out.splitlines()[-1] == (
        "reason: The deck holds only 8 kings (4 per deck, 2 decks); the play has 9"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nope", "3"], "'nope' is neither a bundled variant id nor a file. Known ids: "),
        (["baike-common", "9", "X"], "candidate: 'X' is not a card: "),
        (["baike-common", "11"], "candidate: '11' is not a card: "),
        (["baike-common", " "], "candidate: a play needs at least one card"),
        (["baike-common", "9", "--after", "8 Z"], "--after: 'Z' is not a card: "),
        (["baike-common", "9 9", "--after", "9 8"], "--after: The previous play is not legal: "),
        (
            ["baike-weihai", "7 7", "--after", "4 4"],
            "--after: This variant's deck has no fours (all threes, fours and fives are removed).",
        ),
    ],
)
def test_play_bad_input_exits_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "play", *argv)

    assert status == 2
    assert out == ""
    assert err.startswith(message)


def test_play_an_invalid_variant_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = base()
    data["deck"]["decks"] = 0
    path = write(tmp_path / "broken.yaml", data)

    status, out, err = run(capsys, "play", str(path), "3")

    assert status == 2
    assert out == ""
    assert "deck.decks" in err


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
