"""Paired A/B comparison of two variants on the same deal seeds (common random numbers).

Game ``i`` of a comparison is dealt, for A and for B, from ``derive_seed(S, i)`` and the
policies of both draw from ``derive_seed(S, i, 1)`` (:mod:`baohuang.simulation.runner`), so
the two games of a pair share their shuffle stream. Where both variants' shoes are the same
the deals are identical; where the decks differ (other trims, other hand sizes) the same
stream gives other deals, and the pairs are only as alike as that makes them. The game
pair is the unit either way, so the intervals below stay valid; the closer the pairing, the
narrower they are.

When the two variants differ only in settlement fields (:mod:`baohuang.rules.field_kinds`)
the games are the same games: each is played once and scored by both — unless the players
read the scoring (``adaptive``, ``mc``: :func:`baohuang.bots.reads_scoring`); then a change of
points or multipliers may change how they bid, declare or play, and both sides are played
(``players_adapt`` in the report).

Statistics: for every metric and game, four integers — A's sum ``x_a`` over the seats
that count (e.g. the emperor's points, or the rebels' wins) and their number ``n_a``, and
B's ``x_b``, ``n_b``. The comparison keeps the sums of these four and of their ten
pairwise products, so chunks merge exactly, like the other counters. A metric's value is
the ratio ``Σx/Σn``; the difference ``B − A`` gets a t interval from the variance of the
per-game linearised difference (the delta method for a ratio of paired sums, game as the
unit). When ``n`` is 1 in every game (per-game figures: plays, solo rate …) this is the
ordinary paired t interval on per-game differences.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from baohuang.bots import Policy, make_policy, reads_scoring
from baohuang.engine.compiled import CompiledVariant
from baohuang.engine.game import Game
from baohuang.engine.scoring import Score, score
from baohuang.rules import Variant
from baohuang.rules.field_kinds import play_fields_differ
from baohuang.rules.texts import gettext, gettext_noop
from baohuang.simulation.runner import (
    Progress,
    Tick,
    chunks,
    compiled,
    game_seed,
    play_game,
    policy_seed,
    seat_policies,
)
from baohuang.simulation.stats import ROLES, Stats, merge

#: The per-game counters whose rates are compared (name → counted when).
_GAME_EVENTS: tuple[str, ...] = (
    "solo_open",
    "solo_hidden",
    "solo_grabbed",
    "abdication",
    "redeal",
    "open_guard",
    "guard_known",
    "rebellion",
    "kick",
)

#: Sizes of difference the power estimate is given for, by the kind of metric.
DETECT: dict[str, float] = {"rate": 0.01, "points": 0.1, "money": 0.1, "plays": 1.0}

Z80 = 0.8416212335729143
"""The normal quantile of 80% power."""


def metric_names() -> list[str]:
    """Every compared metric, in report order."""
    names: list[str] = []
    for role in ROLES:
        names += [f"{role}.win_rate", f"{role}.draw_rate", f"{role}.loss_rate"]
        names += [f"{role}.points", f"{role}.money"]
        names += [f"{role}.rank_{k}" for k in range(1, 6)]
    names += ["royal_side.points_per_seat", "rebel_side.points_per_seat"]
    names += [f"{e}_rate" for e in _GAME_EVENTS]
    names += ["plays_per_game", "seat0.win_rate", "score_changed_rate"]
    return names


METRICS: tuple[str, ...] = tuple(metric_names())
_INDEX: dict[str, int] = {name: i for i, name in enumerate(METRICS)}


def metric_kind(name: str) -> str:
    """``rate``, ``points``, ``money`` or ``plays``: the unit of a metric."""
    if name.endswith(".money"):
        return "money"
    if name.endswith("points") or name.endswith("points_per_seat"):
        return "points"
    if name == "plays_per_game":
        return "plays"
    return "rate"


#: The game events (flags of :func:`game_values`) that can change a score, by the name the
#: game's words know them by (:func:`baohuang.rules.words.event_word`): the plain summary
#: says which of them the games scored differently had.
SCORING_EVENTS: dict[str, str] = {
    "rebellion": "rebellion",
    "open_guard": "open_guard",
    "guard_known": "guard_known",
    "kick": "kick",
    "solo_open": "open_solo",
    "solo_hidden": "hidden_solo",
    "solo_grabbed": "grabbed_solo",
}

#: Metrics counted once per game (n is always 1): their intervals are plain paired t.
PER_GAME: frozenset[str] = frozenset(
    [f"{e}_rate" for e in _GAME_EVENTS] + ["plays_per_game", "seat0.win_rate", "score_changed_rate"]
)


def game_values(game: Game, settled: Score | None) -> dict[str, tuple[int, int]]:
    """The ``(x, n)`` of every metric in one game (metrics with ``n == 0`` are left out).

    ``settled`` is the game's score under the variant being measured (None: unscored)."""
    out: dict[str, tuple[int, int]] = {}
    ev = game.events
    flags = {
        "solo_open": game.solo == "open",
        "solo_hidden": game.solo == "hidden",
        "solo_grabbed": game.solo == "open" and game.grabbed,
        "abdication": game.abdications > 0,
        "redeal": game.redeals > 0,
        "open_guard": "open_guard" in ev,
        "guard_known": "guard_known" in ev,
        "rebellion": "rebellion" in ev,
        "kick": "kick" in ev,
    }
    for name, flag in flags.items():
        out[f"{name}_rate"] = (int(flag), 1)
    out["plays_per_game"] = (game.plays, 1)
    outcome = game.outcome
    if settled is None or outcome is None:
        return out
    royal: str = settled.outcome
    rebel = "lose" if royal == "win" else "win" if royal == "lose" else "draw"
    solo = game.solo is not None
    acc: dict[str, list[int]] = {}

    def add(name: str, x: int) -> None:
        cell = acc.get(name)
        if cell is None:
            acc[name] = [x, 1]
        else:
            cell[0] += x
            cell[1] += 1

    money = settled.money or tuple(0 for _ in range(5))
    for rank, seat in enumerate(outcome.finish, 1):
        if seat == game.emperor:
            role, side, royal_seat = ("solo" if solo else "emperor"), royal, True
        elif seat == game.guard and not solo:
            role, side, royal_seat = "guard", royal, True
        else:
            role, side, royal_seat = "rebel", rebel, False
        pts = settled.points[seat]
        add(f"{role}.win_rate", int(side == "win"))
        add(f"{role}.draw_rate", int(side == "draw"))
        add(f"{role}.loss_rate", int(side == "lose"))
        add(f"{role}.points", pts)
        add(f"{role}.money", money[seat])
        for k in range(1, 6):
            add(f"{role}.rank_{k}", int(rank == k))
        add("royal_side.points_per_seat" if royal_seat else "rebel_side.points_per_seat", pts)
        if seat == 0:
            out["seat0.win_rate"] = (int(side == "win"), 1)
    for name, (x, n) in acc.items():
        out[name] = (x, n)
    return out


