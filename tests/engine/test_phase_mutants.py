"""The game's phases: cases found by mutation testing (`make mutation`, docs/development.md).

Sample 2 of the survivors in game, dealing, bidding, declarations and trickplay: a finished
game refuses every move, a rigged card the shoe never had, the question a client reads, a
forced round for a caller whose card has copies elsewhere, the kick after a rebellion
against a hidden solo and after a 憋六 round, a hidden solo opening in a 憋六 round, the
refusals of deferring and of a malformed play, and a last play of held-back cards alone.
"""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.reasons import say
from baohuang.i18n import speaking
from tests.engine.rigging import answer, bundled, filler, play_until, rigged, variant
from tests.engine.rule_coverage import legal, play, to_play

#: baike-common (fixed guard): seat 0 the emperor card, seat 2 the guard card.
HANDS = [
    ["BJ*", "7s", "8s", "8h", "8c"],
    ["9s", "10s", "Ah"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def _refusal(game: Game, action: A.Action) -> tuple[str, str, str]:
    """The refusal of `action`: its code, English and Chinese (fails if accepted)."""
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    why = caught.value.args[0]
    with speaking("zh"):
        chinese = say(why)
    return why.code, str(why), chinese


# --------------------------------------------------------------------------- the game


def test_a_finished_game_refuses_every_move_and_has_no_result_before_its_end():
    game = rigged(bundled("baike-common"), HANDS)
    assert game.result() is None  # bidding: nothing to show yet
    to_play(game)
    assert game.result() is None
    play_until(game, lambda g: False)
    assert game.finished
    assert game.result() is not None
    for action in (A.PASS, play("8"), A.ASCEND):
        code, english, chinese = _refusal(game, action)
        assert (code, english) == ("game_over", "The game is over.")
        assert chinese == "这局牌已经结束。"
    assert game.legal_actions() == []


# --------------------------------------------------------------------------- dealing


def test_a_rigged_card_the_shoe_never_had_is_refused_by_name():
    # baike-weihai takes every 3, 4 and 5 out of the shoe: a 3 cannot be dealt.
    hands = [["BJ*", "7s"], ["SJ*", "3s"], ["9s"], ["10s"], ["Js"]]
    message = (
        r"^Seat 1: 3s is not in this variant's shoe "
        r"\(or more copies were given than it holds\)\.$"
    )
    with pytest.raises(ValueError, match=message):
        rigged(bundled("baike-weihai"), hands)


# --------------------------------------------------------------------------- bidding


def test_the_seat_offered_the_throne_is_asked_offer():
    game = rigged(bundled("baike-common"), HANDS)
    assert game.phase == "bidding"
    assert game.view(0).question == "offer"
    answer(game, A.ABDICATE)
    assert game.view(game.to_act).question == "offer"


def _forced_own_guard_exempt():
    """baike-classic (called guard, four decks) with one forced round whose caller of his
    own guard may pass (forced_exempt_own_guard), then a redeal."""
    flow = [
        {
            "step": "offer_throne",
            "rounds": 1,
            "forced": True,
            "forced_exempt_own_guard": True,
            "pass_to": "upstream",
            "tip": "none",
        },
        {"step": "redeal"},
    ]
    return variant("baike-classic", **{"bidding.flow": flow})


def test_a_forced_caller_whose_card_has_a_copy_elsewhere_must_ascend():
    # Seat 0 holds three 8♠ and seat 3 the fourth: calling 8♠ gives him a guard, so the
    # forced round leaves him no pass (the exemption is for a caller of his own guard); a
    # declared solo (baike-classic's 独保) is his other way up.
    hands = [["BJ*", "8s", "8s", "8s", "Kh"], ["9s"], ["10s"], ["8s", "Qh"], ["Js"]]
    game = rigged(_forced_own_guard_exempt(), hands)
    assert legal(game) == [A.CALL_PREFIX + "8s", A.DECLARE_SOLO]


def test_a_forced_caller_holding_every_copy_of_his_card_may_pass():
    hands = [["BJ*", "8s", "8s", "8s", "8s", "Kh"], ["9s"], ["10s"], ["Qh"], ["Js"]]
    game = rigged(_forced_own_guard_exempt(), hands)
    assert legal(game) == [A.CALL_PREFIX + "8s", A.DECLARE_SOLO, A.ABDICATE]


# --------------------------------------------------------------------------- declarations

#: baike-weihai / tcy-bie6: seat 0 holds both marked cards (a hidden solo if he ascends).
BOTH_MARKS = [
    ["BJ*", "SJ*", *filler(4, "7 8 9")],
    filler(6, "10 J Q"),
    filler(6, "K A 2"),
    filler(6, "7 9 J"),
    filler(6, "8 10 Q"),
]


def test_after_a_rebellion_against_a_hidden_solo_only_the_emperor_is_asked_to_kick():
    # baike-weihai: royals may kick after a successful rebellion; a solo has no guard.
    game = rigged(bundled("baike-weihai"), BOTH_MARKS)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND)
    assert game.solo == "hidden"
    answer(game, A.HIDDEN_SOLO, A.REBEL, A.REBEL, A.NO_REBEL, A.NO_REBEL)
    assert "rebellion" in game.events
    assert (game.to_act, game.view(0).question) == (0, "royal_kick")
    answer(game, A.NO_KICK)
    assert game.phase == "play"  # nobody else is asked: play begins with his lead
    assert game.to_act == 0
    assert game.view(0).question == "lead"


def test_a_rebellion_in_a_round_with_the_guards_choice_is_then_answered_by_a_kick():
    # 憋六's timing (the rebels choose while the guard does) with baike-weihai's kick: the
    # successful rebellion still gives emperor and guard their chance to kick.
    cv = variant("baike-weihai", **{"declarations.rebellion.timing": "with_guard"})
    hands = [list(h) for h in BOTH_MARKS]
    hands[0].remove("SJ*")
    hands[1].append("SJ*")
    game = rigged(cv, hands)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND)
    asked = []
    while game.phase == "declarations" and game.view(game.to_act).question != "royal_kick":
        seat, q = game.to_act, game.view(game.to_act).question
        asked.append((seat, q))
        answer(game, A.HIDDEN_GUARD if q == "guard" else A.REBEL if seat in (2, 3) else A.NO_REBEL)
    assert asked == [(1, "guard"), (2, "rebel"), (3, "rebel"), (4, "rebel")]
    assert "rebellion" in game.events
    assert game.phase == "declarations"
    assert game.to_act == 0
    assert legal(game) == [A.KICK, A.NO_KICK]
    answer(game, A.NO_KICK)
    assert (game.to_act, game.view(1).question) == (1, "royal_kick")


