"""A scoring table balanced by an exact solver (issue 15).

Given a simulation's outcome counts (:attr:`~baohuang.simulation.stats.Stats.outcomes`),
every expected figure of the settlement is **linear** in the scoring tables' entries: a
game with outcome key ``k`` (``c_k`` times) pays each seat ``multiplier_k × entry``. So
"the royal side and the rebel side expect the same points per seat" (or "the emperor's
mean is +1.0") is a linear equation in the entries, and with the operator's constraints
it is an integer linear program, solved exactly by HiGHS through
:func:`scipy.optimize.milp`:

- variables: the entries of the chosen tables (``two_person``, ``two_person_guard_known``,
  ``solo``), integers, each within ``±max_change`` of today's value; some may be fixed;
- rows stay zero-sum (``emperor + guard + 3 × rebels = 0``, ``emperor + 4 × others = 0``)
  when the table says ``zero_sum`` (solo rows always are);
- monotone: finishing worse never scores better — for the emperor and the guard, a row
  with a worse own or partner rank pays no more; for the rebels, no less (only pairs of
  rows that are monotone today are constrained, so today's table is always feasible);
- the table stays consistent with its outcome rule (``outcome_points_disagree``): when the
  outcome follows the emperor's points (``outcome.method: points``) and no multiplier
  depends on the outcome, a row may change from a win to a draw or a loss — two binary
  variables per row choose which, and big-M constraints give the signs that go with it
  (win: emperor and guard ≥ 1; draw: both 0; loss: both ≤ −1; docs/rules.md §8.5). Otherwise
  (an outcome-dependent multiplier such as ``open_guard_win`` or ``kick_succeeded``, or an
  outcome from a rank table or the side out) every entry keeps its sign, so no game's
  outcome or multiplier changes. Either way the expected points stay linear. Solo rows
  keep their signs.

- the table keeps its shape (issue 34; each relation kind can be released): within a row
  (one finish pair) and down a column (one role's amounts in one table), cells that were
  equal stay equal (``equal``: symmetric rows stay symmetric, an emperor who scored as his
  guard still does), a cell that was above another stays above it (``order``), and within
  a row a cell that was a whole multiple of another stays that multiple (``ratio``:
  emperor = 2 × guard, rebels = −guard).

The target is met over all the games, or **per table** (``table_targets``: the ordinary
table, the guard-known table and the solo table each meet their own target on the games
they score — "the ordinary table fair and the solo table fair", not one offsetting the
other); the first stage then minimises the sum of the tables' deviations and the second
keeps each within the tolerance of its best.

Objective, in two stages: the smallest ``|target − goal|`` (an auxiliary variable bounds
the absolute value), then, at that value, the fewest distinct amounts changed (a cell class
of equal cells counts once: "each 头客 row +1 for the royals", not 56 edits), and among
those the smallest total change ``Σ|Δ|``. ``max_distinct`` caps the distinct changes.

Why HiGHS through scipy: it is an exact MILP solver, ships as a wheel with scipy (which
the comparison's t quantiles use already), and a few hundred variables solve in
milliseconds; OR-Tools would add a much larger dependency for no gain here.

**Limit**: the prediction re-scores the simulated games, so it assumes nobody changes how
they play when the scoring changes (people might). The verification plays fresh games; with
players who adapt (``adaptive``: bidding and declarations judged by the proposal's scoring,
:mod:`baohuang.bots.adaptive`) the gap between prediction and verification shows how much
that adaptation changes the answer; with today's bots the limit stands.
"""

from __future__ import annotations

import copy
import dataclasses
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.scoring import score
from baohuang.errors import DomainError
from baohuang.rules import Variant, validate_definition
from baohuang.rules.texts import gettext, gettext_noop
from baohuang.simulation.compare import Pairing, compare
from baohuang.simulation.stats import Stats, rescore, result_of_key

if TYPE_CHECKING:
    import numpy as np

#: Tables the solver may change, by name.
TABLES: tuple[str, ...] = ("two_person", "two_person_guard_known", "solo")

#: Relations among a table's cells kept by default (the table's shape); each may be released.
RELATIONS: tuple[str, ...] = ("equal", "order", "ratio")

#: Target values within this of the best (or of 0) are equally good: far below the
#: standard error of any simulation (about 0.02 points per seat at 100,000 games).
TOLERANCE = 0.005

#: The proposal's last note when today's bots verify it: their play ignores the scoring.
LIMIT_NOTE = gettext_noop(
    "The bots do not change their play when the scoring changes; people might."
)
#: The last note instead when players who adapt (``adaptive``) verify the proposal.
ADAPT_NOTE = gettext_noop(
    "The prediction assumes unchanged play; the verification's players adapt their bidding "
    "and declarations to the new scoring, so the gap between predicted and verified shows "
    "how much that changes the answer."
)
FREE_NOTE = gettext_noop(
    "Rows may change between win, draw and loss (the outcome follows the emperor's points "
    "and no multiplier depends on it)."
)
KEEP_NOTE = gettext_noop("Every entry keeps its sign (the outcome of every row stays as it is).")
SHAPE_NOTE = gettext_noop(
    "The table keeps its shape within each row and each column: %(relations)s."
)
RELATION_WORDS: dict[str, str] = {
    "equal": gettext_noop("equal amounts stay equal"),
    "order": gettext_noop("a higher amount stays higher"),
    "ratio": gettext_noop("a whole multiple stays that multiple (emperor = 2 × guard)"),
}


