"""Observations (issue 4): a seat sees its own cards and public facts, never hidden ones."""

from __future__ import annotations

import json

import pytest

from baohuang.engine import actions as A
from baohuang.engine.compiled import compile_variant
from baohuang.engine.deck import card_text
from baohuang.engine.game import Game
from baohuang.rules import load_bundled
from tests.engine.rigging import answer, bundled, rigged, variant
from tests.engine.rule_coverage import play, to_play, words


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
    # docs/rules.md §7: 托管超过三次, counted per spell (tests/engine/test_rule_fidelity.py has
    # the spell-by-spell case); four spells in a row of single turns lock it on.
    cv = compile_variant(load_bundled("lianzhong-simple"))
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


# --------------------------------------------------------------------------- Game.view
# What a bot is given at each decision (cases found by mutation testing): rigged deals.

#: baike-common (fixed guard): seat 0 the emperor card, seat 2 the guard card.
PLAY_HANDS = [
    ["BJ*", "7s", "8s", "8h", "8c"],
    ["9s", "10s", "Ah"],
    ["SJ*", "Js", "5s"],
    ["Qs", "Qh", "6s"],
    ["Ks", "Kh", "4s"],
]


def test_a_view_before_play_holds_the_seats_own_cards_by_rank():
    # Bots bid and declare from this view: its counts must be the seat's own hand.
    game = rigged(bundled("baike-common"), PLAY_HANDS)
    assert game.phase == "bidding"
    for seat in range(5):
        view = game.view(seat)
        ranks = sorted(play(" ".join(card_text(c) for c in view.hand)), reverse=True)
        counted = sorted((r for r, n in enumerate(view.counts) for _ in range(n)), reverse=True)
        assert counted == ranks
        assert len(view.hand) == len(PLAY_HANDS[seat])
        assert view.hand_sizes == tuple(len(hand) for hand in PLAY_HANDS)


def test_a_view_shows_the_trick_its_owner_and_the_passes():
    game = rigged(bundled("baike-common"), PLAY_HANDS)
    to_play(game)
    assert all(game.view(s).trick is None for s in range(5))
    assert all(game.view(s).trick_owner is None for s in range(5))
    answer(game, play("8 8"))
    for seat in range(5):
        view = game.view(seat)
        assert view.trick == play("8 8")
        assert view.trick_owner == 0
        assert view.passes == 0
        assert game.observe(seat)["trick_owner"] == 0
    answer(game, A.PASS, A.PASS)
    assert game.view(3).passes == 2
    assert game.view(3).trick_owner == 0
    answer(game, A.PASS, A.PASS)  # everyone passed: the trick is over, seat 0 leads again
    assert game.to_act == 0
    for seat in range(5):
        view = game.view(seat)
        assert view.trick is None
        assert view.trick_owner is None
        assert view.passes == 0
        assert game.observe(seat)["trick_owner"] is None


@pytest.mark.parametrize("reveal", [A.OPEN_SOLO, A.HIDDEN_SOLO])
def test_a_view_shows_a_solo_to_whom_may_know_it(reveal):
    hands = [["BJ*", "SJ*", "8s"], ["9s", "9h"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    game = rigged(bundled("baike-common"), hands)
    answer(game, A.ASCEND)
    assert words(game) == {A.OPEN_SOLO, A.HIDDEN_SOLO}
    answer(game, reveal)
    assert game.phase == "play"
    if reveal == A.OPEN_SOLO:
        assert [game.view(s).solo for s in range(5)] == ["open"] * 5
    else:  # only the emperor knows he plays alone
        assert [game.view(s).solo for s in range(5)] == ["hidden", None, None, None, None]


def test_a_view_shows_the_declared_rebels_and_the_events():
    hands = [["BJ*", "7s", "8s"], ["SJ*", "9s"], ["Js", "Jh"], ["Qs", "Qh"], ["Ks", "Kh"]]
    cv = variant("baike-weihai", **{"declarations.kick": None})
    game = rigged(cv, hands)
    answer(game, *[A.NO_GRAB] * 5, A.ASCEND, A.HIDDEN_GUARD)
    answer(game, A.NO_REBEL, A.REBEL, A.REBEL, A.NO_REBEL)  # seats 1 (the guard) to 4
    assert game.phase == "play"
    for seat in range(5):
        view = game.view(seat)
        assert view.rebels_declared == (2, 3)
        assert view.events == tuple(game.events)
        assert "rebellion" in view.events
        assert view.public_guard == 1  # a rebellion reveals the guard
        assert view.tips == 0
        assert view.passes == 0


def test_an_observation_names_the_dealer_and_the_seat_to_act_until_the_end():
    game = Game.new(bundled("baike-common"), 0, dealer=2, hands=PLAY_HANDS)
    assert all(game.observe(s)["dealer"] == 2 for s in range(5))
    to_play(game)
    assert [game.observe(s)["to_act"] for s in range(5)] == [game.to_act] * 5
    answer(game, play("8 8 8"))
    assert game.observe(4)["to_act"] == game.to_act == 1
    while not game.finished:
        game.apply(game.legal_actions()[0])
    assert [game.observe(s)["to_act"] for s in range(5)] == [None] * 5
    assert game.observe(3)["dealer"] == 2


def test_a_game_that_ended_before_play_still_shows_each_seat_its_last_cards():
    game = Game.new(bundled("jj-standard"), 0)
    while not game.finished:  # nobody ever ascends: redealt until it ends unscored
        options = game.legal_actions()
        game.apply(next((a for a in options if a in (A.ABDICATE, A.PASS)), options[0]))
    assert game.outcome is not None
    assert game.outcome.score is None
    for seat in range(5):
        seen = game.observe(seat)
        assert seen["phase"] == "finished"
        assert seen["to_act"] is None
        assert len(seen["hand"]) == seen["hand_sizes"][seat] > 0
        assert sorted(seen["hand"]) == sorted(card_text(c) for c in game.hands[seat])
