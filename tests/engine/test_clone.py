"""Game.clone (issue 18): an independent copy for search that shares the compiled variant."""

from __future__ import annotations

import ast
import copy
import dataclasses
import random
from typing import Any

import pytest

from baohuang.bots import make_policy
from baohuang.engine.clone import _attributes
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.native import source_path
from baohuang.rules import bundled_variant_paths, load_bundled

VARIANTS = [p.stem for p in bundled_variant_paths()]


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a test can compare: every seat's observation, hands, history, outcome."""
    return {
        "seen": [game.observe(s) for s in range(5)],
        "hands": copy.deepcopy(game.hands),
        "counts": copy.deepcopy(game.counts),
        "history": list(game.history),
        "guard": game.guard,
        "to_act": game.to_act,
        "outcome": game.outcome,
        "rng": game.rng.getstate(),
        "legal": game.legal_actions(),
    }


def play_out(game: Game, seed: int) -> Game:
    cv = game.cv
    policy = make_policy("heuristic", cv)
    rng = random.Random(seed)
    while not game.finished:
        game.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
    return game


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_a_clone_continues_like_the_original_and_leaves_it_alone(variant_id: str) -> None:
    cv = compile_variant(load_bundled(variant_id))
    policy = make_policy("random", cv)
    checked = 0
    for seed in range(3):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        step = 0
        while not game.finished:
            if step % 23 == 0:
                before = snapshot(game)
                twin = game.clone()
                assert twin.cv is game.cv
                assert snapshot(twin) == before
                ended = play_out(twin, step)
                assert snapshot(game) == before  # acting on the clone changed nothing here
                again = play_out(copy.deepcopy(game), step)
                assert ended.history == again.history
                assert ended.outcome == again.outcome
                checked += 1
            game.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
            step += 1
    assert checked >= 6


def test_a_clone_of_a_finished_game_and_of_a_redealing_generator() -> None:
    cv = compile_variant(load_bundled("baike-common"))
    game = play_out(Game.new(cv, 4), 4)
    twin = game.clone()
    assert twin.finished
    assert twin.result() == game.result()
    # The generator is copied with its state: both draw the same next numbers.
    fresh = Game.new(cv, 5)
    other = fresh.clone()
    assert other.rng is not fresh.rng
    assert [other.rng.random() for _ in range(3)] == [fresh.rng.random() for _ in range(3)]


# --------------------------------------------------------------------------- the fast clone

_IMMUTABLE = (int, float, str, bool, type(None), bytes, frozenset, tuple)


def same_state(fast: Any, generic: Any, original: Any, path: str, seen: set[int]) -> None:
    """``fast`` (Game.clone) equals ``generic`` (the generic copy) everywhere, and shares no
    mutable container with ``original`` (only the compiled variant, frozen values, the
    outcome (never changed) and, after the bidding, the generator are shared)."""
    if isinstance(fast, _IMMUTABLE) or (dataclasses.is_dataclass(fast) and _frozen(fast)):
        assert fast == generic, path
        return
    if id(fast) in seen:
        return
    seen.add(id(fast))
    if isinstance(fast, CompiledVariant | random.Random):
        assert fast is original or isinstance(fast, random.Random), path
        if isinstance(fast, random.Random):
            assert fast.getstate() == generic.getstate(), path
        return
    if type(fast).__name__ == "Settlement":
        assert fast == generic, path
        return
    assert type(fast) is type(generic), path
    assert fast is not original, f"{path} is shared with the original"
    if isinstance(fast, list):
        assert len(fast) == len(generic), path
        for i, (a, b, o) in enumerate(zip(fast, generic, original, strict=True)):
            same_state(a, b, o, f"{path}[{i}]", seen)
        return
    if isinstance(fast, set | dict):
        assert fast == generic, path
        return
    names = _attributes(fast)
    assert names, path
    for name in names:
        if not hasattr(original, name):
            continue
        same_state(
            getattr(fast, name),
            getattr(generic, name),
            getattr(original, name),
            f"{path}.{name}",
            seen,
        )


def _frozen(obj: Any) -> bool:
    return bool(obj.__dataclass_params__.frozen)


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_the_fast_clone_equals_the_generic_one_in_every_phase(variant_id: str) -> None:
    """Game.clone is written out field by field: at states of every phase of every bundled
    variant it equals the generic copy, field by field, and shares nothing mutable."""
    cv = compile_variant(load_bundled(variant_id))
    policy = make_policy("random", cv)
    phases: set[str] = set()
    for seed in range(4):
        game = Game.new(cv, seed)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 7 == 0 or game.finished:
                fast, generic = game.clone(), game.generic_clone()
                same_state(fast, generic, game, "game", set())
                phases.add(game.phase)
                assert (
                    fast._part
                    is {
                        id(game._play): fast._play,
                        id(game._bidding): fast._bidding,
                        id(game._declarations): fast._declarations,
                        id(game._buying): fast._buying,
                    }[id(game._part)]
                )
                assert (fast._lock_counts is fast.auto_spells) == (
                    game._lock_counts is game.auto_spells
                )
            if game.finished:
                break
            game.apply(policy.act(game.view(game.to_act), game.legal_actions(), rng))
            step += 1
    assert {"bidding", "play", "finished"} <= phases


def _class(module: str, name: str) -> ast.ClassDef:
    tree = ast.parse(source_path(module).read_text(encoding="utf-8"))
    found = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name]
    assert found, f"{module}.{name}"
    return found[0]


def _assigned(cls: ast.ClassDef, method: str) -> set[str]:
    """The attributes of ``new`` a method of the class assigns."""
    functions = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == method]
    assert functions, method
    return {
        node.attr
        for node in ast.walk(functions[0])
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "new"
    }


def _slots(cls: ast.ClassDef) -> set[str]:
    for node in cls.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets
        ):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{cls.name} has no __slots__")


def _annotated(cls: ast.ClassDef) -> set[str]:
    return {
        n.target.id
        for n in cls.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("baohuang.engine.trickplay", "TrickPlay"),
        ("baohuang.engine.bidding", "BiddingPhase"),
        ("baohuang.engine.declarations", "DeclarationsPhase"),
        ("baohuang.engine.buying", "Buying"),
    ],
)
def test_every_slot_of_a_phase_is_copied(module: str, name: str) -> None:
    """A field added to a phase must be copied by its ``copy_for`` too (else a search's
    worlds would silently start it from its initial value)."""
    cls = _class(module, name)
    assert _assigned(cls, "copy_for") | {"table"} == _slots(cls)


def test_every_field_of_the_game_is_copied() -> None:
    """Every field of the table and every attribute the game declares is set by Game.clone
    (cv, seed, dealer and rng by its constructor)."""
    assigned = _assigned(_class("baohuang.engine.game", "Game"), "clone")
    fields = (
        _annotated(_class("baohuang.engine.table", "Table"))
        | _annotated(_class("baohuang.engine.phase_state", "PhaseState"))
        | _annotated(_class("baohuang.engine.game", "Game"))
    )
    assert assigned | {"cv", "seed", "dealer", "rng"} == fields
