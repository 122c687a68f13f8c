"""Tribute fields not shown elsewhere (docs/rules.md §9.2; issue 22): the rows keyed by the
guard's openness and the outcome, the card a giver hands over, 科贡 paid in 2s, and the
shut-in tribute (闷贡). Each shown firing and not firing; the tribute is paid into a rigged
deal of the next game through ``Game.new(..., tribute=..., hands=...)``.
"""

from __future__ import annotations

from typing import Any

import pytest

from baohuang.engine.deck import card_from_text, card_text
from baohuang.engine.game import Game
from baohuang.engine.scoring import make_result
from baohuang.engine.tribute import TributePlan, plan_tribute
from tests.engine.rigging import bundled, variant

WIN = make_result(0, 1, [0, 1, 2, 3, 4])
LOSE = make_result(0, 1, [2, 3, 4, 0, 1])


@pytest.mark.parametrize(
    ("result", "outcome", "guard_open", "givers"),
    [
        (WIN, "win", True, ((2, 2), (3, 2), (4, 2))),  # 明保 win: two from each rebel
        (LOSE, "lose", True, ((0, 3), (1, 3))),  # 明保 lose: 3 each
        (LOSE, "lose", False, ((0, 2), (1, 1))),  # 暗保 lose: emperor 2, guard 1
        (WIN, "win", False, ((2, 1), (3, 1), (4, 1))),  # 暗保 win (the data's assumption)
        (WIN, "draw", True, ()),  # a draw pays no 科贡
    ],
)
def test_the_tribute_row_follows_guard_and_outcome(result, outcome, guard_open, givers):
    plan = plan_tribute(bundled("tcy-bie3"), result, outcome, guard_open=guard_open)
    assert plan.givers == givers


def paid(cv, plan: TributePlan, giver_hand: list[str], giver: int = 2) -> list[str]:
    """The cards `giver` (holding `giver_hand`) hands over into the next deal."""
    hands: list[list[str]] = [["BJ*", "9s"], ["9h"], ["9c"], ["9d"], ["10s"]]
    hands[giver] = list(giver_hand)
    game = Game.new(cv, 0, tribute=plan, hands=hands)
    dealt = {card_from_text(c) for c in giver_hand}
    return sorted(card_text(c) for c in dealt if card_text(c) not in game.observe(giver)["hand"])


ONE_CARD = TributePlan(givers=((2, 1),), takers=((0, 1),))


def qingdao(**changes: Any):
    return variant("baike-qingdao", **changes) if changes else bundled("baike-qingdao")


@pytest.mark.parametrize(("card", "given"), [("highest", ["SJ"]), ("highest_non_joker", ["Ah"])])
def test_the_tribute_card(card, given):
    assert paid(qingdao(**{"tribute.card": card}), ONE_CARD, ["SJ", "Ah", "7s"]) == given


@pytest.mark.parametrize(("paid_in", "given"), [("2", ["2s"]), (None, ["SJ"])])
def test_tribute_paid_in_twos(paid_in, given):
    # 科贡进2: while the giver has a 2 he pays in 2s, though he holds a higher card.
    cv = qingdao(**{"tribute.paid_in": paid_in})
    assert paid(cv, ONE_CARD, ["SJ", "2s", "7s"]) == given


@pytest.mark.parametrize(
    ("handed", "to_0", "to_1"), [("picked", "Ah", "7s"), ("in_order", "7s", "Ah")]
)
def test_the_cards_given_are_picked_or_handed_in_order(handed, to_0, to_1):
    # Seats 2 and 3 give (in that order), seats 0 and 1 take (in that order): by default
    # the first taker picks the ace; handed in order he gets the first giver's 7.
    cv = qingdao(**{"tribute.handed": handed})
    plan = TributePlan(givers=((2, 1), (3, 1)), takers=((0, 1), (1, 1)))
    game = Game.new(cv, 0, tribute=plan, hands=[["BJ*", "9s"], ["9h"], ["7s"], ["Ah"], ["10s"]])
    assert to_0 in game.observe(0)["hand"]
    assert to_1 in game.observe(1)["hand"]


@pytest.mark.parametrize(("kept", "given"), [(False, ["BJ*"]), (True, ["SJ"])])
def test_the_emperor_card_may_be_kept_from_the_tribute(kept, given):
    # A tribute that never takes the emperor card: his only big joker stays with him.
    cv = qingdao(**{"tribute.keeps_emperor_card": kept})
    emperor_pays = TributePlan(givers=((0, 1),), takers=((2, 1),))
    assert paid(cv, emperor_pays, ["BJ*", "SJ", "7s"], giver=0) == given


@pytest.mark.parametrize(("without", "given"), [("card", ["SJ"]), ("nothing", [])])
def test_without_the_paid_in_rank_nothing_is_given(without, given):
    # 落贡进2、没有2不进贡: a giver without a 2 gives nothing (or, by default, his card).
    cv = qingdao(**{"tribute.paid_in": "2", "tribute.without_paid_in": without})
    assert paid(cv, ONE_CARD, ["SJ", "Ah", "7s"]) == given
    assert paid(cv, ONE_CARD, ["SJ", "2s", "7s"]) == ["2s"]


@pytest.mark.parametrize(
    ("shut_in", "receiver", "given"),
    [
        ({"count": 1, "card": "highest", "to": "game_ender"}, 3, ["SJ"]),
        ({"count": 1, "card": "highest", "to": "first"}, 0, ["SJ"]),
        ({"count": 2, "card": "highest", "to": "game_ender"}, 3, ["2s", "SJ"]),
        ({"count": 1, "card": "as_tribute", "to": "game_ender"}, 3, ["2s"]),  # paid in 2s
    ],
)
def test_shut_in_tribute(shut_in, receiver, given):
    # 闷贡: seat 2 was shut in; seat 3's going out ended the game; seat 0 went out first.
    cv = variant("tcy-bie3", **{"tribute.shut_in": shut_in, "tribute.rules": []})
    plan = plan_tribute(cv, WIN, "win", shut_in=[2], game_ender=3)
    assert plan.shut_in == ((2, receiver, shut_in["count"]),)
    assert paid(cv, plan, ["SJ", "2s", "7s"]) == given
