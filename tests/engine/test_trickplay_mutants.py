"""Trick play (docs/rules.md §6): cases found by mutation testing (`make mutation`,
docs/development.md), full run of baohuang/engine/trickplay.py.

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


def _qingdao_deferring() -> Game:
    """baike-qingdao with 让牌 on: the emperor (seat 0) leads; seats 1 and 2 can beat a 7."""
    hands = [
        ["BJ*", "9s", "9s", "9s", "7s", "7h"],
        ["9s", "Ah"],
        ["8h", "10c"],
        ["Js", "Qh"],
        ["Ks", "Kd"],
    ]
    game = rigged(variant("baike-qingdao", **{"play.defer": True}), hands)
    to_play(game)
    return game


def test_a_player_who_deferred_may_not_defer_again_in_the_same_trick():
    # baike-qingdao (让牌): seat 1 defers the 7; seat 2 beats it with a 10 and the others
    # pass; back at seat 1 the trick is still open, but he has had his deferral.
    game = _qingdao_deferring()
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


@pytest.mark.parametrize("ranks", [(21,), (-1,), (22, 21)], ids=["21", "minus-1", "22-21"])
def test_ranks_outside_3_to_tehua_are_refused(ranks):
    game = _common()
    code, english, _ = _refusal(game, ranks)
    assert (code, english) == ("ranks_out_of_range", "A play is made of rank numbers 0 to 20.")
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


# --------------------------------------------------------------------------- state shown


def test_before_play_nobody_sees_a_trick_or_its_owner():
    # In bidding (and declarations) there is no trick yet: the observation and the view
    # show none, and no owner.
    game = rigged(bundled("baike-common"), HANDS)
    assert game.phase == "bidding"
    for seat in range(5):
        seen = game.observe(seat)
        assert (seen["trick"], seen["trick_owner"]) == (None, None)
        view = game.view(seat)
        assert (view.trick, view.trick_owner) == (None, None)


def test_a_view_counts_the_cards_played_by_rank_like_the_hand():
    # The policy input's `played` is a count vector by rank, 3 up to STK4: 21 numbers.
    game = _common()
    answer(game, play("8 8 8"))
    for seat in range(5):
        view = game.view(seat)
        assert len(view.played) == len(view.counts) == 21
        assert view.played[play("8")[0]] == 3
        assert sum(view.played) == 3


def test_a_hidden_solo_by_calling_a_card_held_four_times_has_no_tehua():
    # HD: the called guard card is the 特画 (docs/rules.md §6.5); an emperor holding all four
    # called cards guards himself (暗独保), so there is no guard and no 特画 at all.
    hands = [
        ["BJ*", "4s", "4s", "4s", "4s", "5h"],
        ["SJ", "7h", "9d"],
        ["8h", "9c", "Jd"],
        ["10d", "Jh", "Qd"],
        ["Qs", "Kd", "Ac"],
    ]
    game = rigged(bundled("hd"), hands)
    to_play(game)
    assert game.view(0).solo == "hidden"  # the emperor knows he plays alone
    assert game.observe(0)["hand"] == ["BJ", "5", "4", "4", "4", "4"]
    assert game.observe(1)["hand"] == ["SJ", "9", "7"]
    assert all("TOP" not in game.observe(s)["hand"] for s in range(5))


# --------------------------------------------------------------------------- tricks


def test_two_deferrers_answer_the_second_circle_in_turn():
    # baike-qingdao (让牌, docs/rules.md §5.4): seats 1 and 2 defer the 7, 3 and 4 pass; in the
    # second circle seat 1 answers first, then seat 2, who may still beat the 7.
    game = _qingdao_deferring()
    answer(game, play("7"), A.DEFER, A.DEFER, A.PASS, A.PASS)
    assert game.to_act == 1
    answer(game, A.PASS)
    assert game.to_act == 2
    assert game.view(2).trick == play("7")
    assert A.DEFER not in legal(game)
    answer(game, play("10"))
    assert game.observe(0)["trick_owner"] == 2


def test_the_game_ends_when_the_three_rebels_are_all_out():
    # end.when one_side_out (docs/rules.md §6.4): the rebels 1, 3 and 4 go out first and the
    # game is over, though the emperor (0) and the guard (2) still hold cards.
    hands = [["BJ*", "7s"], ["9s"], ["SJ*", "6s"], ["Qs"], ["Ks"]]
    game = rigged(variant("baike-common", **{"end.when": "one_side_out"}), hands)
    to_play(game)
    answer(game, play("7"), play("9"), A.PASS, play("Q"))
    assert not game.finished
    answer(game, play("K"))
    assert game.finished
    assert game.legal_actions() == []
    result = game.result()
    assert result is not None
    assert tuple(result.finish)[:3] == (1, 3, 4)
