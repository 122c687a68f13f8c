"""Rule by rule, docs/rules.md §5–§6.2 and §6.5: sets, beating, wind, deferring, roasting,
hold-back cards, buying a 3, cards above the big joker (issue 22).

Deals are rigged (:mod:`tests.engine.rigging`); every test plays a few tricks and shows
one rule or field firing and not firing. It asserts what a player notices: the plays
offered, the refusal and its reason, who leads next, who is shut in.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from baohuang.engine.notation import parse_play
from baohuang.engine.score_reasons import explain
from tests.engine.rigging import answer, bundled, rigged, variant
from tests.engine.rule_coverage import covers, legal, play, refusal, to_play

#: baike-common (fixed guard): seat 0 the emperor card, seat 2 the guard card.
HANDS = [
    ["BJ*", "7s", "8s", "8h", "8c"],
    ["9s", "10s", "Ah"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def common(hands=HANDS, **changes: Any) -> Game:
    cv = variant("baike-common", **changes) if changes else bundled("baike-common")
    game = rigged(cv, hands)
    to_play(game)
    return game


# --------------------------------------------------------------------------- §5.1 sets


@covers("5.1-sets", "5.1-no-straights")
def test_a_set_is_cards_of_one_rank_no_straights():
    game = common()
    assert play("8 8 8") in legal(game)
    assert play("8") in legal(game)
    assert play("8 7") not in legal(game)
    assert "cards of different ranks (8 and 7)" in refusal(game, play("8 7"))
    assert game.to_act == 0  # the refusal changed nothing


@covers("5.1-attach-jokers")
def test_jokers_attach_to_a_set_or_go_alone():
    hands = [list(h) for h in HANDS]
    hands[0] += ["SJ", "SJ"]
    game = common(hands)
    for text in ("SJ 8 8 8", "BJ SJ SJ 8", "SJ SJ", "BJ SJ SJ", "BJ"):
        assert play(text) in legal(game), text


@covers("play.attach", "5.1-no-wild-twos")
@pytest.mark.parametrize("attach", [None, ["2", "SJ", "BJ"]])
def test_twos_attach_only_where_the_variant_says(attach):
    hands = [list(h) for h in HANDS]
    hands[0] += ["2s"]
    game = common(hands, **({"play.attach": attach} if attach else {}))
    if attach:  # 憋三 挂2
        assert play("2 8 8 8") in legal(game)
        answer(game, play("2 8 8 8"))
    else:
        assert play("2 8 8 8") not in legal(game)
        assert "2s cannot be attached" in refusal(game, play("2 8 8 8"))


# --------------------------------------------------------------------------- §5.2 beating


@covers("5.2-emperor-leads")
def test_the_emperor_leads_the_first_trick_and_a_leader_cannot_pass():
    game = common()
    assert game.to_act == 0
    assert game.view(0).question == "lead"
    assert A.PASS not in legal(game)
    assert refusal(game, A.PASS) == "The leader must play; he cannot pass."


@covers("5.2-beat")
def test_a_follow_has_as_many_cards_each_strictly_higher():
    game = common()
    answer(game, play("8 8"))
    # Seat 1 holds 9 10 A: no pair; only a pass.
    assert legal(game) == [A.PASS]
    assert "different number of cards" in refusal(game, play("9"))
    answer(game, A.PASS)
    # Seat 2 holds SJ* J 5: SJ J (a J with a joker) beats 8 8; SJ 5 does not.
    assert play("SJ J") in legal(game)
    assert play("SJ 5") not in legal(game)
    assert "not higher" in refusal(game, play("SJ 5"))


def test_equal_does_not_beat():
    hands = [list(h) for h in HANDS]
    hands[1] = ["8d", "8d", "9s"]
    game = common(hands)
    answer(game, play("8 8"))
    assert play("8 8") not in legal(game)
    assert "equal cards do not beat each other" in refusal(game, play("8 8"))


@covers("5.2-pass", "5.2-winner-leads")
def test_when_everyone_else_passes_the_last_player_who_played_leads():
    game = common()
    answer(game, play("8"), play("9"), A.PASS, play("Q"), A.PASS)
    assert game.to_act == 0
    assert A.PASS in legal(game)
    answer(game, A.PASS, A.PASS, A.PASS)  # 0, 1, 2 pass after the Q
    assert game.to_act == 3
    assert game.observe(1)["trick"] is None
    assert A.PASS not in legal(game)  # a fresh trick: he must lead


# --------------------------------------------------------------------------- §5.3 wind


@covers("5.3-wind")
@pytest.mark.parametrize("beaten", [False, True])
def test_the_wind_goes_to_the_next_player_after_an_unbeaten_last_play(beaten):
    hands = [list(h) for h in HANDS]
    hands[1] = ["9s"]
    game = common(hands)
    answer(game, play("7"), play("9"))  # seat 1 goes out with his last card
    assert game.observe(0)["finish"] == [1]
    if beaten:
        answer(game, A.PASS, play("Q"), A.PASS, A.PASS, A.PASS)
        assert game.to_act == 3  # the one who beat it leads
    else:
        answer(game, A.PASS, A.PASS, A.PASS, A.PASS)
        assert game.to_act == 2  # 接风: his downstream, the next still holding cards
    assert game.observe(0)["trick"] is None


def hd_out(**changes: Any) -> Game:
    """HD: seat 0 calls 4♠ (seat 3 holds the fourth, the 特画), then goes out with a big
    joker that only seat 3's card could beat."""
    hands = [
        ["BJ*", "4s", "4s", "4s"],
        ["7h", "9d"],
        ["8h", "9c", "Jd"],
        ["4s", "10d", "Jh"],
        ["Qs", "Kd", "Ac"],
    ]
    cv = variant("hd", **changes) if changes else bundled("hd")
    game = rigged(cv, hands)
    to_play(game)
    answer(game, play("4 4 4"), A.PASS, A.PASS, A.PASS, A.PASS, play("BJ"))
    assert game.observe(1)["finish"] == [0]
    assert game.to_act == 1
    return game


