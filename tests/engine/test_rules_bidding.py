"""Rule by rule, docs/rules.md §4.1–§4.4: choosing the emperor and the guard (issue 22).

Each test deals chosen hands through ``Game.new(..., hands=...)`` (:mod:`tests.engine.
rigging`) and shows one rule or language field firing and not firing: two variants that
differ only in that field, or one variant in two situations. It asserts what a player
notices: the actions offered, who holds the emperor card, who becomes emperor or guard,
what a seat observes. Seats: 0 is dealt the emperor card unless said otherwise; the
upstream (上家) of seat s is s − 1, the downstream (下家) s + 1.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baohuang.engine import actions as A
from baohuang.engine.bidding import tip_card
from baohuang.engine.cards import SJ, TWO
from baohuang.engine.deck import EMPEROR_CARD, RANK_OF
from tests.engine.rigging import answer, bundled, rigged, variant
from tests.engine.rule_coverage import covers, words

# --------------------------------------------------------------------------- §4.1 fixed guard

#: baike-common (fixed guard, no grab): seat 0 the emperor card, seat 2 the guard card.
FIXED = [["BJ*", "7s", "8s"], ["9s", "10s"], ["SJ*", "Js"], ["Qs", "Qh"], ["Ks", "Kh"]]


@covers("bidding.guard.fixed_card", "deck.marks.guard_card", "4.1-ascend", "4.1-guard-card")
@pytest.mark.parametrize("guard_seat", [2, 4])
def test_fixed_guard_is_whoever_holds_the_guard_card(guard_seat):
    hands = [list(h) for h in FIXED]
    hands[2].remove("SJ*")
    hands[guard_seat].append("SJ*")
    game = rigged(bundled("baike-common"), hands)
    assert game.to_act == 0
    assert words(game) == {A.ASCEND, A.ABDICATE}
    answer(game, A.ASCEND)
    assert game.phase == "declarations"
    assert game.to_act == guard_seat
    assert game.view(guard_seat).question == "guard"
    assert [s for s in range(5) if game.view(s).i_am_guard] == [guard_seat]
    assert game.observe(1)["guard"] is None  # nobody else learns it


@covers("4.1-both-solo", "bidding.solo.hidden_allowed")
@pytest.mark.parametrize("hidden_allowed", [True, False])
def test_an_emperor_holding_the_guard_card_too_plays_solo(hidden_allowed):
    hands = [["BJ*", "SJ*", "7s"], ["9s", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    cv = variant("baike-common", **{"bidding.solo.hidden_allowed": hidden_allowed})
    game = rigged(cv, hands)
    answer(game, A.ASCEND)
    assert not any(game.view(s).i_am_guard for s in range(5))
    if hidden_allowed:  # 明独保 or 暗独保: he is asked
        assert game.to_act == 0
        assert words(game) == {A.OPEN_SOLO, A.HIDDEN_SOLO}
        assert game.observe(3)["solo"] is None
        answer(game, A.OPEN_SOLO)
    assert game.phase == "play"
    assert game.to_act == 0
    assert game.observe(3)["solo"] == "open"
    assert game.observe(3)["emperor"] == 0


def test_an_emperor_without_the_guard_card_is_not_solo():
    game = rigged(bundled("baike-common"), FIXED)
    answer(game, A.ASCEND)
    assert game.view(game.to_act).question == "guard"
    answer(game, A.OPEN_GUARD)
    assert game.observe(3)["solo"] is None
    assert game.observe(3)["guard"] == 2


# --------------------------------------------------------------------------- §4.2 called guard


def classic(**changes):
    return variant("baike-classic", **changes) if changes else bundled("baike-classic")


def called_hands(first: list[str], fourth_at: int = 3, fourth: str = "9s") -> list[list[str]]:
    """Seat 0: the emperor card and `first`; `fourth_at` holds one more `fourth`."""
    hands = [["BJ*", *first], ["7h", "8h"], ["7c", "8c"], ["7d", "8d"], ["10h", "Jh"]]
    hands[fourth_at].append(fourth)
    return hands


def to_offer(game) -> None:
    """Let every seat decline the grab-solo window (baike-classic asks it first)."""
    answer(game, *[A.NO_GRAB] * 5)


@covers("bidding.guard.called_card", "4.2-call")
@pytest.mark.parametrize("fourth_at", [1, 3])
def test_a_triple_calls_the_guard_the_fourth_copy_guards(fourth_at):
    game = rigged(classic(), called_hands(["9s", "9s", "9s"], fourth_at))
    to_offer(game)
    assert "call:9s" in words(game)
    assert A.ASCEND not in words(game)
    answer(game, "call:9s")
    assert game.observe(2)["called_card"] == "9s"
    assert [s for s in range(5) if game.view(s).i_am_guard] == [fourth_at]


def test_without_a_triple_there_is_no_call():
    game = rigged(classic(), called_hands(["9s", "9s", "9h"]))
    to_offer(game)
    assert words(game) == {A.DECLARE_SOLO, A.ABDICATE}


@covers("bidding.guard.called_card.min_identical")
@pytest.mark.parametrize(("min_identical", "can_call"), [(3, True), (4, False), (2, True)])
def test_min_identical_is_the_number_needed_to_call(min_identical, can_call):
    cv = classic(**{"bidding.guard.min_identical": min_identical})
    game = rigged(cv, called_hands(["9s", "9s", "9s"]))
    to_offer(game)
    assert ("call:9s" in words(game)) is can_call


@covers("bidding.guard.called_card.callable_ranks", "4.2-callable")
@pytest.mark.parametrize(("ranks", "can_call"), [(None, False), (["2", "9"], True)])
def test_a_rank_that_may_not_be_called(ranks, can_call):
    # Classic: 不能叫2. The same hand may call its 2s where the data lists 2.
    cv = classic(**{"bidding.guard.callable_ranks": ranks}) if ranks else classic()
    game = rigged(cv, called_hands(["2s", "2s", "2s"], fourth="2s"))
    to_offer(game)
    assert ("call:2s" in words(game)) is can_call


@covers("bidding.guard.called_card.choice", "4.2-choice")
@pytest.mark.parametrize(("choice", "calls"), [("highest", {"call:Ks"}), ("free", None)])
def test_several_triples_highest_or_free(choice, calls):
    cv = classic(**{"bidding.guard.choice": choice})
    game = rigged(cv, called_hands(["9s", "9s", "9s", "Ks", "Ks", "Ks"]))
    to_offer(game)
    offered = {a for a in words(game) if a.startswith("call:")}
    assert offered == (calls or {"call:Ks", "call:9s"})


@covers("bidding.guard.called_card.own_cards_callable")
@pytest.mark.parametrize(("own", "calls"), [(True, {"call:Ks", "call:9s"}), (False, {"call:Ks"})])
def test_four_identical_cards_may_be_called_for_a_hidden_solo_whatever_their_rank(own, calls):
    # 也可以叫自己手中4张同花色同点数的牌“暗独保” (seeds 000, 002): four 9♠ beside three K♠.
    cv = classic(**{"bidding.guard.own_cards_callable": own})
    hands = called_hands(["9s", "9s", "9s", "9s", "Ks", "Ks", "Ks"], fourth="Ks")
    game = rigged(cv, hands)
    to_offer(game)
    assert {a for a in words(game) if a.startswith("call:")} == calls


@covers("4.2-all-four-solo")
@pytest.mark.parametrize("all_four", [True, False])
def test_calling_a_card_he_holds_all_of_makes_him_his_own_guard(all_four):
    first = ["9s", "9s", "9s", "9s"] if all_four else ["9s", "9s", "9s"]
    hands = called_hands(first, fourth="8s")  # seat 3: not a ninth 9♠
    if not all_four:
        hands[3].append("9s")
    game = rigged(classic(), hands)
    to_offer(game)
    answer(game, "call:9s")
    if all_four:  # hidden (暗独保) unless he declares it
        assert game.to_act == 0
        assert words(game) == {A.OPEN_SOLO, A.HIDDEN_SOLO}
        assert not any(game.view(s).i_am_guard for s in range(5))
    else:
        assert game.to_act == 3
        assert game.view(3).i_am_guard


@covers("bidding.solo.declared", "4.2-declared-solo")
@pytest.mark.parametrize("declared", [True, False])
def test_a_declared_solo_needs_no_triple(declared):
    cv = classic(**{"bidding.solo.declared": declared})
    game = rigged(cv, called_hands(["9s", "Kh"]))
    to_offer(game)
    assert (A.DECLARE_SOLO in words(game)) is declared
    if declared:
        answer(game, A.DECLARE_SOLO)
        seen = game.observe(2)
        assert seen["emperor"] == 0
        assert seen["solo"] == "open"
        assert seen["guard"] is None
        assert game.phase == "play"
        assert game.to_act == 0


# --------------------------------------------------------------------------- §4.3 abdication

COMMON_NO_TWO = [["BJ*", "7s"], ["9s", "Ah"], ["SJ*", "Js"], ["Qs", "Qh"], ["Ks", "2h"]]


@covers("bidding.flow.offer_throne", "bidding.flow.offer_throne.pass_to", "4.3-direction")
@pytest.mark.parametrize(("pass_to", "receiver"), [("upstream", 4), ("downstream", 1)])
def test_abdication_passes_the_emperor_card_up_or_downstream(pass_to, receiver):
    cv = variant("baike-common", **{"bidding.flow.0.pass_to": pass_to})
    game = rigged(cv, COMMON_NO_TWO)
    answer(game, A.ABDICATE)
    assert game.observe(3)["emperor_card_holder"] == receiver
    assert game.to_act == receiver
    assert "BJ*" in game.observe(receiver)["hand"]
    assert "BJ*" not in game.observe(0)["hand"]
    answer(game, A.ASCEND)
    assert game.observe(3)["emperor"] == receiver


@covers("bidding.flow.offer_throne.rounds", "bidding.flow.redeal", "4.3-redeal")
@pytest.mark.parametrize("rounds", [1, 2])
def test_after_the_last_round_the_hand_is_redealt(rounds):
    cv = variant("baike-common", **{"bidding.flow.0.rounds": rounds})
    game = rigged(cv, COMMON_NO_TWO)
    answer(game, *[A.ABDICATE] * 5)  # one full round
    if rounds == 2:  # the card is back with its first holder, who may still ascend
        assert game.to_act == 0
        assert game.observe(0)["emperor_card_holder"] == 0
        assert A.ASCEND in words(game)
        assert game.observe(1)["tips"] == 4  # passes 2 to 5 paid a tip each
        answer(game, *[A.ABDICATE] * 5)
    # 流局: a new deal from the shoe, full hands, and the offering starts again.
    assert game.phase == "bidding"
    assert game.hand_sizes() == [44, 43, 43, 43, 43]
    assert game.observe(0)["tips"] == 0


def test_no_redeal_once_someone_ascends():
    game = rigged(bundled("baike-common"), COMMON_NO_TWO)
    answer(game, *[A.ABDICATE] * 7, A.ASCEND)
    assert game.phase != "bidding"
    assert game.observe(0)["emperor"] == 3


def tip_game(tip: str, tip_from_pass: int, hands=None):
    cv = variant(
        "baike-common", **{"bidding.flow.0.tip": tip, "bidding.flow.0.tip_from_pass": tip_from_pass}
    )
    return rigged(cv, hands or COMMON_NO_TWO)


@covers(
    "bidding.flow.offer_throne.tip",
    "bidding.flow.offer_throne.tip_from_pass",
    "4.3-tip",
)
@pytest.mark.parametrize(
    ("tip", "tip_from_pass", "tipped"),
    [
        ("none", 1, []),  # Lianzhong classic: no tips
        ("two_or_highest", 2, ["2h"]),  # baike: the first holder passes the card alone
        ("two_or_highest", 1, ["7s", "2h"]),  # every pass pays: seat 0 has no 2
        ("two_or_nothing", 1, ["2h"]),  # 贴2，没有则不贴: seat 0 has no 2 and pays nothing
        ("highest", 1, ["7s", "2h"]),  # Qingdao: every decliner his highest card
        ("highest_non_joker", 2, ["2h"]),  # HD: free first, then the highest non-joker
    ],
)
def test_tips_travel_with_the_card_to_the_one_who_ascends(tip, tip_from_pass, tipped):
    game = tip_game(tip, tip_from_pass)
    answer(game, A.ABDICATE)  # seat 0 → seat 4
    assert game.observe(1)["tips"] == len([t for t in tipped if t == "7s"])
    answer(game, A.ABDICATE)  # seat 4 → seat 3
    assert game.observe(1)["tips"] == len(tipped)
    # The emperor card went 0 → 4 → 3; the tips left their givers' hands.
    assert game.hand_sizes() == [1 - ("7s" in tipped), 2, 2, 3, 2 - ("2h" in tipped)]
    answer(game, A.ASCEND)  # seat 3 takes the tips into his hand
    assert sorted(game.observe(3)["hand"]) == sorted(["Qs", "Qh", "BJ*", *tipped])
    assert game.observe(1)["tips"] == 0


TWO_TWOS = [
    ["BJ*", "2s", "2h", "7s"],
    ["9s", "Ah"],
    ["SJ*", "Js"],
    ["Qs", "Qh"],
    ["Ks", "2d", "SJ"],
]


@covers("bidding.flow.offer_throne.tip_count")
@pytest.mark.parametrize(
    ("tip", "count", "from_seat_0", "from_seat_4"),
    [
        ("two_or_nothing", 2, ["2s", "2h"], ["2d"]),  # seat 4 has one 2: he pays one card
        ("two_or_highest", 2, ["2s", "2h"], ["2d", "Ks"]),  # then his highest non-joker
        ("highest", 2, ["2s", "2h"], ["SJ", "2d"]),
        ("two_or_nothing", 1, ["2h"], ["2d"]),
    ],
)
def test_each_decliner_tips_as_many_cards_as_the_rule_says(tip, count, from_seat_0, from_seat_4):
    cv = variant(
        "baike-common",
        **{
            "bidding.flow.0.tip": tip,
            "bidding.flow.0.tip_count": count,
            "bidding.flow.0.tip_from_pass": 1,
        },
    )
    game = rigged(cv, TWO_TWOS)
    answer(game, A.ABDICATE)  # seat 0 → seat 4
    assert game.observe(1)["tips"] == len(from_seat_0)
    answer(game, A.ABDICATE)  # seat 4 → seat 3
    assert game.observe(1)["tips"] == len(from_seat_0) + len(from_seat_4)
    answer(game, A.ASCEND)
    assert sorted(game.observe(3)["hand"]) == sorted(
        ["Qs", "Qh", "BJ*", *from_seat_0, *from_seat_4]
    )


@pytest.mark.parametrize(("tip", "expected"), [("highest", "SJ"), ("highest_non_joker", "Ah")])
def test_a_joker_is_tipped_only_where_jokers_may_be(tip, expected):
    hands = [["BJ*", "7s"], ["SJ", "Ah", "9s"], ["SJ*", "Js"], ["Qs", "Qh"], ["Ks", "Kh"]]
    cv = variant(
        "baike-common", **{"bidding.flow.0.tip": tip, "bidding.flow.0.pass_to": "downstream"}
    )
    game = rigged(cv, hands)
    answer(game, A.ABDICATE, A.ABDICATE, A.ASCEND)  # seat 1 pays the tip (pass 2), 2 ascends
    assert expected in game.observe(2)["hand"]


@pytest.mark.parametrize(("has_two", "tipped"), [(True, "2h"), (False, "Ah")])
def test_two_or_highest_tips_a_two_else_the_highest_plain_card(has_two, tipped):
    hand4 = ["SJ", "Ah", "2h" if has_two else "9h"]
    hands = [["BJ*", "7s"], ["9s", "10h"], ["SJ*", "Js"], ["Qs", "Qh"], hand4]
    game = rigged(bundled("baike-common"), hands)
    answer(game, A.ABDICATE, A.ABDICATE, A.ASCEND)
    assert tipped in game.observe(3)["hand"]


WEIHAI_BOTH = [["BJ*", "SJ*", "7s"], ["9s", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]


def weihai_offer(**changes):
    cv = variant("baike-weihai", **changes) if changes else bundled("baike-weihai")
    game = rigged(cv, WEIHAI_BOTH)
    answer(game, *[A.NO_GRAB] * 5)
    return game


@covers(
    "bidding.flow.offer_throne.when_holding_both",
    "bidding.flow.offer_throne.skip_one_to",
    "4.3-skip-one",
)
@pytest.mark.parametrize(
    ("changes", "receiver", "skipped"),
    [
        ({}, 2, True),  # Weihai: 隔一个的下家, downstream two seats on
        ({"bidding.flow.1.skip_one_to": "pass_direction"}, 3, True),  # upstream two seats on
        ({"bidding.flow.1.when_holding_both": "pass_on"}, 4, False),  # an ordinary pass
    ],
)
def test_a_holder_of_both_cards_passes_two_seats_on(changes, receiver, skipped):
    game = weihai_offer(**changes)
    answer(game, A.ABDICATE)
    assert game.to_act == receiver
    assert game.observe(1)["emperor_card_holder"] == receiver
    if skipped:  # that player may not pass again, and the roles are known to all
        assert words(game) == {A.ASCEND}
        answer(game, A.ASCEND)
        assert game.observe(4)["guard"] == 0
        assert game.observe(4)["emperor"] == receiver
    else:
        assert A.ABDICATE in words(game)
        assert game.observe(1)["guard"] is None


def test_skip_one_is_only_for_a_holder_of_both_cards():
    hands = [["BJ*", "7s"], ["SJ*", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    game = rigged(bundled("baike-weihai"), hands)
    answer(game, *[A.NO_GRAB] * 5, A.ABDICATE)
    assert game.to_act == 4
    assert A.ABDICATE in words(game)


def forced_common(exempt_own_guard: bool, forced: bool = True):
    """baike-common with its offer rounds forced (逼庄)."""
    return variant(
        "baike-common",
        **{
            "bidding.flow.0.forced": forced,
            "bidding.flow.0.forced_exempt_own_guard": exempt_own_guard,
        },
    )


@covers("bidding.flow.offer_throne.forced", "4.3-forced-everyone")
@pytest.mark.parametrize("forced", [True, False])
def test_a_forced_round_takes_away_abdication(forced):
    game = rigged(forced_common(False, forced), FIXED)
    assert (A.ABDICATE in words(game)) is not forced
    assert A.ASCEND in words(game)


def test_a_forced_round_lets_pass_one_who_cannot_ascend():
    # Called guard, forced: a holder without a triple may still pass the card on.
    cv = variant("baike-classic", **{"bidding.flow.1.forced": True})
    game = rigged(cv, called_hands(["9s", "Kh"]))
    to_offer(game)
    assert A.ABDICATE in words(game)
    assert not any(a.startswith("call:") for a in words(game))


@covers("bidding.flow.offer_throne.forced_exempt_own_guard")
@pytest.mark.parametrize(
    ("exempt", "both", "may_pass"),
    [
        (True, True, True),  # his only way to ascend makes him his own guard
        (False, True, False),
        (True, False, False),  # he would have a guard: forced as usual
    ],
)
def test_a_forced_player_who_would_be_his_own_guard_may_pass(exempt, both, may_pass):
    hands = WEIHAI_BOTH if both else FIXED
    game = rigged(forced_common(exempt), hands)
    assert (A.ABDICATE in words(game)) is may_pass


# --------------------------------------------------------------------------- §4.4 grab solo


@covers("bidding.flow.grab_solo", "4.4-grab")
def test_a_grab_makes_the_grabber_an_open_solo_emperor():
    game = rigged(classic(), called_hands(["9s", "9s", "9s"]))
    answer(game, A.NO_GRAB, A.NO_GRAB)  # seats 0 and 4
    assert game.to_act == 3
    assert words(game) == {A.GRAB, A.NO_GRAB}
    answer(game, A.GRAB)
    seen = game.observe(1)
    assert seen["emperor"] == 3
    assert seen["solo"] == "open"
    assert seen["guard"] is None
    assert "grabbed_solo" in seen["events"]
    assert game.phase == "play"
    assert game.to_act == 3


def test_without_a_grab_step_nobody_is_asked():
    cv = variant("baike-classic", **{"bidding.flow": bundled_flow("baike-classic")[1:]})
    game = rigged(cv, called_hands(["9s", "9s", "9s"]))
    assert game.to_act == 0
    assert A.GRAB not in words(game)
    assert "call:9s" in words(game)


def bundled_flow(variant_id: str) -> list[dict]:
    from baohuang.rules import definition_of, load_bundled

    return list(definition_of(load_bundled(variant_id))["bidding"]["flow"])


@covers("bidding.flow.grab_solo.priority", "4.4-grab-priority")
@pytest.mark.parametrize(
    ("priority", "order"),
    [("emperor_then_upstream", [0, 4, 3, 2, 1]), ("first_claim", [0, 1, 2, 3, 4])],
)
def test_who_is_asked_to_grab_first(priority, order):
    # Several claimants: the emperor card holder's claim wins, then the nearest upstream.
    cv = classic(**{"bidding.flow.0.priority": priority})
    game = rigged(cv, called_hands(["9s", "9s", "9s"]))
    asked = []
    for _ in range(5):
        asked.append(game.to_act)
        answer(game, A.NO_GRAB)
    assert asked == order
    game = rigged(cv, called_hands(["9s", "9s", "9s"]))
    answer(game, A.NO_GRAB, A.GRAB)  # the second asked claims first and wins
    assert game.observe(0)["emperor"] == order[1]


@covers("bidding.flow.grab_solo.takes_emperor_card", "4.4-grab-takes-card")
@pytest.mark.parametrize("takes", [True, False])
def test_the_grabber_takes_the_emperor_card(takes):
    cv = classic(**{"bidding.flow.0.takes_emperor_card": takes})
    game = rigged(cv, called_hands(["9s", "9s", "9s"]))
    answer(game, A.NO_GRAB, A.GRAB)  # seat 4 grabs
    sizes = game.hand_sizes()
    assert sizes[4] == 2 + takes
    assert sizes[0] == 4 - takes
    assert game.observe(4)["emperor"] == 4


@covers("bidding.flow.grab_solo.marks_void", "4.4-grab-marks-void")
@pytest.mark.parametrize("void", [True, False])
def test_after_a_grab_the_marked_cards_may_become_plain_jokers(void):
    # Tongchengyou Weihai: after a grab the marked cards are plain jokers. Seen in play
    # where the guard card ranks above the big joker: void, it is a plain small joker.
    hands = [["BJ*", "7s"], ["SJ*", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    cv = variant(
        "baike-weihai",
        **{"bidding.flow.0.marks_void": void, "play.top_card": "guard_card"},
    )
    game = rigged(cv, hands)
    answer(game, A.NO_GRAB, A.NO_GRAB, A.GRAB)  # seat 3 grabs
    assert game.phase == "play"
    assert game.observe(0)["emperor"] == 3
    assert ("TOP" in game.observe(1)["hand"]) is not void
    assert ("SJ" in game.observe(1)["hand"]) is void


@covers("bidding.flow.grab_solo.requires")
@pytest.mark.parametrize(
    ("requires", "four"), [("four_identical", True), ("four_identical", False), ("nothing", False)]
)
def test_grabbing_may_need_four_identical_cards(requires, four):
    # Qingdao: only a player holding four identical cards may grab the solo.
    hands = [["BJ*", "7s"], ["9s", "10h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    if four:
        hands[0] += ["5d"] * 4
    cv = variant("baike-qingdao", **{"bidding.flow.0.requires": requires})
    game = rigged(cv, hands)
    assert (A.GRAB in words(game)) is (four or requires == "nothing")


# ---------------------------------------------------------- throne passing as it is played (#33)


@covers("bidding.flow.offer_throne.pass_seats")
@pytest.mark.parametrize(("seats", "order"), [(1, [0, 4, 3, 2, 1]), (2, [0, 3, 1, 4, 2])])
def test_an_ordinary_pass_moves_the_card_one_or_two_seats_on(seats, order):
    # baike-common passes upstream; 隔一家 from any holder reaches every seat once a round.
    cv = variant("baike-common", **{"bidding.flow.0.pass_seats": seats, "bidding.flow.0.rounds": 1})
    game = rigged(cv, COMMON_NO_TWO)
    holders = []
    for _ in range(5):
        holders.append(game.observe(1)["emperor_card_holder"])
        assert game.to_act == holders[-1]
        answer(game, A.ABDICATE)
    assert holders == order
    assert game.phase == "bidding"
    assert game.redeals == 1


@covers("bidding.flow.offer_throne.when_holding_both")
@pytest.mark.parametrize("choice", ["ordinary", "skip"])
def test_a_holder_of_both_cards_may_choose_how_to_pass(choice):
    game = weihai_offer(**{"bidding.flow.1.when_holding_both": "choice"})
    assert words(game) == {A.ASCEND, A.ABDICATE, A.ABDICATE_SKIP}
    assert game.default_action() == A.ABDICATE  # 托管: the ordinary pass
    if choice == "ordinary":  # he hands the card on and keeps the guard role, hidden
        answer(game, A.ABDICATE)
        assert game.to_act == 4
        assert words(game) == {A.ASCEND, A.ABDICATE}  # no choice for a holder of one card
        answer(game, A.ASCEND)
        assert game.view(0).i_am_guard
        assert game.observe(1)["guard"] is None
    else:  # two seats on (downstream, as Weihai): he must rule, every role known
        answer(game, A.ABDICATE_SKIP)
        assert game.to_act == 2
        assert words(game) == {A.ASCEND}
        answer(game, A.ASCEND)
        assert game.observe(4)["guard"] == 0
        assert game.observe(4)["emperor"] == 2


@covers("bidding.flow.offer_throne.skip_one_receiver")
@pytest.mark.parametrize("receiver", ["must_ascend", "may_decline"])
def test_the_receiver_of_a_pass_two_seats_on_may_decline(receiver):
    game = weihai_offer(**{"bidding.flow.1.skip_one_receiver": receiver})
    answer(game, A.ABDICATE)  # seat 0 holds both: two seats on, downstream
    assert game.to_act == 2
    if receiver == "must_ascend":
        assert words(game) == {A.ASCEND}
        return
    assert words(game) == {A.ASCEND, A.ABDICATE}
    # The card moves on by the ordinary pass (upstream here), never back to seat 0.
    holders = []
    for _ in range(3):
        answer(game, A.ABDICATE)
        holders.append(game.to_act)
    assert holders == [1, 4, 3]
    answer(game, A.ASCEND)
    assert game.observe(1)["emperor"] == 3
    assert game.observe(1)["guard"] == 0


QPSJ_BOTH = [["BJ*", "SJ*", "7s"], ["9s", "10s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]


@covers("bidding.flow.forfeit")
@pytest.mark.parametrize("taker", [None, 4])
def test_when_everyone_declines_the_first_to_give_up_loses(taker):
    # qpsj-weihai: 将皇让给下面隔一个的牌手 … 下家也不要，则往下顺延 … 都不要 … 判弃皇者负.
    game = rigged(bundled("qpsj-weihai"), QPSJ_BOTH)
    answer(game, A.ABDICATE)
    asked = []
    while game.phase == "bidding" and len(asked) < 4:
        asked.append(game.to_act)
        # A forced round, yet every receiver may decline: he was not dealt the card.
        assert words(game) == {A.ASCEND, A.ABDICATE}
        answer(game, A.ASCEND if game.to_act == taker else A.ABDICATE)
    if taker is not None:
        assert asked == [2, 3, 4]
        assert game.phase == "declarations" or game.phase == "play"
        assert game.observe(1)["emperor"] == 4
        assert game.observe(1)["guard"] == 0
        return
    assert asked == [2, 3, 4, 1]
    assert game.finished
    assert game.outcome is not None
    assert game.outcome.ended == "forfeit"
    assert game.outcome.forfeiter == 0
    assert game.outcome.finish == ()
    assert game.outcome.score is not None
    assert game.outcome.score.points == (-12, 3, 3, 3, 3)
    assert game.result() is None
    assert game.legal_actions() == []


def no_taker_game(ending: dict):
    cv = variant("baike-common", **{"bidding.flow": [{"step": "offer_throne"}, ending]})  # 1 round
    game = rigged(cv, COMMON_NO_TWO)
    answer(game, *[A.ABDICATE] * 5)
    return game


@covers("bidding.flow.void", "bidding.flow.forfeit")
@pytest.mark.parametrize("ending", ["redeal", "void", "forfeit"])
def test_nobody_ascending_redeals_voids_or_forfeits(ending):
    step = {"step": ending, **({"loser": -8, "others": 2} if ending == "forfeit" else {})}
    game = no_taker_game(step)
    if ending == "redeal":
        assert game.phase == "bidding"
        assert game.redeals == 1
        return
    assert game.finished
    assert game.redeals == 0
    out = game.outcome
    assert out is not None
    assert out.score is not None
    assert out.finish == ()
    assert not out.tribute.givers
    assert not out.tribute.takers
    if ending == "void":
        assert out.ended == "void"
        assert out.score.points == (0, 0, 0, 0, 0)
    else:  # the ordinary pass: seat 0 gave it up first
        assert out.ended == "forfeit"
        assert out.forfeiter == 0
        assert out.score.points == (-8, 2, 2, 2, 2)
        assert out.score.multiplier == 1


@given(
    st.lists(st.integers(min_value=0, max_value=55), max_size=60),
    st.sampled_from(["two_or_highest", "two_or_nothing", "highest_non_joker", "highest"]),
)
def test_the_tip_is_the_highest_card_the_rule_allows(hand: list[int], kind: str) -> None:
    """The tip card, read as the rule says: the highest card by rank, then card number (a
    2 first for the "two" rules; no joker for "highest_non_joker"); never the emperor card."""
    cards = [c for c in hand if c != EMPEROR_CARD]
    twos = [c for c in cards if RANK_OF[c] == TWO]
    plain = [c for c in cards if RANK_OF[c] < SJ]
    expected: int | None
    if not cards:
        expected = None
    elif kind.startswith("two_or") and twos:
        expected = max(twos)
    elif kind == "two_or_nothing":
        expected = None
    elif kind == "two_or_highest":
        expected = max(plain or cards, key=lambda c: (RANK_OF[c], c))
    elif kind == "highest_non_joker":
        expected = max(plain, key=lambda c: (RANK_OF[c], c)) if plain else None
    else:
        expected = max(cards, key=lambda c: (RANK_OF[c], c))
    assert tip_card(hand, kind) == expected
