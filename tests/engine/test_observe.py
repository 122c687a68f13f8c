"""Observations (issue 4): a seat sees its own cards and public facts, never hidden ones."""

from __future__ import annotations

import json

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.rules import load_bundled


def hidden_guard_game() -> Game:
    """A baike-common game in play where the guard stayed hidden."""
    cv = compile_variant(load_bundled("baike-common"))
    for seed in range(200):
        game = Game.new(cv, seed)
        while game.phase != "play" and not game.finished:
            legal = game.legal_actions()
            for preferred in (A.ASCEND, A.HIDDEN_GUARD, A.HIDDEN_SOLO):
                if preferred in legal:
                    game.apply(preferred)
                    break
            else:
                game.apply(legal[0])
        if game.phase == "play" and game.guard is not None:
            return game
    raise AssertionError("no hidden-guard game found")


def test_hidden_guard_stays_hidden_from_everyone_but_himself():
    game = hidden_guard_game()
    for seat in range(5):
        seen = game.observe(seat)
        view = game.view(seat)
        if seat == game.guard:
            assert seen["i_am_guard"]
            assert view.i_am_guard
            assert view.known_partner == game.emperor
        else:
            assert seen["guard"] is None
            assert not seen["i_am_guard"]
            assert view.public_guard is None
            assert not view.i_am_guard
        if seat == game.emperor:
            assert view.known_partner is None  # the emperor does not know his hidden guard


def test_observation_shows_own_hand_and_only_sizes_of_others():
    game = hidden_guard_game()
    seen = game.observe(0)
    assert len(seen["hand"]) == seen["hand_sizes"][0]
    text = json.dumps(seen)
    assert "hands" not in text
    assert sum(seen["hand_sizes"]) == game.cv.shoe.size


def test_open_guard_is_public():
    cv = compile_variant(load_bundled("baike-common"))
    game = Game.new(cv, 3)
    while game.phase != "play":
        legal = game.legal_actions()
        choice = next((a for a in (A.ASCEND, A.OPEN_GUARD, A.OPEN_SOLO) if a in legal), legal[0])
        game.apply(choice)
    if game.guard is not None:
        assert all(game.observe(s)["guard"] == game.guard for s in range(5))
        assert "open_guard" in game.observe(0)["events"]


def test_automatic_play_locks_on_with_the_fourth_spell():
    # RULES.md §7: 托管超过三次, counted per spell (tests/engine/test_rule_fidelity.py has
    # the spell-by-spell case); four spells in a row of single turns lock it on.
    cv = compile_variant(load_bundled("jj-standard"))
    game = Game.new(cv, 2)
    spells = 0
    while not game.finished and spells < 4:
        if game.to_act == 0:
            game.apply(A.AUTO)
            spells += 1
            while not game.finished and game.to_act != 0:
                game.apply(game.legal_actions()[0])
            if not game.finished and spells < 4:
                game.apply(game.legal_actions()[0])  # he acts himself: the spell ends
        else:
            game.apply(game.legal_actions()[0])
    assert game.auto_spells[0] == 4
    assert game.locked(0)
    while not game.finished and game.to_act != 0:
        game.apply(game.legal_actions()[0])
    if not game.finished:
        legal = game.legal_actions()
        assert len(legal) == 1
        assert legal[0] != A.AUTO