@covers("play.wind", "5.3-apply")
@pytest.mark.parametrize("wind", ["apply", "next_player"])
def test_the_next_player_may_apply_for_the_wind(wind):
    # HD: 申请接风: he leads if all others pass. Seen with wind_unclaimed skip_next, where
    # the wind nobody applied for goes to the player after him.
    game = hd_out(**{"play.wind": wind, "play.wind_unclaimed": "skip_next"})
    assert (A.APPLY_WIND in legal(game)) is (wind == "apply")
    if wind == "apply":
        answer(game, A.APPLY_WIND, A.PASS, A.PASS, A.PASS)
        assert game.to_act == 1  # the applicant leads
    else:
        answer(game, A.PASS, A.PASS, A.PASS, A.PASS)
        assert game.to_act == 1  # plain 接风: skip_next is only for an unclaimed application


def test_an_application_fails_when_anyone_plays():
    game = hd_out()
    answer(game, A.APPLY_WIND, A.PASS)
    assert game.to_act == 3
    assert play("TOP") in legal(game)
    answer(game, play("TOP"), A.PASS, A.PASS)  # seat 3 beats the big joker
    answer(game, A.PASS)
    assert game.to_act == 3  # he leads, not the applicant


# --------------------------------------------------------------------------- §5.4 defer


def qingdao(defer: bool) -> Game:
    hands = [
        ["BJ*", "9s", "9s", "9s", "7s", "7h"],
        ["9s", "Ah"],
        ["8h", "10c"],
        ["Js", "Qh"],
        ["Ks", "Kd"],
    ]
    cv = variant("baike-qingdao", **{"play.defer": defer})
    game = rigged(cv, hands)
    to_play(game)
    answer(game, play("7"))
    return game


@covers("play.defer", "5.4-defer")
@pytest.mark.parametrize("defer", [True, False])
def test_a_player_may_defer_and_follow_in_a_second_circle(defer):
    game = qingdao(defer)
    assert game.to_act == 1
    assert (A.DEFER in legal(game)) is defer
    answer(game, A.DEFER if defer else A.PASS, A.PASS, A.PASS, A.PASS)
    if defer:  # nobody followed: he may follow or pass in a second circle
        assert game.to_act == 1
        assert A.DEFER not in legal(game)
        assert play("A") in legal(game)
        assert A.PASS in legal(game)
        answer(game, play("A"))
        assert game.to_act == 2
    else:
        assert game.to_act == 0
        assert game.observe(0)["trick"] is None


# --------------------------------------------------------------------------- hard pass


@covers("play.hard_pass")
@pytest.mark.parametrize("hard_pass", [False, True])
def test_a_player_who_passed_may_not_play_again_in_the_trick(hard_pass):
    # 过牌不准上: seat 1 passes the 7; seat 2 plays an 8; when the others pass, seat 1 may
    # beat it with his ace only where a pass is not final.
    game = rigged(
        variant("baike-qingdao", **{"play.hard_pass": hard_pass}),
        [
            ["BJ*", "9s", "9s", "9s", "7s", "7h"],
            ["9s", "Ah"],
            ["8h", "10c"],
            ["Js", "Qh"],
            ["Ks", "Kd"],
        ],
    )
    to_play(game)
    answer(game, play("7"), A.PASS, play("8"), A.PASS, A.PASS, A.PASS)
    if hard_pass:
        assert game.observe(0)["trick"] is None  # the trick is seat 2's
        assert game.to_act == 2
    else:
        assert game.to_act == 1
        assert play("A") in legal(game)


@pytest.mark.parametrize("hard_pass", [False, True])
def test_after_a_hard_pass_the_last_card_of_a_trick_takes_it(hard_pass):
    # Seat 0 goes out; seats 1-3 pass the 8 for good, so seat 4's 9 (his last card) wins the
    # trick at once and the wind goes on to seat 1.
    game = rigged(
        variant("baike-common", **{"play.hard_pass": hard_pass}),
        [["BJ*", "8s"], ["9s", "Ah"], ["SJ*", "Jh", "10c"], ["Js", "Qh"], ["9h"]],
    )
    to_play(game)
    answer(game, play("BJ"), A.PASS, A.PASS, A.PASS, A.PASS, play("8"))
    answer(game, A.PASS, A.PASS, A.PASS, play("9"))
    assert game.observe(1)["finish"] == [0, 4]
    assert game.to_act == 1
    assert (game.observe(1)["trick"] is None) is hard_pass


@pytest.mark.parametrize("slug", ["baike-common", "baike-qingdao", "hd"])
def test_whole_games_with_hard_passes_end(slug):
    # Deferring, the wind and players going out mid-trick, all with passes that bar.
    cv = variant(slug, **{"play.hard_pass": True})
    for seed in range(15):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        while not game.finished:
            options = [a for a in game.legal_actions() if a != A.AUTO]
            game.apply(rng.choice(options))
            assert len(game.history) < 5000
        assert game.phase == "finished"


@covers("play.defer_passers")
@pytest.mark.parametrize("passers", ["answer_again", "stay_passed"])
def test_after_a_deferrers_play_the_first_circle_passers_answer_or_stay_passed(passers):
    # Qingdao: 已经选择过牌的玩家在第2圈也视为过牌. Seat 1 defers the 7, the others pass, seat 1
    # plays his ace in the second circle. Seat 2 (who passed) may answer it, or not.
    game = rigged(
        variant("baike-qingdao", **{"play.defer": True, "play.defer_passers": passers}),
        [
            ["BJ*", "9s", "9s", "9s", "7s", "7h"],
            ["9s", "Ah"],
            ["2h", "10c"],
            ["Js", "Qh"],
            ["Ks", "Kd"],
        ],
    )
    to_play(game)
    answer(game, play("7"), A.DEFER, A.PASS, A.PASS, A.PASS)
    assert game.to_act == 1  # the second circle
    answer(game, play("A"))
    if passers == "answer_again":
        assert game.to_act == 2
        assert play("2") in legal(game)
    else:
        # Only seat 0, whose 7 was deferred, did not pass: he alone may answer.
        assert game.to_act == 0
        answer(game, A.PASS)
        assert game.observe(0)["trick"] is None
        assert game.to_act == 1  # the ace takes the trick


