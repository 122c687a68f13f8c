"""The figures of the simulations as text: the tables ``baohuang simulate``, ``bench``,
``tournament``, ``compare`` and ``balance`` print, and the progress bar they show.

Each function writes one result to a text stream; the command line
(:mod:`baohuang.cli`) and the ``simulate`` management command choose the stream and the
language. The words are marked for translation (the Chinese is in
``baohuang/simulation/locale``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from baohuang.rules.texts import gettext, gettext_noop, ngettext, pgettext
from baohuang.simulation.stats import ROLES, Stats
from baohuang.terminal import table

if TYPE_CHECKING:
    from baohuang.simulation.balance import Proposal, Target
    from baohuang.simulation.tournament import Duel


# --------------------------------------------------------------------------- helpers


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci_pct(ci: Sequence[float]) -> str:
    return f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def _ci(ci: Sequence[float | None]) -> str:
    """A mean's interval; unbounded (``None`` bounds, fewer than two values) is shown as such."""
    lo, hi = ci
    if lo is None or hi is None:
        return gettext("unbounded")
    return f"[{lo:+.2f}, {hi:+.2f}]"


#: Roles by their statistics name, in words.
_ROLE_WORDS: dict[str, str] = {
    "emperor": gettext_noop("emperor"),
    "guard": gettext_noop("guard"),
    "rebel": gettext_noop("rebel"),
    "solo": gettext_noop("solo emperor"),
}


def _grouped(number: float, digits: int = 0) -> str:
    """A number with the active language's digit grouping (Django's number formatting when
    Django is set up, as the CLI does; else ``1,234``)."""
    from baohuang.i18n import django_ready

    if django_ready():
        from django.utils.formats import number_format

        return str(number_format(round(number, digits), digits, force_grouping=True))
    return f"{number:,.{digits}f}"


def _role(role: str) -> str:
    word = _ROLE_WORDS.get(role)
    return gettext(word) if word is not None else role


def print_report(
    stats: Stats, out: TextIO, elapsed: float | None = None, workers: int | None = None
) -> None:
    """The statistics as readable tables."""
    s = stats.summary()
    policies = sorted(set(stats.policies))
    head = gettext("%(variant)s: %(games)s games, seed %(seed)s, policy %(policy)s") % {
        "variant": stats.variant,
        "games": _grouped(stats.games),
        "seed": stats.seed,
        "policy": "/".join(policies),
    }
    if elapsed is not None:
        rate = stats.games / elapsed if elapsed > 0 else 0.0
        timing = {"elapsed": _grouped(elapsed, 1), "rate": _grouped(rate), "workers": workers}
        if workers and workers > 1:
            head += gettext(", %(elapsed)s s (%(rate)s games/s on %(workers)s workers)") % timing
        else:
            head += gettext(", %(elapsed)s s (%(rate)s games/s)") % timing
    print(head, file=out)
    if stats.unscored:
        print(
            ngettext(
                "%(count)s game unscored (abandoned)",
                "%(count)s games unscored (abandoned)",
                stats.unscored,
            )
            % {"count": _grouped(stats.unscored)},
            file=out,
        )
    print(file=out)
    rows = []
    for role in ROLES:
        r = s["roles"][role]
        if not r["n"]:
            rows.append([_role(role), "0", "-", "-", "-", "-", "-", "-"])
            continue
        rows.append(
            [
                _role(role),
                f"{r['n']:,}",
                _pct(r["win"]["rate"]),
                _ci_pct(r["win"]["ci95"]),
                _pct(r["draw"]["rate"]),
                _pct(r["loss"]["rate"]),
                f"{r['points']['mean']:+.2f}",
                _ci(r["points"]["ci95"]),
            ]
        )
    ci = gettext("95% CI")
    table(
        [
            gettext("role"),
            gettext("seat-games"),
            pgettext("outcome", "win"),
            ci,
            pgettext("outcome", "draw"),
            gettext("loss"),
            gettext("points"),
            ci,
        ],
        rows,
        out,
        left=1,
    )
    print(file=out)
    rank_rows = []
    for role in ROLES:
        r = s["roles"][role]
        if r["n"]:
            rank_rows.append([_role(role), *(_pct(x) for x in r["ranks"])])
    places = [
        # Translators: the finish places, first out (头客) to last out (大落).
        pgettext("finish", "1st"),
        pgettext("finish", "2nd"),
        pgettext("finish", "3rd"),
        pgettext("finish", "4th"),
        pgettext("finish", "5th"),
    ]
    table([gettext("finish rank"), *places], rank_rows, out, left=1)
    print(file=out)
    rates = s["rates"]
    event_rows = [
        [gettext("solo, open"), _pct(rates["solo_open"]["rate"])],
        ["  " + gettext("of which grabbed"), _pct(rates["solo_grabbed"]["rate"])],
        [gettext("solo, hidden"), _pct(rates["solo_hidden"]["rate"])],
        [gettext("abdication"), _pct(rates["abdication_games"]["rate"])],
        ["  " + gettext("abdications per game"), f"{rates['abdications']['per_game']:.2f}"],
        [gettext("redeal"), _pct(rates["redeal_games"]["rate"])],
        [gettext("open guard"), _pct(rates["open_guard"]["rate"])],
        [gettext("guard known"), _pct(rates["guard_known"]["rate"])],
        [gettext("rebellion"), _pct(rates["rebellion"]["rate"])],
        [gettext("kick"), _pct(rates["kick_games"]["rate"])],
        [gettext("plays per game"), f"{s['plays_per_game']['mean']:.1f}"],
        [gettext("decisions per game"), f"{s['decisions_per_game']:.1f}"],
    ]
    table([gettext("per game"), gettext("rate")], event_rows, out, left=1)
    print(file=out)
    seats = s["seats"]
    table(
        [gettext("seat"), *(str(i) for i in range(5))],
        [
            [gettext("win rate"), *(_pct(x) for x in seats["win_rates"])],
            [gettext("mean points"), *(f"{x:+.2f}" for x in seats["mean_points"])],
        ],
        out,
        left=1,
    )
    print(
        gettext("seat-0 advantage: %(advantage)s points of win rate")
        % {"advantage": f"{100 * seats['seat0_advantage']:+.1f}"},
        file=out,
    )
    print(file=out)
    hist_rows = []
    for role in ROLES:
        hist = stats.roles[role].histogram
        n = stats.roles[role].tally.n
        if n:
            top = sorted(hist.items())
            hist_rows.append([_role(role), "  ".join(f"{k:+d}:{100 * v / n:.1f}%" for k, v in top)])
    table(
        [gettext("points histogram"), gettext("points: share of seat-games")],
        hist_rows,
        out,
        left=2,
    )


