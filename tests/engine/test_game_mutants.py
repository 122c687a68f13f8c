"""The game: cases found by mutation testing (`make mutation`, docs/development.md).

Rigged deals and their refusals (``Game.new(..., hands=...)``), 托管's answer
(``Game.default_action``), and a game nobody ascends in: after the last redeal it ends
unscored, with its reason.
"""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from baohuang.engine.deck import RANK_OF, card_from_text, card_text
from baohuang.engine.game import MAX_REDEALS, Game, IllegalAction
from baohuang.engine.narration import narrate
from baohuang.engine.reasons import say
from baohuang.engine.record import make_record, replay_record, summary
from baohuang.i18n import speaking
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


def _hands(game: Game) -> list[list[str]]:
    """Each seat's cards as its owner sees them (before play)."""
    return [game.observe(seat)["hand"] for seat in range(5)]


# --------------------------------------------------------------------------- rigged deals


@pytest.mark.parametrize("dealer", [0, 2, 4])
def test_the_first_seat_dealt_is_the_dealer_and_gets_the_extra_card(dealer):
    # docs/rules.md §2.1: 216 cards to five seats, dealt in seat order from the dealer, who gets 44.
    game = Game.new(bundled("baike-common"), 5, dealer=dealer)
    assert game.hand_sizes() == [44 if seat == dealer else 43 for seat in range(5)]


def test_rigged_hands_may_be_card_ids_or_notation():
    cv = bundled("baike-common")
    by_text = rigged(cv, HANDS)
    by_id = Game.new(cv, 0, hands=[[card_from_text(c) for c in hand] for hand in HANDS])
    assert _hands(by_id) == _hands(by_text)
    assert sorted(by_id.observe(0)["hand"]) == sorted(HANDS[0])


@pytest.mark.parametrize("count", [4, 6])
def test_rigged_deal_needs_five_hands(count):
    hands = (HANDS * 2)[:count]
    with pytest.raises(ValueError, match=r"^Give exactly five hands, one per seat\.$"):
        Game.new(bundled("baike-common"), 0, hands=hands)


def test_rigged_deal_refuses_more_copies_than_the_shoe_holds():
    cv = bundled("jj-standard")
    copies = cv.shoe.fixed.count(card_from_text("9s"))
    hands = [list(h) for h in HANDS]
    hands[1] = ["9s"] * (copies + 1)
    message = (
        r"^Seat 1: 9s is not in this variant's shoe "
        r"\(or more copies were given than it holds\)\.$"
    )
    with pytest.raises(ValueError, match=message):
        Game.new(cv, 0, hands=hands)
    hands[1] = ["9s"] * copies  # as many as it holds: dealt
    assert Game.new(cv, 0, hands=hands).observe(1)["hand"] == ["9s"] * copies


# --------------------------------------------------------------------------- 托管


def test_default_action_is_what_automatic_play_would_do():
    game = rigged(bundled("baike-common"), HANDS)
    assert game.phase == "bidding"
    assert game.default_action() in legal(game)
    to_play(game)
    assert game.to_act == 0
    assert game.default_action() == play("7")  # the smallest lead
    answer(game, play("8 8 8"))
    assert game.to_act == 1
    assert game.default_action() == A.PASS  # following: pass


# --------------------------------------------------------------------------- 流局 limit


def _decline_everything(game: Game) -> None:
    while game.phase == "bidding":
        options = game.legal_actions()
        declines = [a for a in options if a in (A.ABDICATE, A.PASS)]
        game.apply(declines[0] if declines else options[0])