def test_in_the_second_circle_those_who_passed_count_as_passed():
    game = qingdao(True)
    answer(game, A.DEFER, A.PASS, A.PASS, A.PASS, A.PASS)  # he passes in the second circle
    assert game.to_act == 0
    assert game.observe(0)["trick"] is None


# --------------------------------------------------------------------------- §5.5 roasting


def lianzhong(lead: str, follower: list[str], **changes: Any) -> Game:
    """lianzhong-classic: seat 0 calls 9♠ and leads `lead`; seat 1 holds `follower`."""
    hands = [
        ["BJ*", "9s", "9s", "9s", "8s", "8h", "8c", "SJ", "SJ"],
        follower,
        ["9s", "10c"],
        ["Js", "Qh"],
        ["Ks", "Kd"],
    ]
    cv = variant("lianzhong-classic", **changes) if changes else bundled("lianzhong-classic")
    game = rigged(cv, hands)
    to_play(game)
    answer(game, play(lead))
    assert game.to_act == 1
    return game


@covers("play.roast", "5.5-roast")
@pytest.mark.parametrize("roast", [True, False])
def test_roasting_attaches_more_jokers_than_the_play_had(roast):
    changes = {} if roast else {"play.roast": None}
    game = lianzhong("SJ 8 8 8", ["SJ", "SJ", "9d", "9d", "9d"], **changes)
    assert (play("SJ SJ 9 9 9") in legal(game)) is roast  # 4 cards against 5
    assert play("SJ 9 9 9") not in legal(game)  # SJ against SJ: not higher


@covers("play.roast.joker_order")
@pytest.mark.parametrize(
    ("order", "roasts"),
    [
        (["SJ", "SJ SJ", "BJ", "BJ SJ", "SJ SJ SJ", "BJ BJ"], False),  # Lianzhong: SJ SJ < BJ
        (["SJ", "BJ", "SJ SJ", "BJ SJ", "SJ SJ SJ", "BJ BJ"], True),
    ],
)
def test_the_joker_order_decides_which_group_roasts_which(order, roasts):
    game = lianzhong("BJ", ["SJ", "SJ", "Qd"], **{"play.roast.joker_order": order})
    assert (play("SJ SJ") in legal(game)) is roasts


@covers("play.roast.more_jokers")
@pytest.mark.parametrize("more", [True, False])
def test_a_roast_must_carry_more_jokers(more):
    # BJ stands above SJ SJ in the order, but carries fewer jokers.
    game = lianzhong("SJ SJ", ["BJ", "Qd"], **{"play.roast.more_jokers": more})
    assert (play("BJ") in legal(game)) is not more


@covers("play.roast.plain_sets")
@pytest.mark.parametrize("plain", [True, False])
def test_roasting_a_plain_set(plain):
    game = lianzhong("8 8 8", ["SJ", "9d", "9d", "9d"], **{"play.roast.plain_sets": plain})
    assert play("9 9 9") in legal(game)
    assert (play("SJ 9 9 9") in legal(game)) is plain


# --------------------------------------------------------------------------- §6.1, §6.2 hold back


def hold(**fields: Any) -> dict[str, Any]:
    return {"play.hold_back": [{"rank": "6", **fields}]}


@covers("play.hold_back", "play.hold_back.rank", "6.1-hold-back")
@pytest.mark.parametrize("held", [True, False])
def test_held_back_cards_go_together_in_the_last_play(held):
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "6s", "6h", "7s"]
    game = common(hands, **(hold() if held else {}))
    assert (play("6") in legal(game)) is not held
    assert (play("6 6") in legal(game)) is not held
    if held:
        assert refusal(game, play("6 6")) == (
            "Held-back cards (6) may only be played together in the last play."
        )
        answer(game, play("7"), A.PASS, A.PASS, A.PASS, A.PASS)  # the 7 goes round
        answer(game, play("BJ"), A.PASS, A.PASS, A.PASS, A.PASS)
        assert legal(game) == [play("6 6")]  # now his last play: all the 6s together


@covers("6.1-sneak")
def test_a_player_dealt_no_held_back_card_finishes_with_anything():
    hands = [list(h) for h in HANDS]
    hands[1] = ["9s"]
    game = common(hands, **hold())
    answer(game, play("7"), play("9"))  # 偷着跑: no 6, out with a 9
    assert game.observe(0)["finish"] == [1]


@covers("play.hold_back.only_when_leading", "6.2-only-leading")
@pytest.mark.parametrize("only_leading", [True, False])
def test_held_back_cards_only_when_leading(only_leading):
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "5s", "5h", "7s"]
    hands[1] = ["6s", "6h"]
    game = common(hands, **hold(only_when_leading=only_leading))
    answer(game, play("5 5"))
    assert (play("6 6") in legal(game)) is not only_leading
    if only_leading:
        assert refusal(game, play("6 6")) == "Held-back cards may only be played when leading."


@covers("6.2-threes-last")
def test_bie3_threes_are_played_last():
    hands = [
        ["BJ*", "4s", "4s", "4s", "3s", "9h"],
        ["4s", "3h", "10c"],
        ["3c", "Jc", "Jd"],
        ["3d", "Qc", "Qd"],
        ["3s", "Kc", "Kd"],
    ]
    game = rigged(bundled("tcy-bie3"), hands)
    to_play(game)
    assert play("3") not in legal(game)
    assert play("9") in legal(game)
    assert "Held-back cards (3)" in refusal(game, play("3"))