class BalanceError(DomainError, ValueError):
    """The request cannot be solved (bad target, no outcome counts, infeasible): 400
    ``invalid``, about the request as a whole.

    The message is in the active language when it is raised; ``code`` and ``params`` say
    the same for clients (``unknown_target``, ``target_not_a_number``, ``unknown_table``,
    ``no_outcomes``, ``unknown_fixed``, ``infeasible``, ``solution_invalid``,
    ``same_seeds``).
    """

    def __init__(self, message: str, code: str = "balance", **params: Any) -> None:
        super().__init__(message, code=code, params=params)


@dataclass(frozen=True)
class Target:
    """What to balance: ``equal-sides`` (royal side − rebel side, points per seat, = 0) or
    ``emperor-mean=X`` (the emperor's mean points with a guard = X)."""

    kind: str
    value: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Target:
        """Read ``equal-sides`` or ``emperor-mean=1.0``; BalanceError otherwise."""
        if text == "equal-sides":
            return cls("equal-sides")
        if text.startswith("emperor-mean="):
            try:
                return cls("emperor-mean", float(text.split("=", 1)[1]))
            except ValueError as exc:
                raise BalanceError(
                    gettext("'%(target)s': the emperor's mean must be a number.")
                    % {"target": text},
                    "target_not_a_number",
                    target=text,
                ) from exc
        raise BalanceError(
            gettext("Unknown target '%(target)s'; targets are equal-sides and emperor-mean=X.")
            % {"target": text},
            "unknown_target",
            target=text,
        )

    def describe(self) -> str:
        """In words."""
        if self.kind == "equal-sides":
            return (
                "equal expected points per seat for the royal side and the rebel side "
                "(royal − rebel = 0)"
            )
        return f"the emperor's mean points (with a guard) = {self.value:+g}"


@dataclass
class _Var:
    path: str
    old: int
    row: tuple[str, int]
    """(table path, row index) for the zero-sum and monotone constraints."""
    role: str
    """emperor, guard, rebels (two-person) or emperor, others (solo)."""


@dataclass
class Proposal:
    """The solver's table and what it predicts."""

    definition: dict[str, Any]
    changes: list[dict[str, Any]]
    predicted: dict[str, Any]
    solve_ms: float
    status: str
    variables: int
    constraints: int
    notes: list[str] = field(default_factory=list)
    max_change: int = 0
    """How far entries were allowed to move."""


def _variables(definition: dict[str, Any], tables: Iterable[str]) -> list[_Var]:
    out: list[_Var] = []
    scoring = definition["scoring"]
    for name in tables:
        if name in ("two_person", "two_person_guard_known"):
            table = scoring.get(name)
            if not table:
                continue
            for i, row in enumerate(table["rows"]):
                for role in ("emperor", "guard", "rebels"):
                    path = f"scoring.{name}.rows[{i}].{role}"
                    out.append(_Var(path, int(row[role]), (f"scoring.{name}", i), role))
        elif name == "solo":
            for kind in ("open", "hidden"):
                for i, row in enumerate(scoring["solo"][kind]):
                    for role in ("emperor", "others"):
                        path = f"scoring.solo.{kind}[{i}].{role}"
                        out.append(_Var(path, int(row[role]), (f"scoring.solo.{kind}", i), role))
        else:
            raise BalanceError(
                gettext("Unknown table '%(table)s'; tables are %(tables)s.")
                % {"table": name, "tables": ", ".join(TABLES)},
                "unknown_table",
                table=name,
                tables=list(TABLES),
            )
    return out


def _row_of(definition: dict[str, Any], cv: CompiledVariant, key: str) -> tuple[str, int, int]:
    """(table path, row index, multiplier) of the games counted under ``key``."""
    result = result_of_key(key)
    settled = score(cv, result)
    scoring = definition["scoring"]
    e_rank = result.rank_of(result.emperor)
    if result.solo is not None:
        rows = scoring["solo"][result.solo]
        index = next(i for i, r in enumerate(rows) if r["emperor_rank"] == e_rank)
        return f"scoring.solo.{result.solo}", index, settled.multiplier
    if result.guard is None:
        raise ValueError("A game that is not a solo needs a guard.")
    g_rank = result.rank_of(result.guard)
    known = bool({"open_guard", "rebellion", "guard_known"} & set(result.events))
    name = (
        "two_person_guard_known"
        if known and scoring.get("two_person_guard_known")
        else ("two_person")
    )
    rows = scoring[name]["rows"]
    index = next(
        i for i, r in enumerate(rows) if (r["emperor_rank"], r["guard_rank"]) == (e_rank, g_rank)
    )
    return f"scoring.{name}", index, settled.multiplier


def table_name(table: str) -> str:
    """The table a row path belongs to, as the solver names it: ``scoring.solo.open`` →
    ``solo``, ``scoring.two_person`` → ``two_person``."""
    return table.split(".")[1]


