"""Two policies against each other on the same deals, seats alternating.

Each deal is played twice: policy A on seats 0, 2, 4 and B on seats 1, 3, then B on 0, 2,
4 and A on 1, 3. So each side gets five seat-games per deal, every seat once, and seat
effects cancel. The unit of the 95% intervals is the deal (the two games of a deal are
not independent): per deal, D = A's points − B's points and W = A's wins − B's wins, over
the five seat-games each.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from baohuang.bots import Policy, make_policy
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.match import derive_seed
from baohuang.rules import Variant
from baohuang.simulation.runner import compiled, play_game
from baohuang.simulation.stats import Tally, mean_interval

#: The seats policy A takes in the first game of a deal (B has the others; then swapped).
FIRST_SEATS: tuple[int, ...] = (0, 2, 4)


@dataclass
class Duel:
    """Result of :func:`tournament`: tallies per policy and per-deal differences (exact ints)."""

    variant: str
    seed: int
    a: str
    b: str
    deals: int = 0
    unscored: int = 0
    a_tally: Tally = field(default_factory=Tally)
    b_tally: Tally = field(default_factory=Tally)
    diff_points: int = 0
    diff_points_sq: int = 0
    diff_wins: int = 0
    diff_wins_sq: int = 0

    def margin(self) -> tuple[float, float | None, float | None]:
        """A's mean points per seat-game minus B's, with its 95% interval.

        The bounds are ``None`` (unbounded) with fewer than two scored deals: one deal says
        nothing about the spread (see :func:`~baohuang.simulation.stats.mean_interval`).
        """
        return _per_seat_game(mean_interval(self.diff_points, self.diff_points_sq, self.deals))

    def win_margin(self) -> tuple[float, float | None, float | None]:
        """A's win rate per seat-game minus B's, with its 95% interval (as :meth:`margin`)."""
        return _per_seat_game(mean_interval(self.diff_wins, self.diff_wins_sq, self.deals))

    def summary(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        m, mlo, mhi = self.margin()
        w, wlo, whi = self.win_margin()
        return {
            "variant": self.variant,
            "deals": self.deals,
            "games": 2 * self.deals,
            "unscored": self.unscored,
            self.a: self.a_tally.summary(),
            self.b: self.b_tally.summary(),
            "points_margin": {"mean": m, "ci95": [mlo, mhi]},
            "win_rate_margin": {"mean": w, "ci95": [wlo, whi]},
        }


def _per_seat_game(
    interval: tuple[float, float | None, float | None],
) -> tuple[float, float | None, float | None]:
    """A per-deal mean and interval (five seat-games a side) per seat-game."""
    mean, lo, hi = interval
    return mean / 5, None if lo is None else lo / 5, None if hi is None else hi / 5


def tournament(
    variant: Variant | CompiledVariant,
    deals: int,
    seed: int,
    a: str | Policy = "heuristic",
    b: str | Policy = "random",
) -> Duel:
    """Play ``deals`` deals twice each, A and B swapping seats; see the module docstring.

    ``a`` and ``b`` are policy names or built policies (e.g. a heuristic with other
    parameters); built policies must have different names.
    """
    cv = compiled(variant)
    pa = make_policy(a, cv) if isinstance(a, str) else a
    pb = make_policy(b, cv) if isinstance(b, str) else b
    if pa.name == pb.name:
        raise ValueError(f"Both policies are called '{pa.name}'; give them different names.")
    duel = Duel(cv.id, seed, pa.name, pb.name)
    for i in range(deals):
        deal_seed = derive_seed(seed, i)
        d_points = 0
        d_wins = 0
        scored = True
        for half in (0, 1):
            a_seats = (
                FIRST_SEATS if half == 0 else tuple(s for s in range(5) if s not in FIRST_SEATS)
            )
            seats = [pa if s in a_seats else pb for s in range(5)]
            rng = random.Random(derive_seed(seed, i, 1 + half))  # noqa: S311 (seeded game randomness (reproducible deals), not security)
            game = play_game(cv, deal_seed, seats, rng)
            out = game.outcome
            if out is None or out.score is None:
                scored = False
                continue
            royal = out.score.outcome
            royals = {game.emperor} if game.guard is None else {game.emperor, game.guard}
            for seat in range(5):
                mine = royal if seat in royals else {"win": "lose", "lose": "win"}.get(royal, royal)
                pts = out.score.points[seat]
                won = 1 if mine == "win" else 0
                if seat in a_seats:
                    duel.a_tally.add(mine, pts)
                    d_points += pts
                    d_wins += won
                else:
                    duel.b_tally.add(mine, pts)
                    d_points -= pts
                    d_wins -= won
        if not scored:
            duel.unscored += 1
            continue
        duel.deals += 1
        duel.diff_points += d_points
        duel.diff_points_sq += d_points * d_points
        duel.diff_wins += d_wins
        duel.diff_wins_sq += d_wins * d_wins
    return duel
