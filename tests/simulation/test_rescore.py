"""Instant re-scoring from the outcome counts (issue 15): exact, mergeable, small."""

from __future__ import annotations

import copy
import json

import pytest

from baohuang.engine.compiled import compile_variant
from baohuang.rules import Variant, load_bundled
from baohuang.simulation import merge, simulate
from baohuang.simulation.stats import NoOutcomes, Stats, rescore

WEIHAI = load_bundled("baike-weihai")


def doubled() -> Variant:
    data = copy.deepcopy(WEIHAI.model_dump(mode="json"))
    for m in data["scoring"]["multipliers"]:
        if m["event"] == "rebellion":
            m["factor"] *= 2
    rows = data["scoring"]["two_person"]["rows"]
    rows[0]["emperor"] += 2
    rows[0]["rebels"] -= 1  # +2 + 1 + 3 × (−1): the row stays zero-sum
    rows[0]["guard"] += 1
    return Variant.model_validate(data)


@pytest.fixture(scope="module")
def weihai60() -> Stats:
    return simulate(WEIHAI, 60, seed=4)


def test_rescoring_equals_simulating_the_other_table(weihai60: Stats) -> None:
    other = doubled()
    direct = simulate(other, 60, seed=4)
    assert rescore(weihai60, compile_variant(other)).to_dict() == direct.to_dict()


def test_rescoring_under_its_own_table_changes_nothing(weihai60: Stats) -> None:
    assert rescore(weihai60, compile_variant(WEIHAI)).to_dict() == weihai60.to_dict()


def test_outcome_counts_merge_exactly(weihai60: Stats) -> None:
    first = simulate(WEIHAI, 60, seed=4, chunk=(0, 25))
    second = simulate(WEIHAI, 60, seed=4, chunk=(25, 60))
    assert merge(second, first).outcomes == weihai60.outcomes
    assert weihai60.outcomes is not None
    assert sum(weihai60.outcomes.values()) == weihai60.scored


def test_outcome_counts_survive_json_and_old_results_say_so(weihai60: Stats) -> None:
    data = json.loads(json.dumps(weihai60.to_dict()))
    assert Stats.from_dict(data) == weihai60
    del data["outcomes"]
    old = Stats.from_dict(data)
    assert old.outcomes is None
    with pytest.raises(NoOutcomes):
        rescore(old, compile_variant(WEIHAI))


# --------------------------------------------------------------------------- found by mutmut


@pytest.fixture(scope="module")
def bie3_40() -> Stats:
    """tcy-bie3: its tables have draws (emperor_rank 3 and 4), and solo games."""
    return simulate(load_bundled("tcy-bie3"), 40, seed=1)


def test_rescoring_a_table_with_draws_changes_nothing_under_its_own_table(bie3_40: Stats) -> None:
    assert bie3_40.roles["emperor"].tally.draws > 0
    assert bie3_40.roles["rebel"].tally.draws > 0
    again = rescore(bie3_40, compile_variant(load_bundled("tcy-bie3")))
    assert again.to_dict() == bie3_40.to_dict()


def test_rescoring_keeps_the_games_that_were_not_scored(weihai60: Stats) -> None:
    data = json.loads(json.dumps(weihai60.to_dict()))
    data["games"] += 2
    data["unscored"] += 2  # as a stored result with two games left unscored
    stored = Stats.from_dict(data)
    again = rescore(stored, compile_variant(WEIHAI))
    assert again.unscored == stored.unscored == weihai60.unscored + 2
    assert again.games == stored.games


def test_old_results_are_refused_with_what_to_do(weihai60: Stats) -> None:
    data = json.loads(json.dumps(weihai60.to_dict()))
    del data["outcomes"]
    with pytest.raises(NoOutcomes) as caught:
        rescore(Stats.from_dict(data), compile_variant(WEIHAI))
    assert str(caught.value) == (
        "These statistics were recorded before outcomes were kept; simulate again to re-score them."
    )
