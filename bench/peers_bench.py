"""Side by side, in one run on one machine: our games per second against OpenSpiel's
``dou_dizhu`` and RLCard's ``doudizhu`` (README "Performance").

Ours runs in this interpreter (the project's venv, with whichever engine core
:mod:`baohuang.native` chose: the line is printed); the peers run in a throwaway venv of
their own (``--peers-venv``, default ``var/peers-venv``), created and filled by pip on first
use (``open_spiel``, ``rlcard``) — never the project's venv. Every figure is the best of
``--passes`` passes of ``--seconds`` seconds on one core, as ``baohuang bench`` reports its
own: slower passes measure the other processes of the machine.

A decision is an action of a player (OpenSpiel's chance nodes — the deal — are not counted);
the peers play uniformly random legal actions, as the issue's table did.

    .venv/bin/python bench/peers_bench.py                  # 3 passes of 5 s each
    .venv/bin/python bench/peers_bench.py --seconds 2 --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PEER_PACKAGES = ("open_spiel", "rlcard")

Pass = Callable[[float], tuple[int, int, float]]
"""Plays for about the given seconds; (games, decisions, seconds taken)."""


def best(run: Pass, seconds: float, passes: int) -> dict[str, float]:
    """The fastest of ``passes`` passes: games/s, decisions/s and decisions per game."""
    rates: list[tuple[float, float, float]] = []
    for _ in range(passes):
        games, decisions, took = run(seconds)
        rates.append((games / took, decisions / took, decisions / max(1, games)))
    games_s, decisions_s, per_game = max(rates)
    return {"games_per_s": games_s, "decisions_per_s": decisions_s, "decisions_per_game": per_game}


# --------------------------------------------------------------------------- the peers


def openspiel_pass(seconds: float) -> tuple[int, int, float]:
    """Random games of OpenSpiel's ``dou_dizhu`` (its C++ engine, driven from Python)."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(1)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def rlcard_pass(seconds: float) -> tuple[int, int, float]:
    """Random games of RLCard's ``doudizhu`` (pure Python), through its environment."""
    import rlcard  # type: ignore[import-not-found]

    env = rlcard.make("doudizhu", config={"seed": 1})
    rng = random.Random(1)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _player = env.reset()
        while not env.is_over():
            state, _player = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def peers_main(seconds: float, passes: int) -> None:
    """In the peers' venv: print their figures as JSON."""
    print(
        json.dumps(
            {
                "openspiel_dou_dizhu_random": best(openspiel_pass, seconds, passes),
                "rlcard_doudizhu_random": best(rlcard_pass, seconds, passes),
            }
        )
    )


def peers_python(where: Path) -> Path:
    """The python of the peers' venv, created and filled with pip on first use."""
    python = where / "bin" / "python"
    if not python.exists():
        print(f"creating {where} ({', '.join(PEER_PACKAGES)})", file=sys.stderr)
        venv.create(where, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PEER_PACKAGES], check=True)
    return python


# --------------------------------------------------------------------------- ours


def ours(variant: str, seconds: float, passes: int) -> dict[str, Any]:
    """Our heuristic and random games of ``variant`` on one core (this interpreter)."""
    from baohuang import native
    from baohuang.engine.compiled import compile_variant
    from baohuang.rules import load_bundled
    from baohuang.simulation.bench import bench_games

    cv = compile_variant(load_bundled(variant))
    figures: dict[str, Any] = {"core": native.CORE}
    for policy in ("heuristic", "random"):
        runs = [bench_games(cv, policy, seconds) for _ in range(passes)]
        top = max(runs, key=lambda f: f["games_per_s"])
        figures[f"ours_{variant}_{policy}"] = {
            k: top[k] for k in ("games_per_s", "decisions_per_s", "decisions_per_game")
        }
    return figures


def main(argv: list[str] | None = None) -> int:
    """Measure ours and the peers in one run; print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per pass (5)")
    parser.add_argument("--passes", type=int, default=3, help="passes per figure, best kept (3)")
    parser.add_argument("--variant", default="baike-common")
    parser.add_argument("--peers-venv", type=Path, default=ROOT / "var" / "peers-venv")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--peer", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.peer:
        peers_main(args.seconds, args.passes)
        return 0
    sys.path.insert(0, str(ROOT))
    from baohuang import native

    print(native.describe(), file=sys.stderr)
    figures = ours(args.variant, args.seconds, args.passes)
    python = peers_python(args.peers_venv)
    out = subprocess.run(
        [
            str(python),
            __file__,
            "--peer",
            "--seconds",
            str(args.seconds),
            "--passes",
            str(args.passes),
        ],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    ).stdout
    figures.update(json.loads(out.strip().splitlines()[-1]))
    figures["load"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"{'engine':<44} {'games/s':>9} {'decisions/s':>12} {'per game':>9}")
    for name, f in figures.items():
        if isinstance(f, dict):
            print(
                f"{name:<44} {f['games_per_s']:>9,.0f} {f['decisions_per_s']:>12,.0f} "
                f"{f['decisions_per_game']:>9.1f}"
            )
    print(f"(our core: {figures['core']}; load average {figures['load']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
