"""Trick play (RULES.md §6): cases found by mutation testing (`make mutation`, README
"Mutation testing"), full run of baohuang/engine/trickplay.py.

What a player sees when the play phase refuses a move typed by hand (not picked from the
offered list): the code, the English and the Chinese of each refusal (a word that is no
play-phase action, an empty play, a rank beyond 特画, cards not held, held-back cards
before the last play, applying for the wind out of turn, deferring twice in one trick),
and that no play of ranks below 3 or of two 特画 slips through.
"""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.reasons import say
from baohuang.i18n import speaking
from tests.engine.rigging import answer, bundled, filler, rigged, variant
from tests.engine.rule_coverage import legal, play, to_play

#: baike-common (fixed guard): seat 0 the emperor card, seat 2 the guard card.
HANDS = [
    ["BJ*", "7s", "8s", "8h", "8c"],
    ["9s", "10s", "Ah"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def _common() -> Game:
    game = rigged(bundled("baike-common"), HANDS)
    to_play(game)
    assert (game.to_act, game.view(0).question) == (0, "lead")
    return game


def _refusal(game: Game, action: A.Action) -> tuple[str, str, str]:
    """The refusal of `action` typed by hand: its code, English and Chinese."""
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    why = caught.value.args[0]
    with speaking("zh"):
        chinese = say(why)
    return why.code, str(why), chinese


# --------------------------------------------------------------------------- words


def test_a_word_that_is_no_play_phase_action_is_refused_by_name():
    game = _common()
    code, english, chinese = _refusal(game, A.ASCEND)
    assert (code, english) == ("not_a_play_action", "'ascend' is not a play-phase action.")
    assert chinese == "“ascend”不是出牌阶段的动作。"
    assert game.to_act == 0


def test_applying_for_the_wind_when_nobody_just_went_out_is_refused():
    game = _common()
    expected = (
        "wind_not_allowed",
        "Only the next player after one who just went out may apply for the wind.",
    )
    assert _refusal(game, A.APPLY_WIND)[:2] == expected  # leading
    answer(game, play("7"))
    code, english, chinese = _refusal(game, A.APPLY_WIND)  # following, nobody out
    assert (code, english) == expected
    assert chinese == "只有刚出完牌那家的下家才能申请接风。"
    assert game.to_act == 1
    assert A.APPLY_WIND not in legal(game)


def test_a_player_who_deferred_may_not_defer_again_in_the_same_trick():
    # baike-qingdao (让牌): seat 1 defers the 7; seat 2 beats it with a 10 and the others
    # pass; back at seat 1 the trick is still open, but he has had his deferral.
    hands = [
        ["BJ*", "9s", "9s", "9s", "7s", "7h"],
        ["9s", "Ah"],
        ["8h", "10c"],
        ["Js", "Qh"],
        ["Ks", "Kd"],
    ]
    game = rigged(variant("baike-qingdao", **{"play.defer": True}), hands)
    to_play(game)
    answer(game, play("7"), A.DEFER, play("10"), A.PASS, A.PASS, A.PASS)
    assert game.to_act == 1
    assert A.DEFER not in legal(game)
    code, english, _ = _refusal(game, A.DEFER)
    assert (code, english) == ("defer_not_allowed", "Deferring is not allowed now.")
    assert game.to_act == 1


# --------------------------------------------------------------------------- plays


def test_a_play_without_cards_is_refused():
    game = _common()
    code, english, chinese = _refusal(game, ())
    assert (code, english) == ("play_without_cards", "A play needs at least one card.")
    assert chinese == "一手牌至少要有一张牌。"
    answer(game, play("7"))
    assert _refusal(game, ())[:2] == ("play_without_cards", "A play needs at least one card.")


@pytest.mark.parametrize("ranks", [(16,), (-1,), (17, 16)], ids=["16", "minus-1", "17-16"])
def test_ranks_outside_3_to_tehua_are_refused(ranks):
    game = _common()
    code, english, _ = _refusal(game, ranks)
    assert (code, english) == ("ranks_out_of_range", "A play is made of rank numbers 0 to 15.")
    assert game.observe(0)["hand"] == ["BJ", "8", "8", "8", "7"]


def test_cards_not_held_are_refused_naming_the_seat_and_the_cards():
    game = _common()
    code, english, chinese = _refusal(game, play("9"))
    assert (code, english) == ("not_held", "Seat 0 does not hold 9.")
    assert chinese == "座位 0 手里没有 9。"
    assert _refusal(game, play("8 8 8 8"))[1] == "Seat 0 does not hold 8 8 8 8."
    answer(game, play("7"))
    assert _refusal(game, play("10 10"))[1] == "Seat 1 does not hold 10 10."


def test_two_tehua_are_never_a_play():
    # HD: seat 3 holds the called 4♠, the one 特画; a pair of them beats no pair.
    hands = [
        ["BJ*", "4s", "4s", "4s", "5h", "5d"],
        ["7h", "9d"],
        ["8h", "9c", "Jd"],
        ["4s", "10d", "Jh"],
        ["Qs", "Kd", "Ac"],
    ]
    game = rigged(bundled("hd"), hands)
    to_play(game)
    answer(game, play("5 5"), A.PASS, A.PASS)
    assert game.to_act == 3
    assert "TOP" in game.observe(3)["hand"]
    assert legal(game) == [A.PASS]
    code, english, _ = _refusal(game, play("TOP TOP"))
    assert (code, english) == (
        "not_in_deck",
        "There is only one card above the big joker (TOP) in this variant; the play has 2.",
    )
    assert game.to_act == 3


def test_held_back_cards_played_before_the_last_play_are_named():
    # baike-weihai with 憋六 and 憋七: the emperor holds both; a 6 alone is refused, the
    # held-back ranks listed in English and in Chinese.
    cv = variant("baike-weihai", **{"play.hold_back": [{"rank": "7"}, {"rank": "6"}]})
    hands = [
        ["BJ*", "7s", "6s", "6h"],
        ["SJ*", *filler(3, "10 J Q")],
        filler(4, "K A 2"),
        filler(4, "8 9 J"),
        filler(4, "8 10 Q"),
    ]
    game = rigged(cv, hands)
    to_play(game)
    assert game.to_act == 0
    code, english, chinese = _refusal(game, play("6"))
    assert code == "held_back_last"
    assert english == "Held-back cards (7, 6) may only be played together in the last play."
    assert "7、6" in chinese, chinese
    assert game.to_act == 0
