"""Playing a game out with policies: the legal actions as a policy is handed them, and the
search player's rollout.

Below :mod:`baohuang.simulation` (whose runner plays every game this way) and beside the
search player (:mod:`baohuang.bots.mc`) and the adaptive player's calibration games, which
play games out too; compiled with the engine (:mod:`baohuang.native`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final, overload

from baohuang.bots.heuristic import HeuristicPolicy
from baohuang.engine.actions import Action
from baohuang.engine.game import Game
from baohuang.engine.seatview import PlayTurn, fill_play


class LazyLegal(Sequence[Action]):
    """The legal actions of the seat to act, listed only if the policy looks at them.

    A policy that can tell its move from its view alone (the heuristic's usual lead and
    follow) then costs the engine no move generation; :meth:`.Game.apply` still checks every
    action, so nothing illegal gets through.
    """

    __slots__ = ("_game", "_items")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._items: list[Action] | None = None

    def renew(self) -> None:
        """Forget the listing: the same object serves the next decision (a rollout makes
        one per rollout, not one per decision; its policy keeps no reference to it)."""
        self._items = None

    def _list(self) -> list[Action]:
        items = self._items
        if items is None:
            items = self._items = self._game.legal_actions()
        return items

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._list()[index]

    def __contains__(self, action: object) -> bool:
        if self._items is None and isinstance(action, tuple):
            return self._game.allows(action)  # one play checked, not every one listed
        return action in self._list()

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())


def play_out(game: Game, policy: HeuristicPolicy, seat: int, rng: random.Random) -> int:
    """Play ``game`` to its end with ``policy`` on every seat; ``seat``'s points (0 when
    the game ends unscored, or takes more than :data:`MAX_ROLLOUT_DECISIONS`).

    The search player's rollout (:mod:`baohuang.bots.mc`), compiled with the engine: one
    rollout is a few dozen decisions, and a search makes thousands of them.
    """
    steps = 0
    lazy = LazyLegal(game)
    turn = PlayTurn()  # filled in place at every turn in the play: no view is built there
    while game.phase != "finished":
        to_act = game.to_act
        legal: Sequence[Action]
        if game.locked(to_act):
            legal = game.legal_actions()
        else:
            lazy.renew()
            legal = lazy
        # The heuristic's move needs no second check (see Game.apply_unchecked).
        if game.phase == "play" and legal is lazy:
            fill_play(game, to_act, turn)
            game.apply_unchecked(policy.play(turn, legal))
        else:
            game.apply_unchecked(policy.act(game.view(to_act), legal, rng))
        steps += 1
        if steps > MAX_ROLLOUT_DECISIONS:
            return 0
    outcome = game.outcome
    if outcome is None or outcome.score is None:
        return 0
    return outcome.score.points[seat]


#: A safety net against a rollout that does not end (a bug).
MAX_ROLLOUT_DECISIONS: Final = 20_000
