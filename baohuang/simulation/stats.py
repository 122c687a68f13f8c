"""Mergeable statistics of many games (docs/design.md §5).

Everything is an integer counter — counts, sums and sums of squares — so merging two
results is exact and order-free: the statistics of games 0–999 merged with those of games
1000–1999 equal the statistics of games 0–1999 run in one go. Rates, means and 95%
intervals are derived on demand (:meth:`Stats.summary`).

Roles: ``emperor`` (with a guard), ``guard``, ``rebel`` (every seat against the emperor,
also in solo games) and ``solo`` (an emperor playing alone). A seat's outcome is its side's:
the royals' win is the rebels' loss.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.game import Game
from baohuang.engine.scoring import GameResult, Score, score

# --------------------------------------------------------------------------- JSON shapes
# The shapes of :meth:`Stats.to_dict` and :meth:`Stats.summary` as a job's ``result`` and
# ``summary`` carry them. mypy holds the two methods to them; the API's OpenAPI document
# (baohuang.jobs.serializers) and so the web editor's generated types are derived from them.


class TallyDict(TypedDict):
    """A tally's counters (:meth:`Tally.to_dict`)."""

    n: int
    wins: int
    draws: int
    losses: int
    points: int
    points_sq: int


class RoleDict(TallyDict):
    """One role's counters: the tally, its points histogram and finish ranks."""

    histogram: dict[str, int]
    """Points (as text, in numeric order) → seat-games that scored them."""
    ranks: list[int]
    """Seat-games finished first … fifth."""


class StatsDict(TypedDict):
    """Every counter of a set of games (:meth:`Stats.to_dict`): a job's ``result``."""

    variant: str
    checksum: str
    seed: int
    policies: list[str]
    ranges: list[list[int]]
    games: int
    unscored: int
    roles: dict[str, RoleDict]
    counters: dict[str, int]
    plays: int
    plays_sq: int
    decisions: int
    decisions_sq: int
    seats: list[TallyDict]
    by_policy: dict[str, TallyDict]
    outcomes: dict[str, int] | None


class RateDict(TypedDict):
    """A rate with its Wilson 95% interval."""

    rate: float
    ci95: list[float]


class CounterDict(TypedDict, total=False):
    """An event counter's figure: a rate of games with its interval (``rate``, ``ci95``),
    or for events that can happen several times in one game, a count ``per_game``."""

    rate: float
    ci95: list[float]
    per_game: float


class MeanDict(TypedDict):
    """A mean with its 95% interval (``[null, null]`` below two observations)."""

    mean: float
    ci95: list[float | None]


class TallySummaryDict(TypedDict):
    """A tally's rates and mean points (:meth:`Tally.summary`)."""

    n: int
    win: RateDict
    draw: RateDict
    loss: RateDict
    points: MeanDict


class RoleSummaryDict(TallySummaryDict):
    """One role's rates and means, and its finish-rank distribution."""

    ranks: list[float]
    """Shares of the role's seat-games finished first … fifth."""


class SeatsSummaryDict(TypedDict):
    """Per seat: win rates, the first seat's advantage over the mean, mean points."""

    win_rates: list[float]
    seat0_advantage: float
    mean_points: list[float]


class SummaryDict(TypedDict):
    """Rates, means and 95% intervals (:meth:`Stats.summary`): a job's ``summary``."""

    variant: str
    games: int
    scored: int
    policies: list[str]
    roles: dict[str, RoleSummaryDict]
    rates: dict[str, CounterDict]
    plays_per_game: MeanDict
    decisions_per_game: float
    seats: SeatsSummaryDict
    by_policy: dict[str, TallySummaryDict]


ROLES: tuple[str, ...] = ("emperor", "guard", "rebel", "solo")
"""The roles statistics are kept for."""