def test_a_hidden_solo_who_opens_in_the_bie6_round_is_shown_as_an_open_solo():
    game = rigged(bundled("tcy-bie6"), BOTH_MARKS)
    answer(game, A.ASCEND)
    assert game.solo == "hidden"
    assert game.view(0).question == "solo"
    answer(game, A.OPEN_SOLO)
    assert game.observe(1)["solo"] is None  # shown only when every rebel has chosen
    answer(game, A.NO_REBEL, A.NO_REBEL, A.NO_REBEL, A.NO_REBEL)
    assert game.phase == "play"
    assert game.solo == "open"
    for seat in range(5):
        assert game.observe(seat)["solo"] == "open"
        assert game.view(seat).solo == "open"


# --------------------------------------------------------------------------- play


def test_deferring_where_the_variant_has_no_deferring_is_refused_with_its_reason():
    game = rigged(bundled("baike-common"), HANDS)
    to_play(game)
    assert _refusal(game, A.DEFER)[:2] == ("defer_not_allowed", "Deferring is not allowed now.")
    answer(game, play("7"))
    code, english, chinese = _refusal(game, A.DEFER)
    assert (code, english) == ("defer_not_allowed", "Deferring is not allowed now.")
    assert chinese == "现在不能让牌。"
    assert legal(game)[-1] == A.PASS  # following: pass, never defer


@pytest.mark.parametrize("bad", [("8",), (8.0,), (None,)], ids=["text", "float", "none"])
def test_a_play_of_things_that_are_not_ranks_is_refused(bad):
    game = rigged(bundled("baike-common"), HANDS)
    to_play(game)
    code, english, _ = _refusal(game, bad)
    assert (code, english) == ("ranks_out_of_range", "A play is made of rank numbers 0 to 20.")
    assert game.to_act == 0
    assert game.observe(0)["hand"] == ["BJ", "8", "8", "8", "7"]


def test_held_back_cards_alone_make_a_last_play_even_when_nothing_may_be_attached():
    # baike-weihai's 憋六 with last_play_attach false: the emperor leads his big joker, all
    # pass, and he leads again. Down to 6 6 he may play them; down to SJ 6 6 he may not
    # (the small joker would be attached), so he must lead the SJ first.
    cv = variant("baike-weihai", **{"play.hold_back": [{"rank": "6", "last_play_attach": False}]})
    for last, allowed in (("6 6", True), ("SJ 6 6", False)):
        hands = [
            ["BJ*", *last.replace("6 6", "6s 6h").split()],
            ["SJ*", *filler(5, "10 J Q")],
            filler(6, "K A 2"),
            filler(6, "7 9 J"),
            filler(6, "8 10 Q"),
        ]
        game = rigged(cv, hands)
        to_play(game)
        assert game.to_act == 0
        answer(game, play("BJ"), A.PASS, A.PASS, A.PASS, A.PASS)
        assert (game.to_act, game.view(0).question) == (0, "lead")
        assert (play(last) in legal(game)) is allowed, last
        if allowed:
            answer(game, play(last))
            assert game.observe(3)["finish"] == [0]  # the emperor goes out first
        else:
            assert legal(game) == [play("SJ")]
            assert _refusal(game, play(last))[0] == "last_play_not_a_set"