# --------------------------------------------------------------------------- paired sums

#: The ten products of (x_a, n_a, x_b, n_b) kept per metric, as index pairs.
_PRODUCTS: tuple[tuple[int, int], ...] = tuple((i, j) for i in range(4) for j in range(i, 4))


@dataclass
class Pairing:
    """Per metric: the sums of (x_a, n_a, x_b, n_b) and of their pairwise products over the
    games, and the number of game pairs. Integers only: merging is exact."""

    games: int = 0
    sums: dict[str, list[int]] = field(default_factory=dict)

    def add(self, a: Mapping[str, tuple[int, int]], b: Mapping[str, tuple[int, int]]) -> None:
        """Count one pair of games from their :func:`game_values`."""
        self.games += 1
        for name in set(a) | set(b):
            xa, na = a.get(name, (0, 0))
            xb, nb = b.get(name, (0, 0))
            if not (xa or na or xb or nb):
                continue
            v = (xa, na, xb, nb)
            cell = self.sums.get(name)
            if cell is None:
                cell = self.sums[name] = [0] * 14
            cell[0] += xa
            cell[1] += na
            cell[2] += xb
            cell[3] += nb
            for k, (i, j) in enumerate(_PRODUCTS, 4):
                cell[k] += v[i] * v[j]

    def merge(self, other: Pairing) -> Pairing:
        """Both sets of pairs together."""
        sums = {k: list(v) for k, v in self.sums.items()}
        for k, v in other.sums.items():
            cell = sums.setdefault(k, [0] * 14)
            for i, x in enumerate(v):
                cell[i] += x
        return Pairing(self.games + other.games, {k: sums[k] for k in sorted(sums)})

    def to_dict(self) -> dict[str, Any]:
        """As JSON (exact)."""
        return {"games": self.games, "sums": {k: list(v) for k, v in sorted(self.sums.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pairing:
        """Read what :meth:`to_dict` wrote."""
        return cls(
            int(data["games"]),
            {str(k): [int(x) for x in v] for k, v in data["sums"].items()},
        )

    def metric(self, name: str, same_games: bool = False) -> dict[str, Any]:
        """A, B, B − A with its 95% interval, significance, method and power for one metric."""
        return paired_difference(name, self.sums.get(name, [0] * 14), self.games, same_games)


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    from scipy.stats import t

    return float(t.ppf(0.975, df))


def paired_difference(
    name: str, cell: Sequence[int], games: int, same_games: bool = False
) -> dict[str, Any]:
    """The comparison of one metric from its paired sums (see the module's docstring)."""
    sxa, sna, sxb, snb = cell[0], cell[1], cell[2], cell[3]
    per_game = name in PER_GAME
    method = (
        "paired t on per-game differences (same deal seeds)"
        if per_game
        else "paired ratio, game as the unit (delta method, t interval; same deal seeds)"
    )
    if same_games:
        method += "; identical games, scored twice"
    out: dict[str, Any] = {
        # The method as a code for clients to word (the English ``method`` stays, as stored
        # results have it): paired_t, paired_ratio, no_estimate (balance: paired_sides,
        # one_sample); ``same_games``: identical games, scored twice.
        "method_code": "paired_t" if per_game else "paired_ratio",
        "same_games": same_games,
        "name": name,
        "a": sxa / sna if sna else None,
        "b": sxb / snb if snb else None,
        "diff": None,
        "ci95": [None, None],
        "significant": False,
        "method": method,
        "n": [sna, snb],
        "power": {"detect": DETECT[metric_kind(name)], "games": None},
    }
    if not (sna and snb) or games < 2:
        out["method"] = "no estimate: the metric did not occur in both (or fewer than 2 games)"
        out["method_code"] = "no_estimate"
        out["same_games"] = False
        return out
    g = Fraction(games)
    ra, rb = Fraction(sxa, sna), Fraction(sxb, snb)
    ma, mb = Fraction(sna) / g, Fraction(snb) / g
    c = (-1 / ma, ra / ma, 1 / mb, -rb / mb)
    m = [[0] * 4 for _ in range(4)]
    for k, (i, j) in enumerate(_PRODUCTS, 4):
        m[i][j] = m[j][i] = cell[k]
    su2 = sum(c[i] * m[i][j] * c[j] for i in range(4) for j in range(4))
    var_u = max(Fraction(0), su2 / (games - 1))  # Σu = 0 by construction
    diff = float(rb - ra)
    se = math.sqrt(float(var_u) / games)
    half = t_quantile(games - 1) * se
    lo, hi = diff - half, diff + half
    out["diff"] = diff
    out["ci95"] = [lo, hi]
    out["significant"] = bool(lo > 0 or hi < 0)
    sd = math.sqrt(float(var_u))
    detect = out["power"]["detect"]
    out["power"]["games"] = (
        math.ceil(((1.959963984540054 + Z80) * sd / detect) ** 2) if sd > 0 else 0
    )
    return out


# --------------------------------------------------------------------------- a comparison


@dataclass
class Comparison:
    """A paired comparison of variant A and variant B: both sides' statistics and the
    paired sums. Mergeable like :class:`~baohuang.simulation.stats.Stats`."""

    a: Stats
    b: Stats
    pairs: Pairing
    play_unchanged: bool
    play_fields: list[str] = field(default_factory=list)
    players_adapt: bool = False
    """The players read the scoring (:func:`baohuang.bots.reads_scoring`): both sides were
    played even where only settlement fields differ."""
    policies: list[str] = field(default_factory=list)
    """The seats' policy names (five)."""
    changed_with: dict[str, int] = field(default_factory=dict)
    """Play unchanged: of the games scored differently, how many had each event of
    :data:`SCORING_EVENTS` (by its flag name)."""

    @property
    def games(self) -> int:
        """Game pairs counted."""
        return self.pairs.games

    def merge(self, other: Comparison) -> Comparison:
        """Both chunks together (ValueError if they are not of one comparison)."""
        return Comparison(
            merge(self.a, other.a),
            merge(self.b, other.b),
            self.pairs.merge(other.pairs),
            self.play_unchanged,
            list(self.play_fields),
            self.players_adapt,
            list(self.policies),
            {
                k: self.changed_with.get(k, 0) + other.changed_with.get(k, 0)
                for k in sorted(set(self.changed_with) | set(other.changed_with))
            },
        )

    def to_dict(self) -> dict[str, Any]:
        """Every counter as JSON (exact)."""
        return {
            "play_unchanged": self.play_unchanged,
            "play_fields": list(self.play_fields),
            "players_adapt": self.players_adapt,
            "policies": list(self.policies),
            "changed_with": dict(self.changed_with),
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "pairs": self.pairs.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Comparison:
        """Read what :meth:`to_dict` wrote."""
        return cls(
            Stats.from_dict(data["a"]),
            Stats.from_dict(data["b"]),
            Pairing.from_dict(data["pairs"]),
            bool(data["play_unchanged"]),
            [str(p) for p in data.get("play_fields", [])],
            bool(data.get("players_adapt", False)),
            [str(p) for p in data.get("policies", [])],
            {str(k): int(v) for k, v in (data.get("changed_with") or {}).items()},
        )

    def metrics(self) -> list[dict[str, Any]]:
        """Every metric's A, B, difference, interval, significance, method and power."""
        return [self.pairs.metric(name, self.play_unchanged) for name in METRICS]

    def report(self) -> dict[str, Any]:
        """The comparison as clients read it (**contract**: ``play_unchanged``, ``games``,
        ``metrics`` with ``name, a, b, diff, ci95, significant, method``)."""
        return {
            "play_unchanged": self.play_unchanged,
            "games": self.games,
            "metrics": self.metrics(),
            "play_fields": list(self.play_fields),
            "variants": {"a": self.a.variant, "b": self.b.variant},
            "policies": list(self.policies),
            "players_adapt": self.players_adapt,
            "message": comparison_message(
                self.play_unchanged, self.play_fields, self.players_adapt
            ),
            "summary": plain_summary(
                self.play_unchanged, self.games, self.metrics(), self.changed_with
            ),
            "pairing": pairing_note(self),
            **pairing_code(self),
        }


def pairing_code(comparison: Comparison) -> dict[str, Any]:
    """How closely the pairs are paired, as a code: ``identical`` (simulated once, scored
    twice), ``deck_differs`` (``pairing_params.fields``: the deck fields that differ) or
    ``same_deck``. :func:`pairing_note` is the English sentence for it."""
    if comparison.play_unchanged:
        return {"pairing_code": "identical", "pairing_params": {}}
    deck = [p for p in comparison.play_fields if p.startswith(("deck", "deal.hand_sizes"))]
    if deck:
        return {"pairing_code": "deck_differs", "pairing_params": {"fields": deck}}
    return {"pairing_code": "same_deck", "pairing_params": {}}


def pairing_note(comparison: Comparison) -> str:
    """How closely the pairs are paired."""
    if comparison.play_unchanged:
        return "identical games: simulated once, scored by A and by B"
    deck = [p for p in comparison.play_fields if p.startswith(("deck", "deal.hand_sizes"))]
    if deck:
        return (
            "same deal seeds, but the decks differ (" + ", ".join(deck) + "): the same "
            "shuffle stream deals other cards, so the pairs are only approximately paired "
            "(the intervals stay valid, they are wider)"
        )
    return "same deal seeds and the same deck: each pair starts from the same deal"


#: The sentence of each method code (the English is the metric's ``method`` note).
METHOD_TEXTS: dict[str, str] = {
    "paired_t": gettext_noop("paired t on per-game differences (same deal seeds)"),
    "paired_ratio": gettext_noop(
        "paired ratio, game as the unit (delta method, t interval; same deal seeds)"
    ),
    "no_estimate": gettext_noop(
        "no estimate: the metric did not occur in both (or fewer than 2 games)"
    ),
    "paired_sides": gettext_noop(
        "paired within games: royal side vs rebel side of the same games "
        "(game as the unit, delta method, t interval)"
    ),
    "one_sample": gettext_noop("one-sample normal interval of the emperor's mean points"),
}


def method_text(code: str, same_games: bool = False) -> str:
    """A metric's method in the active language, from its ``method_code``."""
    text = gettext(METHOD_TEXTS.get(code, code))
    if same_games and code != "no_estimate":
        text += gettext("; identical games, scored twice")
    return text


def pairing_text(code: str, params: Mapping[str, Any]) -> str:
    """A comparison's pairing in the active language, from its ``pairing_code``."""
    if code == "identical":
        return gettext("identical games: simulated once, scored by A and by B")
    if code == "deck_differs":
        return gettext(
            "same deal seeds, but the decks differ (%(fields)s): the same shuffle stream deals "
            "other cards, so the pairs are only approximately paired (the intervals stay "
            "valid, they are wider)"
        ) % {"fields": ", ".join(params.get("fields", []))}
    return gettext("same deal seeds and the same deck: each pair starts from the same deal")


def comparison_message(
    play_unchanged: bool,
    play_fields: Sequence[str],
    players_adapt: bool = False,
) -> dict[str, str]:
    """What the comparison found about play, in Chinese and English (``players_adapt``: the
    players read the scoring, so a settlement-only change was played on both sides)."""
    from django.utils.translation import gettext

    from baohuang.i18n import in_both

    if not play_unchanged and not play_fields and players_adapt:
        return in_both(
            lambda: gettext(
                "Only the scoring differs, but the players adapt their bidding and "
                "declarations to it: both versions were simulated on the same deal seeds."
            )
        )

    if play_unchanged:
        return in_both(
            lambda: gettext(
                "The two versions play exactly the same games; only the scoring differs. "
                "The games were simulated once and scored under both."
            )
        )
    fields = ", ".join(play_fields[:6]) + (" …" if len(play_fields) > 6 else "")
    return in_both(
        lambda: (
            gettext(
                "The two versions play differently (%(fields)s): both were simulated on the "
                "same deal seeds."
            )
            % {"fields": fields}
        )
    )


def _signed(x: float) -> str:
    shown = f"{abs(x):.2f}"
    return shown if float(shown) == 0 else ("+" if x > 0 else "−") + shown


def plain_summary(
    play_unchanged: bool,
    games: int,
    metrics: Sequence[Mapping[str, Any]],
    changed_with: Mapping[str, int] | None = None,
) -> dict[str, str]:
    """The comparison in plain words first (issue 34), in Chinese and English: how often
    the change matters and in which games (the events they had, ``changed_with``), what it
    does to each side per seat and to the emperor, and whether this many games can tell
    (numbers second: the table)."""
    from django.utils.translation import gettext

    from baohuang.i18n import in_both

    by_name = {m["name"]: m for m in metrics}

    def side(name: str) -> tuple[str, str, bool] | None:
        m = by_name.get(name)
        if not m or m.get("a") is None or m.get("b") is None:
            return None
        return _signed(float(m["a"])), _signed(float(m["b"])), bool(m.get("significant"))

    def make() -> str:
        parts: list[str] = []
        changed = by_name.get("score_changed_rate")
        if play_unchanged and changed and changed.get("b") is not None:
            share = float(changed["b"])
            if share == 0:
                parts.append(
                    gettext("In these %(games)s games the change never alters a score.")
                    % {"games": f"{games:,}"}
                )
            else:
                parts.append(
                    gettext(
                        "The players play the same games; the change alters the score in about "
                        "%(share)s%% of them."
                    )
                    % {"share": f"{100 * share:.1f}"}
                )
                parts.extend(_changed_games(round(share * games), changed_with or {}))
        elif not play_unchanged:
            parts.append(gettext("The change alters how the game is played, not only the score."))
        for name, label in (
            ("royal_side.points_per_seat", gettext("The emperor's side")),
            ("rebel_side.points_per_seat", gettext("The rebels")),
        ):
            found = side(name)
            if found is None:
                continue
            a, b, significant = found
            if a == b:
                parts.append(
                    gettext("%(side)s: unchanged at %(a)s points per seat.")
                    % {"side": label, "a": a}
                )
                continue
            parts.append(
                (
                    gettext("%(side)s: %(a)s → %(b)s points per seat, a real difference.")
                    if significant
                    else gettext(
                        "%(side)s: %(a)s → %(b)s points per seat, within chance at this many games."
                    )
                )
                % {"side": label, "a": a, "b": b}
            )
        found = side("emperor.win_rate")
        m = by_name.get("emperor.win_rate")
        if found is not None and m is not None and m.get("diff"):
            parts.append(
                gettext("The emperor (with a guard) wins %(a)s%% → %(b)s%% of his games.")
                % {"a": f"{100 * float(m['a']):.1f}", "b": f"{100 * float(m['b']):.1f}"}
            )
        return " ".join(parts)

    return in_both(make)


def _changed_games(changed: int, changed_with: Mapping[str, int]) -> list[str]:
    """What the games scored differently had in common, in the active language: the events
    every one of them had, else the one most of them had (nothing when none did)."""
    from django.utils.translation import gettext

    from baohuang.rules.problems import join_words
    from baohuang.rules.words import event_word

    if changed <= 0:
        return []
    every = [SCORING_EVENTS[e] for e in SCORING_EVENTS if changed_with.get(e, 0) == changed]
    if every:
        return [
            gettext("Every one of them had %(events)s.")
            % {"events": join_words(event_word(e) for e in every)}
        ]
    flag, count = max(
        ((e, changed_with.get(e, 0)) for e in SCORING_EVENTS), key=lambda item: item[1]
    )
    if 2 * count <= changed:
        return []
    return [
        gettext("%(share)s%% of them had %(event)s.")
        % {"share": f"{100 * count / changed:.0f}", "event": event_word(SCORING_EVENTS[flag])}
    ]


def compare_chunk(
    variant_a: Variant | CompiledVariant,
    variant_b: Variant | CompiledVariant,
    games: int,
    seed: int,
    policies: str | Sequence[str] = ("heuristic",) * 5,
    chunk: tuple[int, int] | None = None,
    progress: Progress | None = None,
    tick: Tick | None = None,
) -> Comparison:
    """Games ``chunk`` (default all) of a paired comparison of A and B; ``tick()`` is called
    after every decision (see :func:`~baohuang.simulation.runner.play_game`)."""
    cva, cvb = compiled(variant_a), compiled(variant_b)
    names = seat_policies(policies)
    start, stop = (0, games) if chunk is None else chunk
    if not 0 <= start <= stop <= games:
        raise ValueError(f"Chunk {start}–{stop} is not within the job's {games} games.")
    fields = play_fields_differ(cva.variant, cvb.variant)
    adapt = any(reads_scoring(n) for n in names)
    same = not fields and not adapt
    seats_a = _policies(cva, names)
    seats_b = seats_a if same else _policies(cvb, names)
    sa = Stats.empty(cva.id, cva.checksum, seed, names)
    sb = Stats.empty(cvb.id, cvb.checksum, seed, names)
    pairs = Pairing()
    changed_with = dict.fromkeys(SCORING_EVENTS, 0) if same else {}
    every = max(1, min(100, (stop - start) // 100))
    for i in range(start, stop):
        rng_a = random.Random(policy_seed(seed, i))  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        ga = play_game(cva, game_seed(seed, i), seats_a, rng_a, tick=tick)
        score_a = ga.outcome.score if ga.outcome is not None else None
        if same:
            gb = ga
            result = ga.result()
            score_b = score(cvb, result) if result is not None else None
        else:
            rng_b = random.Random(policy_seed(seed, i))  # noqa: S311 (seeded game randomness (reproducible deals), not security)
            gb = play_game(cvb, game_seed(seed, i), seats_b, rng_b, tick=tick)
            score_b = gb.outcome.score if gb.outcome is not None else None
        sa.add_game(ga)
        sb.add_game(gb, score_b)
        values_a, values_b = game_values(ga, score_a), game_values(gb, score_b)
        if same:
            # How often the change matters: games of identical play scored differently
            # (A counts 0, so B − A is the share of such games).
            pa = score_a.points if score_a is not None else None
            pb = score_b.points if score_b is not None else None
            values_a["score_changed_rate"] = (0, 1)
            values_b["score_changed_rate"] = (int(pa != pb), 1)
            if pa != pb:
                for flag in SCORING_EVENTS:
                    changed_with[flag] += values_a[f"{flag}_rate"][0]
        pairs.add(values_a, values_b)
        if progress is not None and (i - start + 1) % every == 0:
            progress(i - start + 1, stop - start)
    if stop > start:
        sa.ranges = sb.ranges = [(start, stop)]
    if progress is not None:
        progress(stop - start, stop - start)
    return Comparison(sa, sb, pairs, same, fields, adapt, list(names), changed_with)


def _policies(cv: CompiledVariant, names: Iterable[str]) -> list[Policy]:
    built: dict[str, Policy] = {}
    out = []
    for name in names:
        if name not in built:
            built[name] = make_policy(name, cv)
        out.append(built[name])
    return out


def _compare_part(
    a: Variant,
    b: Variant,
    games: int,
    seed: int,
    policies: tuple[str, ...],
    part: tuple[int, int],
) -> Comparison:
    return compare_chunk(a, b, games, seed, policies, part)


def compare(
    variant_a: Variant | CompiledVariant,
    variant_b: Variant | CompiledVariant,
    games: int,
    seed: int,
    policies: str | Sequence[str] = ("heuristic",) * 5,
    workers: int = 1,
    progress: Progress | None = None,
) -> Comparison:
    """A whole paired comparison on ``workers`` local processes (the result does not depend
    on ``workers``)."""
    cva, cvb = compiled(variant_a), compiled(variant_b)
    names = seat_policies(policies)
    size = max(10, min(2000, -(-games // (max(1, workers) * 8))))
    parts = chunks(games, size)
    total: Comparison | None = None

    def add(part: Comparison) -> None:
        nonlocal total
        total = part if total is None else total.merge(part)

    if workers <= 1 or len(parts) <= 1:
        done = 0
        for part in parts:
            base = done

            def report(n: int, _t: int, base: int = base) -> None:
                if progress is not None:
                    progress(base + n, games)

            add(compare_chunk(cva, cvb, games, seed, names, part, report))
            done += part[1] - part[0]
    else:
        done = 0
        with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
            pending: set[Future[Comparison]] = {
                pool.submit(_compare_part, cva.variant, cvb.variant, games, seed, names, p)
                for p in parts
            }
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    result = future.result()
                    add(result)
                    done += result.games
                    if progress is not None:
                        progress(done, games)
    if total is None:
        return compare_chunk(cva, cvb, games, seed, names, (0, 0))
    return total