COUNTERS: tuple[str, ...] = (
    "solo_open",
    "solo_hidden",
    "solo_grabbed",
    "abdication_games",
    "abdications",
    "redeal_games",
    "redeals",
    "open_guard",
    "guard_known",
    "rebellion",
    "rebels_declared",
    "kick_games",
    "kicks",
    "forfeit_games",
    "void_games",
)
"""Event counters (games, or occurrences where the name is plural) every result carries.

``forfeit_games`` and ``void_games`` count the games that ended in bidding with nobody
ascending (弃皇者负, 本局作废): they have no roles and no finish order, so they are scored
games that count only there, not in the roles', seats' or policies' tallies."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

_OUTCOMES = ("win", "draw", "lose")


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``.

    With no observations (``n`` is 0) it is ``(0, 1)``: nothing is known about the rate.
    With no success the lower bound is exactly 0, with no failure the upper bound exactly 1
    (the formula's ``centre - half`` is 0 there only up to rounding: ``2e-19`` would show).
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return lo, hi


def mean_interval(
    total: int, squares: int, n: int, z: float = Z95
) -> tuple[float, float | None, float | None]:
    """Mean and its normal 95% interval from a count, a sum and a sum of squares.

    The interval is ``mean ± z·s/√n`` with ``s²`` the sample variance (``n − 1`` in the
    denominator), computed exactly in integers before the one division, so that large
    values with a small spread do not cancel out.

    Fewer than two observations give no estimate of the spread, so the interval has no
    bounds: ``lo`` and ``hi`` are ``None`` (``null`` in JSON), meaning "unbounded", never a
    zero-width interval that would pretend the mean is exact. The mean of one observation
    is that observation; with none it is 0 (as the rates of an empty tally are), and the
    missing bounds say it means nothing.
    """
    if n <= 0:
        return 0.0, None, None
    mean = total / n
    if n < 2:
        return mean, None, None
    var = max(0, n * squares - total * total) / (n * (n - 1))
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass
class Tally:
    """Outcomes and points of one group of seat-games (a role, a seat or a policy)."""

    n: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: int = 0
    points_sq: int = 0

    def add(self, outcome: str, points: int) -> None:
        """Count one seat-game with its side's outcome and the seat's points."""
        self.n += 1
        if outcome == "win":
            self.wins += 1
        elif outcome == "draw":
            self.draws += 1
        else:
            self.losses += 1
        self.points += points
        self.points_sq += points * points

    def add_many(self, outcome: str, points: int, count: int) -> None:
        """Count ``count`` seat-games with the same outcome and points."""
        self.n += count
        if outcome == "win":
            self.wins += count
        elif outcome == "draw":
            self.draws += count
        else:
            self.losses += count
        self.points += points * count
        self.points_sq += points * points * count

    def merge(self, other: Tally) -> Tally:
        """The tally of both groups together."""
        return Tally(
            self.n + other.n,
            self.wins + other.wins,
            self.draws + other.draws,
            self.losses + other.losses,
            self.points + other.points,
            self.points_sq + other.points_sq,
        )

    def to_dict(self) -> TallyDict:
        """The counters as a JSON object."""
        return {
            "n": self.n,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "points": self.points,
            "points_sq": self.points_sq,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        """Read the counters written by :meth:`to_dict`."""
        return cls(
            **{k: int(data[k]) for k in ("n", "wins", "draws", "losses", "points", "points_sq")}
        )

    def summary(self) -> TallySummaryDict:
        """Rates with Wilson 95% intervals, and the mean points with a normal 95% interval.

        The points interval is ``[null, null]`` (unbounded) for fewer than two seat-games:
        see :func:`mean_interval`.
        """

        def rate(count: int) -> RateDict:
            lo, hi = wilson(count, self.n)
            return {"rate": count / self.n if self.n else 0.0, "ci95": [lo, hi]}

        mean, mean_lo, mean_hi = mean_interval(self.points, self.points_sq, self.n)
        return {
            "n": self.n,
            "win": rate(self.wins),
            "draw": rate(self.draws),
            "loss": rate(self.losses),
            "points": {"mean": mean, "ci95": [mean_lo, mean_hi]},
        }


@dataclass
class RoleStats:
    """One role's tally, points histogram and finish-rank distribution."""

    tally: Tally = field(default_factory=Tally)
    histogram: dict[int, int] = field(default_factory=dict)
    """Points → seat-games that scored them."""
    ranks: list[int] = field(default_factory=lambda: [0] * 5)
    """``ranks[k]``: seat-games finished (k + 1)-th."""

    def add(self, outcome: str, points: int, rank: int) -> None:
        """Count one seat-game of this role."""
        self.tally.add(outcome, points)
        self.histogram[points] = self.histogram.get(points, 0) + 1
        self.ranks[rank - 1] += 1

    def add_many(self, outcome: str, points: int, count: int) -> None:
        """Count ``count`` seat-games of this role with one outcome and points (no ranks)."""
        self.tally.add_many(outcome, points, count)
        self.histogram[points] = self.histogram.get(points, 0) + count

    def merge(self, other: RoleStats) -> RoleStats:
        """Both groups together."""
        hist = dict(self.histogram)
        for k, v in other.histogram.items():
            hist[k] = hist.get(k, 0) + v
        return RoleStats(
            self.tally.merge(other.tally),
            dict(sorted(hist.items())),
            [a + b for a, b in zip(self.ranks, other.ranks, strict=True)],
        )

    def to_dict(self) -> RoleDict:
        """As a JSON object (histogram keys become strings, in numeric order)."""
        return {
            **self.tally.to_dict(),
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "ranks": list(self.ranks),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoleStats:
        """Read what :meth:`to_dict` wrote."""
        hist = {int(k): int(v) for k, v in data["histogram"].items()}
        return cls(
            Tally.from_dict(data), dict(sorted(hist.items())), [int(x) for x in data["ranks"]]
        )


# --------------------------------------------------------------------------- outcomes

#: Separates the parts of an outcome key.
_SEP = ":"


def outcome_key(game: Game) -> str:
    """Everything :func:`~baohuang.engine.scoring.score` reads of a finished game, as a key.

    ``"E:G:e:g:S:events:auto"``: the emperor's and the guard's seats (``-`` in a solo game),
    their finish ranks, the solo kind (``open``, ``hidden`` or ``-``), the game's events
    sorted (``kick+kick+open_guard``; repeats count) and the seats that went automatic.
    Which rebel finished where does not change any seat's points (the tables key on the
    royals' ranks, the side-out outcome on the set of their ranks), so the key leaves it
    out; that is what keeps the statistic small.
    """
    finish = game.outcome.finish if game.outcome is not None else ()
    e = game.emperor
    g = game.guard if game.solo is None else None
    e_rank = finish.index(e) + 1
    g_rank = finish.index(g) + 1 if g is not None else "-"
    auto = "".join(str(s) for s in range(5) if game.auto_spells[s] > 0)
    return _SEP.join(
        (
            str(e),
            "-" if g is None else str(g),
            str(e_rank),
            str(g_rank),
            game.solo or "-",
            "+".join(sorted(game.events)),
            auto,
        )
    )


def result_of_key(key: str) -> GameResult:
    """A game result that scores exactly as every game counted under ``key`` did.

    The emperor and the guard keep their seats and ranks; the rebels take the other ranks
    in seat order (any order gives the same points).
    """
    e_s, g_s, e_r, g_r, solo, events, auto = key.split(_SEP)
    emperor = int(e_s)
    guard = None if g_s == "-" else int(g_s)
    finish: list[int | None] = [None] * 5
    finish[int(e_r) - 1] = emperor
    if guard is not None:
        finish[int(g_r) - 1] = guard
    rebels = iter(s for s in range(5) if s != emperor and s != guard)
    order = [s if s is not None else next(rebels) for s in finish]
    return GameResult(
        emperor,
        guard,
        tuple(order),
        None if solo == "-" else solo,  # type: ignore[arg-type]
        # The key's events are a game's own (Game.events), written by outcome_key.
        tuple(events.split("+")) if events else (),  # type: ignore[arg-type]
        tuple(int(c) for c in auto),
    )


def _merge_counts(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return dict(sorted(out.items()))


def _merge_ranges(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted, coalesced [start, stop) ranges; ValueError if two overlap."""
    out: list[tuple[int, int]] = []
    for start, stop in sorted(ranges):
        if start >= stop:
            continue
        if out and start < out[-1][1]:
            raise ValueError(f"Game ranges overlap: games {start}–{out[-1][1] - 1} counted twice.")
        if out and start == out[-1][1]:
            out[-1] = (out[-1][0], stop)
        else:
            out.append((start, stop))
    return out


@dataclass
class Stats:
    """Statistics of a set of games of one variant, one job seed and one seat assignment.

    Build with :meth:`empty` and :meth:`add_game`; combine with :func:`merge`. ``ranges``
    are the job's game indices covered (game i is dealt from ``derive_seed(seed, i)``).
    """

    variant: str
    checksum: str
    seed: int
    policies: tuple[str, ...]
    ranges: list[tuple[int, int]] = field(default_factory=list)
    games: int = 0
    unscored: int = 0
    roles: dict[str, RoleStats] = field(default_factory=lambda: {r: RoleStats() for r in ROLES})
    counters: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTERS, 0))
    plays: int = 0
    plays_sq: int = 0
    decisions: int = 0
    decisions_sq: int = 0
    seats: list[Tally] = field(default_factory=lambda: [Tally() for _ in range(5)])
    by_policy: dict[str, Tally] = field(default_factory=dict)
    outcomes: dict[str, int] | None = field(default_factory=dict)
    """Scored games by :func:`outcome_key`: the sufficient statistic of the settlement
    (:func:`rescore`). None in results written before it existed."""

    @classmethod
    def empty(cls, variant: str, checksum: str, seed: int, policies: Iterable[str]) -> Stats:
        """No games yet."""
        return cls(variant, checksum, seed, tuple(policies))

    # ------------------------------------------------------------------ counting

    def add_game(self, game: Game, score: Score | None = None) -> None:
        """Count one finished game (the caller records which game indices it covered).

        ``score`` replaces the game's own score: the same game settled by another variant
        whose play is the same (:mod:`baohuang.rules.field_kinds`).
        """
        self.games += 1
        c = self.counters
        if game.redeals:
            c["redeal_games"] += 1
            c["redeals"] += game.redeals
        if game.abdications:
            c["abdication_games"] += 1
            c["abdications"] += game.abdications
        decisions = len(game.history)
        self.decisions += decisions
        self.decisions_sq += decisions * decisions
        self.plays += game.plays
        self.plays_sq += game.plays * game.plays
        out = game.outcome
        if out is None or out.score is None:
            self.unscored += 1
            return
        if out.ended != "play":
            c["forfeit_games" if out.ended == "forfeit" else "void_games"] += 1
            return
        events = game.events
        if game.solo == "open":
            c["solo_open"] += 1
            if game.grabbed:
                c["solo_grabbed"] += 1
        elif game.solo == "hidden":
            c["solo_hidden"] += 1
        if "open_guard" in events:
            c["open_guard"] += 1
        if "guard_known" in events:
            c["guard_known"] += 1
        if "rebellion" in events:
            c["rebellion"] += 1
        c["rebels_declared"] += len(game.rebels_declared)
        kicks = events.count("kick")
        if kicks:
            c["kick_games"] += 1
            c["kicks"] += kicks
        if score is None:
            score = out.score
        if self.outcomes is not None:
            key = outcome_key(game)
            self.outcomes[key] = self.outcomes.get(key, 0) + 1
        royal: str = score.outcome
        rebel = "lose" if royal == "win" else "win" if royal == "lose" else "draw"
        finish = out.finish
        emperor = game.emperor
        guard = game.guard
        solo = game.solo is not None
        roles = self.roles
        for rank, seat in enumerate(finish, 1):
            pts = score.points[seat]
            if seat == emperor:
                role, side = ("solo" if solo else "emperor"), royal
            elif seat == guard and not solo:
                role, side = "guard", royal
            else:
                role, side = "rebel", rebel
            roles[role].add(side, pts, rank)
            self.seats[seat].add(side, pts)
            name = self.policies[seat]
            tally = self.by_policy.get(name)
            if tally is None:
                tally = self.by_policy[name] = Tally()
            tally.add(side, pts)

    # ------------------------------------------------------------------ serialisation

    def to_dict(self) -> StatsDict:
        """Every counter as JSON-ready data (exact; :meth:`from_dict` reads it back)."""
        return {
            "variant": self.variant,
            "checksum": self.checksum,
            "seed": self.seed,
            "policies": list(self.policies),
            "ranges": [list(r) for r in self.ranges],
            "games": self.games,
            "unscored": self.unscored,
            "roles": {name: self.roles[name].to_dict() for name in ROLES},
            "counters": {k: self.counters[k] for k in COUNTERS},
            "plays": self.plays,
            "plays_sq": self.plays_sq,
            "decisions": self.decisions,
            "decisions_sq": self.decisions_sq,
            "seats": [t.to_dict() for t in self.seats],
            "by_policy": {k: self.by_policy[k].to_dict() for k in sorted(self.by_policy)},
            "outcomes": None if self.outcomes is None else dict(sorted(self.outcomes.items())),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Stats:
        """Read the data :meth:`to_dict` wrote."""
        return cls(
            variant=str(data["variant"]),
            checksum=str(data["checksum"]),
            seed=int(data["seed"]),
            policies=tuple(str(p) for p in data["policies"]),
            ranges=[(int(a), int(b)) for a, b in data["ranges"]],
            games=int(data["games"]),
            unscored=int(data["unscored"]),
            roles={name: RoleStats.from_dict(data["roles"][name]) for name in ROLES},
            counters={k: int(data["counters"].get(k, 0)) for k in COUNTERS},
            plays=int(data["plays"]),
            plays_sq=int(data["plays_sq"]),
            decisions=int(data["decisions"]),
            decisions_sq=int(data["decisions_sq"]),
            seats=[Tally.from_dict(t) for t in data["seats"]],
            by_policy={k: Tally.from_dict(v) for k, v in sorted(data["by_policy"].items())},
            outcomes=(
                None
                if data.get("outcomes") is None
                else {str(k): int(v) for k, v in sorted(data["outcomes"].items())}
            ),
        )

    # ------------------------------------------------------------------ derived figures

    @property
    def scored(self) -> int:
        """Games that were scored."""
        return self.games - self.unscored

    def rate(self, counter: str) -> float:
        """A counter per game played."""
        return self.counters[counter] / self.games if self.games else 0.0

    def summary(self) -> SummaryDict:
        """Rates, means and 95% intervals derived from the counters.

        Means' intervals are ``[null, null]`` (unbounded) below two observations (see
        :func:`mean_interval`); rates' Wilson intervals are ``[0, 1]`` with none.
        """
        games = self.games
        seat_rates = [t.wins / t.n if t.n else 0.0 for t in self.seats]
        mean_rate = sum(seat_rates) / 5
        plays_mean, plays_lo, plays_hi = mean_interval(self.plays, self.plays_sq, games)
        dec_mean, _, _ = mean_interval(self.decisions, self.decisions_sq, games)
        rates: dict[str, CounterDict] = {}
        for name in COUNTERS:
            count = self.counters[name]
            if name in ("abdications", "redeals", "kicks", "rebels_declared"):
                rates[name] = {"per_game": count / games if games else 0.0}
            else:
                lo, hi = wilson(count, games)
                rates[name] = {"rate": count / games if games else 0.0, "ci95": [lo, hi]}
        return {
            "variant": self.variant,
            "games": games,
            "scored": self.scored,
            "policies": list(self.policies),
            "roles": {
                name: {
                    **self.roles[name].tally.summary(),
                    "ranks": [
                        k / self.roles[name].tally.n if self.roles[name].tally.n else 0.0
                        for k in self.roles[name].ranks
                    ],
                }
                for name in ROLES
            },
            "rates": rates,
            "plays_per_game": {"mean": plays_mean, "ci95": [plays_lo, plays_hi]},
            "decisions_per_game": dec_mean,
            "seats": {
                "win_rates": seat_rates,
                "seat0_advantage": seat_rates[0] - mean_rate,
                "mean_points": [t.points / t.n if t.n else 0.0 for t in self.seats],
            },
            "by_policy": {k: v.summary() for k, v in sorted(self.by_policy.items())},
        }


def merge(a: Stats, b: Stats) -> Stats:
    """The statistics of both sets of games; ValueError if they are not of one job.

    Both must have the same variant checksum, seed and seat policies, and cover disjoint
    game ranges. The result does not depend on the order of the arguments.
    """
    if (a.checksum, a.seed, a.policies) != (b.checksum, b.seed, b.policies):
        raise ValueError(
            "Only statistics of the same variant, seed and policies can be merged "
            f"(got {a.variant}/{a.seed}/{','.join(a.policies)} and "
            f"{b.variant}/{b.seed}/{','.join(b.policies)})."
        )
    names = sorted(set(a.by_policy) | set(b.by_policy))
    return Stats(
        variant=a.variant,
        checksum=a.checksum,
        seed=a.seed,
        policies=a.policies,
        ranges=_merge_ranges([*a.ranges, *b.ranges]),
        games=a.games + b.games,
        unscored=a.unscored + b.unscored,
        roles={r: a.roles[r].merge(b.roles[r]) for r in ROLES},
        counters={k: a.counters[k] + b.counters[k] for k in COUNTERS},
        plays=a.plays + b.plays,
        plays_sq=a.plays_sq + b.plays_sq,
        decisions=a.decisions + b.decisions,
        decisions_sq=a.decisions_sq + b.decisions_sq,
        seats=[x.merge(y) for x, y in zip(a.seats, b.seats, strict=True)],
        by_policy={
            k: a.by_policy.get(k, Tally()).merge(b.by_policy.get(k, Tally())) for k in names
        },
        outcomes=(
            None
            if a.outcomes is None or b.outcomes is None
            else _merge_counts(a.outcomes, b.outcomes)
        ),
    )


class NoOutcomes(ValueError):
    """The statistics carry no outcome counts (written before they existed): re-simulate."""


def rescore(stats: Stats, cv: CompiledVariant) -> Stats:
    """The same games settled by ``cv`` (whose play fields must equal the simulated
    variant's: :func:`baohuang.rules.field_kinds.play_fields_differ`).

    Every figure that depends on the settlement (the roles' and seats' outcomes, points and
    histograms, the policies' tallies) is recomputed from :attr:`Stats.outcomes`, scoring
    each distinct outcome once and counting it as many times as it happened; the rest (game
    counts, events, finish ranks, plays) is the games' own and is copied. The result equals
    simulating ``cv`` with the same seed exactly. :class:`NoOutcomes` if there are no counts.
    """
    if stats.outcomes is None:
        raise NoOutcomes(
            "These statistics were recorded before outcomes were kept; simulate again to "
            "re-score them."
        )
    roles = {r: RoleStats(ranks=list(stats.roles[r].ranks)) for r in ROLES}
    seats = [Tally() for _ in range(5)]
    by_policy = {name: Tally() for name in stats.by_policy}
    policies = stats.policies
    # Points and outcome depend on the roles' ranks, the solo kind and the events, not on
    # the seats (automatic seats move only money, which Stats does not count): score each
    # such pattern once, with the emperor on seat 0 and the guard on seat 1.
    settled: dict[str, tuple[str, int, int, int]] = {}
    for key, count in stats.outcomes.items():
        e_s, g_s, pattern = key.split(_SEP, 2)
        emperor = int(e_s)
        guard = None if g_s == "-" else int(g_s)
        found = settled.get(pattern)
        if found is None:
            canonical = result_of_key(_SEP.join(("0", "-" if guard is None else "1", pattern)))
            s = score(cv, canonical)
            rebel_seat = 2 if canonical.guard is not None else 1
            found = (s.outcome, s.points[0], s.points[1], s.points[rebel_seat])
            settled[pattern] = found
        royal: str = found[0]
        rebel = "lose" if royal == "win" else "win" if royal == "lose" else "draw"
        solo = guard is None
        for seat in range(5):
            if seat == emperor:
                role, side = ("solo" if solo else "emperor"), royal
                pts = found[1]
            elif seat == guard:
                role, side = "guard", royal
                pts = found[2]
            else:
                role, side = "rebel", rebel
                pts = found[3]
            roles[role].add_many(side, pts, count)
            seats[seat].add_many(side, pts, count)
            tally = by_policy.get(policies[seat])
            if tally is None:
                tally = by_policy[policies[seat]] = Tally()
            tally.add_many(side, pts, count)
    for r in roles.values():
        r.histogram = dict(sorted(r.histogram.items()))
    return Stats(
        variant=cv.id,
        checksum=cv.checksum,
        seed=stats.seed,
        policies=stats.policies,
        ranges=list(stats.ranges),
        games=stats.games,
        unscored=stats.unscored,
        roles=roles,
        counters=dict(stats.counters),
        plays=stats.plays,
        plays_sq=stats.plays_sq,
        decisions=stats.decisions,
        decisions_sq=stats.decisions_sq,
        seats=seats,
        by_policy=dict(sorted(by_policy.items())),
        outcomes=dict(stats.outcomes),
    )