def _coefficients(
    stats: Stats,
    definition: dict[str, Any],
    cv: CompiledVariant,
    target: Target,
    only: str | None = None,
) -> dict[tuple[str, int, str], float]:
    """The target's value as Σ coefficient × entry, keyed by (table, row, role); over the
    games table ``only`` scores when given (its own seats the denominators)."""
    if stats.outcomes is None:
        raise BalanceError(
            gettext("The simulation has no outcome counts; simulate again."), "no_outcomes"
        )
    outcomes = stats.outcomes
    if only is not None:
        outcomes = {
            key: count
            for key, count in outcomes.items()
            if table_name(_row_of(definition, cv, key)[0]) == only
        }
    royal_seats = rebel_seats = emperor_seats = 0
    for key, count in outcomes.items():
        solo = key.split(":")[4] != "-"
        royal_seats += count * (1 if solo else 2)
        rebel_seats += count * (4 if solo else 3)
        emperor_seats += 0 if solo else count
    coef: dict[tuple[str, int, str], float] = {}

    def add(table: str, row: int, role: str, value: float) -> None:
        coef[(table, row, role)] = coef.get((table, row, role), 0.0) + value

    for key, count in outcomes.items():
        table, row, mult = _row_of(definition, cv, key)
        w = count * mult
        if target.kind == "equal-sides":
            if table.startswith("scoring.solo"):
                add(table, row, "emperor", w / royal_seats)
                add(table, row, "others", -4 * w / rebel_seats)
            else:
                add(table, row, "emperor", w / royal_seats)
                add(table, row, "guard", w / royal_seats)
                add(table, row, "rebels", -3 * w / rebel_seats)
        elif not table.startswith("scoring.solo") and emperor_seats:
            add(table, row, "emperor", w / emperor_seats)
    return coef


def _sign_bounds(old: int, k: int, free: bool = False) -> tuple[int, int]:
    lo, hi = old - k, old + k
    if free:
        return lo, hi
    if old > 0:
        lo = max(lo, 1)
    elif old < 0:
        hi = min(hi, -1)
    else:
        lo = hi = 0
    return lo, hi


def _monotone_pairs(variables: Sequence[_Var], definition: dict[str, Any]) -> list[tuple[int, int]]:
    """Index pairs (better, worse): value[better] ≥ value[worse] must hold (today it does)."""
    index = {v.path: i for i, v in enumerate(variables)}
    pairs: list[tuple[int, int]] = []
    scoring = definition["scoring"]
    for name in ("two_person", "two_person_guard_known"):
        table = scoring.get(name)
        if not table or f"scoring.{name}.rows[0].emperor" not in index:
            continue
        rows = {(r["emperor_rank"], r["guard_rank"]): i for i, r in enumerate(table["rows"])}
        for (e, g), i in rows.items():
            for worse in ((e + 1, g), (e, g + 1)):
                j = rows.get(worse)
                if j is None:
                    continue
                for role, sign in (("emperor", 1), ("guard", 1), ("rebels", -1)):
                    a = index[f"scoring.{name}.rows[{i}].{role}"]
                    b = index[f"scoring.{name}.rows[{j}].{role}"]
                    better, worse_i = (a, b) if sign > 0 else (b, a)
                    if variables[better].old >= variables[worse_i].old:
                        pairs.append((better, worse_i))
    if "scoring.solo.open[0].emperor" in index:
        for kind in ("open", "hidden"):
            solo_rows = {int(r["emperor_rank"]): i for i, r in enumerate(scoring["solo"][kind])}
            for rank, i in solo_rows.items():
                j = solo_rows.get(rank + 1)
                if j is None:
                    continue
                for role, sign in (("emperor", 1), ("others", -1)):
                    a = index[f"scoring.solo.{kind}[{i}].{role}"]
                    b = index[f"scoring.solo.{kind}[{j}].{role}"]
                    better, worse_i = (a, b) if sign > 0 else (b, a)
                    if variables[better].old >= variables[worse_i].old:
                        pairs.append((better, worse_i))
    return pairs


#: How far entries may move when the operator sets no limit: the first that reaches the
#: target (a table that keeps its shape often needs more room than ±3).
MAX_CHANGE_STEPS: tuple[int, ...] = (3, 6, 10)


def solve(
    variant: Variant,
    stats: Stats,
    target: Target,
    max_change: int | None = None,
    tables: Sequence[str] = TABLES,
    fixed: Sequence[str] = (),
    keep_outcomes: bool = False,
    tolerance: float = TOLERANCE,
    time_limit: float = 30.0,
    release: Sequence[str] = (),
    max_distinct: int | None = None,
    players_adapt: bool = False,
    table_targets: dict[str, Target] | None = None,
) -> Proposal:
    """The balanced table (see the module's docstring) from a simulation of ``variant``.

    ``players_adapt``: the verification will be played by players who adapt to the scoring;
    the last note then says so instead of the limit (:data:`ADAPT_NOTE`, :data:`LIMIT_NOTE`).
    ``table_targets`` (table name → target): each of these tables meets its own target on
    the games it scores, and only these tables change (``tables`` is then ignored).

    The second stage accepts any table within ``tolerance`` of the best target value (or
    of 0): asking for an exact 0 with integer entries is a knife-edge that costs the solver
    minutes and means nothing statistically. Each stage stops after ``time_limit`` seconds
    with the best table found (``status`` says so). ``max_change`` None: the first of
    :data:`MAX_CHANGE_STEPS` whose table reaches the target (else the last)."""
    steps = MAX_CHANGE_STEPS if max_change is None else (max_change,)
    goal = target.value if target.kind == "emperor-mean" else 0.0
    if table_targets:
        _check_table_targets(table_targets)
        tables = list(table_targets)
    for k in steps:
        found = _solve_once(
            variant,
            stats,
            target,
            k,
            tables,
            fixed,
            keep_outcomes,
            tolerance,
            time_limit,
            release,
            max_distinct,
            table_targets,
        )
        if table_targets:
            if all(
                abs(t["solver_value"] - t["goal"]) <= tolerance
                for t in found.predicted["tables"].values()
            ):
                break
        elif abs(found.predicted["solver_value"] - goal) <= tolerance:
            break
    if players_adapt:
        found.notes[-1] = gettext(ADAPT_NOTE)
    return found


