"""Scoring: cases found by mutation testing (`make mutation`, README "Mutation testing")."""

from __future__ import annotations

from typing import Any

import pytest

from baohuang.engine.scoring import ScoringError, make_result

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
