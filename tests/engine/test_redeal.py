"""流局: when nobody ascends the hand is dealt again — and it is still the same game.

The tribute owed from the previous game is paid from the new hands (it is not forgotten
because the first deal came to nothing), and cards bought (买3) belong to the new deal only.
"""

from __future__ import annotations

from collections import Counter

import pytest

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.engine.tribute import TributePlan
from baohuang.rules.loader import load_bundled

#: Seats 3 and 4 each owe one card; seats 0 and 1 take one each (a 9.2-style tribute).
PLAN = TributePlan(givers=((3, 1), (4, 1)), takers=((0, 1), (1, 1)))


def _decline_until_redeal(game: Game) -> None:
    """Everyone declines the throne whenever he may, until the hand is dealt again."""
    while game.redeals == 0 and game.phase == "bidding":
        legal = game.legal_actions()
        declines = [a for a in legal if a in (A.ABDICATE, A.PASS)]
        game.apply(declines[0] if declines else legal[0])


def _redealt_game(variant: str, first_deal_bought: bool = False) -> tuple[Game, list[object]]:
    cv = compile_variant(load_bundled(variant))
    for seed in range(400):
        game = Game.new(cv, seed, tribute=PLAN)
        first_buys = list(game.buys)
        if first_deal_bought and not first_buys:
            continue
        _decline_until_redeal(game)
        if game.redeals:
            return game, first_buys
    pytest.fail(f"no redeal in 400 seeds of {variant}")


def test_tribute_owed_is_paid_again_from_the_new_deal() -> None:
    game, _ = _redealt_game("tcy-bie3")
    moved = game.tribute_paid
    assert Counter(t.giver for t in moved) == Counter({3: 1, 4: 1})
    assert Counter(t.receiver for t in moved) == Counter({0: 1, 1: 1})
    sizes = game.cv.variant.deal.hand_sizes
    dealt = [sizes[(seat - game.dealer) % 5] for seat in range(5)]
    held = [len(hand) for hand in game.hands]
    assert [held[s] - dealt[s] for s in range(5)] == [1, 1, 0, -1, -1]


def test_cards_bought_belong_to_the_new_deal() -> None:
    game, first_buys = _redealt_game("tcy-bie3", first_deal_bought=True)  # 买3
    assert game.buys[: len(first_buys)] != first_buys, "the first deal's purchases are gone"
    buyers = [buyer for buyer, _seller, _card, _paid in game.buys]
    assert len(buyers) == len(set(buyers)), "a seat buys at most once per deal"
    for buyer, _seller, card, _paid in game.buys:
        assert card in game.hands[buyer]