def _check_table_targets(table_targets: dict[str, Target]) -> None:
    """Known tables; no emperor-mean for the solo table (a solo emperor has no guard)."""
    for name, goal in table_targets.items():
        if name not in TABLES:
            raise BalanceError(
                gettext("Unknown table '%(table)s'; tables are %(tables)s.")
                % {"table": name, "tables": ", ".join(TABLES)},
                "unknown_table",
                table=name,
                tables=list(TABLES),
            )
        if name == "solo" and goal.kind == "emperor-mean":
            raise BalanceError(
                gettext(
                    "The solo table cannot aim at the emperor's mean with a guard (a solo "
                    "emperor plays without one); give it equal-sides."
                ),
                "solo_emperor_mean",
                table=name,
            )


def _solve_once(
    variant: Variant,
    stats: Stats,
    target: Target,
    max_change: int,
    tables: Sequence[str] = TABLES,
    fixed: Sequence[str] = (),
    keep_outcomes: bool = False,
    tolerance: float = TOLERANCE,
    time_limit: float = 30.0,
    release: Sequence[str] = (),
    max_distinct: int | None = None,
    table_targets: dict[str, Target] | None = None,
) -> Proposal:
    """:func:`solve` with entries moving at most ``max_change``.

    In stages: the integer program (:func:`_program`), the two solver runs
    (:func:`_optimise`), the table it gives (:func:`_table_from`), what the simulation
    predicts for it (:func:`_predicted`) and the notes (:func:`_notes`)."""
    if stats.outcomes is None:
        raise BalanceError(
            gettext("The simulation has no outcome counts; simulate again."), "no_outcomes"
        )
    cv = compile_variant(variant)
    definition = variant.model_dump(mode="json")
    variables = _variables(definition, tables)
    _check_fixed_and_release(variables, fixed, release)
    free = outcome_may_change(variant) and not keep_outcomes
    program = _program(
        stats,
        definition,
        cv,
        target,
        variables,
        max_change,
        fixed,
        release,
        max_distinct,
        table_targets or {},
        free,
    )
    result, solve_ms = _optimise(program, max_change, tolerance, time_limit)
    import numpy as np

    x = np.rint(result.x[: program.n]).astype(int)
    new_def, changes, new_variant = _table_from(definition, variables, x)
    predicted = _predicted(stats, target, cv, compile_variant(new_variant), program, x)
    return Proposal(
        new_def,
        changes,
        predicted,
        solve_ms,
        str(result.message),
        program.n,
        len(program.rows),
        _notes(free, release),
        max_change,
    )


def _check_fixed_and_release(
    variables: Sequence[_Var], fixed: Sequence[str], release: Sequence[str]
) -> None:
    """Entries to fix must be entries of the tables; relations to release must be known."""
    unknown = sorted(set(fixed) - {v.path for v in variables})
    if unknown:
        raise BalanceError(
            gettext("Cannot fix %(paths)s: not an entry of the tables.")
            % {"paths": ", ".join(unknown)},
            "unknown_fixed",
            paths=unknown,
        )
    bad = sorted(set(release) - set(RELATIONS))
    if bad:
        raise BalanceError(
            gettext("Unknown relation %(relations)s; the relations are %(known)s.")
            % {"relations": ", ".join(bad), "known": ", ".join(RELATIONS)},
            "unknown_relation",
            relations=bad,
            known=list(RELATIONS),
        )


@dataclass
class _Program:
    """The integer program of one :func:`_solve_once`: its columns, bounds and rows.

    Columns: x (``n`` entries), t (``|a·x − goal|``, or the sum of the tables'
    deviations), u (``n``, ``|x − old|``), (w, l) per chosen row, z (one per class of equal
    cells: 1 if its amount changes, from ``z0``), then one deviation per table target (from
    ``t0``)."""

    n: int
    z0: int
    t0: int
    size: int
    a: np.ndarray
    """The coefficients of the target (the solver's value is ``a·x``)."""
    old: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    classes: list[list[int]]
    per_table: list[tuple[str, Target, np.ndarray]]
    """(table, its target, its coefficients) per table target."""
    rows: list[np.ndarray] = field(default_factory=list)
    lbs: list[float] = field(default_factory=list)
    ubs: list[float] = field(default_factory=list)

    def row(self) -> np.ndarray:
        """A blank constraint row."""
        import numpy as np

        return np.zeros(self.size)

    def constraint(self, vec: np.ndarray, lb: float, ub: float) -> None:
        """Add ``lb ≤ vec · columns ≤ ub``."""
        self.rows.append(vec)
        self.lbs.append(lb)
        self.ubs.append(ub)


def _chosen_rows(variables: Sequence[_Var]) -> list[tuple[int, int, int]]:
    """Rows whose outcome the solver chooses: (emperor, guard, rebels) column per row."""
    index = {v.path: i for i, v in enumerate(variables)}
    chosen: list[tuple[int, int, int]] = []
    for v in variables:
        if v.role == "emperor" and not v.row[0].startswith("scoring.solo"):
            base = f"{v.row[0]}.rows[{v.row[1]}]"
            chosen.append(
                (index[f"{base}.emperor"], index[f"{base}.guard"], index[f"{base}.rebels"])
            )
    return chosen


