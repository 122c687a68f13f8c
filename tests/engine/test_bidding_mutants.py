"""Bidding and dealing: cases found by mutation testing (`make mutation`, docs/development.md),
docs/rules.md §3–§4.

The question a seat is asked while bidding; a holder of both marked cards passing the
emperor card two seats on (what everyone then learns, the tribute owed for an open guard);
托管's answer when ascending is the only move; tips (贴牌) from a hand of jokers; grabbing
a solo with four small jokers; the refusals of a rigged deal. Seats: 0 is dealt the
emperor card; the upstream (上家) of seat s is s − 1.
"""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from tests.engine.rigging import answer, bundled, play_until, rigged, variant
from tests.engine.rule_coverage import to_play, words

#: baike-weihai (grab step, then offer rounds with skip_one): seat 0 holds both marked cards.
WEIHAI_BOTH = [["BJ*", "SJ*", "7s"], ["9s", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]


def test_the_seat_to_act_is_asked_to_grab_then_to_offer():
    game = rigged(bundled("baike-weihai"), WEIHAI_BOTH)
    assert game.view(0).question == "grab"
    answer(game, *[A.NO_GRAB] * 5)
    assert game.to_act == 0
    assert game.view(0).question == "offer"


def test_a_holder_of_both_cards_may_skip_one_upstream():
    cv = variant("baike-weihai", **{"bidding.flow.1.skip_one_to": "upstream"})
    game = rigged(cv, WEIHAI_BOTH)
    answer(game, *[A.NO_GRAB] * 5, A.ABDICATE)
    # Two seats upstream: 0 → 3 (downstream would be 2).
    assert game.to_act == 3
    assert game.observe(1)["emperor_card_holder"] == 3
    # Everyone learns who guards (Weihai's 保子 is then known: scored as such).
    assert "guard_known" in game.observe(1)["events"]
    # One abdication, as the simulation's "abdications per game" counts it.
    assert game.abdications == 1
    # He may not pass again: 托管 ascends for him.
    assert words(game) == {A.ASCEND}
    assert game.default_action() == A.ASCEND
    game.apply(A.AUTO)
    assert game.observe(4)["emperor"] == 3
    assert game.observe(4)["guard"] == 0


#: Tribute for the next game, by whether the guard was open (明保) or hidden (暗保).
OPEN_OR_HIDDEN = [
    {
        "when": {"guard": "open"},
        "give": [{"who": "rebels", "count": 2}],
        "take": [{"who": "emperor", "count": 3}, {"who": "guard", "count": 3}],
    },
    {
        "when": {"guard": "hidden"},
        "give": [{"who": "rebels", "count": 1}],
        "take": [{"who": "emperor", "count": 2}, {"who": "guard", "count": 1}],
    },
]


def test_a_guard_shown_by_skipping_one_owes_the_open_guard_tribute():
    cv = variant("baike-weihai", **{"tribute": {"card": "highest", "rules": OPEN_OR_HIDDEN}})
    game = rigged(cv, WEIHAI_BOTH)
    answer(game, *[A.NO_GRAB] * 5, A.ABDICATE, A.ASCEND)  # seat 2 emperor, seat 0 guard
    play_until(game, lambda g: False)
    assert game.outcome is not None
    plan = game.outcome.tribute
    assert plan.rule == 0  # 明保: the guard was known to all from the skip
    assert sorted(plan.givers) == [(1, 2), (3, 2), (4, 2)]
    assert sorted(plan.takers) == [(0, 3), (2, 3)]


# --------------------------------------------------------------------------- tips (贴牌)

#: baike-common, passing upstream: seat 0 passes the card to seat 4, whose hand is all
#: jokers, one of them the guard card (SJ*); seat 4 pays the tip (pass 2), seat 3 ascends.
JOKER_TIPPER = [["BJ*", "7s"], ["9s", "Ah"], ["Js", "Jh"], ["Qs", "Qh"], ["BJ", "SJ*"]]


@pytest.mark.parametrize(
    ("tip", "tipped", "kept"),
    [
        # Only jokers: the highest of them, the big joker, not the guard card (a small one).
        ("two_or_highest", "BJ", "SJ*"),
        ("highest", "BJ", "SJ*"),
    ],
)
def test_a_hand_of_jokers_tips_the_big_joker(tip, tipped, kept):
    cv = variant("baike-common", **{"bidding.flow.0.tip": tip, "bidding.flow.0.tip_from_pass": 2})
    game = rigged(cv, JOKER_TIPPER)
    answer(game, A.ABDICATE, A.ABDICATE, A.ASCEND)
    assert sorted(game.observe(3)["hand"]) == sorted(["Qs", "Qh", "BJ*", tipped])
    assert game.observe(4)["hand"] == [kept]


def test_highest_non_joker_tips_nothing_from_a_hand_of_jokers():
    hands = [["BJ*", "7s"], ["9s", "Ah"], ["SJ*", "Jh"], ["Qs", "Qh"], ["BJ", "SJ"]]
    cv = variant(
        "baike-common",
        **{"bidding.flow.0.tip": "highest_non_joker", "bidding.flow.0.tip_from_pass": 2},
    )
    game = rigged(cv, hands)
    answer(game, A.ABDICATE, A.ABDICATE)  # seat 4 passes on, with no tip to pay
    assert game.observe(1)["tips"] == 0
    answer(game, A.ASCEND)
    assert sorted(game.observe(3)["hand"]) == sorted(["Qs", "Qh", "BJ*"])
    assert sorted(game.observe(4)["hand"]) == sorted(["BJ", "SJ"])


# --------------------------------------------------------------------------- grab solo


def test_a_grab_is_counted_as_a_grabbed_solo():
    hands = [["BJ*", "9s", "9s", "9s"], ["7h", "8h"], ["7c", "8c"], ["7d", "8d"], ["10h", "Jh"]]
    game = rigged(bundled("baike-classic"), hands)
    assert not game.grabbed
    answer(game, A.GRAB)
    # The simulation's "solo grabbed" figure reads this.
    assert game.grabbed
    assert game.observe(1)["solo"] == "open"


@pytest.mark.parametrize(("four", "may_grab"), [(["SJ"] * 4, False), (["5d"] * 4, True)])
def test_four_small_jokers_are_not_four_identical_cards(four, may_grab):
    # Four identical cards means the same rank and suit: jokers have no suit.
    hands = [["BJ*", "7s", *four], ["9s", "10h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    cv = variant("baike-classic", **{"bidding.flow.0.requires": "four_identical"})
    game = rigged(cv, hands)
    assert (A.GRAB in words(game)) is may_grab


# --------------------------------------------------------------------------- end of the flow

#: baike-classic's flow without its closing redeal step: valid, its last round is forced.
CLASSIC_NO_REDEAL_STEP = [
    {"step": "grab_solo", "priority": "emperor_then_upstream", "takes_emperor_card": True},
    {"step": "offer_throne", "rounds": 1, "pass_to": "upstream", "tip": "none"},
    {
        "step": "offer_throne",
        "rounds": 1,
        "forced": True,
        "forced_exempt_four_identical": True,
        "pass_to": "upstream",
        "tip": "none",
    },
]


def test_a_flow_that_runs_out_redeals_without_a_redeal_step():
    """docs/rules.md §4.3: if the last round also fails, the hand is redealt (流局)."""
    cv = variant("baike-classic", **{"bidding.flow": CLASSIC_NO_REDEAL_STEP})
    # No triple anywhere: nobody can call a guard, so even the forced round may decline.
    hands = [["BJ*", "7s"], ["9s", "10h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    game = rigged(cv, hands)
    answer(game, *[A.NO_GRAB] * 5, *[A.ABDICATE] * 5, *[A.ABDICATE] * 4)
    assert game.redeals == 0
    answer(game, A.ABDICATE)  # the last decline of the forced round
    assert game.redeals == 1
    assert game.phase == "bidding"
    # The fresh deal starts over: its emperor card holder is asked to grab.
    assert game.to_act == game.holder
    assert game.view(game.to_act).question == "grab"
    assert A.NO_GRAB in game.legal_actions()


# --------------------------------------------------------------------------- called guard


def test_the_nearest_downstream_copy_guards_when_the_emperor_sits_in_seat_1():
    """docs/rules.md §4.2 (copies split): the first holder downstream of the emperor guards."""
    # hd (four decks), calling with two identical cards: the emperor in seat 1 calls 4♠;
    # the other copies are with seats 2 and 4, and seat 2 comes first downstream (1 → 2).
    hands = [["9d", "Qs"], ["BJ*", "4s", "4s", "Ks"], ["4s", "Jh"], ["Kd", "Ac"], ["4s", "7h"]]
    game = rigged(variant("hd", **{"bidding.guard.min_identical": 2}), hands)
    to_play(game)
    assert game.emperor == 1
    assert game.observe(0)["called_card"] == "4s"
    assert [s for s in range(5) if game.view(s).i_am_guard] == [2]


# --------------------------------------------------------------------------- rigged deals


def test_a_rigged_deal_needs_the_emperor_card():
    hands = [["7s"], ["9s"], ["SJ*"], ["Qs"], ["Ks"]]
    message = r"^Exactly one seat must hold the emperor card \(BJ\*\)\.$"
    with pytest.raises(ValueError, match=message):
        Game.new(bundled("baike-common"), 0, hands=hands)


def test_a_rigged_deal_needs_the_guard_card_where_there_is_one():
    hands = [["BJ*", "7s"], ["9s"], ["Js"], ["Qs"], ["Ks"]]
    message = r"^This variant has a guard card: one seat must hold SJ\*\.$"
    with pytest.raises(ValueError, match=message):
        Game.new(bundled("baike-common"), 0, hands=hands)
    # A called-guard variant has no guard card: the same deal is fine.
    assert Game.new(bundled("baike-classic"), 0, hands=hands).phase == "bidding"
