"""Rule by rule, docs/rules.md §4.5–§4.6: open or hidden guard, rebellion and kick (issue 22).

Deals are rigged (:mod:`tests.engine.rigging`); each test shows a rule or field firing and
not firing and asserts what the players see: who is asked what, whether the guard becomes
public, which rebels are shown as having declared, the events of the game.
"""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from tests.engine.rigging import answer, bundled, rigged, variant
from tests.engine.rule_coverage import covers, words

#: Fixed guard: seat 0 holds the emperor card, seat 1 the guard card.
HANDS = [["BJ*", "7s", "8s"], ["SJ*", "9s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]


def asked(game) -> list[tuple[int, str]]:
    """The seat to act and the question put to him."""
    return [(game.to_act, game.view(game.to_act).question)]


def weihai(**changes):
    """baike-weihai (rebellion 2, kicks) after the grab window and the emperor's ascent."""
    cv = variant("baike-weihai", **changes) if changes else bundled("baike-weihai")
    game = rigged(cv, HANDS)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND)
    return game


# --------------------------------------------------------------------------- §4.5


@covers("declarations.guard_reveal", "4.5-open-hidden-guard")
@pytest.mark.parametrize(
    ("reveal", "question", "public"),
    [("choice", True, None), ("open", False, 1), ("hidden", False, None)],
)
def test_the_guard_chooses_or_the_data_chooses_for_him(reveal, question, public):
    cv = variant("baike-common", **{"declarations.guard_reveal": reveal})
    game = rigged(cv, HANDS)
    answer(game, A.ASCEND)
    if question:
        assert asked(game) == [(1, "guard")]
        assert words(game) == {A.OPEN_GUARD, A.HIDDEN_GUARD}
        assert game.observe(3)["guard"] is None
        answer(game, A.OPEN_GUARD)
        public = 1
    assert game.phase == "play"
    assert game.to_act == 0
    assert game.observe(3)["guard"] == public
    assert ("open_guard" in game.observe(3)["events"]) is (public is not None)
    assert game.view(1).i_am_guard  # he always knows


def test_a_hidden_guard_stays_hidden_from_the_others():
    game = rigged(bundled("baike-common"), HANDS)
    answer(game, A.ASCEND, A.HIDDEN_GUARD)
    assert all(game.observe(s)["guard"] is None for s in range(5))
    assert game.view(0).known_partner is None
    assert game.view(1).known_partner == 0


# --------------------------------------------------------------------------- §4.6 rebellion


@covers(
    "declarations.rebellion",
    "declarations.rebellion.threshold",
    "4.6-rebellion",
    "4.6-rebels-shown",
)
@pytest.mark.parametrize(
    ("threshold", "rebels", "succeeds"),
    [(2, [2, 3], True), (2, [3], False), (3, [2, 3], False), (1, [4], True)],
)
def test_rebellion_succeeds_with_enough_rebels(threshold, rebels, succeeds):
    game = weihai(**{"declarations.rebellion.threshold": threshold})
    answer(game, A.HIDDEN_GUARD)
    order = []
    while game.phase == "declarations" and game.view(game.to_act).question == "rebel":
        seat = game.to_act
        order.append(seat)
        if seat == 1:  # the hidden guard is asked too, but may only decline
            assert words(game) == {A.NO_REBEL}
        answer(game, A.REBEL if seat in rebels else A.NO_REBEL)
    assert order == [1, 2, 3, 4]
    seen = game.observe(3)
    assert seen["rebels_declared"] == rebels  # shown even if it fails
    assert ("rebellion" in seen["events"]) is succeeds
    assert seen["guard"] == (1 if succeeds else None)


def test_no_rebellion_where_the_variant_has_none():
    cv = variant("baike-weihai", **{"declarations.rebellion": None, "declarations.kick": None})
    game = rigged(cv, HANDS)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND, A.HIDDEN_GUARD)
    assert game.phase == "play"


def test_no_rebellion_against_an_open_guard():
    game = weihai(**{"declarations.kick": None})
    answer(game, A.OPEN_GUARD)
    assert game.phase == "play"
    assert game.observe(2)["rebels_declared"] == []


