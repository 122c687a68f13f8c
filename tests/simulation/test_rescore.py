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
