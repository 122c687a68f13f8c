"""Scoring: cases found by mutation testing (`make mutation`, docs/development.md)."""

from __future__ import annotations

from typing import Any

import pytest

from baohuang.engine.scoring import GameResult, ScoringError, make_result, score
from tests.engine.rigging import variant

SEATS = [0, 1, 2, 3, 4]


#: Each way a result can be wrong: (the bad field, path, code, message). The API words the
#: problem by its code and points at the field by its path; the message is the English text.
BAD_RESULTS = [
    (
        {"finish": [0, 1, 2, 3]},
        "finish",
        "finish_order",
        "The finish order must list each seat 0–4 exactly once, in the order they went out.",
    ),
    ({"emperor": 7}, "emperor", "emperor_seat", "The emperor must be a seat from 0 to 4."),
    ({"emperor": 5}, "emperor", "emperor_seat", "The emperor must be a seat from 0 to 4."),
    ({"emperor": -1}, "emperor", "emperor_seat", "The emperor must be a seat from 0 to 4."),
    (
        {"guard": None},
        "guard",
        "guard_missing",
        "A game with a guard needs his seat; for a solo game set solo.",
    ),
    ({"guard": 5}, "guard", "guard_seat", "The guard must be a seat from 0 to 4."),
    ({"guard": -1}, "guard", "guard_seat", "The guard must be a seat from 0 to 4."),
    (
        {"guard": 0},
        "guard",
        "guard_is_emperor",
        "The guard cannot be the emperor; an emperor who is his own guard plays solo.",
    ),
    (
        {"guard": 2, "solo": "open"},
        "guard",
        "solo_has_guard",
        "A solo game has no guard: set guard to null.",
    ),
    (
        {"carried": [0, 0]},
        "carried",
        "carried_seats",
        "Give the carried amount of all five seats.",
    ),
    (
        {"carried": [0, 0, 0, 0, 0, 0]},
        "carried",
        "carried_seats",
        "Give the carried amount of all five seats.",
    ),
    *(
        (
            {"automatic": [1, seat]},
            "automatic",
            "automatic_seat",
            "Automatic seats must be seats from 0 to 4.",
        )
        for seat in (5, -1)
    ),
    *(
        (
            {"quit": [1, seat]},
            "quit",
            "quit_seat",
            "Seats that quit must be seats from 0 to 4.",
        )
        for seat in (5, -1)
    ),
]


@pytest.mark.parametrize(("bad", "path", "code", "message"), BAD_RESULTS)
def test_bad_results_say_why(bad: dict[str, Any], path: str, code: str, message: str) -> None:
    kwargs: dict[str, Any] = {"emperor": 0, "guard": 1, "finish": SEATS, **bad}
    with pytest.raises(ScoringError) as caught:
        make_result(**kwargs)
    assert (str(caught.value), caught.value.path, caught.value.code) == (message, path, code)


def test_results_at_the_edges_of_the_seats_are_accepted() -> None:
    """Seats 0 and 4 are seats; five carried amounts are all five seats."""
    result = make_result(
        emperor=4,
        guard=0,
        finish=[4, 3, 2, 1, 0],
        automatic=[0, 4],
        carried=[10, 20, 30, 40, 50],
        quit=[4, 0],
    )
    assert (result.emperor, result.guard, result.finish) == (4, 0, (4, 3, 2, 1, 0))
    assert (result.automatic, result.carried, result.quit) == ((0, 4), (10, 20, 30, 40, 50), (4, 0))
    solo = make_result(emperor=0, guard=0, finish=SEATS, solo="hidden")
    assert (solo.guard, solo.solo) == (None, "hidden")


def test_side_of_each_seat() -> None:
    result = make_result(emperor=2, guard=4, finish=[0, 1, 2, 3, 4])
    assert [result.side_of(seat) for seat in range(5)] == [
        "rebels",
        "rebels",
        "royals",
        "rebels",
        "royals",
    ]


def test_a_scoring_error_without_a_field_is_an_invalid_result() -> None:
    plain = ScoringError("message")
    assert (str(plain), plain.path, plain.code) == ("message", "", "invalid")


# --------------------------------------------------------------------------- outcome method
# The language lets a winning side's emperor score 0 when his guard scores above 0 (docs/rules.md
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


def test_a_result_built_without_a_guard_or_a_solo_is_refused_when_scored() -> None:
    """A GameResult made directly (not through make_result) still cannot score a guard game
    without the guard: the same message, path and code as make_result's."""
    result = GameResult(emperor=0, guard=None, finish=(0, 1, 2, 3, 4))
    with pytest.raises(ScoringError) as caught:
        score(variant("baike-common"), result)
    assert (str(caught.value), caught.value.path, caught.value.code) == (
        "A game with a guard needs his seat; for a solo game set solo.",
        "guard",
        "guard_missing",
    )


def test_under_the_points_rule_an_emperor_scoring_one_point_wins() -> None:
    """docs/rules.md §8.5 (points): the royals win when the emperor scores above 0 — 1 point is
    a win, not a draw."""
    cv = variant(
        "baike-common",
        **{
            "scoring.two_person.rows.0.emperor": 1,
            "scoring.two_person.rows.0.guard": 2,
            "scoring.two_person.rows.0.rebels": -1,
        },
    )
    s = score(cv, make_result(0, 1, SEATS))
    assert (s.points, s.outcome) == ((1, 2, -1, -1, -1), "win")


def test_a_guard_known_given_with_the_result_doubles_once() -> None:
    """明打翻倍 (tcy-bie6: guard_known ×2): an open guard makes the guard known; a result that
    also says guard_known is the same one doubling, listed once."""
    cv = variant("tcy-bie6")
    implied = score(cv, make_result(0, 1, SEATS, events=["open_guard"]))
    given = score(cv, make_result(0, 1, SEATS, events=["open_guard", "guard_known"]))
    assert implied.multiplier == given.multiplier == 2
    assert given.events.count("guard_known") == 1
    assert given.points == implied.points
