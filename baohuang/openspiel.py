"""Every bundled variant as an OpenSpiel game (optional extra ``[openspiel]``).

``import baohuang.openspiel`` registers the Python game ``"baohuang"`` with OpenSpiel::

    import pyspiel
    import baohuang.openspiel  # noqa: F401 (registers the game)

    game = pyspiel.load_game("baohuang", {"variant": "baike-weihai"})
    state = game.new_initial_state()

Parameters: ``variant`` (a bundled variant id, default ``baike-common``) and ``seed`` (the
deals: the *n*-th ``new_initial_state()`` of a game deals from ``derive_seed(seed, n)``).

The game type: five players, sequential, imperfect information, terminal rewards; chance
is *sampled* (``SAMPLED_STOCHASTIC``: a deal is one of astronomically many, so the state
draws it — and any redeal — from its seed instead of listing chance outcomes); utility
``ZERO_SUM`` when every scored result of the variant sums to zero (checked over every
finish order, role and solo kind, with and without a seat on automatic play), otherwise
``GENERAL_SUM``. Returns are the seats' points under the variant's own scoring (0 for an
unscored game). Actions are the variant's fixed action numbers
(:mod:`baohuang.engine.encoding`); observations are its 228-number observation vector
(``observation_tensor``) and the JSON of ``Game.observe`` (``observation_string``), both
from one seat's view only.

OpenSpiel is not a dependency of the project: ``pip install -e '.[openspiel]'`` adds it.
Without it, importing this module raises ImportError saying so.
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Literal

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover - depends on the optional extra
    raise ImportError(
        "baohuang.openspiel needs OpenSpiel: pip install -e '.[openspiel]' (package open_spiel)"
    ) from exc

from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.determinize import Worlds
from baohuang.engine.encoding import (
    OBSERVATION_SIZE,
    ActionSpace,
    action_space,
    observation_vector,
)
from baohuang.engine.game import Game
from baohuang.engine.match import derive_seed
from baohuang.engine.scoring import make_result, score
from baohuang.rules import load_bundled

#: The registered name.
GAME_NAME = "baohuang"
#: The variant loaded when none is given.
DEFAULT_VARIANT = "baike-common"
#: The longest game the type declares (decisions; redeals included). A safety bound.
MAX_GAME_LENGTH = 50_000


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Baohuang (保皇), any bundled variant",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=5,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": DEFAULT_VARIANT, "seed": 0},
    )


def utility_bounds(cv: CompiledVariant) -> tuple[float, float, bool]:
    """(lowest, highest) points a seat can score in the variant, and whether it is zero-sum.

    Every finish order, emperor/guard pair and solo kind is scored (without events, then
    with a seat on automatic play); the bound is widened by every multiplier (kicks may
    double twice) and by the automatic-play and quit penalties.
    """
    lo = hi = 0
    zero_sum = True
    for finish in itertools.permutations(range(5)):
        kinds: tuple[tuple[int | None, Literal["open", "hidden"] | None], ...] = (
            (1, None),
            (None, "open"),
            (None, "hidden"),
        )
        for guard, solo in kinds:
            for automatic in ((), (0,), (2,)):
                s = score(cv, make_result(0, guard, finish, solo=solo, automatic=automatic))
                lo = min(lo, *s.points)
                hi = max(hi, *s.points)
                zero_sum = zero_sum and sum(s.points) == 0
    factor = 1
    for f in cv.multipliers.values():
        factor *= max(1, abs(f))
    factor *= factor
    penalty = 5 * (abs(cv.automatic_penalty) + abs(cv.quit_penalty) + abs(cv.shut_in_penalty))
    return float(lo * factor - penalty), float(hi * factor + penalty), zero_sum


class BaohuangGame(pyspiel.Game):
    """One bundled variant as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant_id = str(params.get("variant", DEFAULT_VARIANT))
        self.cv = compile_variant(load_bundled(variant_id))
        self.space: ActionSpace = action_space(self.cv)
        lo, hi, zero_sum = utility_bounds(self.cv)
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=0,
            num_players=5,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(utility), info, params)
        self.dealer = _Dealer(self.cv, int(params.get("seed", 0)))

    def new_initial_state(self) -> BaohuangState:
        """A new deal (the next seed of this game, drawn when the state is first used)."""
        return BaohuangState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BaohuangObserver:
        """The observer of one seat's view (observation tensor and string)."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                "baohuang provides observations, not perfect-recall information states"
            )
        return BaohuangObserver(params)


class _Dealer:
    """Deals the games of one OpenSpiel game: the n-th from ``derive_seed(seed, n)``.
    Shared, never copied, by the states' copies."""

    __slots__ = ("cv", "dealt", "seed")

    def __init__(self, cv: CompiledVariant, seed: int) -> None:
        self.cv = cv
        self.seed = seed
        self.dealt = 0

    def deal(self) -> Game:
        game = Game.new(self.cv, derive_seed(self.seed, self.dealt))
        self.dealt += 1
        return game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Dealer:
        return self