#: baike-common with 6s held back: (0) emperor, (2) guard; who is left with what.
SHUT_IN = {
    # The guard ends last holding SJ 6 — his last play, never made; the royals lost.
    "royal-down-to-6": (
        [["BJ*", "7s"], ["9s"], ["SJ*", "6s"], ["Qs"], ["Ks"]],
        ["7", "9", A.PASS, "Q", "K", A.PASS, A.PASS, "BJ"],
    ),
    # The same, but 9 SJ 6 is no single play: he was not down to his held-back cards.
    "royal-not-down": (
        [["BJ*", "7s"], ["9s"], ["SJ*", "6s", "9h"], ["Qs"], ["Ks"]],
        ["7", "9", A.PASS, "Q", "K", A.PASS, A.PASS, "BJ"],
    ),
    # A rebel ends last holding SJ 6; his side won.
    "rebel-down-to-6": (
        [["BJ*", "7s"], ["9s"], ["SJ*", "10h"], ["Qs"], ["SJ", "6s"]],
        ["7", "9", A.PASS, "Q", A.PASS, "BJ", A.PASS, A.PASS, "SJ 10"],
    ),
}


@covers("play.hold_back.shut_in", "play.hold_back.shut_in_when", "6.2-shut-in")
@pytest.mark.parametrize(
    ("when", "expected"),
    [
        ("lost_down_to_them", {"royal-down-to-6": (2,)}),
        ("down_to_them", {"royal-down-to-6": (2,), "rebel-down-to-6": (4,)}),
        (
            "still_holding",
            {"royal-down-to-6": (2,), "royal-not-down": (2,), "rebel-down-to-6": (4,)},
        ),
        (None, {}),  # shut_in off: nobody
    ],
)
def test_who_is_shut_in_with_held_back_cards(when, expected):
    for name, (hands, script) in SHUT_IN.items():
        fields = hold(shut_in=True, shut_in_when=when) if when else hold(shut_in=False)
        game = common(hands, **fields)
        answer(game, *(a if a == A.PASS else play(a) for a in script))
        assert game.finished
        assert game.outcome is not None
        assert game.outcome.score is not None
        assert game.outcome.score.outcome == "lose"
        assert game.outcome.shut_in == expected.get(name, ()), name


@covers("end.shut_in_last")
@pytest.mark.parametrize(("last", "finish"), [(False, [1, 3, 4, 2, 0]), (True, [1, 3, 4, 0, 2])])
def test_a_player_shut_in_is_ranked_last_where_the_rules_say_so(last, finish):
    # The rebels are all out first; the guard (2) holds SJ 6, his last play, and is shut in;
    # the emperor (0) holds three cards. By fewest cards the guard would rank 4th.
    fields = hold(shut_in=True, shut_in_when="down_to_them")
    game = common(
        [["BJ*", "7s", "8s", "8h"], ["9s"], ["SJ*", "6s"], ["Qs"], ["Ks"]],
        **fields,
        **{"end.when": "one_side_out", "end.shut_in_last": last},
    )
    answer(game, play("7"), play("9"), A.PASS, play("Q"), play("K"))
    assert game.finished
    assert game.outcome is not None
    assert game.outcome.shut_in == (2,)
    assert list(game.outcome.finish) == finish
    assert game.outcome.score is not None
    assert game.outcome.score.outcome == "lose"


@covers("scoring.money.shut_in_penalty", "scoring.money.shut_in_penalty_to")
@pytest.mark.parametrize(
    ("penalty", "to", "change"),
    [
        (0, "game_ender", {}),
        (3, "game_ender", {2: -3, 4: +3}),  # seat 4 went out last and ended the game
        (3, "first", {2: -3, 1: +3}),
        (3, "nobody", {2: -3}),
    ],
)
def test_a_player_shut_in_pays_the_penalty_to_whom_the_rules_say(penalty, to, change):
    # The guard (2) is down to SJ 6 when the rebels are all out: shut in, as above.
    fields = hold(shut_in=True, shut_in_when="down_to_them")
    game = common(
        [["BJ*", "7s", "8s", "8h"], ["9s"], ["SJ*", "6s"], ["Qs"], ["Ks"]],
        **fields,
        **{
            "end.when": "one_side_out",
            "scoring.money.shut_in_penalty": penalty,
            "scoring.money.shut_in_penalty_to": to,
        },
    )
    answer(game, play("7"), play("9"), A.PASS, play("Q"), play("K"))
    assert game.outcome is not None
    assert game.outcome.score is not None
    assert game.outcome.shut_in == (2,)
    score = game.outcome.score
    assert list(score.money) == [p + change.get(seat, 0) for seat, p in enumerate(score.points)]
    result = game.result()
    assert result is not None
    said = " ".join(str(r) for r in explain(game.cv, result, score))
    assert ("shut in (闷): he pays 3" in said) == bool(penalty)


#: A rebel (4) ends last holding 6 6: a single-rank last play, with no joker in it.
REBEL_DOWN_TO_66 = (
    [["BJ*", "7s"], ["9s"], ["SJ*", "10h"], ["Qs"], ["6h", "6s"]],
    ["7", "9", A.PASS, "Q", A.PASS, "BJ", A.PASS, A.PASS, "SJ 10"],
)


@covers("play.hold_back.last_play_attach", "6.2-shut-in")
@pytest.mark.parametrize("attach", [True, False])
def test_a_last_play_that_would_need_a_joker_shuts_nobody_in_without_attach(attach):
    # Down to 6 6, the rebel's last play was his to make either way; down to SJ 6 the
    # guard's only counts when the last play may carry a joker (last_play_attach).
    scenarios = {"rebel-66": REBEL_DOWN_TO_66, "royal-down-to-6": SHUT_IN["royal-down-to-6"]}
    expected = {"rebel-66": (4,), "royal-down-to-6": (2,) if attach else ()}
    for name, (hands, script) in scenarios.items():
        fields = hold(shut_in=True, shut_in_when="down_to_them", last_play_attach=attach)
        game = common(hands, **fields)
        answer(game, *(a if a == A.PASS else play(a) for a in script))
        assert game.outcome is not None
        assert game.outcome.shut_in == expected[name], name


# --------------------------------------------------------------------------- §6.2 buying a 3

BIE3_BUY = [
    ["BJ*", "3s", "3s", "3h", "4s", "4s", "4s"],  # three 3s: the seller
    ["2h", "Ks", "4s"],  # no 3, a 2 to pay with
    ["Qs", "Qh"],  # no 3 and no 2
    ["3c", "Js"],
    ["3d", "10s"],
]


