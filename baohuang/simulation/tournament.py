"""Two policies against each other on the same deals, seats alternating.

Each deal is played twice: policy A on seats 0, 2, 4 and B on seats 1, 3, then B on 0, 2,
4 and A on 1, 3. So each side gets five seat-games per deal, every seat once, and seat
effects cancel. The unit of the 95% intervals is the deal (the two games of a deal are
not independent): per deal, D = A's points − B's points and W = A's wins − B's wins, over
the five seat-games each.

By role (emperor, guard, rebel, solo emperor), each policy's seat-games are tallied too:
mean points per seat-game with a 95% interval that treats seat-games as independent (they
are not quite: five of them share a deal), so read the role figures as a description and
the per-deal margin as the test. Deals are independent of each other (deal ``i`` is dealt
from ``derive_seed(seed, i)``), so a tournament splits into chunks of deals that
:meth:`Duel.merge` adds up exactly, on as many processes as asked (:func:`run_tournament`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from baohuang.bots import Policy, make_policy
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.match import derive_seed
from baohuang.rules import Variant
from baohuang.simulation.runner import chunks, compiled, play_game
from baohuang.simulation.stats import ROLES, Tally, mean_interval

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
    a_roles: dict[str, Tally] = field(default_factory=lambda: {r: Tally() for r in ROLES})
    """A's seat-games by role (emperor, guard, rebel, solo)."""
    b_roles: dict[str, Tally] = field(default_factory=lambda: {r: Tally() for r in ROLES})
    """B's seat-games by role."""

    def merge(self, other: Duel) -> Duel:
        """Both tournaments' deals together (of the same variant, seed and policies)."""
        if (self.variant, self.seed, self.a, self.b) != (
            other.variant,
            other.seed,
            other.a,
            other.b,
        ):
            raise ValueError("Only chunks of the same tournament can be merged.")
        return Duel(
            self.variant,
            self.seed,
            self.a,
            self.b,
            self.deals + other.deals,
            self.unscored + other.unscored,
            self.a_tally.merge(other.a_tally),
            self.b_tally.merge(other.b_tally),
            self.diff_points + other.diff_points,
            self.diff_points_sq + other.diff_points_sq,
            self.diff_wins + other.diff_wins,
            self.diff_wins_sq + other.diff_wins_sq,
            {r: self.a_roles[r].merge(other.a_roles[r]) for r in ROLES},
            {r: self.b_roles[r].merge(other.b_roles[r]) for r in ROLES},
        )

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
            "roles": {
                role: {self.a: self.a_roles[role].summary(), self.b: self.b_roles[role].summary()}
                for role in ROLES
            },
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
    chunk: tuple[int, int] | None = None,
) -> Duel:
    """Play ``deals`` deals twice each, A and B swapping seats; see the module docstring.

    ``a`` and ``b`` are policy names or built policies (e.g. a heuristic with other
    parameters); built policies must have different names. ``chunk = (start, stop)`` plays
    only those deals (merge the chunks with :meth:`Duel.merge`).
    """
    cv = compiled(variant)
    pa = make_policy(a, cv) if isinstance(a, str) else a
    pb = make_policy(b, cv) if isinstance(b, str) else b
    if pa.name == pb.name:
        raise ValueError(f"Both policies are called '{pa.name}'; give them different names.")
    duel = Duel(cv.id, seed, pa.name, pb.name)
    start, stop = (0, deals) if chunk is None else chunk
    for i in range(start, stop):
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
                role = role_of(game.emperor, game.guard, seat)
                if seat in a_seats:
                    duel.a_tally.add(mine, pts)
                    duel.a_roles[role].add(mine, pts)
                    d_points += pts
                    d_wins += won
                else:
                    duel.b_tally.add(mine, pts)
                    duel.b_roles[role].add(mine, pts)
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


def role_of(emperor: int, guard: int | None, seat: int) -> str:
    """A seat's role in a finished game: emperor, guard, rebel, or solo (a guardless emperor)."""
    if seat == emperor:
        return "solo" if guard is None else "emperor"
    return "guard" if seat == guard else "rebel"


def _run_chunk(
    variant: Variant, deals: int, seed: int, a: str, b: str, chunk: tuple[int, int]
) -> Duel:
    return tournament(variant, deals, seed, a, b, chunk)


def run_tournament(
    variant: Variant | CompiledVariant,
    deals: int,
    seed: int,
    a: str = "mc",
    b: str = "heuristic",
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Duel:
    """:func:`tournament` by policy names on ``workers`` local processes; the same result for
    every ``workers`` (chunks of deals, merged). ``progress(done, total)`` counts deals."""
    cv = compiled(variant)
    size = max(1, min(25, -(-deals // (max(1, workers) * 4)) if deals else 1))
    parts = chunks(deals, size)
    total = Duel(cv.id, seed, make_policy(a, cv).name, make_policy(b, cv).name)
    done = 0
    if workers <= 1 or len(parts) <= 1:
        for part in parts:
            total = total.merge(tournament(cv, deals, seed, a, b, part))
            done += part[1] - part[0]
            if progress is not None:
                progress(done, deals)
        return total
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        futures = {
            pool.submit(_run_chunk, cv.variant, deals, seed, a, b, part): part for part in parts
        }
        for future in as_completed(futures):
            total = total.merge(future.result())
            part = futures[future]
            done += part[1] - part[0]
            if progress is not None:
                progress(done, deals)
    return total
