"""Tournaments with seat swaps (issue 18): chunks merge exactly, roles add up, the command."""

from __future__ import annotations

import json

import pytest

from baohuang.cli import main
from baohuang.engine.compiled import compile_variant
from baohuang.rules import load_bundled
from baohuang.simulation import run_tournament, tournament
from baohuang.simulation.stats import ROLES, Tally
from baohuang.simulation.tournament import role_of


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err


def test_chunks_on_processes_merge_to_the_one_run_and_roles_add_up() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    whole = tournament(cv, 9, seed=3, a="heuristic", b="random")
    assert run_tournament(cv, 9, 3, "heuristic", "random", workers=2) == whole
    halves = tournament(cv, 9, 3, "heuristic", "random", chunk=(0, 4)).merge(
        tournament(cv, 9, 3, "heuristic", "random", chunk=(4, 9))
    )
    assert halves == whole
    assert whole.deals + whole.unscored == 9
    for tally, roles in ((whole.a_tally, whole.a_roles), (whole.b_tally, whole.b_roles)):
        total = Tally()
        for role in ROLES:
            total = total.merge(roles[role])
        assert total == tally
    thrones = sum(
        roles[r].n for roles in (whole.a_roles, whole.b_roles) for r in ("emperor", "solo")
    )
    assert thrones == 2 * whole.deals  # one emperor (with a guard or solo) per game
    with pytest.raises(ValueError, match="same tournament"):
        whole.merge(tournament(cv, 1, seed=4, a="heuristic", b="random"))


def test_role_of() -> None:
    assert [role_of(1, 3, s) for s in range(5)] == ["rebel", "emperor", "rebel", "guard", "rebel"]
    assert role_of(2, None, 2) == "solo"


def test_tournament_command_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("tournament", "baike-common", "--a", "heuristic", "--b", "random", "--deals", "6")
    status, out, _ = run(capsys, *args, "--seed", "2", "--json")
    assert status == 0
    data = json.loads(out)
    expected = tournament(load_bundled("baike-common"), 6, 2, "heuristic", "random").summary()
    assert {k: data[k] for k in expected} == json.loads(json.dumps(expected))
    assert set(data["roles"]) == set(ROLES)
    status, out, _ = run(capsys, *args, "--seed", "2")
    assert status == 0
    assert out.startswith("baike-common: A = heuristic, B = random, 6 deals")
    assert "A − B points per seat-game" in out
    assert "emperor" in out
    assert "rebel" in out


def test_tournament_command_refuses_unknown_or_equal_policies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "tournament", "baike-common", "--a", "genius", "--deals", "2")
    assert status == 2
    assert "unknown policy 'genius'" in err
    status, _, err = run(
        capsys, "tournament", "baike-common", "--a", "random", "--b", "random", "--deals", "2"
    )
    assert status == 1
    assert "two different policies" in err


def test_mc_in_a_tournament_with_a_small_budget() -> None:
    duel = tournament(load_bundled("baike-common"), 1, seed=5, a="mc:4", b="heuristic")
    assert duel.a == "mc:4"
    assert duel.a_tally.n + duel.b_tally.n == 10 * duel.deals
