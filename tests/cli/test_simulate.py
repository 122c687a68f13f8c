"""`baohuang simulate` and `baohuang bench`, run in-process through `main([...])`."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from baohuang.cli import main
from baohuang.rules import load_bundled
from baohuang.rules.loader import VARIANTS_DIR
from baohuang.simulation import Stats, simulate
from baohuang.simulation.report import ProgressBar


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err


def test_simulate_json_is_the_simulation_and_workers_do_not_matter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "simulate", "baike-common", "--games", "12", "--seed", "4", "--json"
    )
    assert status == 0
    assert err == ""  # no progress bar when standard error is not a terminal
    data = json.loads(out)
    stats = Stats.from_dict(data["stats"])
    assert stats == simulate(load_bundled("baike-common"), 12, seed=4)
    assert data["summary"]["games"] == 12
    status, out2, _ = run(
        capsys,
        "simulate",
        "baike-common",
        "--games",
        "12",
        "--seed",
        "4",
        "--workers",
        "2",
        "--json",
    )
    assert status == 0
    assert json.loads(out2)["stats"] == data["stats"]


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "baike-weihai", "--games", "6", "--seed", "1")
    assert status == 0
    assert out.startswith("baike-weihai: 6 games, seed 1, policy heuristic")
    for word in (
        "emperor",
        "guard",
        "rebel",
        "solo",
        "finish rank",
        "rebellion",
        "seat-0 advantage",
    ):
        assert word in out


def test_simulate_random_policy_and_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = shutil.copy(VARIANTS_DIR / "baike-common.yaml", tmp_path / "baike-common.yaml")
    status, out, _ = run(
        capsys, "simulate", str(path), "--games", "3", "--seed", "2", "--policy", "random"
    )
    assert status == 0
    assert "policy random" in out


def test_simulate_problems(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "simulate", "nowhere", "--games", "3", "--seed", "2")
    assert status == 1
    assert "neither a bundled variant id nor a file" in err
    assert "baike-common" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [\n", encoding="utf-8")
    status, _, err = run(capsys, "simulate", str(bad), "--games", "3", "--seed", "2")
    assert status == 1
    assert "not valid YAML" in err
    status, _, err = run(capsys, "simulate", "baike-common", "--games", "0", "--seed", "2")
    assert status == 2
    assert "argument --games: '0' is not a whole number above 0" in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--games", "ten"], "argument --games: 'ten' is not a whole number above 0"),
        (["--games", "3", "--seed", "x"], "argument --seed: 'x' is not a whole number"),
        (["--games", "3", "--workers", "two"], "argument --workers: 'two' is not a whole"),
    ],
)
def test_a_bad_number_names_its_option_not_a_function(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    status, _, err = run(capsys, "simulate", "baike-common", *argv)

    assert status == 2
    assert says in err
    assert "_positive" not in err
    assert "invalid" not in err


def test_simulate_without_a_seed_chooses_one_and_prints_it_to_repeat_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "simulate", "baike-common", "--games", "3", "--json")

    assert status == 0
    seed = json.loads(out)["stats"]["seed"]
    assert err == f"No --seed given: using seed {seed} (add --seed {seed} to repeat this run).\n"
    again = run(capsys, "simulate", "baike-common", "--games", "3", "--seed", str(seed), "--json")
    assert json.loads(again[1])["stats"] == json.loads(out)["stats"]
    status, table, err = run(capsys, "simulate", "baike-weihai", "--games", "2")
    assert status == 0
    assert f"seed {err.split()[5]}, policy heuristic" in table


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stderr", terminal)
    status = main(["simulate", "baike-common", "--games", "4", "--seed", "1"])
    assert status == 0
    shown = terminal.getvalue()
    assert "4/4 games" in shown
    assert shown.endswith("\n")
    bar = ProgressBar(FakeTerminal(), "x")
    bar(0, 0)


def test_bench_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from baohuang.simulation import bench

    monkeypatch.setattr(bench, "BATCH", {"heuristic": 2, "random": 1})
    status, out, _ = run(capsys, "bench", "--json", "--seconds", "0.05", "--mc-games", "1")
    assert status == 0
    figures = json.loads(out)
    for name in ("heuristic", "random"):
        assert figures[name]["games_per_s"] > 0
        assert figures[name]["decisions_per_s"] > figures[name]["games_per_s"]
        assert 0 < figures[name]["policy_share"] < 1
    assert figures["rules"]["beat_checks_per_s"] > 0
    assert figures["rules"]["follow_generations_per_s"] > 0
    # The search player's CPU per game, with its target (issue 35).
    assert figures["mc"]["cpu_ms_per_game"] > 0
    assert figures["mc"]["games"] == 1
    assert figures["mc"]["target_ms"] == 40
    assert figures["mc"]["decisions_per_game"] > 10
    # The conditions of the run: the machine's load at its start and end (Linux has one).
    assert figures["load"]["before"] >= 0
    assert figures["load"]["after"] >= 0
    spiel = figures.get("openspiel_dou_dizhu_random")
    if spiel is not None:  # pyspiel installed: measured in the same run
        assert spiel["decisions_per_s"] > spiel["games_per_s"] > 0
    rules = figures["rules"]
    monkeypatch.setattr(bench, "bench_rules", lambda seconds: rules)
    status, out, _ = run(capsys, "bench", "--seconds", "0.05", "--mc-games", "1", "--no-peers")
    assert status == 0
    assert "games/s" in out
    assert "heuristic" in out
    assert "beat checks" in out
    assert "Search player (mc, every seat)" in out
    assert "target 40 ms" in out
    assert "Machine load (1-minute average): " in out
    assert "OpenSpiel" not in out
    status, out, _ = run(capsys, "bench", "--json", "--seconds", "0.05", "--mc-games", "0")
    assert "mc" not in json.loads(out)


def test_compare_and_bench_speak_chinese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from baohuang.simulation import bench

    monkeypatch.setattr(bench, "BATCH", {"heuristic": 2, "random": 1})
    monkeypatch.setattr(bench, "MC_GAMES", 1)
    status, out, _ = run(
        capsys,
        "--lang",
        "zh",
        "compare",
        "baike-common",
        "baike-weihai",
        "--games",
        "6",
        "--seed",
        "1",
    )
    assert status == 0
    assert "对牌局" in out
    assert "配对：发牌种子相同，但牌不同（deck.remove" in out
    assert "方法：" in out
    assert "paired" not in out
    assert "pairing" not in out
    status, out, _ = run(capsys, "--lang", "zh", "bench", "--seconds", "0.05")
    assert status == 0
    assert "局/秒" in out
    assert "管牌判断" in out
    assert "机器负载" in out
    assert "games/s" not in out


def test_a_balance_error_has_a_code_and_speaks_the_language() -> None:
    from baohuang.i18n import speaking
    from baohuang.simulation.balance import BalanceError, Target

    with speaking("zh"), pytest.raises(BalanceError) as zh:
        Target.parse("fair")
    with speaking("en"), pytest.raises(BalanceError) as en:
        Target.parse("fair")

    assert (zh.value.code, zh.value.params) == ("unknown_target", {"target": "fair"})
    assert str(zh.value) == "未知的目标“fair”；目标只能是 equal-sides 或 emperor-mean=X。"
    assert str(en.value) == "Unknown target 'fair'; targets are equal-sides and emperor-mean=X."


def test_simulate_a_file_it_may_not_look_at(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder on the way that the user may not enter: checking the file raises (root, as
    # the tests run, may enter every folder, so the refusal is made here).
    locked = tmp_path / "locked" / "house.yaml"
    real_is_file = Path.is_file
    real_read_text = Path.read_text

    def is_file(self: Path) -> bool:
        if self == locked:
            raise PermissionError(13, "Permission denied")
        return real_is_file(self)

    def read_text(self: Path, *args: object, **kwargs: object) -> str:
        if self == locked:
            raise PermissionError(13, "Permission denied")
        return real_read_text(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "is_file", is_file)
    monkeypatch.setattr(Path, "read_text", read_text)
    status, _, err = run(capsys, "simulate", str(locked), "--games", "3", "--seed", "2")
    assert status == 1
    assert f"Cannot read {locked}: Permission denied." in err
    assert "Traceback" not in err
