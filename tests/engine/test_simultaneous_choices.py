"""Choices made at the same time stay hidden until all are in (issue #33).

In 憋六 (tcy-bie6) the rebels choose while the guard chooses (保子选择明保暗保的同时，反贼可以
选择造反或者不造反). Until the last of them has chosen, no seat may learn another's choice:
not from its observation, not from the policy view the bots read, not from the steps it is
told. Once all have chosen, everyone is told who rebelled.
"""

from __future__ import annotations

import random

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.engine.narration import Narrator
from baohuang.rules import load_bundled

OTHERS_CHOICE = {"rebel", "no_rebel"}


def test_no_seat_learns_another_rebels_choice_before_all_have_chosen() -> None:
    cv = compile_variant(load_bundled("tcy-bie6"))
    rounds = 0
    for seed in range(40):
        narrator = Narrator(Game.new(cv, seed))
        game = narrator.game
        rng = random.Random(seed)
        while not game.finished and game.phase != "play":
            was_open = game.phase == "declarations" and game._declarations.simultaneous
            if was_open:
                for seat in range(5):
                    assert set(game.observe(seat)["rebels_declared"]) <= {seat}
                    assert set(game.view(seat).rebels_declared) <= {seat}
                    for step in narrator.steps:
                        told = step.as_json(seat)
                        if told is not None and step.seat != seat:
                            assert told["code"] not in OTHERS_CHOICE, (seed, seat, told)
            options = [a for a in game.legal_actions() if a != A.AUTO]
            # Rebel often, so that rounds with declared rebels are common.
            choice = A.REBEL if A.REBEL in options and rng.random() < 0.5 else rng.choice(options)
            narrator.apply(choice)
            if was_open and not (game.phase == "declarations" and game._declarations.simultaneous):
                rounds += 1
                declared = list(game.rebels_declared)
                for seat in range(5):
                    assert game.observe(seat)["rebels_declared"] == declared
                    told = [s.as_json(seat) for s in narrator.steps]
                    assert any(
                        t is not None and t["code"] in ("rebels_chose", "nobody_rebelled")
                        for t in told
                    )
    assert rounds >= 10
