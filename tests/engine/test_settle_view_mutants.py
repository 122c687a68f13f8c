"""Settlement and what a seat sees: cases found by mutation testing (`make mutation`,
docs/development.md).

The end of a game (docs/rules.md §6.2 闷 and 闷贡, §7 a game all on 托管), the observation an
API client and the editor's play tab read (``Game.observe``), and the view a bot decides
from (``Game.view``): who it knows, what it holds, what it is asked.
"""

from __future__ import annotations

from typing import Any

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from baohuang.engine.record import summary
from tests.engine.rigging import answer, bundled, rigged, variant
from tests.engine.rule_coverage import legal, play, to_play

#: baike-common (fixed guard): seat 0 the emperor card, seat 2 the guard card.
HANDS = [
    ["BJ*", "7s", "8s", "8h", "8c"],
    ["9s", "10s", "Ah"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]

#: Every seat holds few cards: five seats on automatic play it to the end quickly.
LONG = [
    ["BJ*", "7s", "7h", "8s", "8h", "9s", "9h", "10s"],
    ["3s", "4s"],
    ["SJ*", "3h"],
    ["3c", "4c"],
    ["3d", "4d"],
]


def _in_play(hands: list[list[str]], cv: Any = None) -> Game:
    game = rigged(cv or bundled("baike-common"), hands)
    to_play(game)
    return game


def _script(game: Game, *moves: str) -> None:
    answer(game, *(m if m == A.PASS else play(m) for m in moves))


# --------------------------------------------------------------------------- §7 all on 托管


def test_a_game_all_five_played_on_automatic_still_shows_its_finish_order():
    # 若所有玩家都在托管状态，则该局游戏不予计分: no score, no tribute, but the game was
    # played out and the result screen lists who went out in which order.
    game = _in_play(LONG)
    while not game.finished:
        game.apply(A.AUTO)
    outcome = game.outcome
    assert outcome is not None
    assert outcome.score is None
    assert outcome.unscored_reason is not None
    assert outcome.unscored_reason.code == "unscored_all_automatic"
    assert outcome.finish == (0, 1, 2, 3, 4)
    seen = summary(game)
    assert seen["finish"] == [0, 1, 2, 3, 4]
    assert seen["points"] is None
    assert seen["tribute"] == {"rule": None, "shut_in": [], "give": [], "take": []}
    # baike-common holds nothing back: the seat left holding cards is not shut in (闷).
    assert 4 not in game.finish
    assert outcome.shut_in == ()
    assert seen["shut_in"] == []


# --------------------------------------------------------------------------- §6.2 闷, 闷贡

#: The guard (2) ends last holding SJ 6; the rebels went out 1, 3, 4 and the emperor (0)
#: went out fourth, which ended the game (end: all_but_one).
ROYAL_DOWN_TO_6 = (
    [["BJ*", "7s"], ["9s"], ["SJ*", "6s"], ["Qs"], ["Ks"]],
    ["7", "9", A.PASS, "Q", "K", A.PASS, A.PASS, "BJ"],
)


def _shut_in_game(hold_back: list[dict[str, Any]], to: str | None) -> Game:
    cv = variant(
        "baike-common",
        **{
            "play.hold_back": hold_back,
            "tribute.shut_in": {"count": 1, "card": "highest", "to": to} if to else None,
        },
    )
    hands, script = ROYAL_DOWN_TO_6
    game = _in_play(hands, cv)
    _script(game, *script)
    assert game.finished
    return game


def test_shut_in_tribute_goes_to_the_seat_whose_going_out_ended_the_game():
    # tcy-bie3's 闷贡 (tribute.shut_in.to: game_ender): to 闷他的玩家, the emperor here,
    # not to the first finisher (seat 1).
    held = [{"rank": "6", "shut_in": True, "shut_in_when": "still_holding"}]
    game = _shut_in_game(held, "game_ender")
    assert game.outcome is not None
    assert game.outcome.finish == (1, 3, 4, 0, 2)
    assert game.outcome.shut_in == (2,)
    assert summary(game)["tribute"]["shut_in"] == [{"from": 2, "to": 0, "count": 1}]
    first = _shut_in_game(held, "first")
    assert summary(first)["tribute"]["shut_in"] == [{"from": 2, "to": 1, "count": 1}]


def test_a_player_is_shut_in_by_any_held_back_rank_he_still_holds():
    # Two held-back ranks: the guard holds no 5 but is caught with his 6.
    def rank(name: str) -> dict[str, Any]:
        return {"rank": name, "shut_in": True, "shut_in_when": "still_holding"}

    game = _shut_in_game([rank("5"), rank("6")], "first")
    assert game.outcome is not None
    assert game.outcome.shut_in == (2,)
    assert summary(game)["shut_in"] == [2]
    # Neither rank shuts anybody in when shut_in is off for both.
    off = [{"rank": "5", "shut_in": False}, {"rank": "6", "shut_in": False}]
    nobody = _shut_in_game(off, None).outcome
    assert nobody is not None
    assert nobody.shut_in == ()


#: baike-common with 6s held back; the royals (0, 2) go out first and second and win, and
#: the rebel (4) is left holding his 6: down to his last play, never made.
REBEL_LOST_DOWN_TO_6 = (
    [["BJ*"], ["9s", "Ks"], ["SJ*"], ["10h", "Qs"], ["6s"]],
    [
        *("BJ", A.PASS, A.PASS, A.PASS, A.PASS),  # the emperor out; 接风 to 1
        *("9", "SJ", A.PASS, A.PASS, A.PASS),  # the guard out; 接风 to 3
        *("10", A.PASS, "K", A.PASS, A.PASS, "Q"),  # 1, then 3 out: 4 is left
    ],
)


def test_a_rebel_down_to_his_held_back_cards_is_shut_in_when_his_side_lost():
    # shut_in_when: lost_down_to_them: the royals won, so the rebel left with his 6 is 闷.
    held = [{"rank": "6", "shut_in": True, "shut_in_when": "lost_down_to_them"}]
    hands, script = REBEL_LOST_DOWN_TO_6
    game = _in_play(hands, variant("baike-common", **{"play.hold_back": held}))
    _script(game, *script)
    assert game.outcome is not None
    assert game.outcome.score is not None
    assert game.outcome.score.outcome == "win"
    assert game.outcome.finish == (0, 2, 1, 3, 4)
    assert game.outcome.shut_in == (4,)


#: The rebel (4) ends last holding 5 6; his side won (the royals lost).
REBEL_LEFT_WITH_5_6 = (
    [["BJ*", "7s"], ["9s"], ["SJ*", "10h"], ["Qs"], ["5s", "6s"]],
    ["7", "9", A.PASS, "Q", A.PASS, "BJ", A.PASS, A.PASS, "SJ 10"],
)


def test_a_held_back_rank_that_does_not_shut_in_does_not_spare_another():
    # 5s shut in only a loser (lost_down_to_them) and 5 6 is no single play anyway, but
    # any 6 still held shuts its holder in (still_holding): the winning rebel is 闷.
    held = [
        {"rank": "5", "shut_in": True, "shut_in_when": "lost_down_to_them"},
        {"rank": "6", "shut_in": True, "shut_in_when": "still_holding"},
    ]
    hands, script = REBEL_LEFT_WITH_5_6
    game = _in_play(hands, variant("baike-common", **{"play.hold_back": held}))
    _script(game, *script)
    assert game.outcome is not None
    assert game.outcome.score is not None
    assert game.outcome.score.outcome == "lose"
    assert game.outcome.shut_in == (4,)


# --------------------------------------------------------------------------- §6.4 early end

#: The emperor (0) and his guard (3) go out first and second: the royals are all out. Left:
#: 1 with one card, 2 with one, 4 with two.
ROYALS_OUT_GUARD_3 = [["BJ*"], ["9s", "10s"], ["5s"], ["SJ*"], ["4s", "4h"]]


def test_players_left_at_an_early_end_are_ranked_from_the_seat_after_the_last_out():
    # The guard (3) went out last: the seats left rank in play order from him, 4, 1, 2
    # (play_order); by fewest cards, 1 and 2 (one card each) in that order, then 4.
    for order, finish in (("play_order", (0, 3, 4, 1, 2)), ("fewest_cards", (0, 3, 1, 2, 4))):
        cv = variant("baike-common", **{"end.when": "one_side_out", "end.unfinished_order": order})
        game = _in_play(ROYALS_OUT_GUARD_3, cv)
        assert game.guard == 3
        _script(game, "BJ", A.PASS, A.PASS, A.PASS, A.PASS, "9", A.PASS, "SJ")
        assert game.outcome is not None
        assert game.outcome.finish == finish, order
        assert summary(game)["finish"] == list(finish), order


# --------------------------------------------------------------------------- Game.observe

#: The keys of the observation: the API's GameView (OpenAPI) without what the play view
#: adds (id, variant, question, legal, automatic, result …); the editor's play tab reads them.
OBSERVATION_KEYS = {
    "seat",
    "phase",
    "to_act",
    "dealer",
    "hand",
    "hand_sizes",
    "emperor",
    "emperor_card_holder",
    "called_card",
    "guard",
    "i_am_guard",
    "solo",
    "rebels_declared",
    "events",
    "tips",
    "trick",
    "trick_owner",
    "finish",
    "played",
}


def test_the_observation_lists_the_cards_played_so_far_by_rank():
    game = _in_play(HANDS)
    assert set(game.observe(1)) == OBSERVATION_KEYS
    assert game.observe(1)["played"] == {}
    _script(game, "8 8 8", A.PASS, A.PASS, A.PASS, A.PASS, "7", "9", "J")
    for seat in range(5):
        seen = game.observe(seat)
        assert set(seen) == OBSERVATION_KEYS
        assert seen["played"] == {"J": 1, "9": 1, "8": 3, "7": 1}, seat
        assert seen["trick"] == "J"


# --------------------------------------------------------------------------- Game.view


def _bid(game: Game) -> None:
    """The first seat offered the throne ascends."""
    while game.phase == "bidding":
        options = legal(game)
        game.apply(A.ASCEND if A.ASCEND in options else options[0])


def test_before_the_bidding_ends_a_bot_is_told_no_emperor_and_counts_its_own_hand():
    game = rigged(bundled("baike-common"), HANDS)
    assert game.phase == "bidding"
    for seat in range(5):
        view = game.view(seat)
        assert view.emperor is None, seat
        assert view.hand_sizes == (5, 3, 3, 3, 3)
        assert sum(view.counts) == len(view.hand) == len(HANDS[seat]), seat
        expected = [0] * 21
        for rank in play(" ".join(c.rstrip("shcd*") for c in HANDS[seat])):
            expected[rank] += 1
        assert view.counts == tuple(expected), seat
    _bid(game)
    assert game.view(3).emperor == 0


def test_the_emperor_knows_an_open_guard_as_his_partner():
    game = rigged(bundled("baike-common"), HANDS)
    _bid(game)
    answer(game, A.OPEN_GUARD)
    assert game.phase == "play"
    assert game.view(0).known_partner == 2  # the emperor: his open guard
    assert game.view(2).known_partner == 0  # the guard: his emperor
    assert game.view(1).known_partner is None  # a rebel: no teammate for sure
    hidden = rigged(bundled("baike-common"), HANDS)
    _bid(hidden)
    answer(hidden, A.HIDDEN_GUARD)
    assert hidden.view(0).known_partner is None  # a hidden guard: not even to the emperor
    assert hidden.view(2).known_partner == 0


#: The emperor (0) holds both the emperor card and the guard card: he plays alone.
SOLO = [
    ["BJ*", "SJ*", "7s"],
    ["9s", "10s", "Ah"],
    ["Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def test_every_seat_is_told_of_an_open_solo_only_the_emperor_of_a_hidden_one():
    for declared, seen_by_others in ((A.OPEN_SOLO, "open"), (A.HIDDEN_SOLO, None)):
        game = rigged(bundled("baike-common"), SOLO)
        _bid(game)
        answer(game, declared)
        assert game.phase == "play"
        kind = "open" if declared == A.OPEN_SOLO else "hidden"
        assert game.view(0).solo == kind
        assert [game.view(s).solo for s in range(1, 5)] == [seen_by_others] * 4
        assert game.observe(1)["solo"] == seen_by_others


def test_a_finished_game_asks_nobody_anything():
    game = _in_play(HANDS)
    assert game.view(0).question == "lead"
    _script(game, "8 8 8", A.PASS, A.PASS, A.PASS, A.PASS, "7", "9")
    assert game.view(2).question == "follow"
    while not game.finished:
        game.apply(game.default_action())
    assert [game.view(s).question for s in range(5)] == [""] * 5


def test_a_declared_solo_is_open_to_every_seat():
    # baike-classic: 声明独保 in the bidding, no guard card to reveal (guard_card: null).
    hands = [list(h) for h in HANDS]
    hands[2][0] = "SJ"
    game = rigged(bundled("baike-classic"), hands)
    while game.phase == "bidding":
        options = legal(game)
        game.apply(A.DECLARE_SOLO if A.DECLARE_SOLO in options else A.NO_GRAB)
    assert game.phase == "play"
    assert game.emperor == 0
    assert [game.view(s).solo for s in range(5)] == ["open"] * 5
    assert [game.observe(s)["solo"] for s in range(5)] == ["open"] * 5
    assert game.observe(1)["guard"] is None
