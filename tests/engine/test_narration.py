"""The narration of a game (issue #19): a sentence per action and per thing the table does,
and what each seat is told (a seat's secrets are told in full to it only)."""

from __future__ import annotations

import random

from baohuang.bots import make_policy
from baohuang.engine import actions as A
from baohuang.engine.cards import RANK_NAMES
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.engine.narration import ALL_SEATS, Narrator, hand_cards, narrate, tell
from baohuang.rules import load_bundled


def played(variant: str, seed: int) -> Narrator:
    cv = compile_variant(load_bundled(variant))
    narrator = Narrator(Game.new(cv, seed))
    policy = make_policy("heuristic", cv)
    rng = random.Random(seed)
    game = narrator.game
    while not game.finished:
        narrator.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
    return narrator


def test_every_action_is_told_once_in_order_and_the_end_is_told() -> None:
    narrator = played("baike-common", 3)
    indexed = [s.index for s in narrator.steps if s.index is not None]
    assert indexed == list(range(len(narrator.game.history)))
    assert narrator.steps[0].text.code == "deal"
    codes = [s.text.code for s in narrator.steps]
    end = next(i for i, code in enumerate(codes) if code in ("settled", "unscored"))
    # After the settlement: why each seat got its points, then the tribute owed.
    assert all(code.startswith("score_") or code == "tribute_owed" for code in codes[end + 1 :])
    outs = [s.seat for s in narrator.steps if s.text.code == "out"]
    assert outs == narrator.game.finish


def test_replaying_the_record_tells_the_same_story() -> None:
    narrator = played("tcy-bie3", 8)
    again = narrate(Game.new(narrator.game.cv, narrator.game.seed), narrator.game.history)
    assert [tell(s.text) for s in again.steps] == [tell(s.text) for s in narrator.steps]


def test_secrets_are_told_to_their_seat_only() -> None:
    secret_codes = {"hidden_guard", "hidden_solo", "abdicate_tip", "buy", "buy_paid", "open_guard"}
    seen = set()
    for variant, seed in (
        ("baike-weihai", 1),
        ("tcy-bie3", 2),
        ("tcy-bie3", 11),
        ("baike-common", 13),
    ):
        for step in played(variant, seed).steps:
            if step.text.code in secret_codes:
                seen.add(step.text.code)
                assert step.seen_by != ALL_SEATS
                for seat in set(range(5)) - step.seen_by:
                    told = step.told_to(seat)
                    assert told is None or told.code.endswith("_public"), (step, seat)
            else:
                assert step.seen_by == ALL_SEATS
                assert all(step.told_to(seat) == step.text for seat in range(5))
    assert {"hidden_guard", "abdicate_tip", "buy_paid"} <= seen


def test_a_tip_is_said_with_its_suit_symbol() -> None:
    tips = [s for s in played("tcy-bie3", 11).steps if s.text.code == "abdicate_tip"]
    assert tips
    assert tips[0].text.params["card"][-1] in "♠♥♣♦" or tips[0].text.params["card"] in ("SJ", "BJ")


def test_automatic_play_says_what_the_system_chose() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    narrator = Narrator(Game.new(cv, 5))
    chosen = narrator.game.default_action()
    narrator.apply(A.AUTO)
    step = narrator.steps[-1]
    assert step.text.code == "auto"
    assert step.text.params["what"].code == (chosen if isinstance(chosen, str) else "lead")


def test_hand_cards_keep_suits_and_marks_in_play() -> None:
    narrator = played("baike-common", 6)
    game = narrator.game
    replay = Narrator(Game.new(game.cv, game.seed))
    checked = 0
    for action in game.history:
        replay.apply(action)
        g = replay.game
        if g.phase != "play":
            continue
        for seat in range(5):
            cards = hand_cards(g, seat)
            ranks = [RANK_NAMES.index(c.rstrip("*").rstrip("shcd") or c) for c in cards]
            expected = [r for r in range(15, -1, -1) for _ in range(g.counts[seat][r])]
            assert sorted(ranks, reverse=True) == expected
            # Before the last card of a rank goes, the marked card stays in the hand.
            if g.counts[seat][RANK_NAMES.index("BJ")] and g.emperor == seat and not g.marks_void:
                assert "BJ*" in cards
        checked += 1
    assert checked > 20
