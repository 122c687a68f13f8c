"""Declaring what a rule test covers, and small helpers the rule tests share (issue 22).

A rule test names the variant-language fields and the docs/rules.md rules it shows firing and
not firing with :func:`covers`::

    @covers("play.defer", "5.4-defer")
    def test_deferring_...():

``tests/engine/test_rules_meta.py`` collects these declarations from every
``tests/engine/test_rules_*.py`` module and fails when a play-changing field of the
language, or a rule of docs/rules.md §4–§7, has no test. Field names are dotted paths through
the pydantic model (:mod:`baohuang.rules.model`); a member of a tagged union is named by
its tag (``bidding.flow.offer_throne.rounds``, ``bidding.guard.called_card``); an
optional section or a list of sections is also named by itself (``declarations.kick``:
whether the variant has it at all).

The helpers only use the public API of :class:`~baohuang.engine.game.Game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from baohuang.engine import actions as A
from baohuang.engine.game import Game
from baohuang.engine.notation import parse_play

F = TypeVar("F", bound=Callable[..., Any])


def covers(*items: str) -> Callable[[F], F]:
    """Mark a test as showing these fields / rules firing and not firing."""

    def mark(fn: F) -> F:
        previous = getattr(fn, "__covers__", ())
        fn.__covers__ = (*previous, *items)  # type: ignore[attr-defined]
        return fn

    return mark


def play(text: str) -> tuple[int, ...]:
    """A play as the engine's action: rank ints high to low (``play("SJ 8 8 8")``)."""
    return parse_play(text).ranks


def legal(game: Game) -> list[A.Action]:
    """The legal actions a player would be offered, without the always-present 托管."""
    return [a for a in game.legal_actions() if a != A.AUTO]


def words(game: Game) -> set[str]:
    """The legal word actions (ascend, abdicate, call:…, pass …) as a set."""
    return {a for a in legal(game) if isinstance(a, str)}


PREFERRED = (
    A.NO_GRAB,
    A.ASCEND,
    A.HIDDEN_GUARD,
    A.HIDDEN_SOLO,
    A.NO_DECLARE_REBEL,
    A.NO_REBEL,
    A.NO_KICK,
)


def to_play(game: Game) -> None:
    """Answer bidding and declarations the plain way (no grab, ascend or call the first
    card offered, stay hidden, no rebellion, no kick) until the emperor's first lead."""
    steps = 0
    while game.phase in ("bidding", "declarations"):
        options = legal(game)
        pick = next((a for a in PREFERRED if a in options), None)
        if pick is None:
            pick = next(a for a in options if isinstance(a, str) and a.startswith("call:"))
        game.apply(pick)
        steps += 1
        assert steps < 100
    assert game.phase == "play"


def refusal(game: Game, action: A.Action) -> str:
    """The reason the engine gives for refusing `action` (fails if it is accepted)."""
    from baohuang.engine.game import IllegalAction

    try:
        game.apply(action)
    except IllegalAction as exc:
        return str(exc)
    raise AssertionError(f"{action!r} was accepted")
