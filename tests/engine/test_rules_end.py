"""Rule by rule, docs/rules.md §6.3–§6.4 and §7: finishing, early ends, automatic play (issue 22).

Deals are rigged (:mod:`tests.engine.rigging`); each test plays to a moment and shows a
rule or field firing and not firing: whether the game is over, the finish order the
result gives, what 托管 plays, whether a seat is locked on, whether the game is scored.
"""

from __future__ import annotations

from typing import Any

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from tests.engine.rigging import answer, bundled, rigged, variant
from tests.engine.rule_coverage import covers, legal, play, to_play


def common(hands, **changes: Any) -> Game:
    cv = variant("baike-common", **changes) if changes else bundled("baike-common")
    game = rigged(cv, hands)
    to_play(game)
    return game


def run(game: Game, *script: str) -> None:
    answer(game, *(a if a in (A.PASS, A.AUTO) else play(a) for a in script))


# --------------------------------------------------------------------------- §6.3


@covers("6.3-finish")
def test_play_goes_on_until_one_player_is_left_who_is_fifth():
    hands = [["BJ*", "7s"], ["9s"], ["SJ*", "6s"], ["Qs"], ["Ks"]]
    game = common(hands)
    run(game, "7", "9", A.PASS, "Q", "K")  # seats 1, 3, 4 are out
    assert not game.finished
    assert game.observe(0)["finish"] == [1, 3, 4]
    run(game, A.PASS, A.PASS, "BJ")  # seat 0 out: only seat 2 is left
    assert game.finished
    assert game.legal_actions() == []
    result = game.result()
    assert result is not None
    assert tuple(result.finish) == (1, 3, 4, 0, 2)


# --------------------------------------------------------------------------- §6.4

#: Emperor (0) and guard (2) go out first and second.
ROYALS_OUT = [["BJ*"], ["9s", "10s"], ["SJ*"], ["Qs", "Qh", "Qc"], ["Ks"]]


def royals_out(**changes: Any) -> Game:
    game = common(ROYALS_OUT, **changes)
    run(game, "BJ", A.PASS, A.PASS, A.PASS, A.PASS)  # 接风 to seat 1
    run(game, "9", "SJ")  # the guard goes out on it
    return game


@covers("end.when", "6.4-side-out")
@pytest.mark.parametrize("when", ["one_side_out", "all_but_one"])
def test_the_game_may_end_when_one_side_is_all_out(when):
    game = royals_out(**{"end.when": when})
    assert game.finished is (when == "one_side_out")
    if when == "all_but_one":
        assert game.to_act == 3
        assert game.observe(3)["finish"] == [0, 2]


@covers("end.unfinished_order")
@pytest.mark.parametrize(
    ("order", "finish"),
    [
        ("fewest_cards", (0, 2, 4, 1, 3)),  # 4 and 1 hold one card, 3 holds three
        ("play_order", (0, 2, 3, 4, 1)),  # in play order from the last to go out
    ],
)
def test_players_left_at_an_early_end_are_ranked_by_the_data(order, finish):
    game = royals_out(**{"end.when": "one_side_out", "end.unfinished_order": order})
    result = game.result()
    assert result is not None
    assert tuple(result.finish) == finish


def declared_solo(ends: bool, first: list[str]) -> Game:
    """lianzhong-classic: seat 0 declares an open solo holding `first`."""
    hands = [["BJ*", *first], ["9s"], ["Js", "Qh"], ["Qs", "Kh"], ["Ks", "Ah"]]
    cv = variant("lianzhong-classic", **{"end.open_solo_ends_on_other_first": ends})
    game = rigged(cv, hands)
    answer(game, *[A.NO_GRAB] * 5, A.DECLARE_SOLO)
    assert game.phase == "play"
    assert game.observe(1)["solo"] == "open"
    return game


@covers("end.open_solo_ends_on_other_first", "6.4-open-solo-end")
@pytest.mark.parametrize("ends", [True, False])
def test_an_open_solo_ends_when_another_goes_out_first(ends):
    game = declared_solo(ends, ["7s", "7h"])
    run(game, "7", "9")  # seat 1 goes out first
    assert game.finished is ends
    if ends:
        result = game.result()
        assert result is not None
        assert result.finish[0] == 1


def test_an_open_solo_goes_on_when_the_emperor_goes_out_first():
    game = declared_solo(True, [])
    run(game, "BJ")  # the emperor, first
    assert not game.finished
    assert game.observe(1)["finish"] == [0]


# --------------------------------------------------------------------------- §7 automatic play

#: Seat 0 leads many tricks that nobody can follow.
LONG = [
    ["BJ*", "7s", "7h", "8s", "8h", "9s", "9h", "10s"],
    ["3s", "4s"],
    ["SJ*", "3h"],
    ["3c", "4c"],
    ["3d", "4d"],
]


@covers("7-default")
def test_automatic_play_gives_the_default_answer():
    # Bidding: the default answer (abdicate); play: the leader his smallest single, a
    # follower passes.
    game = rigged(bundled("baike-common"), LONG)
    answer(game, A.AUTO)
    assert game.observe(1)["emperor_card_holder"] == 4
    game = common(LONG)
    answer(game, A.AUTO)
    assert game.observe(1)["trick"] == "7"
    assert play("8") not in legal(game)
    assert legal(game) == [A.PASS]
    answer(game, A.AUTO)
    assert game.to_act == 2
    assert game.observe(1)["trick"] == "7"


def spells(game: Game, n: int) -> None:
    """Seat 0 leads, alternately on 托管 and himself, `n` spells; the others pass."""
    for i in range(2 * n - 1):
        assert game.to_act == 0
        answer(game, A.AUTO if i % 2 == 0 else legal(game)[0])
        answer(game, A.PASS, A.PASS, A.PASS, A.PASS)


@covers("play.automatic.lock_after", "7-lock")
@pytest.mark.parametrize(("lock_after", "locked"), [(1, True), (2, False), (None, False)])
def test_automatic_play_locks_on_after_the_data_number_of_spells(lock_after, locked):
    game = common(LONG, **{"play.automatic.lock_after": lock_after})
    spells(game, 2)
    assert game.locked(0) is locked
    assert (len(game.legal_actions()) == 1) is locked  # only the default move


@covers("play.automatic.unscored_if_all", "7-unscored")
@pytest.mark.parametrize("unscored", [True, False])
def test_a_game_of_five_locked_seats_is_not_scored(unscored):
    game = common(
        LONG,
        **{
            "play.automatic.counted": "turns",
            "play.automatic.lock_after": 1,
            "play.automatic.unscored_if_all": unscored,
        },
    )
    while not game.finished:
        game.apply(A.AUTO)
    assert all(game.locked(s) for s in range(5))
    assert (game.result() is None) is unscored
    assert game.outcome is not None
    assert (game.outcome.unscored_reason is not None) is unscored


def test_a_jj_game_all_five_play_on_automatic_is_scored_and_never_locks():
    # JJ (seed 000) scores games with automatic players (有玩家断线或者托管，除上述积分外…);
    # Lianzhong's lock and unscored rule are not JJ's.
    game = rigged(bundled("jj-standard"), LONG)
    to_play(game)
    while not game.finished:
        game.apply(A.AUTO)
    assert not any(game.locked(s) for s in range(5))
    assert game.result() is not None
    assert game.outcome is not None
    assert game.outcome.score is not None


def test_a_game_all_five_play_on_automatic_is_not_scored():
    game = common(LONG)
    while not game.finished:
        game.apply(A.AUTO)  # every seat, every turn: one spell each, to the end
    assert not any(game.locked(s) for s in range(5))
    assert game.result() is None
