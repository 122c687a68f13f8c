"""The engine side of a play-test game (no database): rebuild it, let the bots move, show
one seat what it may see.

A session's truth is ``(seed, actions)``; :func:`rebuild` replays them through a
:class:`~baohuang.engine.narration.Narrator`, so every step comes with its sentence. The
bots' choices are reproducible too: the bot acting at action ``i`` draws from
``random.Random(derive_seed(seed, i, 2))``.
"""

from __future__ import annotations

import random
from typing import Any

from baohuang.bots import Policy
from baohuang.engine import actions as A
from baohuang.engine.actions import Action, format_action
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.game import Game
from baohuang.engine.match import derive_seed
from baohuang.engine.narration import Narrator, hand_cards, physical_cards
from baohuang.engine.record import make_record, summary

#: A safety net: a game that takes more decisions than this is a bug (engine or policy).
MAX_DECISIONS = 50_000


def rebuild(cv: CompiledVariant, seed: int, actions: list[str]) -> Narrator:
    """The game of a stored session (its actions were all legal when stored)."""
    narrator = Narrator(Game.new(cv, seed))
    narrator.replay(actions)
    return narrator


def bots_move(narrator: Narrator, seat: int, policy: Policy, seed: int) -> list[str]:
    """Let the bots act until it is `seat`'s turn or the game is over; their actions."""
    game = narrator.game
    taken: list[str] = []
    while not game.finished and game.to_act != seat:
        index = len(game.history)
        if index > MAX_DECISIONS:
            raise RuntimeError(f"Game with seed {seed} did not end after {index} decisions.")
        rng = random.Random(derive_seed(seed, index, 2))  # noqa: S311 (reproducible bots, not security)
        action: Action = policy.act(game.view(game.to_act), game.legal_actions(), rng)
        narrator.apply(action)
        taken.append(format_action(action))
    return taken


def legal_for(game: Game, seat: int) -> list[str]:
    """The actions `seat` may take now, as record text (empty when it is not his turn)."""
    if game.finished or game.to_act != seat:
        return []
    return [format_action(a) for a in game.legal_actions()]


def seat_view(narrator: Narrator, seat: int) -> dict[str, Any]:
    """What `seat` may know now, JSON-ready (sentences in the active language).

    The observation of the engine (:meth:`.Game.observe`), the seat's cards with suits and
    marks, its legal actions, the steps as told to it; once the game is over, the
    ``result``: the scores, every seat's cards as they were at the first lead, the record.
    """
    game = narrator.game
    seen = game.observe(seat)
    view: dict[str, Any] = {
        **seen,
        "hand": hand_cards(game, seat),
        "question": game.view(seat).question if game.to_act == seat else "",
        "legal": legal_for(game, seat),
        "automatic": A.AUTO,
        "events": [e for e in (s.as_json(seat) for s in narrator.steps) if e is not None],
        "result": None,
    }
    if game.finished:
        view["result"] = result_of(narrator)
    return view


def result_of(narrator: Narrator) -> dict[str, Any]:
    """The end of a game, revealed: the summary, every seat's cards at the lead, the record."""
    game = narrator.game
    return {
        **summary(game),
        "hands": [physical_cards(game, s) for s in range(5)],
        "record": make_record(game),
    }