class ProgressBar:
    """A one-line progress bar on a terminal stream (redrawn at most ten times a second)."""

    def __init__(self, stream: TextIO, label: str, width: int = 30) -> None:
        self.stream = stream
        self.label = label
        self.width = width
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        """Redraw for ``done`` of ``total`` games."""
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        frac = done / total if total else 1.0
        filled = int(frac * self.width)
        rate = done / (now - self.start) if now > self.start else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "█" * filled + "·" * (self.width - filled)
        figures = gettext("%(done)s/%(total)s games  %(rate)s/s  eta %(eta)ss") % {
            "done": f"{done:,}",
            "total": f"{total:,}",
            "rate": f"{rate:,.0f}",
            "eta": f"{eta:,.0f}",
        }
        self.stream.write(f"\r{self.label} {bar} {figures} ")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        self.stream.write("\n")
        self.stream.flush()


# --------------------------------------------------------------------------- bench


def print_bench(figures: dict[str, Any], out: TextIO) -> None:
    """The figures of :func:`baohuang.simulation.bench.bench` as tables."""
    print(
        gettext("%(variant)s, one core, Python %(python)s (%(machine)s)")
        % {
            "variant": figures["variant"],
            "python": figures["python"],
            "machine": figures["machine"],
        },
        file=out,
    )
    print(gettext("Engine core: %(core)s") % {"core": figures["core"]}, file=out)
    load = figures.get("load") or {}
    if load.get("before") is not None and load.get("after") is not None:
        print(
            gettext(
                "Machine load (1-minute average): %(before).1f at the start, %(after).1f at "
                "the end (timings rise on a busy machine)"
            )
            % {"before": load["before"], "after": load["after"]},
            file=out,
        )
    print(file=out)
    rows = [
        [
            name,
            _grouped(f["games_per_s"], 1),
            _grouped(f["decisions_per_s"]),
            f"{f['decisions_per_game']:.1f}",
            _pct(f["policy_share"]),
        ]
        for name, f in ((n, figures[n]) for n in ("heuristic", "random"))
    ]
    table(
        [
            gettext("policy"),
            gettext("games/s"),
            gettext("decisions/s"),
            gettext("decisions/game"),
            gettext("time in policy"),
        ],
        rows,
        out,
        left=1,
    )
    spiel = figures.get("openspiel_dou_dizhu_random")
    if spiel is not None:
        ours = figures["random"]
        print(
            gettext(
                "OpenSpiel dou_dizhu, random play, same run: %(games)s games/s, "
                "%(decisions)s decisions/s (ours, random: %(ratio_g).2f× its games/s, "
                "%(ratio_d).2f× its decisions/s)"
            )
            % {
                "games": _grouped(spiel["games_per_s"], 1),
                "decisions": _grouped(spiel["decisions_per_s"]),
                "ratio_g": ours["games_per_s"] / spiel["games_per_s"],
                "ratio_d": ours["decisions_per_s"] / spiel["decisions_per_s"],
            },
            file=out,
        )
    mc = figures.get("mc")
    if mc is not None:
        print(
            gettext(
                "Search player (mc, every seat): %(ms)s ms of CPU a game over %(games)s "
                "games (target %(target)s ms)"
            )
            % {
                "ms": f"{mc['cpu_ms_per_game']:.1f}",
                "games": mc["games"],
                "target": f"{mc['target_ms']:.0f}",
            },
            file=out,
        )
    print(file=out)
    rules: dict[str, Any] = figures["rules"]
    table(
        [gettext("rules"), gettext("per second")],
        [
            [gettext("beat checks"), _grouped(rules["beat_checks_per_s"])],
            [gettext("follow generations"), _grouped(rules["follow_generations_per_s"])],
            [gettext("lead generations"), _grouped(rules["lead_generations_per_s"])],
        ],
        out,
        left=1,
    )