def _program(
    stats: Stats,
    definition: dict[str, Any],
    cv: CompiledVariant,
    target: Target,
    variables: Sequence[_Var],
    max_change: int,
    fixed: Sequence[str],
    release: Sequence[str],
    max_distinct: int | None,
    table_targets: dict[str, Target],
    free: bool,
) -> _Program:
    """The integer program: columns and their bounds, then every constraint, in stages."""
    import numpy as np

    coef = _coefficients(stats, definition, cv, target)
    n = len(variables)
    classes = _cell_classes(variables, "equal" not in release)
    chosen = _chosen_rows(variables) if free else []
    free_paths = {variables[i].path for pair in chosen for i in pair}
    per_table = [
        (
            name,
            goal_t,
            np.array(
                [
                    _coefficients(stats, definition, cv, goal_t, only=name).get(
                        (v.row[0], v.row[1], v.role), 0.0
                    )
                    for v in variables
                ]
            ),
        )
        for name, goal_t in table_targets.items()
    ]
    z0 = 2 * n + 1 + 2 * len(chosen)
    t0 = z0 + len(classes)
    size = t0 + len(per_table)
    program = _Program(
        n=n,
        z0=z0,
        t0=t0,
        size=size,
        a=np.array([coef.get((v.row[0], v.row[1], v.role), 0.0) for v in variables]),
        old=np.array([v.old for v in variables], dtype=float),
        lo=np.zeros(size),
        hi=np.zeros(size),
        classes=classes,
        per_table=per_table,
    )
    _bound_columns(program, variables, max_change, fixed, free_paths)
    goal = target.value if target.kind == "emperor-mean" else 0.0
    _add_target_rows(program, goal)
    _add_move_rows(program)
    _add_zero_sum_rows(program, variables, definition["scoring"])
    _add_shape_rows(program, variables, definition, release, max_distinct)
    _add_outcome_rows(program, chosen)
    return program


def _bound_columns(
    program: _Program,
    variables: Sequence[_Var],
    max_change: int,
    fixed: Sequence[str],
    free_paths: set[str],
) -> None:
    """Each entry within ``max_change`` of today (keeping its sign unless its row's outcome
    is free; fixed entries stay); deviations and moves ≥ 0; the z and (w, l) columns 0…1."""
    import numpy as np

    n, lo, hi = program.n, program.lo, program.hi
    for i, v in enumerate(variables):
        k = 0 if v.path in fixed else max_change
        lo[i], hi[i] = _sign_bounds(v.old, k, free=v.path in free_paths)
    lo[n], hi[n] = 0, np.inf
    lo[n + 1 : 2 * n + 1], hi[n + 1 : 2 * n + 1] = 0, np.inf
    lo[2 * n + 1 : program.t0], hi[2 * n + 1 : program.t0] = 0, 1
    lo[program.t0 :], hi[program.t0 :] = 0, np.inf


def _add_target_rows(program: _Program, goal: float) -> None:
    """``|a·x − goal| ≤ t``; with table targets ``|a_j·x − goal_j| ≤ t_j`` and ``t = Σ t_j``."""
    import numpy as np

    n, t0 = program.n, program.t0
    if program.per_table:
        for j, (_, goal_t, a_j) in enumerate(program.per_table):
            g = goal_t.value if goal_t.kind == "emperor-mean" else 0.0
            r = program.row()
            r[:n], r[t0 + j] = a_j, -1
            program.constraint(r, -np.inf, g)
            r = program.row()
            r[:n], r[t0 + j] = -a_j, -1
            program.constraint(r, -np.inf, -g)
        r = program.row()
        r[n], r[t0 : t0 + len(program.per_table)] = 1, -1
        program.constraint(r, 0, 0)
    else:
        r = program.row()
        r[:n], r[n] = program.a, -1
        program.constraint(r, -np.inf, goal)
        r = program.row()
        r[:n], r[n] = -program.a, -1
        program.constraint(r, -np.inf, -goal)


def _add_move_rows(program: _Program) -> None:
    """``|x − old| ≤ u`` for every entry."""
    import numpy as np

    n, old = program.n, program.old
    for i in range(n):
        r = program.row()
        r[i], r[n + 1 + i] = 1, -1
        program.constraint(r, -np.inf, old[i])
        r = program.row()
        r[i], r[n + 1 + i] = -1, -1
        program.constraint(r, -np.inf, -old[i])


def _add_zero_sum_rows(
    program: _Program, variables: Sequence[_Var], scoring: dict[str, Any]
) -> None:
    """Every row of a zero-sum table sums to 0 over the five seats."""
    by_row: dict[tuple[str, int], list[int]] = {}
    for i, v in enumerate(variables):
        by_row.setdefault(v.row, []).append(i)
    for (table, _), members in by_row.items():
        name = table.split(".")[1]
        if name in ("two_person", "two_person_guard_known") and not scoring[name]["zero_sum"]:
            continue
        r = program.row()
        for i in members:
            role = variables[i].role
            r[i] = 3 if role == "rebels" else 4 if role == "others" else 1
        program.constraint(r, 0, 0)


