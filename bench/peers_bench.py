"""Side by side, in one run on one machine: our games per second against OpenSpiel's
``dou_dizhu`` and RLCard's ``doudizhu`` (docs/development.md "Performance").

Ours runs in this interpreter (the project's venv, with whichever engine core
:mod:`baohuang.native` chose: the line is printed); the peers run in a throwaway venv of
their own (``--peers-venv``, default ``var/peers-venv``), created and filled by pip on first
use (``open_spiel``, ``rlcard``) — never the project's venv. Every figure is the best of
``--passes`` rounds of one pass of ``--seconds`` seconds of each figure, on one core: the
rounds interleave the figures so that each meets the same load, and slower passes measure
the other processes of the machine, not the engines.

A decision is an action of a player (OpenSpiel's chance nodes — the deal — are not counted);
the peers play uniformly random legal actions, as the issue's table did.

    .venv/bin/python bench/peers_bench.py                  # 5 rounds of 3-s passes
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
    rng = random.Random(1)  # noqa: S311 (random legal play of a benchmark, not security)
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
    rng = random.Random(1)  # noqa: S311 (random legal play of a benchmark, not security)
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


def _child(command: list[str], env: dict[str, str] | None, drop_path: bool = False) -> Any:
    """Run this script in another process; the JSON of its last line."""
    environ = {**os.environ, **(env or {})}
    if drop_path:
        environ.pop("PYTHONPATH", None)
    out = subprocess.run(  # noqa: S603 (fixed argv: this script, in one of two interpreters)
        command, check=True, capture_output=True, text=True, env=environ
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def peers_python(where: Path) -> Path:
    """The python of the peers' venv, created and filled with pip on first use."""
    python = where / "bin" / "python"
    if not python.exists():
        print(f"creating {where} ({', '.join(PEER_PACKAGES)})", file=sys.stderr)
        venv.create(where, with_pip=True)
        pip = [str(python), "-m", "pip", "install", "--quiet", *PEER_PACKAGES]
        subprocess.run(pip, check=True)  # noqa: S603 (fixed argv: pip of the peers' venv)
    return python


# --------------------------------------------------------------------------- ours


def ours(variant: str, seconds: float, passes: int) -> dict[str, Any]:
    """Our heuristic and random games of ``variant`` on one core (this interpreter), timed
    like the peers: whole passes of seeded games, not the best batch."""
    from baohuang import native
    from baohuang.bots import make_policy
    from baohuang.engine.compiled import compile_variant
    from baohuang.rules import load_bundled
    from baohuang.simulation.runner import game_seed, play_game, policy_seed

    cv = compile_variant(load_bundled(variant))
    figures: dict[str, Any] = {"core": native.CORE}
    for name in ("heuristic", "random"):
        seats = [make_policy(name, cv)] * 5

        def run(seconds: float, seats: list[Any] = seats) -> tuple[int, int, float]:
            games = decisions = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds:
                rng = random.Random(policy_seed(2024, games))  # noqa: S311 (seeded game)
                decisions += len(play_game(cv, game_seed(2024, games), seats, rng).history)
                games += 1
            return games, decisions, time.perf_counter() - start

        figures[f"ours_{variant}_{name}"] = best(run, seconds, passes)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Measure ours and the peers in one run; print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per pass (3)")
    parser.add_argument("--passes", type=int, default=5, help="rounds of passes, best kept (5)")
    parser.add_argument("--variant", default="baike-common")
    parser.add_argument("--peers-venv", type=Path, default=ROOT / "var" / "peers-venv")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--peer", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--ours", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.peer:
        peers_main(args.seconds, args.passes)
        return 0
    sys.path.insert(0, str(ROOT))
    if args.ours:
        print(json.dumps(ours(args.variant, args.seconds, args.passes)))
        return 0
    from baohuang import native

    print(native.describe(), file=sys.stderr)
    python = peers_python(args.peers_venv)
    one = ["--variant", args.variant, "--seconds", str(args.seconds), "--passes", "1"]
    # Rounds of one pass of every figure, so that each figure meets the same load; the best
    # round of each is kept.
    rounds: list[dict[str, Any]] = []
    for _ in range(args.passes):
        row = ours(args.variant, args.seconds, 1)
        if row["core"] == "native":
            # The pure-Python core too, in a process of its own (BAOHUANG_CORE=python).
            pure = _child([sys.executable, __file__, "--ours", *one], {"BAOHUANG_CORE": "python"})
            row.update({k + "_pure_python": v for k, v in pure.items() if k != "core"})
        row.update(_child([str(python), __file__, "--peer", *one], None, drop_path=True))
        rounds.append(row)
    figures: dict[str, Any] = {"core": rounds[0]["core"]}
    for key, value in rounds[0].items():
        if isinstance(value, dict):
            figures[key] = max((r[key] for r in rounds), key=lambda f: f["games_per_s"])
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