def bie3_dealt(dealer: int | None = None, **changes: Any) -> Game:
    cv = variant("tcy-bie3", **changes) if changes else bundled("tcy-bie3")
    return Game.new(cv, 0, dealer=dealer, hands=BIE3_BUY)


def threes(game: Game, seat: int) -> int:
    return sum(1 for c in game.observe(seat)["hand"] if c.startswith("3"))


@covers("deal.buy", "deal.buy.rank", "deal.buy.pay_with", "deal.buy.seller", "6.2-buy")
@pytest.mark.parametrize("buy", [True, False])
def test_a_player_dealt_no_three_buys_one_with_a_two(buy):
    game = bie3_dealt(**({} if buy else {"deal.buy": None}))
    if buy:  # from the player with the most 3s; the 2 goes to him
        assert threes(game, 1) == 1
        assert "2h" not in game.observe(1)["hand"]
        assert "2h" in game.observe(0)["hand"]
        assert threes(game, 0) == 1
    else:
        assert threes(game, 1) == 0
        assert "2h" in game.observe(1)["hand"]
        assert threes(game, 0) == 3


def test_the_data_names_the_rank_to_buy_and_the_card_to_pay_with():
    game = bie3_dealt(**{"deal.buy.pay_with": "K"})
    assert "Ks" not in game.observe(1)["hand"]
    assert "Ks" in game.observe(0)["hand"]
    assert "2h" in game.observe(1)["hand"]


@covers("deal.buy.pay_with_also")
@pytest.mark.parametrize("choice", ["pay:K", "pay:2"])
def test_a_buyer_holding_two_kinds_of_payment_chooses_which_pays(choice):
    # Seat 1 holds a 2 and a K, either may pay: he is asked before anything else happens;
    # seat 2 (neither) buys after him.
    game = bie3_dealt(**{"deal.buy.pay_with_also": ["K"]})
    assert game.phase == "buying"
    assert game.to_act == 1
    assert game.legal_actions()[:2] == ["pay:K", "pay:2"]  # low to high
    assert game.view(1).question == "pay"
    assert threes(game, 2) == 0  # his sale waits for seat 1's answer
    game.apply(choice)
    paid, kept = ("Ks", "2h") if choice == "pay:K" else ("2h", "Ks")
    assert paid in game.observe(0)["hand"]
    assert paid not in game.observe(1)["hand"]
    assert kept in game.observe(1)["hand"]
    assert threes(game, 1) == 1
    assert threes(game, 2) == 1  # 送3, once seat 1 has paid
    assert game.phase == "bidding"


def test_a_buyer_holding_one_kind_of_payment_is_not_asked():
    game = bie3_dealt(**{"deal.buy.pay_with_also": ["SJ", "BJ"]})  # seat 1 has no joker
    assert game.phase == "bidding"
    assert "2h" in game.observe(0)["hand"]
    assert [a for a in game.history if str(a).startswith("pay:")] == []


@covers("deal.buy.if_unable")
@pytest.mark.parametrize(("if_unable", "gets"), [("gift", 1), ("skip", 0)])
def test_a_buyer_without_a_two_is_given_a_three_or_goes_without(if_unable, gets):
    game = bie3_dealt(**{"deal.buy.if_unable": if_unable})
    assert threes(game, 2) == gets  # 送3


@covers("deal.first_dealer")
@pytest.mark.parametrize(("first_dealer", "buyer"), [(0, 1), (2, 2)])
def test_buying_goes_in_play_order_from_the_first_seat_dealt(first_dealer, buyer):
    # The seller can spare only one 3: the first buyer in play order from the dealer gets it.
    hands = [list(h) for h in BIE3_BUY]
    hands[0].remove("3h")
    cv = variant("tcy-bie3", **{"deal.first_dealer": first_dealer})
    game = Game.new(cv, 0, hands=hands)
    assert [s for s in (1, 2) if threes(game, s)] == [buyer]


# ------------------------------------------------------------------- §6.5 above the big joker


@covers("play.top_card", "6.5-top")
@pytest.mark.parametrize("top", ["guard_card", "none"])
def test_the_guard_card_ranks_above_the_big_joker(top):
    hands = [list(h) for h in HANDS]
    game = common(hands, **{"play.top_card": top})
    answer(game, play("BJ"), A.PASS)
    assert game.to_act == 2
    if top == "guard_card":  # 老花 / 特画 beats a big joker
        assert "TOP" in game.observe(2)["hand"]
        assert play("TOP") in legal(game)
    else:
        assert "TOP" not in game.observe(2)["hand"]
        assert legal(game) == [A.PASS]


@covers("play.top_card")
@pytest.mark.parametrize("top", ["emperor_card", "both_marked", "guard_card"])
def test_the_emperor_card_or_both_marked_cards_rank_above_the_big_joker(top):
    # Seat 0 holds the emperor card and a plain big joker, seat 2 the guard card.
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "BJ", "7s", "8s"]
    game = common(hands, **{"play.top_card": top})
    mine = game.observe(0)["hand"]
    assert ("TOP" in mine) is (top != "guard_card")
    assert ("TOP" in game.observe(2)["hand"]) is (top != "emperor_card")
    answer(game, play("BJ"), A.PASS)
    assert game.to_act == 2
    # The guard card beats the plain big joker only where it is a top card.
    assert (play("TOP") in legal(game)) is (top != "emperor_card")
    if top == "both_marked":
        answer(game, play("TOP"), A.PASS, A.PASS)
        assert game.to_act == 0
        # Level: the emperor's top card does not beat the guard's.
        assert legal(game) == [A.PASS]
        assert "does not beat" in refusal(game, play("TOP"))