def _add_shape_rows(
    program: _Program,
    variables: Sequence[_Var],
    definition: dict[str, Any],
    release: Sequence[str],
    max_distinct: int | None,
) -> None:
    """Monotone rows, and the table's shape: equal cells stay equal, the order of the
    amounts, whole ratios (unless released); at most ``max_distinct`` amounts change."""
    import numpy as np

    for better, worse in _monotone_pairs(variables, definition):
        r = program.row()
        r[better], r[worse] = 1, -1
        program.constraint(r, 0, np.inf)
    classes = program.classes
    for members in classes:
        for i in members[1:]:
            r = program.row()
            r[members[0]], r[i] = 1, -1
            program.constraint(r, 0, 0)
    if "order" not in release:
        for lower, higher in _order_chain(variables, classes):
            r = program.row()
            r[higher], r[lower] = 1, -1
            program.constraint(r, 1, np.inf)
    if "ratio" not in release:
        for p_i, q_i, k in _ratios(variables):
            r = program.row()
            r[p_i], r[q_i] = 1, -k
            program.constraint(r, 0, 0)
    # z_c = 1 when class c's amount moves: |x − old| ≤ span × z_c for its first cell
    n, z0, lo, hi, old = program.n, program.z0, program.lo, program.hi, program.old
    for c, members in enumerate(classes):
        i = members[0]
        span = max(hi[i] - old[i], old[i] - lo[i], 0)
        r = program.row()
        r[n + 1 + i], r[z0 + c] = 1, -span
        program.constraint(r, -np.inf, 0)
    if max_distinct is not None:
        r = program.row()
        r[z0 : z0 + len(classes)] = 1
        program.constraint(r, 0, max_distinct)


def _add_outcome_rows(program: _Program, chosen: Sequence[tuple[int, int, int]]) -> None:
    """The outcome of each chosen row: win (w), loss (l) or draw (neither)."""
    import numpy as np

    n, lo, hi = program.n, program.lo, program.hi
    for k, (e, g, reb) in enumerate(chosen):
        w, los = 2 * n + 1 + 2 * k, 2 * n + 2 + 2 * k
        r = program.row()
        r[w], r[los] = 1, 1
        program.constraint(r, -np.inf, 1)
        for x in (e, g):  # ≥ 1 if win, ≤ −1 if loss, 0 if draw
            r = program.row()
            r[x], r[w], r[los] = 1, -1, -lo[x]
            program.constraint(r, 0, np.inf)
            r = program.row()
            r[x], r[w], r[los] = 1, -hi[x], 1
            program.constraint(r, -np.inf, 0)
        # the rebels the other way: ≤ −1 if the royals win, ≥ 1 if they lose, 0 if draw
        r = program.row()
        r[reb], r[w], r[los] = -1, -1, hi[reb]
        program.constraint(r, 0, np.inf)
        r = program.row()
        r[reb], r[w], r[los] = -1, lo[reb], 1
        program.constraint(r, -np.inf, 0)


def _optimise(
    program: _Program, max_change: int, tolerance: float, time_limit: float
) -> tuple[Any, float]:
    """Two HiGHS runs: the best target value, then, within ``tolerance`` of it, the fewest
    distinct changes and the smallest total change. (The result, milliseconds taken.)"""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    n, z0, t0, size = program.n, program.z0, program.t0, program.size
    per_table, classes, lo, hi = program.per_table, program.classes, program.lo, program.hi
    integrality = np.zeros(size)
    integrality[:n] = 1
    integrality[2 * n + 1 : t0] = 1
    matrix = np.array(program.rows)
    cons = LinearConstraint(matrix, np.array(program.lbs), np.array(program.ubs))
    started = time.perf_counter()
    c1 = np.zeros(size)
    c1[n] = 1
    options = {"time_limit": time_limit}
    first = milp(
        c1, integrality=integrality, bounds=Bounds(lo, hi), constraints=cons, options=options
    )
    if first.x is None:
        raise BalanceError(
            gettext("No table satisfies the constraints (%(solver)s).") % {"solver": first.message},
            "infeasible",
            solver=str(first.message),
        )
    best = float(first.x[n])
    hi2 = hi.copy()
    hi2[n] = max(best + 1e-9, tolerance * max(1, len(per_table)))
    for j in range(len(per_table)):  # each table within the tolerance of its best
        hi2[t0 + j] = max(float(first.x[t0 + j]) + 1e-9, tolerance)
    # Fewest distinct changes first, then the smallest total change (a change of a class
    # weighs more than any total of moves: Σ|Δ| ≤ 2 × n × max_change).
    c2 = np.zeros(size)
    c2[n + 1 : 2 * n + 1] = 1
    c2[z0 : z0 + len(classes)] = 2 * n * max(max_change, 1) + 1
    second = milp(
        c2, integrality=integrality, bounds=Bounds(lo, hi2), constraints=cons, options=options
    )
    result = second if second.x is not None else first
    return result, 1000 * (time.perf_counter() - started)


def _table_from(
    definition: dict[str, Any], variables: Sequence[_Var], x: np.ndarray
) -> tuple[dict[str, Any], list[dict[str, Any]], Variant]:
    """The definition with the solver's entries, its changes, and it validated."""
    new_def = copy.deepcopy(definition)
    changes: list[dict[str, Any]] = []
    for v, value in zip(variables, x, strict=True):
        if int(value) != v.old:
            set_cell(new_def, v.path, int(value))
            changes.append({"path": v.path, "old": v.old, "new": int(value)})
    report = validate_definition(new_def)
    if not report.valid or report.variant is None:
        problems = "; ".join(str(p) for p in report.errors)
        raise BalanceError(
            gettext("The solver's table does not validate: %(problems)s") % {"problems": problems},
            "solution_invalid",
            problems=[p.code for p in report.errors],
        )
    return new_def, changes, report.variant


