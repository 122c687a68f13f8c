"""What the engine offers a search (issue 35): a one-play check (``Game.allows``) that
answers as ``legal_actions`` does, and copies that are freed without the cycle collector
once released."""

from __future__ import annotations

import gc
import random

import pytest

from baohuang.engine import actions as A
from baohuang.engine.cards import NUM_RANKS
from baohuang.engine.compiled import compile_variant
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled

VARIANTS = [p.stem for p in bundled_variant_paths()]


def _asked_plays(game: Game, legal: list[A.Action], rng: random.Random) -> list[tuple[int, ...]]:
    """Plays a policy might ask about: the whole hand, the legal plays, and near misses."""
    counts = game.counts[game.to_act]
    hand = tuple(r for r in range(NUM_RANKS - 1, -1, -1) for _ in range(counts[r]))
    asked = [hand]
    for action in legal:
        if isinstance(action, tuple):
            asked.append(action)
            asked.append(action[:-1])
            asked.append(action[::-1])  # low to high: not as the plays are listed
            asked.append(tuple(sorted((*action, rng.choice(hand)), reverse=True)))
    for _ in range(4):
        k = rng.randint(1, min(6, len(hand)))
        asked.append(tuple(sorted(rng.sample(hand, k), reverse=True)))
    return [p for p in asked if p]


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_allows_answers_as_the_listing_does(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    rng = random.Random(35)
    answers = {True: 0, False: 0}
    for seed in range(3):
        game = Game.new(cv, seed)
        while not game.finished:
            legal = game.legal_actions()
            if game.phase == "play" and not game.locked(game.to_act):
                for play in _asked_plays(game, legal, rng):
                    allowed = game.allows(play)
                    assert allowed == (play in legal), (variant_id, seed, game.to_act, play)
                    answers[allowed] += 1
            choices = [a for a in legal if a != A.AUTO]
            game.apply(rng.choice(choices))
    assert answers[True], answers
    assert answers[False], answers


def test_a_released_copy_leaves_nothing_for_the_cycle_collector() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    game = Game.new(cv, 7)
    rng = random.Random(7)
    while game.phase != "play":
        game.apply(rng.choice([a for a in game.legal_actions() if a != A.AUTO]))
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(20):
            copy = game.clone()
            copy.apply(next(a for a in copy.legal_actions() if a != A.AUTO))
            copy.release()
            del copy
        assert gc.collect() == 0
        for _ in range(20):
            copy = game.clone()
            del copy
        assert gc.collect() > 0, "an unreleased copy is cyclic (else this test proves nothing)"
    finally:
        if was_on:
            gc.enable()


def test_after_a_bomb_of_identical_cards_a_plain_set_is_not_allowed() -> None:
    from tests.engine.rigging import answer, rigged, variant
    from tests.engine.rule_coverage import legal, play, to_play
    from tests.engine.test_rules_play import IDENTICAL_HANDS

    cv = variant("baike-common", **{"play.bombs": {"min_count": 4, "identical": True}})
    game = rigged(cv, IDENTICAL_HANDS)
    to_play(game)
    answer(game, play("BJ BJ A A A"), play("5 5 5 5"))
    # Four 6s of four suits beat four 5s as a set, but after a 棍 only a bigger 棍 does.
    assert play("6 6 6 6") not in legal(game)
    assert not game.allows(play("6 6 6 6"))


@pytest.mark.parametrize("variant_id", ["baike-common", "tcy-bie6", "baike-qingdao"])
def test_a_world_resumed_at_its_phase_asks_what_the_game_asked(variant_id: str) -> None:
    """A search's world before the play (``bots/preplay``): a copy of the game with the
    same hands, the phase begun again, asks the same first question of the same seat as
    the game did when that phase began; ``question()`` is what each seat's view is asked."""
    cv = compile_variant(load_bundled(variant_id))
    rng = random.Random(35)
    resumed = {"bidding": 0, "declarations": 0}
    for seed in range(12):
        game = Game.new(cv, seed)
        if game.phase == "bidding":
            world = game.clone()
            world.replace_hands([hand[:] for hand in game.hands])
            assert world.resume_bidding()
            assert (world.to_act, world.question()) == (game.to_act, game.question())
            assert world.legal_actions() == game.legal_actions()
            resumed["bidding"] += 1
        while not game.finished:
            assert game.question() == game.view(game.to_act).question
            phase = game.phase
            legal = game.legal_actions()
            game.apply(rng.choice([a for a in legal if a != A.AUTO]))
            if phase == "bidding" and game.phase == "declarations":
                asked = game.declaration_asked
                assert asked is not None
                assert (asked.seat, asked.kind) == (game.to_act, game.question())
                world = game.clone()
                assert world.resume_declarations()
                again = world.declaration_asked
                assert again is not None
                assert (again.seat, again.kind, world.to_act) == (
                    asked.seat,
                    asked.kind,
                    game.to_act,
                )
                assert world.rebels_seen_by(asked.seat) == game.rebels_seen_by(asked.seat)
                resumed["declarations"] += 1
        assert game.question() == ""
    assert resumed["bidding"], resumed
    assert resumed["declarations"], resumed
