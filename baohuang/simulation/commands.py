"""The ``simulate`` and ``bench`` subcommands of the ``baohuang`` console script.

Usage (docs/design.md §8)::

    baohuang simulate VARIANT --games N [--seed S] [--workers K] [--policy heuristic|random]
                      [--json]
    baohuang bench [--json] [--seconds S]

VARIANT is a bundled variant id or a path to a YAML (or JSON) file. ``simulate`` shows a
progress bar on standard error when that is a terminal, then prints a table (or the
statistics as JSON); the result does not depend on ``--workers``. Without ``--seed`` a random
seed is chosen and printed on standard error, so the run can be repeated. ``bench`` measures one
core. :mod:`baohuang.cli` registers both; each is a ``configure`` function for its argument
parser and a handler returning the exit status.

The report's words are marked for translation (the Chinese is in
``baohuang/simulation/locale``); the CLI runs the handlers in the language it was asked for.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from baohuang.bots import POLICY_NAMES
from baohuang.rules import Variant
from baohuang.rules.loader import load_variant
from baohuang.rules.texts import gettext, gettext_noop, ngettext, pgettext
from baohuang.simulation.runner import default_workers, run
from baohuang.simulation.stats import ROLES, Stats
from baohuang.terminal import table

EXIT_OK = 0
EXIT_PROBLEMS = 1


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


def load_or_report(spec: str) -> Variant | None:
    """:func:`~baohuang.rules.loader.load_variant`, its problems printed on standard error
    (None: it cannot be used)."""
    variant, problems = load_variant(spec)
    for line in problems:
        print(line, file=sys.stderr)
    return variant


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


# --------------------------------------------------------------------------- simulate


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--policy``, as ``simulate``, ``compare`` and ``balance`` take them."""
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help=f"local processes (default 1; this machine has {default_workers()})",
    )
    parser.add_argument(
        "--policy",
        type=_policy_name,
        default="heuristic",
        help="the policy of all five seats: heuristic, random, adaptive, mc, mc:N (N rollouts per "
        "decision), or a mix by role such as royals=mc,rebels=heuristic",
    )


def configure_simulate(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang simulate``."""
    parser.add_argument("variant", metavar="VARIANT", help="a bundled variant id or a YAML file")
    parser.add_argument("--games", type=_positive, required=True, help="games to play")
    _add_seed(parser, "job seed (game i: derived seed)")
    _add_run_options(parser)
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


def _positive(text: str) -> int:
    """A whole number above 0; argparse names the option in front of the message."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(
            gettext("'%(value)s' is not a whole number above 0") % {"value": text}
        )
    return value


def _whole(text: str) -> int:
    """A whole number (a seed); argparse names the option in front of the message."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            gettext("'%(value)s' is not a whole number") % {"value": text}
        ) from None


#: Seeds chosen when none is given lie below this (short enough to retype).
RANDOM_SEEDS = 1_000_000


def _add_seed(parser: argparse.ArgumentParser, help: str) -> None:
    parser.add_argument(
        "--seed",
        type=_whole,
        default=None,
        help=f"{help}; default: a random seed, printed so the run can be repeated",
    )


def chosen_seed(args: argparse.Namespace) -> int:
    """``--seed``, or a random seed (printed on standard error with how to repeat the run)."""
    if args.seed is None:
        args.seed = secrets.randbelow(RANDOM_SEEDS)
        print(
            gettext(
                "No --seed given: using seed %(seed)s (add --seed %(seed)s to repeat this run)."
            )
            % {"seed": args.seed},
            file=sys.stderr,
        )
    seed: int = args.seed
    return seed


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play the games and print role win rates, points, events and seat advantage."""
    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    chosen_seed(args)
    bar = ProgressBar(sys.stderr, variant.id) if sys.stderr.isatty() else None
    start = time.perf_counter()
    stats = run(variant, args.games, args.seed, args.policy, workers=args.workers, progress=bar)
    elapsed = time.perf_counter() - start
    if bar is not None:
        bar.close()
    if args.json:
        data = {
            "summary": stats.summary(),
            "stats": stats.to_dict(),
            "elapsed_s": elapsed,
            "workers": args.workers,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return EXIT_OK
    print_report(stats, sys.stdout, elapsed=elapsed, workers=args.workers)
    return EXIT_OK


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


# --------------------------------------------------------------------------- bench


def configure_bench(parser: argparse.ArgumentParser, default_variant: str) -> None:
    """Arguments of ``baohuang bench``; ``default_variant`` is the subject when none is named."""
    parser.add_argument(
        "variant",
        nargs="?",
        default=default_variant,
        metavar="VARIANT_OR_FILE",
        help=f"the variant measured: a bundled id or a file (default {default_variant})",
    )
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time per game figure (default 3)"
    )
    parser.add_argument(
        "--mc-games",
        type=int,
        default=None,
        help="games the search player (mc) is timed over (default 10; 0: not measured)",
    )
    parser.add_argument(
        "--no-peers",
        action="store_true",
        help="do not measure OpenSpiel's dou_dizhu beside ours (when pyspiel is installed)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def cmd_bench(args: argparse.Namespace) -> int:
    """Measure games/s and decisions/s on one core, and the card-level rules."""
    from baohuang.simulation.bench import MC_GAMES, bench

    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    figures = bench(
        variant,
        seconds=args.seconds,
        rules_seconds=min(1.0, args.seconds / 3),
        mc_games=MC_GAMES if args.mc_games is None else max(0, args.mc_games),
        peers=not args.no_peers,
    )
    if args.json:
        print(json.dumps(figures, indent=2))
        return EXIT_OK
    print(
        gettext("%(variant)s, one core, Python %(python)s (%(machine)s)")
        % {
            "variant": figures["variant"],
            "python": figures["python"],
            "machine": figures["machine"],
        }
    )
    print(gettext("Engine core: %(core)s") % {"core": figures["core"]})
    print()
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
        sys.stdout,
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
            }
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
            }
        )
    print()
    rules: dict[str, Any] = figures["rules"]
    table(
        [gettext("rules"), gettext("per second")],
        [
            [gettext("beat checks"), _grouped(rules["beat_checks_per_s"])],
            [gettext("follow generations"), _grouped(rules["follow_generations_per_s"])],
            [gettext("lead generations"), _grouped(rules["lead_generations_per_s"])],
        ],
        sys.stdout,
        left=1,
    )
    return EXIT_OK