# --------------------------------------------------------------------------- tournament


def print_tournament(
    duel: Duel, summary: dict[str, Any], seed: int, elapsed: float, out: TextIO
) -> None:
    """A tournament's margin and points by role (``summary`` is ``duel.summary()``)."""
    print(
        gettext(
            "%(variant)s: A = %(a)s, B = %(b)s, %(deals)s deals (each twice, seats swapped), "
            "seed %(seed)s, %(elapsed)s s"
        )
        % {
            "variant": duel.variant,
            "a": duel.a,
            "b": duel.b,
            "deals": _grouped(duel.deals),
            "seed": seed,
            "elapsed": _grouped(elapsed, 1),
        },
        file=out,
    )
    m = summary["points_margin"]
    w = summary["win_rate_margin"]
    print(
        gettext("A − B points per seat-game: %(mean)+.2f, 95%% CI %(ci)s")
        % {"mean": m["mean"], "ci": _ci(m["ci95"])},
        file=out,
    )
    lo, hi = w["ci95"]
    win_ci = gettext("unbounded") if lo is None else f"[{100 * lo:+.1f}, {100 * hi:+.1f}]"
    print(
        gettext("A − B win rate per seat-game: %(mean)+.1f points, 95%% CI %(ci)s")
        % {"mean": 100 * w["mean"], "ci": win_ci},
        file=out,
    )
    print(file=out)
    rows = []
    for role, by_policy in summary["roles"].items():
        ra, rb = by_policy[duel.a], by_policy[duel.b]
        if not ra["n"] and not rb["n"]:
            continue
        rows.append(
            [
                _role(role),
                _grouped(ra["n"]),
                f"{ra['points']['mean']:+.2f} {_ci(ra['points']['ci95'])}",
                _grouped(rb["n"]),
                f"{rb['points']['mean']:+.2f} {_ci(rb['points']['ci95'])}",
            ]
        )
    table(
        [
            gettext("role"),
            gettext("A seat-games"),
            gettext("A points (95% CI)"),
            gettext("B seat-games"),
            gettext("B points (95% CI)"),
        ],
        rows,
        out,
        left=1,
    )
    if duel.unscored:
        print(
            gettext("%(n)s deals left out: a game of theirs was not scored.")
            % {"n": duel.unscored},
            file=out,
        )


# --------------------------------------------------------------------------- compare


