"""The game: cases found by mutation testing (`make mutation`, README "Mutation testing").

Rigged deals and their refusals (``Game.new(..., hands=...)``), 托管's answer
(``Game.default_action``), and a game nobody ascends in: after the last redeal it ends
unscored, with its reason.
"""

from __future__ import annotations

import pytest

from baohuang.engine import actions as A
from baohuang.engine.deck import card_from_text
from baohuang.engine.game import MAX_REDEALS, Game
from baohuang.engine.reasons import say
from baohuang.engine.record import make_record, replay_record, summary
from baohuang.i18n import speaking
from tests.engine.rigging import answer, bundled, rigged
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
