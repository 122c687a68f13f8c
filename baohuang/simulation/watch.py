"""Watching a job's games: game ``n`` of a job regenerated from its seeds, told step by step,
and a bounded search of a job's games for notable ones (a kick, a redeal, a successful
rebellion …).

A job's game ``n`` is fully determined by the job seed, ``n`` and the policies
(:mod:`baohuang.simulation.runner`): :func:`job_game` plays it exactly as the job did (the
same deal seed, the same policy generator, the same lazy legal-action lists), so the game
watched is the game counted.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from baohuang.bots import make_policy
from baohuang.bots.rollout import LazyLegal
from baohuang.engine.actions import Action, parse_action
from baohuang.engine.cards import RANK_NAMES
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.game import Game
from baohuang.engine.narration import Narrator, hand_cards
from baohuang.simulation.runner import (
    MAX_DECISIONS,
    Tick,
    game_seed,
    play_game,
    policy_seed,
    seat_policies,
)


class ReplayTooSlow(Exception):
    """Raised by a :func:`deadline` tick: the replay went on past its deadline."""


def deadline(seconds: float) -> Tick:
    """A tick (see :func:`~baohuang.simulation.runner.play_game`) that raises
    :class:`ReplayTooSlow` once ``seconds`` have passed from now: a web request that replays
    games stops there instead of holding its thread (issue 31)."""
    at = time.monotonic() + seconds

    def tick() -> None:
        if time.monotonic() > at:
            raise ReplayTooSlow

    return tick


def job_game(
    cv: CompiledVariant,
    job_seed: int,
    index: int,
    policies: str | Sequence[str],
    tick: Tick | None = None,
) -> Narrator:
    """Game ``index`` of a job, replayed with its sentences (as :func:`.play_game` plays it);
    ``tick()`` after every decision (it may raise to stop)."""
    built: dict[str, Any] = {}
    seats = []
    for name in seat_policies(policies):
        if name not in built:
            built[name] = make_policy(name, cv)
        seats.append(built[name])
    rng = random.Random(policy_seed(job_seed, index))  # noqa: S311 (reproducible games, not security)
    narrator = Narrator(Game.new(cv, game_seed(job_seed, index)))
    game = narrator.game
    while not game.finished:
        seat = game.to_act
        legal = game.legal_actions() if game.locked(seat) else LazyLegal(game)
        narrator.apply(seats[seat].act(game.view(seat), legal, rng))
        if tick is not None:
            tick()
        if len(game.history) > MAX_DECISIONS:
            raise RuntimeError(f"Game {index} did not end after {MAX_DECISIONS} decisions.")
    return narrator


def snapshot(game: Game) -> dict[str, Any]:
    """The whole table now, for the viewer (who sees every hand)."""
    return {
        "phase": game.phase,
        "to_act": game.to_act if not game.finished else None,
        "hands": [hand_cards(game, seat) for seat in range(5)],
        "emperor": game.emperor if game.emperor >= 0 else None,
        "guard": game.guard,
        "guard_public": game.guard_public,
        "solo": game.solo,
        "trick": " ".join(_rank_names(game.trick)) if game.trick is not None else None,
        "trick_owner": game.trick_owner if game.trick is not None else None,
        "finish": list(game.finish),
        "events": list(game.events),
        "tips": len(game.tips),
    }


def _rank_names(ranks: Sequence[int]) -> list[str]:
    return [RANK_NAMES[r] for r in ranks]


def watched_steps(
    cv: CompiledVariant,
    job_seed: int,
    index: int,
    policies: str | Sequence[str],
    tick: Tick | None = None,
) -> tuple[Narrator, list[dict[str, Any]]]:
    """Game ``index`` of a job and its steps, each with the table as it stood after it
    (``tick`` as for :func:`job_game`)."""
    final = job_game(cv, job_seed, index, policies, tick)
    return told_steps(cv, game_seed(job_seed, index), final.game.history)


def told_steps(
    cv: CompiledVariant, seed: int, actions: Sequence[str | Action]
) -> tuple[Narrator, list[dict[str, Any]]]:
    """The game of ``seed`` and ``actions`` (legal ones) told step by step, each step with
    the whole table as it stood after it (what the game viewer shows)."""
    narrator = Narrator(Game.new(cv, seed))
    steps: list[dict[str, Any]] = []

    def take(upto: int) -> None:
        state = snapshot(narrator.game)
        for step in narrator.steps[upto:]:
            said = step.as_json()
            if said is not None:
                steps.append({**said, "state": state})

    take(0)
    for action in actions:
        told = len(narrator.steps)
        narrator.apply(parse_action(action) if isinstance(action, str) else action)
        take(told)
    return narrator, steps


# --------------------------------------------------------------------------- finding games

#: What a notable game is: a name and a test of the finished game.
FILTERS: Final[dict[str, Callable[[Game], bool]]] = {
    "kick": lambda g: "kick" in g.events,
    "redeal": lambda g: g.redeals > 0,
    "rebellion": lambda g: "rebellion" in g.events,
    "open_guard": lambda g: "open_guard" in g.events,
    "abdication": lambda g: g.abdications > 0,
    "solo": lambda g: g.solo is not None,
    "solo_open": lambda g: g.solo == "open",
    "solo_hidden": lambda g: g.solo == "hidden",
    "grabbed_solo": lambda g: g.grabbed,
    "bomb": lambda g: "bomb" in g.events,
    "emperor_won": lambda g: _outcome(g) == "win",
    "emperor_lost": lambda g: _outcome(g) == "lose",
    "draw": lambda g: _outcome(g) == "draw",
    "shut_in": lambda g: bool(g.outcome and g.outcome.shut_in),
    "unscored": lambda g: g.outcome is None or g.outcome.score is None,
}


def _outcome(game: Game) -> str | None:
    out = game.outcome
    return out.score.outcome if out is not None and out.score is not None else None


def find_games(
    cv: CompiledVariant,
    job_seed: int,
    policies: str | Sequence[str],
    wanted: Sequence[str],
    start: int,
    stop: int,
    limit: int,
    tick: Tick | None = None,
) -> tuple[list[dict[str, Any]], int]:
    """Games ``start … stop - 1`` of a job that pass every filter in ``wanted`` (at most
    ``limit``), each with a short summary, and the first game not searched (search on from
    it); unknown filter names are a ValueError.

    ``tick`` (e.g. a :func:`deadline`) is called after every decision from the second game
    on: when it raises :class:`ReplayTooSlow` the search ends there (the first game is
    always searched, so a search always moves on)."""
    unknown = [name for name in wanted if name not in FILTERS]
    if unknown:
        raise ValueError(f"Unknown filter {unknown[0]!r}; known filters: {', '.join(FILTERS)}.")
    tests = [FILTERS[name] for name in wanted]
    built: dict[str, Any] = {}
    seats = []
    for name in seat_policies(policies):
        if name not in built:
            built[name] = make_policy(name, cv)
        seats.append(built[name])
    found: list[dict[str, Any]] = []
    for index in range(start, stop):
        rng = random.Random(policy_seed(job_seed, index))  # noqa: S311 (reproducible games, not security)
        try:
            game = play_game(
                cv, game_seed(job_seed, index), seats, rng, tick=tick if index > start else None
            )
        except ReplayTooSlow:
            return found, index
        if all(test(game) for test in tests):
            found.append(
                {
                    "index": index,
                    "emperor": game.emperor if game.emperor >= 0 else None,
                    "guard": game.guard,
                    "solo": game.solo,
                    "events": list(game.events),
                    "redeals": game.redeals,
                    "outcome": _outcome(game),
                    "points": list(game.outcome.score.points)
                    if game.outcome and game.outcome.score
                    else None,
                    "matches": [name for name, test in FILTERS.items() if test(game)],
                }
            )
            if len(found) >= limit:
                return found, index + 1
    return found, stop