def test_a_rebellion_reveals_a_hidden_solo():
    hands = [["BJ*", "SJ*", "8s"], ["9s", "9h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    cv = variant("baike-weihai", **{"declarations.kick": None})
    game = rigged(cv, hands)
    answer(game, *[A.NO_GRAB] * 5)
    answer(game, A.ASCEND)  # skip_one would pass; he ascends himself
    answer(game, A.HIDDEN_SOLO)
    assert game.observe(2)["solo"] is None
    answer(game, A.REBEL, A.REBEL, A.NO_REBEL, A.NO_REBEL)
    assert "rebellion" in game.observe(2)["events"]
    assert game.observe(2)["solo"] == "hidden"


# --------------------------------------------------------------------------- §4.6 kick


def rebellion(game) -> None:
    answer(game, A.HIDDEN_GUARD, A.NO_REBEL, A.REBEL, A.REBEL, A.NO_REBEL)
    assert "rebellion" in game.observe(2)["events"]


@covers("declarations.kick", "declarations.kick.royals_after_rebellion", "4.6-royal-kick")
@pytest.mark.parametrize("royals_may", [True, False])
def test_after_a_rebellion_the_royals_may_kick(royals_may):
    game = weihai(**{"declarations.kick.royals_after_rebellion": royals_may})
    rebellion(game)
    if not royals_may:
        assert game.phase == "play"
        return
    assert asked(game) == [(0, "royal_kick")]
    assert words(game) == {A.KICK, A.NO_KICK}
    answer(game, A.NO_KICK)
    assert asked(game) == [(1, "royal_kick")]  # then the guard
    answer(game, A.KICK)
    assert game.phase == "play"
    assert "kick" in game.observe(3)["events"]


def test_royals_who_do_not_kick_leave_no_kick():
    game = weihai()
    rebellion(game)
    answer(game, A.NO_KICK, A.NO_KICK)
    assert game.phase == "play"
    assert "kick" not in game.observe(3)["events"]


def test_no_kick_where_the_variant_has_none():
    game = weihai(**{"declarations.kick": None})
    rebellion(game)
    assert game.phase == "play"


@covers("declarations.kick.rebels_after_open_solo")
@pytest.mark.parametrize(
    ("needed", "kickers", "kick"),
    [(2, [1, 3], True), (2, [4], False), (4, [1, 2, 3], False), (None, [], False)],
)
def test_after_an_open_solo_enough_of_the_four_may_kick(needed, kickers, kick):
    # Seed 000 (一方踢成功后…翻倍（包括独保）) read as a switch: the four may kick a grabbed
    # (open) solo; baike-weihai's data does not (its kicks follow a rebellion or 明保).
    cv = variant("baike-weihai", **{"declarations.kick.rebels_after_open_solo": needed})
    game = rigged(cv, HANDS)
    answer(game, A.GRAB)
    assert game.solo == "open"
    order = []
    while game.phase == "declarations":
        assert game.view(game.to_act).question == "rebel_kick"
        order.append(game.to_act)
        answer(game, A.KICK if game.to_act in kickers else A.NO_KICK)
    assert order == ([1, 2, 3, 4] if needed else [])
    assert ("kick" in game.observe(0)["events"]) is kick


@covers("declarations.kick.rebels_after_open_guard", "4.6-rebel-kick")
@pytest.mark.parametrize(
    ("needed", "kickers", "kick"),
    [(2, [2, 3], True), (2, [4], False), (3, [2, 3], False), (None, [], False)],
)
def test_after_an_open_guard_enough_rebels_may_kick(needed, kickers, kick):
    game = weihai(**{"declarations.kick.rebels_after_open_guard": needed})
    answer(game, A.OPEN_GUARD)
    if needed is None:  # never asked
        assert game.phase == "play"
        return
    order = []
    while game.phase == "declarations":
        assert game.view(game.to_act).question == "rebel_kick"
        order.append(game.to_act)
        answer(game, A.KICK if game.to_act in kickers else A.NO_KICK)
    assert order == [2, 3, 4]  # the rebels only
    assert ("kick" in game.observe(0)["events"]) is kick