def test_a_game_nobody_ascends_ends_unscored_after_the_last_redeal():
    game = Game.new(bundled("jj-standard"), 0)
    _decline_everything(game)
    assert game.finished
    assert game.redeals == MAX_REDEALS + 1
    outcome = game.outcome
    assert outcome is not None
    assert outcome.score is None
    assert outcome.finish == ()
    assert outcome.tribute.empty
    reason = outcome.unscored_reason
    assert reason is not None
    assert reason.code == "unscored_no_ascent"
    assert str(reason) == "Nobody ascended after many redeals."
    with speaking("zh"):
        assert say(reason) == "重发多次后仍没有人登基。"
    seen = summary(game)
    assert seen["finished"]
    assert seen["points"] is None
    assert seen["money"] is None
    assert seen["outcome"] is None
    assert seen["finish"] == []
    with speaking("en"):
        assert summary(game)["unscored_reason"] == "Nobody ascended after many redeals."
    again = replay_record(game.cv, make_record(game))
    assert again.ok
    assert again.game.outcome == outcome


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("before", "action", "english", "chinese", "params"),
    [
        (
            [],
            A.OPEN_GUARD,
            "'open_guard' is not allowed for seat 0 now (bidding); allowed: ascend, abdicate.",
            "座位 0 现在（叫牌阶段）不能“open_guard”；可以：「ascend、abdicate」。",
            {"action": "open_guard", "seat": 0, "phase": "phase_bidding"},
        ),
        (
            [A.ASCEND],
            A.ASCEND,
            "'ascend' is not allowed for seat 2 now (declarations); "
            "allowed: open_guard, hidden_guard.",
            "座位 2 现在（表态阶段）不能“ascend”；可以：「open_guard、hidden_guard」。",
            {"action": "ascend", "seat": 2, "phase": "phase_declarations"},
        ),
    ],
    ids=["bidding", "declarations"],
)
def test_a_word_not_allowed_now_is_refused_with_the_allowed_ones(
    before, action, english, chinese, params
):
    game = rigged(bundled("baike-common"), HANDS)
    answer(game, *before)
    allowed = legal(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    why = caught.value.args[0]
    assert str(why) == english
    data = why.as_json()
    assert data["code"] == "not_allowed_now"
    assert data["params"]["action"] == params["action"]
    assert data["params"]["seat"] == params["seat"]
    assert data["params"]["phase"] == {"code": params["phase"], "params": {}}
    assert data["params"]["allowed"] == {"code": "commas", "params": {"items": allowed}}
    with speaking("zh"):
        assert say(why) == chinese
    assert legal(game) == allowed  # refused: nothing changed


# --------------------------------------------------------------------------- guard open


#: Tribute rows that tell an open guard from a hidden one (as tcy-bie3's), for a royal win.
TRIBUTE_BY_GUARD = {
    "card": "highest",
    "rules": [
        {
            "when": {"guard": "open", "outcome": "win"},
            "give": [{"who": "rebels", "count": 2}],
            "take": [{"who": "emperor", "count": 3}, {"who": "guard", "count": 3}],
        },
        {
            "when": {"guard": "hidden", "outcome": "win"},
            "give": [{"who": "rebels", "count": 1}],
            "take": [{"who": "emperor", "count": 2}, {"who": "guard", "count": 1}],
        },
    ],
}


@pytest.mark.parametrize(
    ("reveal", "answers", "open_row"),
    [
        ("choice", [A.OPEN_GUARD], True),
        ("choice", [A.HIDDEN_GUARD], False),
        ("open", [], True),  # the data reveals him
        ("hidden", [], False),
    ],
)
def test_the_tribute_row_follows_how_the_guard_was_revealed(reveal, answers, open_row):
    cv = variant(
        "baike-common",
        tribute=TRIBUTE_BY_GUARD,
        **{"declarations.guard_reveal": reveal},
    )
    hands = [["BJ*", "Ks"], ["SJ*", "Qs"], ["9s", "9h"], ["10s", "10h"], ["Js", "Jh"]]
    game = rigged(cv, hands)
    answer(game, A.ASCEND, *answers)
    assert game.phase == "play"
    while not game.finished:  # the royals play out, the rebels pass whenever they may
        options = legal(game)
        royal = game.to_act in (0, 1)
        game.apply(A.PASS if A.PASS in options and not royal else options[0])
    outcome = game.outcome
    assert outcome is not None
    assert outcome.finish[:2] == (0, 1)
    assert outcome.score is not None
    assert outcome.score.outcome == "win"
    plan = outcome.tribute.as_dict()
    if open_row:
        assert plan["give"] == [{"seat": s, "count": 2} for s in (2, 3, 4)]
        assert plan["take"] == [{"seat": 0, "count": 3}, {"seat": 1, "count": 3}]
    else:
        assert plan["give"] == [{"seat": s, "count": 1} for s in (2, 3, 4)]
        assert plan["take"] == [{"seat": 0, "count": 2}, {"seat": 1, "count": 1}]


# --------------------------------------------------------------------------- the top card


def test_a_grabbed_solo_has_no_card_above_the_big_joker():
    # hd: the called card is the top card (特画); a grabbed solo calls none, so nobody holds
    # one and every hand is played as dealt.
    hands = [["BJ*", "7s", "8s"], ["9s", "10s", "Ah"], ["SJ", "Js", "5s"], ["Qs", "Qh", "6s"]]
    hands.append(["Ks", "Kh", "4s"])
    game = rigged(bundled("hd"), hands)
    answer(game, A.NO_GRAB, A.NO_GRAB, A.NO_GRAB, A.GRAB)  # seat 2 grabs the solo
    assert game.phase == "play"
    assert game.solo == "open"
    assert game.called_card is None
    assert [game.observe(s)["hand"] for s in range(5)] == [
        ["8", "7"],
        ["A", "10", "9"],
        ["BJ", "SJ", "J", "5"],
        ["Q", "Q", "6"],
        ["K", "K", "4"],
    ]


# --------------------------------------------------------------------------- applying plays


def test_a_play_given_low_to_high_is_taken_as_the_same_play():
    hands = [list(h) for h in HANDS]
    hands[0] += ["SJ"]
    game = rigged(bundled("baike-common"), hands)
    to_play(game)
    game.apply(tuple(reversed(play("SJ 8 8 8"))))
    assert game.history[-1] == play("SJ 8 8 8")
    assert game.observe(1)["trick"] == "SJ 8 8 8"
    assert game.to_act == 1


def test_a_seat_locked_on_automatic_play_may_only_make_its_default_move():
    cv = variant(
        "baike-common", **{"play.automatic.lock_after": 1, "play.automatic.counted": "turns"}
    )
    game = rigged(cv, HANDS)
    to_play(game)
    for _ in range(2):  # two automatic turns of seat 0: past lock_after 1
        assert game.to_act == 0
        game.apply(A.AUTO)
        answer(game, A.PASS, A.PASS, A.PASS, A.PASS)
    assert game.to_act == 0
    assert game.locked(0)
    assert legal(game) == [game.default_action()]
    with pytest.raises(IllegalAction) as caught:
        game.apply(play("8 8"))
    why = caught.value.args[0]
    assert why.code == "automatic_only_default"
    assert str(why) == "Seat 0 is on automatic play; only its default move is allowed."
    game.apply(game.default_action())  # his default move is taken


# --------------------------------------------------------------------------- called guard


def test_copies_of_the_called_card_split_between_players_the_nearest_downstream_guards():
    # hd (four decks), calling with two identical cards: the emperor in seat 2 calls 4♠,
    # the other copies are with seats 0 and 3, and seat 3 comes first downstream of him.
    hands = [["4s", "7h"], ["9d", "Qs"], ["BJ*", "4s", "4s", "Ks"], ["4s", "Jh"], ["Kd", "Ac"]]
    game = rigged(variant("hd", **{"bidding.guard.min_identical": 2}), hands)
    to_play(game)
    assert game.emperor == 2
    assert game.observe(0)["called_card"] == "4s"
    assert [s for s in range(5) if game.view(s).i_am_guard] == [3]
    assert game.guard == 3


def test_after_a_play_no_deferrer_is_waiting_to_answer():
    game = rigged(bundled("baike-common"), HANDS)
    to_play(game)
    answer(game, play("8 8 8"))
    assert game.second_circle == []
    assert game.passes == 0
    assert game.trick_owner == 0


# --------------------------------------------------------------------------- 买3


def _bought(game: Game) -> list[tuple[int, int, str, str | None]]:
    """The sales of the deal: (buyer, seller, card, card paid or None)."""
    return [
        (buyer, seller, card_text(card), None if paid is None else card_text(paid))
        for buyer, seller, card, paid in game.buys
    ]


def test_on_a_tie_the_nearest_seller_downstream_of_the_buyer_sells():
    # tcy-bie3 (seller most_held): seats 0 and 2 hold two 3s each; seat 1, dealt none, buys
    # from seat 2 (next after him), not from seat 0 (four seats on), and pays with his 2.
    hands = [["BJ*", "3s", "3h"], ["2s", "Ks"], ["3c", "3d", "Qs"], ["3s", "Js"], ["3h", "10s"]]
    game = rigged(bundled("tcy-bie3"), hands)
    assert _bought(game) == [(1, 2, "3d", "2s")]
    assert game.hand_sizes() == [3, 2, 3, 2, 2]
    assert "2s" in game.observe(2)["hand"]


@pytest.mark.parametrize(
    ("if_unable", "sales", "told"),
    [
        ("gift", [(1, 0, "3d", None), (3, 0, "3c", "2h")], ["buy", "buy_paid"]),  # 送3
        ("skip", [(3, 0, "3d", "2h")], ["buy_paid"]),  # seat 1 goes without; seat 3 still buys
    ],
)
def test_a_buyer_without_a_two_is_given_a_three_or_goes_without(if_unable, sales, told):
    # docs/rules.md §6.2: in play order from the first seat dealt; seat 1 has no 2 to pay with.
    hands = [["BJ*", "3s", "3c", "3d"], ["Ks"], ["3h", "Qs"], ["2h", "Js"], ["3s", "10s"]]
    game = rigged(variant("tcy-bie3", **{"deal.buy.if_unable": if_unable}), hands)
    assert _bought(game) == sales
    assert ("3d" in game.observe(1)["hand"]) == (if_unable == "gift")
    steps = narrate(game, []).steps
    assert [s.text.code for s in steps if s.text.code.startswith("buy")] == told


# --------------------------------------------------------------------------- the seat's view


@pytest.mark.parametrize(("variant_id", "held_back"), [("tcy-bie3", ["3"]), ("baike-common", [])])
def test_every_seat_sees_the_held_back_ranks_of_the_variant(variant_id, held_back):
    # 憋三 (docs/rules.md §6.2): the 3s come last; a public rule, in every seat's view from
    # the deal.
    game = Game.new(bundled(variant_id), 0)
    ranks = tuple(RANK_OF[card_from_text(f"{r}s")] for r in held_back)
    assert [game.view(seat).hold_back for seat in range(5)] == [ranks] * 5
