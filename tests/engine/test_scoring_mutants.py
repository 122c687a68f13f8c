"""Scoring: cases found by mutation testing (`make mutation`, README "Mutation testing")."""

from __future__ import annotations

from typing import Any

import pytest

from baohuang.engine.scoring import ScoringError, make_result, score
from tests.engine.rigging import variant

SEATS = [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"emperor": 0, "guard": 1, "finish": [0, 1, 2, 3]},
            "The finish order must list each seat 0–4 exactly once, in the order they went out.",
        ),
        ({"emperor": 7, "guard": 1, "finish": SEATS}, "The emperor must be a seat from 0 to 4."),
        (
            {"emperor": 0, "guard": None, "finish": SEATS},
            "A game with a guard needs his seat; for a solo game set solo.",
        ),
        ({"emperor": 0, "guard": 5, "finish": SEATS}, "The guard must be a seat from 0 to 4."),
        (
            {"emperor": 0, "guard": 0, "finish": SEATS},
            "The guard cannot be the emperor; an emperor who is his own guard plays solo.",
        ),
        (
            {"emperor": 0, "guard": 2, "finish": SEATS, "solo": "open"},
            "A solo game has no guard: set guard to null.",
        ),
        (
            {"emperor": 0, "guard": 1, "finish": SEATS, "carried": [0, 0]},
            "Give the carried amount of all five seats.",
        ),
    ],
)
def test_bad_results_say_why(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        make_result(**kwargs)
    assert str(caught.value) == message


def test_side_of_each_seat() -> None:
    result = make_result(emperor=2, guard=4, finish=[0, 1, 2, 3, 4])
    assert [result.side_of(seat) for seat in range(5)] == [
        "rebels",
        "rebels",
        "royals",
        "rebels",
        "royals",
    ]


def test_bad_results_name_the_field_and_the_problem() -> None:
    """The API words a bad result by its code and points at the field by its path."""
    with pytest.raises(ScoringError) as caught:
        make_result(emperor=7, guard=1, finish=SEATS)
    assert (caught.value.path, caught.value.code) == ("emperor", "emperor_seat")
    with pytest.raises(ScoringError) as caught:
        make_result(emperor=0, guard=9, finish=SEATS)
    assert (caught.value.path, caught.value.code) == ("guard", "guard_seat")
    with pytest.raises(ScoringError) as caught:
        make_result(emperor=0, guard=1, finish=SEATS, carried=[0, 0])
    assert (caught.value.path, caught.value.code) == ("carried", "carried_seats")
    plain = ScoringError("message")
    assert (str(plain), plain.path, plain.code) == ("message", "", "invalid")


# --------------------------------------------------------------------------- outcome method
# The language lets a winning side's emperor score 0 when his guard scores above 0 (RULES.md
# §8.5: the royals together above 0): there the outcome method, not the emperor's points,
# says the royals won. Variants are compiled inside the tests.

#: Emperor 1st and guard 2nd: the emperor scores nothing, the guard 3, each rebel −1.
EMPEROR_SCORES_NOTHING = {
    "scoring.two_person.rows.0.emperor": 0,
    "scoring.two_person.rows.0.guard": 3,
    "scoring.two_person.rows.0.rebels": -1,
}


@pytest.mark.parametrize("variant_id", ["baike-qingdao", "tcy-bie3"])  # rank_table, side_out
def test_the_outcome_method_decides_where_the_emperor_scores_nothing(variant_id: str) -> None:
    cv = variant(variant_id, **EMPEROR_SCORES_NOTHING)
    assert cv.variant.scoring.two_person.rows[0].emperor_rank == 1
    assert cv.variant.scoring.two_person.rows[0].guard_rank == 2
    s = score(cv, make_result(0, 1, [0, 1, 2, 3, 4]))
    assert s.base_points == (0, 3, -1, -1, -1)
    assert s.outcome == "win"  # by the method; the emperor's points alone would say draw


def test_without_a_solo_table_a_rank_table_variant_scores_solo_games_by_points() -> None:
    cv = variant("baike-qingdao", **{"scoring.outcome.solo": []})
    first = score(cv, make_result(0, None, [0, 1, 2, 3, 4], solo="open"))
    last = score(cv, make_result(0, None, [1, 2, 3, 4, 0], solo="open"))
    assert first.base_points[0] > 0
    assert first.outcome == "win"
    assert last.base_points[0] < 0
    assert last.outcome == "lose"
