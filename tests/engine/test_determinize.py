"""Worlds from a seat's view (issue 18): complete games the seat cannot tell from the real one."""

from __future__ import annotations

import random

import pytest

from baohuang.bots import make_policy
from baohuang.engine.cards import NUM_RANKS, TOP, TOP2
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.determinize import NotInPlay, Worlds
from baohuang.engine.game import Game
from baohuang.rules import bundled_variant_paths, load_bundled
from tests.engine.differential_play import HOUSE_RULES
from tests.engine.rigging import variant

#: Cards above the big joker held by the emperor, or by both royals.
TOP_HOUSE_RULES = [
    "house:emperor-card-top",
    "house:both-marked-top",
    "house:both-marked-called",
    "house:emperor-over-guard-called",
    "house:top-in-set",
    "house:both-marked-in-set",
    "house:identical-bombs",
    "house:stacks",
]
VARIANTS = [p.stem for p in bundled_variant_paths()] + TOP_HOUSE_RULES


def cv_of(variant_id: str) -> CompiledVariant:
    if variant_id in HOUSE_RULES:
        base, changes = HOUSE_RULES[variant_id]
        return variant(base, **changes)
    return compile_variant(load_bundled(variant_id))


def play_views(cv: CompiledVariant, seed: int, every: int = 5) -> list[tuple[Game, int]]:
    """Copies of a heuristic game at every `every`-th decision of the play phase."""
    policy = make_policy("heuristic", cv)
    game = Game.new(cv, seed)
    rng = random.Random(seed)
    found: list[tuple[Game, int]] = []
    step = 0
    while not game.finished:
        if game.phase == "play":
            if step % every == 0:
                found.append((game.clone(), game.to_act))
            step += 1
        game.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
    return found


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_world_agrees_with_everything_the_seat_knows(variant_id: str) -> None:
    cv = cv_of(variant_id)
    sampler = random.Random(5)
    checked = 0
    for game, seat in play_views(cv, 1) + play_views(cv, 2):
        view = game.view(seat)
        world = Worlds(cv, view, seed=3).sample(sampler)
        assert world.phase == "play"
        assert world.to_act == seat
        assert world.view(seat).replace(called_rank=view.called_rank) == view
        assert world.sizes == game.sizes
        # The same cards are unseen, only dealt differently: by rank, the other hands
        # together hold what the real other hands hold.
        for r in range(NUM_RANKS):
            assert sum(world.counts[s][r] for s in range(5)) == sum(
                game.counts[s][r] for s in range(5)
            ), (r, game.counts, world.counts)
        # A hidden guard is placed where he can be; a known one stays.
        if view.public_guard is not None or view.i_am_guard:
            assert world.guard == game.guard
        elif world.guard is not None:
            assert world.guard not in (seat, game.emperor)
            assert world.guard not in view.rebels_declared
        # Cards above the big joker the seat has not seen are with the world's guard (the
        # guard card) or the emperor (the emperor card).
        kind = cv.variant.play.top_card
        royal = {"guard_card": {world.guard}, "emperor_card": {game.emperor}}.get(
            kind, {world.guard, game.emperor}
        )
        for level in (TOP, TOP2):  # (TOP2: the higher of two ordered marked cards)
            if any(row[level] for row in game.counts) and not view.counts[level]:
                holders = {s for s in range(5) if world.counts[s][level]}
                assert holders <= royal, (kind, level, holders, royal)
        # Each card above the big joker keeps its own rank (for top_card_in_set).
        assert [len(t) for t in world._play.top_ranks] == [row[TOP] for row in world.counts]
        assert [len(t) for t in game._play.top_ranks] == [row[TOP] for row in game.counts]
        # A world plays on to a scored end under the real rules.
        ended = world.clone()
        policy = make_policy("heuristic", cv)
        while not ended.finished:
            ended.apply(policy.act(ended.view(ended.to_act), ended.legal_actions(), sampler))
        assert ended.outcome is not None
        checked += 1
    assert checked >= 8


def test_worlds_differ_in_what_the_seat_cannot_see() -> None:
    cv = cv_of("baike-common")
    game, seat = play_views(cv, 3)[2]
    worlds = Worlds(cv, game.view(seat), seed=1)
    sampler = random.Random(0)
    seen = {tuple(map(tuple, worlds.sample(sampler).counts)) for _ in range(5)}
    assert len(seen) == 5
    # ... and never in the seat's own hand.
    assert {hands[seat] for hands in seen} == {tuple(game.counts[seat])}


def test_a_world_needs_the_play_phase() -> None:
    cv = cv_of("baike-common")
    game = Game.new(cv, 1)
    with pytest.raises(NotInPlay, match="play phase"):
        Worlds(cv, game.view(game.to_act), seed=1)
