"""A search player: determinized Monte-Carlo over the heuristic (issue 18).

In the play phase, when it has more than one choice, :class:`MonteCarloPolicy` asks "which
of my moves scores best for me?" by trying them:

1. it samples ``worlds`` complete games that its seat cannot tell apart from the real one,
   from its :class:`~baohuang.engine.seatview.SeatView` alone
   (:class:`~baohuang.engine.determinize.Worlds`: the unseen cards dealt at random to the
   other seats in their known sizes, a hidden guard placed at random among the seats that
   may be him);
2. in each world it plays every candidate move and then the rest of the game with the
   heuristic on all five seats (a rollout), and reads the seat's points under the
   variant's own scoring (multipliers, tables, early ends — whatever the variant says);
3. it takes the move with the best mean over the worlds (see below for ties and noise).
   Every candidate is tried in the same worlds (common random numbers), so the comparison
   is between moves, not deals.

The budget is ``rollouts`` per decision: with ``k`` candidates each is tried in
``max(1, rollouts // k)`` worlds. At most ``max_candidates`` moves are tried — the
heuristic's own choice first, then passing, then the others in the engine's order — so a
seat with a huge choice of follows still gets a few worlds per move.

``mc`` (issue 35) searches sequentially (:meth:`MonteCarloPolicy.search_sequential`):
worlds come in small batches, and a candidate that is unlikely to beat the heuristic's move
stops costing rollouts, so a decision spends its budget where the moves really differ —
about half the rollouts of the fixed budget for the same strength (seat-swapped
tournaments against ``mc:64``, the fixed-budget search ``mc`` was before, show no
difference: ``docs/reports/2026-12-03-search-speed.md`` and
``docs/reports/2026-12-03-engine-profile.md``).

Before the play (``preplay``, on in ``mc``; issue 35) every decision with a choice — paying
for a bought card, grabbing the solo, taking or passing the throne (with a guard, alone,
declared alone, passed two seats on), opening a hidden solo or the guard, declaring oneself
a rebel, rebelling, kicking — is searched the same way (:meth:`MonteCarloPolicy.search_preplay`)
in worlds built from the view before the play (:mod:`baohuang.bots.preplay`), each rolled
out to the end of the game and read under the variant's own points, multipliers and
tables: where a rebellion pays hugely the search rebels, where it costs hugely it does
not, from the same hand (``tests/bots/test_mc_preplay.py``). Tips (贴牌) are no choice in
this engine (the rule names the card). There a challenger wins early only after
:data:`PREPLAY_ACCEPT_WORLDS` worlds, and a decision takes at most ``preplay_worlds``
worlds (32 in ``mc``); where no world fits the view (a bidding the replay cannot
reproduce) the heuristic answers. Without ``preplay`` (``mc:N``) those are the heuristic's.
The moves while the seat still holds more than ``max_hand`` cards (12 by default) are the
heuristic's too: the search spends its budget at the end of the
game, where places are decided and rollouts are short. A move other than the heuristic's is
played only when it beats the heuristic's in the same worlds by more than ``confidence``
standard errors of the mean difference (1 by default), so noise does not replace a sound
move by a lucky one. All randomness comes from the generator passed
to :meth:`MonteCarloPolicy.act` (one number per searched decision), so games are
reproducible like the rest; the choice never depends on anything the seat cannot see
(``tests/bots/test_policies.py`` checks it with twin games that differ only in hidden cards).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from baohuang.bots.heuristic import HeuristicPolicy
from baohuang.bots.preplay import PreplayWorlds
from baohuang.bots.rollout import play_out
from baohuang.engine import actions as A
from baohuang.engine.actions import Action
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.determinize import Worlds
from baohuang.engine.game import Game, IllegalAction
from baohuang.engine.seatview import SeatView

#: Rollouts per decision when none is given (``mc``).
DEFAULT_ROLLOUTS = 64
#: Moves tried per decision at most.
DEFAULT_MAX_CANDIDATES = 4
#: How sure the search must be (standard errors) to overrule the heuristic.
DEFAULT_CONFIDENCE = 1.0
#: Search once the seat holds this many cards or fewer: the end of a game, where exact
#: play decides places and rollouts are short (early rollouts are long and noisy).
DEFAULT_MAX_HAND = 12
#: Worlds a decision before the play may take at most (``mc``: :data:`FAST_PREPLAY_WORLDS`).
DEFAULT_PREPLAY_WORLDS = 32


@dataclass
class MonteCarloPolicy:
    """Determinized Monte-Carlo search with heuristic rollouts (see the module docstring)."""

    cv: CompiledVariant
    rollouts: int = DEFAULT_ROLLOUTS
    """Budget: rollouts per decision (spread over the candidate moves)."""
    max_candidates: int = DEFAULT_MAX_CANDIDATES
    """Moves tried per decision at most."""
    confidence: float = DEFAULT_CONFIDENCE
    """Standard errors by which another move must beat the heuristic's in the same worlds."""
    max_hand: int = DEFAULT_MAX_HAND
    """Search only when the seat holds at most this many cards (else the heuristic's move)."""
    sequential: bool = False
    """Stop early (:meth:`search_sequential`): worlds in batches, a candidate dropped once
    it is unlikely to beat the heuristic's move; ``rollouts`` is then the most a decision
    may take. Off: every candidate tried in ``rollouts // k`` worlds (:meth:`search`)."""
    preplay: bool = False
    """Search the decisions before the play too (buying a card, bidding, declarations:
    :meth:`search_preplay`); off, those are the heuristic's."""
    preplay_worlds: int = DEFAULT_PREPLAY_WORLDS
    """Worlds one decision before the play may take at most (each rolls out every live
    candidate through the whole game)."""
    name: str = "mc"
    heuristic: HeuristicPolicy = field(init=False, repr=False)
    _play_out: Callable[[Game, HeuristicPolicy, int, random.Random], int] = field(
        init=False, repr=False
    )
    _rollout_rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, got {self.rollouts}")
        if self.max_candidates < 2:
            raise ValueError(f"max_candidates must be at least 2, got {self.max_candidates}")
        self.heuristic = HeuristicPolicy(self.cv)
        self._play_out = play_out
        # The rollouts' players are the heuristic, which draws nothing: one generator serves
        # every rollout (seeding one per rollout cost 3 % of a search).
        self._rollout_rng = random.Random(0)  # noqa: S311 (never drawn from by the heuristic)

    def act(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The best candidate by search: in play, and (``preplay``) when buying a card,
        bidding or declaring; else the heuristic's choice."""
        default = self.heuristic.act(view, legal, rng)
        if view.phase != "play":
            if not self.preplay or view.phase == "finished":
                return default
            candidates = self.candidates(default, legal)
            if len(candidates) < 2:
                return default
            return self.search_preplay(view, legal, candidates, rng.getrandbits(64))
        if view.hand_sizes[view.seat] > self.max_hand:
            return default
        candidates = self.candidates(default, legal)
        if len(candidates) < 2:
            return default
        if self.sequential:
            return self.search_sequential(view, candidates, rng.getrandbits(64))
        return self.search(view, candidates, rng.getrandbits(64))

    def candidates(self, default: Action, legal: Sequence[Action]) -> list[Action]:
        """The moves to try: the heuristic's, then pass, then the rest (at most the cap)."""
        chosen = [default]
        if default != A.PASS and A.PASS in legal:
            chosen.append(A.PASS)
        for action in legal:
            if len(chosen) >= self.max_candidates:
                break
            if action != A.AUTO and action not in chosen:
                chosen.append(action)
        return chosen

    def search(self, view: SeatView, candidates: Sequence[Action], seed: int) -> Action:
        """The candidate with the best mean points for the view's seat (ties: the first)."""
        sampler = random.Random(seed)  # noqa: S311 (seeded search randomness (reproducible), not security)
        worlds = Worlds(self.cv, view, sampler.getrandbits(64))
        per = max(1, self.rollouts // len(candidates))
        n = len(candidates)
        scores: list[list[int | None]] = [[] for _ in range(n)]
        seat = view.seat
        for _ in range(per):
            world = worlds.sample(sampler)
            for i, action in enumerate(candidates):
                # None: this world's public state differs (see determinize)
                scores[i].append(self._rollout_after(world.clone(), action, seat))
            world.release()
        return candidates[self.pick(scores)]

    def search_sequential(self, view: SeatView, candidates: Sequence[Action], seed: int) -> Action:
        """The candidate to play, found with as few rollouts as the evidence allows.

        Worlds come in batches (:data:`FIRST_WORLDS`, then :data:`MORE_WORLDS` at a time, at
        most ``rollouts // max_candidates``), every live candidate rolled out in each
        (common random
        numbers, as in :meth:`search`). After each batch a challenger whose mean gain over
        the heuristic's move is below ``DROP_Z`` standard errors above zero is dropped
        (a move that never changes the result, or does worse, stops costing rollouts);
        one whose gain exceeds ``ACCEPT_Z`` standard errors wins at once. When no
        challenger is left the heuristic's move is played; at the budget's end the choice is
        :meth:`pick`'s over the worlds each challenger saw.
        """
        sampler = random.Random(seed)  # noqa: S311 (seeded search randomness (reproducible), not security)
        worlds = Worlds(self.cv, view, sampler.getrandbits(64))
        most = max(FIRST_WORLDS, self.rollouts // self.max_candidates)
        return self._sequential(
            view.seat, candidates, worlds.sample, sampler, most, 2, self.confidence
        )

    def search_preplay(
        self, view: SeatView, legal: Sequence[Action], candidates: Sequence[Action], seed: int
    ) -> Action:
        """The candidate to take when buying a card, bidding or declaring: the same
        sequential search as in play (:meth:`search_sequential`), in worlds built from the
        view before the play (:class:`~baohuang.bots.preplay.PreplayWorlds`), each rolled
        out to the end of the game and read as the seat's points under the variant's own
        scoring — so a multiplier, a table or a stake moves the choice. At most
        ``preplay_worlds`` worlds; where no world fits the view, the heuristic's answer.
        """
        sampler = random.Random(seed)  # noqa: S311 (seeded search randomness (reproducible), not security)
        worlds = PreplayWorlds(self.cv, view, legal, self.heuristic, sampler.getrandbits(64))
        most = max(FIRST_WORLDS, self.preplay_worlds)
        least = min(most, PREPLAY_ACCEPT_WORLDS)
        return self._sequential(
            view.seat, candidates, worlds.sample, sampler, most, least, PREPLAY_CONFIDENCE
        )

    def _sequential(
        self,
        seat: int,
        candidates: Sequence[Action],
        sample: Callable[[random.Random], Game | None],
        sampler: random.Random,
        most: int,
        least: int,
        confidence: float,
    ) -> Action:
        """The sequential test over worlds from ``sample`` (None: no world fits, a draw
        spent): at most ``most`` worlds; a challenger wins early only with ``least`` paired
        results or more; at the end one wins by more than ``confidence`` standard errors."""
        n = len(candidates)
        base: list[int | None] = []
        diffs: list[list[int]] = [[] for _ in range(n)]
        alive = list(range(1, n))
        done = 0
        batch = FIRST_WORLDS
        while True:
            for _ in range(batch):
                found = sample(sampler)
                if found is None:
                    continue  # no world fits the view (before the play): counts as tried
                world = found
                first = self._rollout_after(world.clone(), candidates[0], seat)
                base.append(first)
                last = alive[-1] if alive else -1
                for i in alive:
                    # The last candidate plays in the sampled world itself (one copy fewer).
                    game = world if i == last else world.clone()
                    got = self._rollout_after(game, candidates[i], seat)
                    if first is not None and got is not None:
                        diffs[i].append(got - first)
                if not alive:
                    world.release()
            done += batch
            winners: list[tuple[float, int]] = []
            still: list[int] = []
            for i in alive:
                mean, se = mean_se(diffs[i])
                if len(diffs[i]) >= 2 and mean + DROP_Z * se <= 0:
                    continue  # unlikely to beat the heuristic's move: no more rollouts
                still.append(i)
                if len(diffs[i]) >= least and mean > ACCEPT_Z * se and mean > 0:
                    winners.append((mean, -i))
            alive = still
            if winners:
                return candidates[-max(winners)[1]]
            if not alive:
                return candidates[0]
            if done >= most:
                break
            batch = min(MORE_WORLDS, most - done)
        return candidates[best_gain(diffs, alive, confidence)]

    def _rollout_after(self, game: Game, action: Action, seat: int) -> int | None:
        """``seat``'s points after ``action`` and a rollout; None if the world refuses it.
        The game is the search's own copy: released after (:meth:`.Game.release`)."""
        try:
            game.apply(action)
            return self._play_out(game, self.heuristic, seat, self._rollout_rng)
        except IllegalAction:
            return None  # this world's public state differs (see determinize)
        finally:
            game.release()

    def pick(self, scores: Sequence[Sequence[int | None]]) -> int:
        """The candidate to play, from each one's points per world (None: not tried there).

        Candidate 0 (the heuristic's move) unless another one beats it in the same worlds
        by a mean difference above ``confidence`` standard errors; then the best of those.
        """
        base = scores[0]
        diffs = [
            [b - a for a, b in zip(base, points, strict=True) if a is not None and b is not None]
            for points in scores
        ]
        return best_gain(diffs, range(1, len(scores)), self.confidence)


def best_gain(
    diffs: Sequence[Sequence[int]] | Mapping[int, Sequence[int]],
    among: Iterable[int],
    confidence: float,
) -> int:
    """The candidate of ``among`` whose paired gains over candidate 0 (``diffs[i]``, one a
    world) have the best mean above ``confidence`` standard errors, with 2 worlds or more;
    0 (the heuristic's move) when none has."""
    best, best_mean = 0, 0.0
    for i in among:
        mean, se = mean_se(diffs[i])
        if len(diffs[i]) >= 2 and mean > best_mean and mean > confidence * se:
            best, best_mean = i, mean
    return best


def mean_se(diffs: Sequence[int]) -> tuple[float, float]:
    """Mean and standard error of the mean of paired differences (0, 0 for fewer than 2)."""
    count = len(diffs)
    if count < 2:
        return 0.0, 0.0
    mean = sum(diffs) / count
    var = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean, (var / count) ** 0.5


#: Sequential search: worlds of the first batch.
FIRST_WORLDS = 6
#: Sequential search: worlds of each later batch.
MORE_WORLDS = 2
#: A challenger is dropped when its mean gain is at most this many standard errors above 0…
DROP_Z = 0.3
#: …and wins at once when its mean gain exceeds this many.
ACCEPT_Z = 2.5
#: Before the play a challenger wins early only after this many worlds: a whole game is
#: rolled out (points vary by tens), so a few lucky deals must not overrule the heuristic.
PREPLAY_ACCEPT_WORLDS = 12
#: …and at the end a challenger must beat the heuristic's answer by this many standard
#: errors (whole games vary by tens of points: the play's looser pick is not used there).
PREPLAY_CONFIDENCE = 1.0
#: The search player ``mc`` (issue 35): sequential, at most 4 candidates and 24 worlds a
#: decision (96 rollouts), its final pick at half a standard error
#: (:data:`FAST_CONFIDENCE`). Replayed on 28,940 recorded searches (``bench/search_rules.py``,
#: ``docs/reports/2026-12-03-engine-profile.md``) it spends 89 % of the rollouts of the
#: 32-world, one-standard-error rule for the same held-out gain. The fixed-budget search
#: ``mc`` replaced is ``mc:64``.
FAST_ROLLOUTS = 96
FAST_MAX_CANDIDATES = 4
#: ``mc``'s final pick in play: a challenger must beat the heuristic's move by this many
#: standard errors of the paired mean.
FAST_CONFIDENCE = 0.5
#: ``mc`` searches bidding and declarations too, in at most this many worlds a decision.
FAST_PREPLAY_WORLDS = 32