@covers("play.marked_order")
@pytest.mark.parametrize("order", ["level", "guard_higher", "emperor_higher"])
def test_the_two_marked_cards_may_be_ordered_above_the_big_joker(order):
    # Seat 0 holds the emperor card and a plain big joker, seat 2 the guard card (wh-baohuang:
    # 侍卫牌 > 皇帝牌 > 大王).
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "BJ", "7s", "8s"]
    game = common(hands, **{"play.top_card": "both_marked", "play.marked_order": order})
    emperor_rank = "TOP2" if order == "emperor_higher" else "TOP"
    guard_rank = "TOP2" if order == "guard_higher" else "TOP"
    assert emperor_rank in game.observe(0)["hand"]
    assert guard_rank in game.observe(2)["hand"]
    answer(game, play("BJ"), A.PASS)
    assert game.to_act == 2
    assert play(guard_rank) in legal(game)  # above the plain big joker in every order
    answer(game, play(guard_rank), A.PASS, A.PASS)
    assert game.to_act == 0
    if order == "emperor_higher":
        assert play("TOP2") in legal(game)  # the emperor card beats the guard card
    else:
        # Level, or the guard card higher: the emperor card does not beat it.
        assert legal(game) == [A.PASS]
        assert "does not beat" in refusal(game, play(emperor_rank))
    if order == "level":
        assert refusal(game, play("TOP2")).startswith("This variant has no TOP2")


@covers("play.top_card_in_set")
@pytest.mark.parametrize("in_set", [False, True])
def test_the_card_above_the_big_joker_may_join_a_set_of_its_rank(in_set):
    # Seat 2 holds the guard card (SJ*, above the big joker) and a plain small joker.
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "9s", "9h", "8s"]
    hands[2] = ["SJ*", "SJ", "5s", "5h"]
    game = common(hands, **{"play.top_card": "guard_card", "play.top_card_in_set": in_set})
    answer(game, play("9 9"), A.PASS)
    assert game.to_act == 2
    assert play("TOP SJ") in legal(game)  # as the card above the big joker, either way
    assert (play("SJ SJ") in legal(game)) is in_set  # as a small joker of a pair
    if in_set:
        answer(game, play("SJ SJ"))
        assert game.observe(2)["hand"] == ["5", "5"]  # the guard card is gone with it
    else:
        assert refusal(game, play("SJ SJ")) == "Seat 2 does not hold SJ SJ."


def test_hd_the_guards_copy_of_the_called_card_is_the_top_card():
    game = hd_out()
    assert game.observe(3)["hand"] == ["TOP", "J", "10"]  # his 4♠ is the 特画


@covers("play.special_beats", "play.special_beats.rank", "play.special_beats.count")
@covers("play.special_beats.beats", "6.5-special")
@pytest.mark.parametrize(
    ("special", "lead", "beats"),
    [
        ([{"rank": "2", "count": 3, "beats": ["BJ"]}], "BJ", True),  # 3×2 > BJ
        ([], "BJ", False),
        ([{"rank": "2", "count": 4, "beats": ["BJ"]}], "BJ", False),  # exactly four
        ([{"rank": "2", "count": 3, "beats": ["SJ"]}], "BJ", False),  # not for a BJ
        ([{"rank": "A", "count": 3, "beats": ["BJ"]}], "BJ", False),  # not 2s
    ],
)
def test_three_twos_beat_a_single_big_joker_where_the_data_says(special, lead, beats):
    hands = [list(h) for h in HANDS]
    hands[1] = ["2s", "2h", "2c", "Ah"]
    game = common(hands, **{"play.special_beats": special})
    answer(game, play(lead))
    assert (play("2 2 2") in legal(game)) is beats


# --------------------------------------------------------------------------- wild cards (百搭)


@covers("play.wild")
@pytest.mark.parametrize("wild", [[], ["2"]])
def test_a_wild_two_stands_for_the_rank_of_the_set_it_joins(wild):
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "8s", "8h", "8c", "4s"]
    hands[1] = ["9s", "9h", "2c", "Ks"]
    hands[2] = ["SJ*", "9d", "9c", "9s", "10s"]
    game = common(hands, **{"play.wild": wild})
    answer(game, play("8 8 8"))
    assert (play("2 9 9") in legal(game)) is bool(wild)
    if wild:
        answer(game, play("2 9 9"))  # counts as three 9s
        assert game.observe(2)["trick"] == "2 9 9"
        # A 9 9 9 would not beat it: equal cards do not beat each other.
        assert "counts as 9 9 9" in refusal(game, play("9 9 9"))
    else:
        assert "2s cannot be attached" in refusal(game, play("2 9 9"))


@covers("play.wild")
def test_wild_jokers_stand_for_the_set_rank_instead_of_above_it():
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "BJ", "6s", "4s"]
    hands[1] = ["SJ", "7s", "Ks"]
    attached = common(hands)
    answer(attached, play("BJ 6"))
    assert play("SJ 7") not in legal(attached)  # a small joker does not beat a big one
    wild = common(hands, **{"play.attach": [], "play.wild": ["SJ", "BJ"]})
    answer(wild, play("BJ 6"))  # counts as 6 6
    assert play("SJ 7") in legal(wild)  # counts as 7 7


# --------------------------------------------------------------------------- bombs (炸弹)

#: Seat 0 (emperor) leads jokers and aces; seat 1 holds four 5s, seat 2 four 6s.
BOMB_HANDS = [
    ["BJ*", "BJ", "As", "Ah", "Ac", "9s"],
    ["5s", "5h", "5c", "5d", "Ks"],
    ["SJ*", "6s", "6h", "6c", "6d", "Qs"],
    ["Js", "Jh", "7s"],
    ["10s", "10h", "8s"],
]


@covers("play.bombs", "play.bombs.min_count")
@pytest.mark.parametrize("bombs", [None, {"min_count": 4}, {"min_count": 5}])
def test_a_bomb_beats_any_play_and_only_a_bigger_bomb_beats_it(bombs):
    game = rigged(variant("baike-common", **{"play.bombs": bombs}), BOMB_HANDS)
    to_play(game)
    answer(game, play("BJ BJ A A A"))
    if bombs != {"min_count": 4}:
        # Without bombs (or with bombs of five), four 5s are a set of four, which never
        # beats five cards.
        assert play("5 5 5 5") not in legal(game)
        assert "does not beat" in refusal(game, play("5 5 5 5"))
        return
    assert play("5 5 5 5") in legal(game)
    answer(game, play("5 5 5 5"))
    assert "bomb" in game.public_events()
    # Only a bigger bomb answers a bomb: the 6s, not the 6s with a joker attached.
    assert play("6 6 6 6") in legal(game)
    assert play("SJ 6 6 6") not in legal(game)
    assert "only a bigger bomb" in refusal(game, play("SJ 6 6 6"))