class _Held:
    """The engine game inside a state, dealt when first used. OpenSpiel clones a Python
    state by making a new initial state and deep-copying the attributes over, so a state
    that is only a clone's shell never deals (nor uses up a seed); the copy is
    :meth:`Game.clone`, which shares the compiled variant."""

    __slots__ = ("_game", "dealer")

    def __init__(self, dealer: _Dealer, game: Game | None = None) -> None:
        self.dealer = dealer
        self._game = game

    @property
    def game(self) -> Game:
        if self._game is None:
            self._game = self.dealer.deal()
        return self._game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.dealer, self.game.clone())


class BaohuangState(pyspiel.State):
    """A game in progress: the engine's :class:`~baohuang.engine.game.Game`."""

    def __init__(self, game: BaohuangGame) -> None:
        super().__init__(game)
        self._space = game.space
        self._held = _Held(game.dealer)

    @property
    def engine(self) -> Game:
        """The engine game (read it; act through ``apply_action``)."""
        return self._held.game

    def current_player(self) -> int:
        """The seat to act, or TERMINAL."""
        g = self._held.game
        return int(pyspiel.PlayerId.TERMINAL) if g.finished else g.to_act

    def _legal_actions(self, player: int) -> list[int]:
        g = self._held.game
        if g.finished or player != g.to_act:
            return []
        return self._space.legal(g)

    def _apply_action(self, action: int) -> None:
        self._held.game.apply(self._space.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._space.to_string(action)

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self._held.game.finished

    def returns(self) -> list[float]:
        """Each seat's points (0 before the end and in an unscored game)."""
        outcome = self._held.game.outcome
        if outcome is None or outcome.score is None:
            return [0.0] * 5
        return [float(p) for p in outcome.score.points]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> BaohuangState:
        """A state `player` cannot tell from this one, for ISMCTS (``sampler`` is unused).

        In play: the other hands dealt anew and a hidden guard placed anew, from the seat's
        view alone (:class:`~baohuang.engine.determinize.Worlds`). Before play (bidding,
        declarations) the state itself is copied: worlds are built for the play phase only,
        so a search then sees the real deal — a limitation of this version.
        """
        g = self._held.game
        new = self.clone()
        if g.phase != "play":
            return new
        world = Worlds(g.cv, g.view(player), g.rng.getrandbits(64)).sample(g.rng)
        # What the view does not carry but every seat saw (the called card, the dealer).
        world.called_card = g.called_card
        world.dealer = g.dealer
        world.history = list(g.history)
        new._held = _Held(self._held.dealer, world)
        return new

    def __str__(self) -> str:
        g = self._held.game
        return f"{g.cv.id} seed {g.seed}: {g.phase}, {len(g.history)} actions"


class BaohuangObserver:
    """OpenSpiel's PyObserver: one seat's observation vector and its JSON observation."""

    def __init__(self, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BaohuangState, player: int) -> None:
        """Fill the tensor with `player`'s view of `state`."""
        self.tensor[:] = observation_vector(state.engine.view(player))

    def string_from(self, state: BaohuangState, player: int) -> str:
        """`player`'s observation as JSON."""
        return json.dumps(state.engine.observe(player), ensure_ascii=False, sort_keys=True)


pyspiel.register_game(_game_type(pyspiel.GameType.Utility.GENERAL_SUM), BaohuangGame)