def _predicted(
    stats: Stats,
    target: Target,
    cv: CompiledVariant,
    new_cv: CompiledVariant,
    program: _Program,
    x: np.ndarray,
) -> dict[str, Any]:
    """What the simulation, rescored by the new table, predicts (and before, by today's)."""
    predicted_stats = rescore(stats, new_cv)
    predicted = {
        "games": stats.games,
        "seed": stats.seed,
        "target": target_metric(predicted_stats, target, new_cv),
        "before": target_metric(rescore(stats, cv), target, cv),
        "roles": _role_means(predicted_stats),
        "solver_value": float(program.a @ x),
    }
    if program.per_table:
        predicted["tables"] = {
            name: {
                "target": goal_t.kind
                if goal_t.kind == "equal-sides"
                else f"emperor-mean={goal_t.value:g}",
                "goal": goal_t.value if goal_t.kind == "emperor-mean" else 0.0,
                "solver_value": float(a_j @ x),
                "before": float(a_j @ program.old),
                **{
                    k: v
                    for k, v in table_metric(predicted_stats, goal_t, new_cv, name).items()
                    if k in ("a", "b", "diff", "ci95", "significant", "name")
                },
            }
            for name, goal_t, a_j in program.per_table
        }
    return predicted


def _notes(free: bool, release: Sequence[str]) -> list[str]:
    """What the proposal kept and what it cannot promise, in the active language (the
    request's, or the CLI's --lang)."""
    notes = [gettext(FREE_NOTE if free else KEEP_NOTE)]
    kept = [r for r in RELATIONS if r not in release]
    if kept:
        notes.append(
            gettext(SHAPE_NOTE) % {"relations": ", ".join(gettext(RELATION_WORDS[r]) for r in kept)}
        )
    notes.append(gettext(LIMIT_NOTE))
    return notes


def _lines(variables: Sequence[_Var]) -> list[list[int]]:
    """The cells that are compared with each other: each row (emperor, guard and rebels of
    one finish pair; emperor and others of one solo rank) and each column (one role's
    amounts down one table)."""
    rows: dict[tuple[str, int], list[int]] = {}
    columns: dict[tuple[str, str], list[int]] = {}
    for i, v in enumerate(variables):
        rows.setdefault(v.row, []).append(i)
        columns.setdefault((v.row[0], v.role), []).append(i)
    return [*rows.values(), *columns.values()]