@covers("play.bombs.beats")
@pytest.mark.parametrize("beats", ["any", "more_cards"])
def test_a_bomb_beats_only_smaller_plays_when_the_variant_says_so(beats):
    game = rigged(
        variant("baike-common", **{"play.bombs": {"min_count": 4, "beats": beats}}), BOMB_HANDS
    )
    to_play(game)
    answer(game, play("BJ BJ A A A"))
    assert (play("5 5 5 5") in legal(game)) is (beats == "any")
    hands = [list(h) for h in BOMB_HANDS]
    hands[0] = ["BJ*", "As", "Ah", "Ac", "9s"]
    game = rigged(
        variant("baike-common", **{"play.bombs": {"min_count": 4, "beats": beats}}), hands
    )
    to_play(game)
    answer(game, play("BJ"))
    assert play("5 5 5 5") in legal(game)  # a single card: fewer cards either way


@covers("play.bombs.max_per_game")
@pytest.mark.parametrize("limit", [None, 1])
def test_past_the_limit_four_of_a_rank_are_a_set_again(limit):
    cv = variant("baike-common", **{"play.bombs": {"min_count": 4, "max_per_game": limit}})
    game = rigged(cv, BOMB_HANDS)
    to_play(game)
    answer(game, play("BJ BJ A A A"), play("5 5 5 5"))
    # Past the limit the 5s on the table are four 5s like any other: a joker with three 6s
    # beats them, and the 6s alone are no bomb (no second "bomb" event).
    assert (play("SJ 6 6 6") in legal(game)) is (limit == 1)
    answer(game, play("6 6 6 6"))
    assert game.public_events().count("bomb") == (1 if limit == 1 else 2)


#: Seat 1 holds four identical 5s (5♠ ×4, a 棍); seat 2 four 6s of four suits and two
#: identical pairs of 7s; seat 3 five jacks, four of them identical.
IDENTICAL_HANDS = [
    ["BJ*", "BJ", "As", "Ah", "Ac", "9s"],
    ["5s", "5s", "5s", "5s", "Ks"],
    ["SJ*", "6s", "6h", "6c", "6d", "7s", "7s", "7h", "7h", "Qs"],
    ["Js", "Js", "Js", "Js", "Jh", "3s"],
    ["10s", "10h", "8s"],
]


@covers("play.bombs.identical")
@pytest.mark.parametrize("identical", [False, True])
def test_a_bomb_of_identical_cards_only_when_the_variant_says_so(identical):
    cv = variant("baike-common", **{"play.bombs": {"min_count": 4, "identical": identical}})
    game = rigged(cv, IDENTICAL_HANDS)
    to_play(game)
    answer(game, play("BJ BJ A A A"))
    assert play("5 5 5 5") in legal(game)  # four 5♠: a bomb either way
    answer(game, play("5 5 5 5"))
    assert game.public_events().count("bomb") == 1
    # Four 6s of four suits (and 7♠ 7♠ 7♥ 7♥) are a bomb only when suits do not matter.
    assert (play("6 6 6 6") in legal(game)) is not identical
    assert (play("7 7 7 7") in legal(game)) is not identical
    if identical:
        assert "identical" in refusal(game, play("6 6 6 6"))
    answer(game, A.PASS)
    # Four identical jacks are a bigger bomb either way; five jacks only by rank.
    assert (play("J J J J J") in legal(game)) is not identical
    assert play("J J J J") in legal(game)
    answer(game, play("J J J J"))
    assert game.public_events().count("bomb") == 2


@covers("play.bombs.identical")
def test_a_plain_play_keeps_identical_cards_together():
    cv = variant("baike-common", **{"play.bombs": {"min_count": 4, "identical": True}})
    hands = [list(h) for h in IDENTICAL_HANDS]
    hands[0] = ["BJ*", "5h", "5h", "5h", "5h", "5d", "9s"]  # 5♥ ×4 and a 5♦
    game = rigged(cv, hands)
    to_play(game)
    answer(game, play("5"))  # the single 5♦ goes: the four 5♥ stay a bomb
    assert game.public_events().count("bomb") == 0
    answer(game, A.PASS, A.PASS, A.PASS, A.PASS)
    assert play("5 5 5 5") in legal(game)
    answer(game, play("5 5 5 5"))
    assert game.public_events().count("bomb") == 1


# --------------------------------------------------------------------------- joker stacks