def _fmt(value: float | None, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "rate":
        return f"{100 * value:.1f}%"
    return f"{value:+.2f}"


def _fmt_diff(value: float | None, kind: str) -> str:
    if value is None:
        return "-"
    return f"{100 * value:+.1f} pt" if kind == "rate" else f"{value:+.2f}"


def print_comparison(
    report: dict[str, Any],
    a_id: str,
    b_id: str,
    games: int,
    seed: int,
    elapsed: float,
    out: TextIO,
    show_all: bool = False,
) -> None:
    """A comparison's report (``Comparison.report()``): B − A with 95% intervals per metric,
    the metrics that differ significantly (every metric with ``show_all``)."""
    from baohuang.simulation.compare import method_text, metric_kind, pairing_text

    print(
        gettext("A = %(a)s, B = %(b)s: %(games)s game pairs, seed %(seed)s, %(elapsed)s s")
        % {
            "a": a_id,
            "b": b_id,
            "games": _grouped(games),
            "seed": seed,
            "elapsed": _grouped(elapsed, 1),
        },
        file=out,
    )
    print(report["message"]["zh"], file=out)
    print(report["message"]["en"], file=out)
    print(
        gettext("pairing: %(pairing)s")
        % {"pairing": pairing_text(report["pairing_code"], report["pairing_params"])},
        file=out,
    )
    print(file=out)
    rows = []
    for m in report["metrics"]:
        if not show_all and not m["significant"]:
            continue
        kind = metric_kind(m["name"])
        lo, hi = m["ci95"]
        ci = "-" if lo is None else f"[{_fmt_diff(lo, kind)}, {_fmt_diff(hi, kind)}]"
        games = m["power"]["games"]
        detect = _fmt_diff(m["power"]["detect"], kind).lstrip("+")
        rows.append(
            [
                m["name"],
                _fmt(m["a"], kind),
                _fmt(m["b"], kind),
                _fmt_diff(m["diff"], kind),
                ci,
                gettext("yes") if m["significant"] else gettext("no"),
                "-" if games is None else f"±{detect}: {_grouped(games)}",
            ]
        )
    if rows:
        table(
            [
                gettext("metric"),
                "A",
                "B",
                "B − A",
                gettext("95% CI"),
                gettext("significant"),
                gettext("games needed"),
            ],
            rows,
            out,
            left=1,
        )
    else:
        print(gettext("No metric differs significantly (use --all to list them all)."), file=out)
    print(file=out)
    methods = sorted({method_text(m["method_code"], m["same_games"]) for m in report["metrics"]})
    print(gettext("Methods: %(methods)s") % {"methods": "; ".join(methods)}, file=out)
    print(
        gettext(
            "games needed: game pairs to detect a difference of that size (95% level, 80% "
            "power) at the observed variance."
        ),
        file=out,
    )


# --------------------------------------------------------------------------- balance


def balance_document(
    proposal: Proposal,
    target: Target,
    verification: dict[str, Any],
    simulated_s: float,
    verified_s: float,
) -> dict[str, Any]:
    """The balance proposal, its verification and the solver's figures, as JSON data."""
    return {
        "definition": proposal.definition,
        "changes": proposal.changes,
        "predicted": proposal.predicted,
        "verification": verification,
        "target": target.describe(),
        "solver": {
            "name": "HiGHS (scipy.optimize.milp)",
            "status": proposal.status,
            "variables": proposal.variables,
            "constraints": proposal.constraints,
            "ms": round(proposal.solve_ms, 1),
            "max_change": proposal.max_change,
        },
        "notes": proposal.notes,
        "elapsed_s": {"simulation": simulated_s, "verification": verified_s},
    }


def print_balance(
    variant: str,
    stats: Stats,
    target: Target,
    proposal: Proposal,
    verification: dict[str, Any],
    verify_games: int,
    verify_seed: int,
    out: TextIO,
) -> None:
    """The proposed table, the target before, predicted and verified, and the notes."""
    print(
        gettext(
            "%(variant)s: target %(target)s; each entry ±%(max)s; %(games)s games (seed "
            "%(seed)s) → HiGHS %(ms)s ms"
        )
        % {
            "variant": variant,
            "target": target.describe(),
            "max": proposal.max_change,
            "games": _grouped(stats.games),
            "seed": stats.seed,
            "ms": _grouped(proposal.solve_ms),
        },
        file=out,
    )
    print(file=out)
    table(
        [gettext("entry"), gettext("today"), gettext("proposed")],
        [[c["path"], str(c["old"]), str(c["new"])] for c in proposal.changes],
        out,
        left=1,
    )
    print(file=out)

    def line(label: str, m: dict[str, Any]) -> str:
        lo, hi = m["ci95"]
        ci = "-" if lo is None else f"[{lo:+.3f}, {hi:+.3f}]"
        return f"{label}: {m['diff']:+.3f} {ci}"

    print(line(gettext("before (this simulation)"), proposal.predicted["before"]), file=out)
    print(line(gettext("predicted (this simulation)"), proposal.predicted["target"]), file=out)
    print(
        line(
            gettext("verified (%(games)s new games, seed %(seed)s)")
            % {"games": _grouped(verify_games), "seed": verify_seed},
            verification["target"],
        ),
        file=out,
    )
    for note in proposal.notes:
        print(gettext("note: %(note)s") % {"note": note}, file=out)