# --------------------------------------------------------------------------- tournament


def _policy_name(text: str) -> str:
    """A policy name ``make_policy`` knows (``mc:N`` included); argparse names the option."""
    from baohuang.bots import MAX_ROLLOUTS, PolicySpecError, check_budget, is_policy_name

    try:
        check_budget(text)
    except PolicySpecError as exc:
        raise argparse.ArgumentTypeError(
            gettext("'%(value)s' asks for too many rollouts per decision; at most mc:%(max)s")
            % {"value": exc.params["policy"], "max": MAX_ROLLOUTS}
        ) from exc
    if not is_policy_name(text):
        raise argparse.ArgumentTypeError(
            gettext("unknown policy '%(value)s' (known: %(known)s, mc:N)")
            % {"value": text, "known": ", ".join(POLICY_NAMES)}
        )
    return text


def configure_tournament(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang tournament``."""
    parser.add_argument("variant", metavar="VARIANT", help="a bundled variant id or a YAML file")
    parser.add_argument(
        "--a", type=_policy_name, default="mc", help="policy A (default mc; mc:N = N rollouts)"
    )
    parser.add_argument(
        "--b", type=_policy_name, default="heuristic", help="policy B (default heuristic)"
    )
    parser.add_argument("--deals", type=_positive, required=True, help="deals, each played twice")
    _add_seed(parser, "tournament seed (deal i: derived seed)")
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help=f"local processes (default 1; this machine has {default_workers()})",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def cmd_tournament(args: argparse.Namespace) -> int:
    """A against B on the same deals with seats swapped: the margin, and points by role."""
    from baohuang.simulation.tournament import run_tournament

    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    if args.a == args.b:
        print(gettext("Give two different policies (--a and --b)."), file=sys.stderr)
        return EXIT_PROBLEMS
    chosen_seed(args)
    bar = ProgressBar(sys.stderr, f"{args.a} vs {args.b}") if sys.stderr.isatty() else None
    start = time.perf_counter()
    duel = run_tournament(
        variant, args.deals, args.seed, args.a, args.b, workers=args.workers, progress=bar
    )
    elapsed = time.perf_counter() - start
    if bar is not None:
        bar.close()
    summary = duel.summary()
    if args.json:
        print(json.dumps({**summary, "seed": args.seed, "elapsed_s": elapsed}, indent=2))
        return EXIT_OK
    out = sys.stdout
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
            "seed": args.seed,
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
    return EXIT_OK


# --------------------------------------------------------------------------- compare


def configure_compare(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang compare``."""
    parser.add_argument("a", metavar="A", help="variant A: a bundled id or a YAML file")
    parser.add_argument("b", metavar="B", help="variant B: a bundled id or a YAML file")
    parser.add_argument("--games", type=_positive, required=True, help="game pairs to play")
    _add_seed(parser, "job seed (shared by A and B)")
    _add_run_options(parser)
    parser.add_argument(
        "--all", action="store_true", help="list every metric, not only those that differ"
    )
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")


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


def cmd_compare(args: argparse.Namespace) -> int:
    """Play A and B on the same deal seeds and print B − A with 95% intervals per metric."""
    from baohuang.simulation.compare import compare, method_text, metric_kind, pairing_text

    a = load_or_report(args.a)
    b = load_or_report(args.b)
    if a is None or b is None:
        return EXIT_PROBLEMS
    chosen_seed(args)
    bar = ProgressBar(sys.stderr, f"{a.id} vs {b.id}") if sys.stderr.isatty() else None
    start = time.perf_counter()
    result = compare(a, b, args.games, args.seed, args.policy, workers=args.workers, progress=bar)
    elapsed = time.perf_counter() - start
    if bar is not None:
        bar.close()
    report = result.report()
    if args.json:
        print(json.dumps({**report, "elapsed_s": elapsed}, indent=2, ensure_ascii=False))
        return EXIT_OK
    out = sys.stdout
    print(
        gettext("A = %(a)s, B = %(b)s: %(games)s game pairs, seed %(seed)s, %(elapsed)s s")
        % {
            "a": a.id,
            "b": b.id,
            "games": _grouped(args.games),
            "seed": args.seed,
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
        if not args.all and not m["significant"]:
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
    return EXIT_OK


# --------------------------------------------------------------------------- balance


def configure_balance(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``baohuang balance``."""
    parser.add_argument("variant", metavar="VARIANT", help="a bundled variant id or a YAML file")
    parser.add_argument(
        "--target",
        default="equal-sides",
        help="equal-sides (royal and rebel side expect the same points per seat, the "
        "default) or emperor-mean=X",
    )
    parser.add_argument(
        "--max-change",
        type=int,
        default=None,
        help="how far each entry may move (default: 3, else 6, else 10, the first that "
        "reaches the target)",
    )
    parser.add_argument(
        "--release",
        default="",
        help="relations of the table's shape the solver may break, comma-separated: equal, "
        "order, ratio (default none: equal cells stay equal, the order of the amounts and "
        "whole ratios such as emperor = 2 × guard stay)",
    )
    parser.add_argument(
        "--max-distinct",
        type=int,
        default=None,
        help="at most this many distinct amounts change (default: as few as reach the target)",
    )
    parser.add_argument("--games", type=_positive, required=True, help="games to simulate")
    _add_seed(parser, "job seed of the simulation")
    parser.add_argument(
        "--verify-games",
        type=_positive,
        default=None,
        help="games of the verification run (default: --games)",
    )
    parser.add_argument(
        "--verify-seed", type=int, default=None, help="its job seed (default: --seed + 1)"
    )
    parser.add_argument(
        "--tables",
        default=",".join(("two_person", "two_person_guard_known", "solo")),
        help="the tables the solver may change (default all: two_person, "
        "two_person_guard_known, solo)",
    )
    parser.add_argument(
        "--fix", action="append", default=[], metavar="PATH", help="an entry to keep as it is"
    )
    parser.add_argument(
        "--keep-outcomes",
        action="store_true",
        help="no row may change between win, draw and loss",
    )
    parser.add_argument(
        "--from",
        dest="from_file",
        default=None,
        metavar="FILE",
        help="use this `baohuang simulate --json` output instead of simulating",
    )
    _add_run_options(parser)
    parser.add_argument("--json", action="store_true", help="print the proposal as JSON")


def cmd_balance(args: argparse.Namespace) -> int:
    """Simulate, solve the integer program for the table, verify on fresh seeds, print."""
    from baohuang.simulation.balance import BalanceError, Target, solve, verify

    variant = load_or_report(args.variant)
    if variant is None:
        return EXIT_PROBLEMS
    try:
        target = Target.parse(args.target)
    except BalanceError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_PROBLEMS
    started = time.perf_counter()
    if args.from_file:
        data = json.loads(Path(args.from_file).read_text(encoding="utf-8"))
        stats = Stats.from_dict(data.get("stats", data))
        if stats.checksum != variant_checksum(variant):
            print(
                gettext("%(file)s: these statistics are not of %(variant)s.")
                % {"file": args.from_file, "variant": variant.id},
                file=sys.stderr,
            )
            return EXIT_PROBLEMS
        if args.seed is None:
            args.seed = stats.seed
    else:
        chosen_seed(args)
        bar = ProgressBar(sys.stderr, variant.id) if sys.stderr.isatty() else None
        stats = run(variant, args.games, args.seed, args.policy, workers=args.workers, progress=bar)
        if bar is not None:
            bar.close()
    simulated_s = time.perf_counter() - started
    try:
        proposal = solve(
            variant,
            stats,
            target,
            args.max_change,
            tables=[t.strip() for t in args.tables.split(",") if t.strip()],
            fixed=args.fix,
            keep_outcomes=args.keep_outcomes,
            release=[r.strip() for r in args.release.split(",") if r.strip()],
            max_distinct=args.max_distinct,
        )
    except BalanceError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_PROBLEMS
    verify_games = args.verify_games or stats.games
    verify_seed = args.seed + 1 if args.verify_seed is None else args.verify_seed
    if verify_seed == stats.seed:
        print(
            gettext("The verification must use other seeds than the simulation."),
            file=sys.stderr,
        )
        return EXIT_PROBLEMS
    started = time.perf_counter()
    verification = verify(
        variant, proposal, target, verify_games, verify_seed, args.policy, workers=args.workers
    )
    verified_s = time.perf_counter() - started
    body = {
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
    if args.json:
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return EXIT_OK
    out = sys.stdout
    print(
        gettext(
            "%(variant)s: target %(target)s; each entry ±%(max)s; %(games)s games (seed "
            "%(seed)s) → HiGHS %(ms)s ms"
        )
        % {
            "variant": variant.id,
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
    return EXIT_OK


def variant_checksum(variant: Variant) -> str:
    """The checksum statistics of ``variant`` carry."""
    from baohuang.engine.compiled import compile_variant

    return compile_variant(variant).checksum
