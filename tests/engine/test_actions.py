"""Plays handed to ``Game.apply`` as tuples (bots, the OpenSpiel wrapper, scripts): in any
order they are the same play; items that are not ranks are refused with the game's reason,
never a Python error."""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.reasons import code_of, say
from baohuang.i18n import speaking
from tests.engine.rigging import answer, bundled, rigged
from tests.engine.rule_coverage import play, to_play

#: baike-common (fixed guard): seat 0 the emperor card, seat 2 the guard card.
HANDS = [
    ["BJ*", "7s", "8s", "8h", "8c"],
    ["9s", "10s", "Ah"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def _leading() -> Game:
    game = rigged(bundled("baike-common"), HANDS)
    to_play(game)
    assert game.to_act == 0
    return game


def test_a_play_in_any_order_is_the_same_play():
    game = _leading()
    low_first = tuple(reversed(play("BJ 8 8 8")))
    game.apply(low_first)
    assert game.history[-1] == play("BJ 8 8 8")
    assert game.observe(1)["trick"] == "BJ 8 8 8"
    answer(game, A.PASS)


@pytest.mark.parametrize("items", [("8", 3), (3, "8"), (None, 3), (8.0, 8, 8), (True,)])
def test_a_play_of_items_that_are_not_ranks_is_refused_with_the_reason(items):
    game = _leading()
    with pytest.raises(IllegalAction) as caught:
        game.apply(items)
    refused = caught.value.args[0]
    assert code_of(refused) == "ranks_out_of_range"
    with speaking("en"):
        assert say(refused) == "A play is made of rank numbers 0 to 20."
    assert game.to_act == 0  # nothing happened
    assert game.history[-1] != items