#: Seat 1 holds three small jokers (a stack 叠加 where the variant has one) and a pair.
STACK_HANDS = [
    ["BJ*", "BJ", "7s", "8s", "8h", "8c"],
    ["SJ", "SJ", "SJ", "9s", "9h"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def stacked(**stack: Any) -> Game:
    """baike-common where three small jokers stack into one card above the big joker."""
    game = rigged(
        variant("baike-common", **{"play.stacks": [{"cards": "SJ SJ SJ", "above": "BJ", **stack}]}),
        STACK_HANDS,
    )
    to_play(game)
    return game


def stack_play(game: Game, text: str) -> tuple[int, ...]:
    """A play written with joker stacks in brackets (``[SJ SJ SJ] 9``), in the game's variant."""
    return parse_play(text, game.cv.play).ranks


@covers("play.stacks", "play.stacks.cards", "play.stacks.alone")
@pytest.mark.parametrize("alone", [None, True, False])
def test_three_small_jokers_may_stack_into_one_card_above_the_big_joker(alone):
    if alone is None:  # no stacking: three small jokers are three cards
        game = rigged(bundled("baike-common"), STACK_HANDS)
        to_play(game)
    else:
        game = stacked(alone=alone)
    answer(game, play("BJ"))
    assert game.to_act == 1
    if alone is None:
        assert legal(game) == [A.PASS]
        assert "no joker stack STK1" in refusal(game, play("STK1"))
        return
    stack = stack_play(game, "[SJ SJ SJ]")
    if not alone:
        assert legal(game) == [A.PASS]
        assert "may not be played alone" in refusal(game, stack)
        return
    assert stack in legal(game)
    assert play("SJ SJ SJ") not in legal(game)  # as a triple it is three cards
    answer(game, stack)
    assert game.observe(1)["hand_sizes"][1] == 2  # the three jokers went as one card
    assert game.observe(1)["hand"] == ["9", "9"]


@covers("play.stacks.in_sets")
@pytest.mark.parametrize("in_sets", [True, False])
def test_a_stack_joins_a_set_as_one_attached_card_or_the_jokers_go_as_a_triple(in_sets):
    game = stacked(in_sets=in_sets)
    answer(game, play("8 8 8"))
    with_set = stack_play(game, "[SJ SJ SJ] 9 9")
    assert play("SJ SJ SJ") in legal(game)  # the same jokers as a plain triple, either way
    assert (with_set in legal(game)) is in_sets
    if not in_sets:
        assert "may only be played alone" in refusal(game, with_set)
        return
    answer(game, with_set)
    assert game.observe(1)["hand_sizes"][1] == 0  # five cards as three: he is out


@covers("play.stacks.above")
@pytest.mark.parametrize("big_higher", [True, False])
def test_a_stack_ranks_directly_above_the_card_or_stack_it_names(big_higher):
    low, high = ("SJ SJ SJ", "BJ BJ") if big_higher else ("BJ BJ", "SJ SJ SJ")
    stacks = [{"cards": low, "above": "BJ"}, {"cards": high, "above": low}]
    game = rigged(variant("baike-common", **{"play.stacks": stacks}), STACK_HANDS)
    to_play(game)
    answer(game, play("7"), stack_play(game, "[SJ SJ SJ]"), A.PASS, A.PASS, A.PASS)
    assert game.to_act == 0
    two_big = stack_play(game, "[BJ BJ]")
    assert (two_big in legal(game)) is big_higher
    if not big_higher:
        assert "does not beat" in refusal(game, two_big)


@covers("scoring.multipliers")
def test_each_bomb_doubles_the_stake_up_to_the_cap():
    cv = variant(
        "baike-common",
        **{
            "play.bombs": {"min_count": 4},
            "scoring.multipliers": [{"event": "bomb", "factor": 2}],
            "scoring.max_multiplier": 8,
        },
    )
    counts = set()
    for seed in range(40):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        while not game.finished:
            options = [a for a in game.legal_actions() if a != A.AUTO]
            bombs = [a for a in options if isinstance(a, tuple) and len(a) >= 4 and a[0] == a[-1]]
            game.apply(bombs[0] if bombs else rng.choice(options))
        score = game.outcome.score if game.outcome else None
        if score is None:
            continue
        count = game.public_events().count("bomb")
        counts.add(count)
        assert score.multiplier == min(2**count, 8), (seed, count)
    assert {0, 1, 2, 3} <= counts or max(counts) > 3  # games with few and with many bombs


# ------------------------------------------------------- the guard revealed during play


@covers("declarations.reveal_by_card")
@pytest.mark.parametrize("reveal", [False, True])
def test_the_guard_is_known_once_his_marked_card_is_played(reveal):
    # Seat 2 is the hidden guard: SJ* and a plain small joker. He plays the marked one last.
    hands = [list(h) for h in HANDS]
    hands[0] = ["BJ*", "7s", "8s", "8h"]
    hands[2] = ["SJ*", "SJ", "5s", "5h"]
    game = common(hands, **{"declarations.reveal_by_card": reveal})
    assert game.observe(0)["guard"] is None
    answer(game, play("7"), A.PASS, play("SJ"))
    assert game.observe(0)["guard"] is None  # one small joker left: maybe his marked one
    answer(game, A.PASS, A.PASS, A.PASS, A.PASS, play("SJ"))
    assert game.observe(0)["guard"] == (2 if reveal else None)
    assert "open_guard" not in game.public_events()  # known, but not 明保


@covers("declarations.reveal_by_card")
def test_the_card_above_the_big_joker_reveals_the_guard_at_once():
    hands = [list(h) for h in HANDS]
    game = common(hands, **{"declarations.reveal_by_card": True, "play.top_card": "guard_card"})
    answer(game, play("BJ"), A.PASS, play("TOP"))
    assert game.observe(0)["guard"] == 2


@covers("declarations.open_during_play")
@pytest.mark.parametrize("allowed", [False, True])
def test_a_hidden_guard_may_go_open_at_his_turn_during_play(allowed):
    game = common(**{"declarations.open_during_play": allowed})
    answer(game, play("7"), A.PASS)
    assert game.to_act == 2
    assert (A.OPEN_GUARD in legal(game)) is allowed
    if allowed:
        answer(game, A.OPEN_GUARD)
        assert game.to_act == 2  # he still plays or passes
        assert game.observe(0)["guard"] == 2
        assert "open_guard" in game.public_events()  # 明保: it doubles where 明保 doubles
        assert A.OPEN_GUARD not in legal(game)
    else:
        assert "Only a hidden guard may go open" in refusal(game, A.OPEN_GUARD)


def test_automatic_play_of_a_guard_who_may_go_open_leads_his_play():
    # 托管 never chooses 明保: leading, it plays as always — here his last play, the ten
    # held-back 6s (as long as the word 明保, which once made choosing the smallest fail).
    hands = [list(h) for h in HANDS]
    hands[2] = ["SJ*", *(["6s", "6h", "6c", "6d"] * 2), "6s", "6h"]
    game = common(
        hands, **{"declarations.open_during_play": True, "play.hold_back": [{"rank": "6"}]}
    )
    answer(game, play("7"), A.PASS, play("SJ"), A.PASS, A.PASS, A.PASS, A.PASS)
    assert game.to_act == 2
    assert A.OPEN_GUARD in legal(game)
    assert game.default_action() == play("6 " * 10)
