"""Small helpers for rule tests: a variant with a few fields changed, and rigged deals.

Everything goes through public constructors: :func:`variant` validates a changed copy of a
bundled definition with :func:`baohuang.rules.validate_definition` (so a test cannot build a
variant the language refuses), and :func:`rigged` deals chosen cards with
``Game.new(..., hands=...)``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from baohuang.engine import actions as A
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.rules import definition_of, load_bundled, validate_definition


def variant(base: str, **changes: Any) -> CompiledVariant:
    """Bundled variant `base` with dotted-path changes, e.g.
    ``variant("hd", **{"play.wind_unclaimed": "skip_next"})``; list items as ``flow.1``."""
    definition = copy.deepcopy(definition_of(load_bundled(base)))
    for path, value in changes.items():
        node: Any = definition
        *parents, last = path.split(".")
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    report = validate_definition(definition)
    assert report.valid, [str(p) for p in report.errors]
    assert report.variant is not None
    return compile_variant(report.variant)


def bundled(variant_id: str) -> CompiledVariant:
    """A bundled variant, compiled."""
    return compile_variant(load_bundled(variant_id))


def rigged(cv: CompiledVariant, hands: Sequence[Sequence[str]], dealer: int = 0) -> Game:
    """A game dealt the given cards (notation: ``"4s"``, ``"SJ"``, ``"BJ*"``), seat by seat."""
    return Game.new(cv, 0, dealer=dealer, hands=hands)


def filler(n: int, ranks: str = "7 8 9 10 J Q K A") -> list[str]:
    """`n` suited cards of ordinary ranks (no 2s, jokers or marked cards) to pad a hand."""
    names = ranks.split()
    return [f"{names[i % len(names)]}{'shcd'[(i // len(names)) % 4]}" for i in range(n)]


def answer(game: Game, *actions: A.Action) -> None:
    """Apply actions in turn, failing with the legal list if one is refused."""
    for action in actions:
        legal = game.legal_actions()
        assert action in legal, (game.to_act, action, legal)
        game.apply(action)


def play_until(game: Game, done: Callable[[Game], bool], pick: int = 0) -> None:
    """Apply the `pick`-th legal action (never AUTO) until `done(game)` or the end."""
    steps = 0
    while not game.finished and not done(game):
        legal = [a for a in game.legal_actions() if a != A.AUTO]
        game.apply(legal[min(pick, len(legal) - 1)])
        steps += 1
        assert steps < 5000