def _cell_classes(variables: Sequence[_Var], keep_equal: bool) -> list[list[int]]:
    """Indices of cells that must stay equal: cells of one row or one column that are
    equal today, joined transitively (each cell alone when equality is released)."""
    parent = list(range(len(variables)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if keep_equal:
        for line in _lines(variables):
            first: dict[int, int] = {}
            for i in line:
                j = first.setdefault(variables[i].old, i)
                parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(variables)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _order_chain(variables: Sequence[_Var], classes: Sequence[list[int]]) -> list[tuple[int, int]]:
    """(lower, higher) cell pairs that keep every order within a row or a column: down a
    column each amount below the next larger one (by transitivity, all of them), and within
    a row each pair."""
    del classes  # equal cells are tied by their own constraints
    pairs: list[tuple[int, int]] = []
    for line in _lines(variables):
        by_amount: dict[int, list[int]] = {}
        for i in line:
            by_amount.setdefault(variables[i].old, []).append(i)
        amounts = sorted(by_amount)
        for low, high in pairwise(amounts):
            pairs.extend((lo_i, hi_i) for lo_i in by_amount[low] for hi_i in by_amount[high])
    return pairs


def _ratios(variables: Sequence[_Var]) -> list[tuple[int, int, int]]:
    """(p, q, k) with cell p = k × cell q today, p and q in one row, k a whole number other
    than 0 and 1 (equal cells are kept by equality): emperor = 2 × guard, rebels = −guard."""
    rows: dict[tuple[str, int], list[int]] = {}
    for i, v in enumerate(variables):
        rows.setdefault(v.row, []).append(i)
    found: list[tuple[int, int, int]] = []
    for members in rows.values():
        for p_i in members:
            for q_i in members:
                p, q = variables[p_i].old, variables[q_i].old
                if p_i == q_i or q == 0 or p == 0 or p % q:
                    continue
                k = p // q
                if k != 1 and abs(k) <= 8:
                    found.append((p_i, q_i, k))
    return found


#: Multipliers whose event depends on the game's outcome.
OUTCOME_EVENTS = ("open_guard_win", "kick_succeeded")


def outcome_may_change(variant: Variant) -> bool:
    """Whether the solver may move a two-person row between win, draw and loss: the outcome
    follows the emperor's points and no multiplier depends on it."""
    s = variant.scoring
    if s.outcome.method != "points":
        return False
    return not any(m.event in OUTCOME_EVENTS and m.factor != 1 for m in s.multipliers)


def _steps(path: str) -> list[str | int]:
    """``scoring.solo.open[0].emperor`` → ``["scoring", "solo", "open", 0, "emperor"]``."""
    parts = path.replace("[", ".[").split(".")
    return [int(p[1:-1]) if p.startswith("[") else p for p in parts]


def cell_at(data: dict[str, Any], path: str) -> Any:
    """The value at a table cell's ``path`` in a definition (None if it has none)."""
    node: Any = data
    try:
        for step in _steps(path):
            node = node[step]
    except (KeyError, IndexError, TypeError):
        return None
    return node


def set_cell(data: dict[str, Any], path: str, value: int) -> None:
    """Set the table cell at ``path`` in a definition."""
    node: Any = data
    *head, last = _steps(path)
    for step in head:
        node = node[step]
    node[last] = value


def cells_changed(
    before: dict[str, Any], after: dict[str, Any], tables: Iterable[str] = TABLES
) -> list[dict[str, Any]]:
    """The cells of ``tables`` that differ from ``before`` to ``after``: ``{path, old, new}``."""
    out: list[dict[str, Any]] = []
    for v in _variables(before, tables):
        new = cell_at(after, v.path)
        if new != v.old:
            out.append({"path": v.path, "old": v.old, "new": new})
    return out


def _role_means(stats: Stats) -> dict[str, Any]:
    summary = stats.summary()["roles"]
    return {
        role: {"n": s["n"], "mean": s["points"]["mean"], "ci95": s["points"]["ci95"]}
        for role, s in summary.items()
    }


def target_metric(stats: Stats, target: Target, cv: CompiledVariant) -> dict[str, Any]:
    """The target's figure in the comparison's metric shape, paired within games.

    ``equal-sides``: ``a`` = the rebel side's points per seat, ``b`` = the royal side's,
    ``diff`` = royal − rebel with a 95% interval (game as the unit, delta method).
    ``emperor-mean``: ``a`` = the goal, ``b`` = the emperor's mean, ``diff`` = b − a.
    """
    if stats.outcomes is None:
        raise BalanceError(
            gettext("The simulation has no outcome counts; simulate again."), "no_outcomes"
        )
    pairs = Pairing()
    name = "royal_side_minus_rebel_side.points_per_seat"
    if target.kind == "equal-sides":
        for key, count in stats.outcomes.items():
            result = result_of_key(key)
            pts = score(cv, result).points
            royals = {result.emperor} if result.guard is None else {result.emperor, result.guard}
            xr = sum(pts[s] for s in royals)
            xb = sum(pts[s] for s in range(5) if s not in royals)
            vec = {"m": (xb, 5 - len(royals))}, {"m": (xr, len(royals))}
            _add_many(pairs, vec[0], vec[1], count)
        metric = pairs.metric("m")
        metric["name"] = name
        metric["method"] = (
            "paired within games: royal side vs rebel side of the same games "
            "(game as the unit, delta method, t interval)"
        )
        if metric["method_code"] != "no_estimate":
            metric["method_code"] = "paired_sides"
        return metric
    emperor = stats.roles["emperor"].tally
    from baohuang.simulation.stats import mean_interval

    mean, lo, hi = mean_interval(emperor.points, emperor.points_sq, emperor.n)
    return {
        **_emperor_mean_metric(target.value, mean, lo, hi),
        "method": "one-sample normal interval of the emperor's mean points",
        "method_code": "one_sample",
        "same_games": False,
    }


def _emperor_mean_metric(
    value: float, mean: float, lo: float | None, hi: float | None
) -> dict[str, Any]:
    """The emperor's mean points against the target ``value``: the difference and its
    interval, and whether the interval leaves the target out."""
    return {
        "name": "emperor.points",
        "a": value,
        "b": mean,
        "diff": mean - value,
        "ci95": [None if lo is None else lo - value, None if hi is None else hi - value],
        "significant": bool(lo is not None and hi is not None and not lo <= value <= hi),
    }


def table_metric(stats: Stats, target: Target, cv: CompiledVariant, table: str) -> dict[str, Any]:
    """:func:`target_metric` over the games table ``table`` scores (``two_person``,
    ``two_person_guard_known`` or ``solo``) under ``cv``."""
    if stats.outcomes is None:
        raise BalanceError(
            gettext("The simulation has no outcome counts; simulate again."), "no_outcomes"
        )
    definition = cv.variant.model_dump(mode="json")
    kept = {
        key: count
        for key, count in stats.outcomes.items()
        if table_name(_row_of(definition, cv, key)[0]) == table
    }
    if target.kind == "equal-sides":
        return target_metric(dataclasses.replace(stats, outcomes=kept), target, cv)
    from baohuang.simulation.stats import mean_interval

    total = total_sq = n = 0
    for key, count in kept.items():
        result = result_of_key(key)
        pts = score(cv, result).points[result.emperor]
        total += pts * count
        total_sq += pts * pts * count
        n += count
    mean, lo, hi = mean_interval(total, total_sq, n)
    return _emperor_mean_metric(target.value, mean, lo, hi)


def _add_many(
    pairs: Pairing, a: dict[str, tuple[int, int]], b: dict[str, tuple[int, int]], count: int
) -> None:
    """Count ``count`` identical game pairs at once."""
    single = Pairing()
    single.add(a, b)
    for name, cell in single.sums.items():
        target = pairs.sums.setdefault(name, [0] * 14)
        for i, x in enumerate(cell):
            target[i] += x * count
    pairs.games += count


def verify(
    variant: Variant,
    proposal: Proposal,
    target: Target,
    games: int,
    seed: int,
    policies: str | Sequence[str] = "heuristic",
    workers: int = 1,
) -> dict[str, Any]:
    """Play ``games`` fresh games (job seed ``seed``) once, score them by today's table and
    the proposal's, and report the target under the proposal plus every metric, paired."""
    report = validate_definition(proposal.definition)
    if report.variant is None:
        problems = "; ".join(str(p) for p in report.errors)
        raise BalanceError(
            gettext("The solver's table does not validate: %(problems)s") % {"problems": problems},
            "solution_invalid",
        )
    new = report.variant
    comparison = compare(variant, new, games, seed, policies, workers=workers)
    new_cv = compile_variant(new)
    return {
        "games": games,
        "seed": seed,
        "target": target_metric(comparison.b, target, new_cv),
        "metrics": [target_metric(comparison.b, target, new_cv), *comparison.metrics()],
        "roles": _role_means(comparison.b),
        "play_unchanged": comparison.play_unchanged,
    }
