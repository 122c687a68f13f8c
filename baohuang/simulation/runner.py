"""Playing many games: one game, a chunk of a job, a job over local processes.

Game ``i`` of a job with seed ``S`` is dealt from ``derive_seed(S, i)`` and its policies
draw from ``random.Random(derive_seed(S, i, 1))``, so a game's course depends only on the
job seed and its index — never on how the job was split into chunks or over how many
processes it ran. Every game starts from the variant's first dealer, with no tribute owed
(independent games, not a match).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Final

from baohuang.bots import Policy, make_policy
from baohuang.bots.heuristic import HeuristicPolicy
from baohuang.bots.rollout import LazyLegal
from baohuang.engine.compiled import CompiledVariant, compile_variant
from baohuang.engine.game import Game
from baohuang.engine.match import derive_seed
from baohuang.engine.seatview import PlayTurn, fill_play
from baohuang.rules import Variant
from baohuang.simulation.stats import Stats, merge

#: Progress callback: games done so far, games in total.
Progress = Callable[[int, int], None]
#: Called after every decision of a game; it may raise to stop the game there (a cancelled
#: job, a request past its deadline). Keep it cheap: a clock read and a comparison.
Tick = Callable[[], None]

#: A safety net: a game that takes more decisions than this is a bug (engine or policy).
MAX_DECISIONS: Final = 50_000


def compiled(variant: Variant | CompiledVariant) -> CompiledVariant:
    """The compiled form of a variant (compilation is cached by checksum)."""
    return variant if isinstance(variant, CompiledVariant) else compile_variant(variant)


def seat_policies(policies: str | Sequence[str]) -> tuple[str, ...]:
    """Five policy names from one name or a sequence of five; ValueError otherwise."""
    names = (policies,) * 5 if isinstance(policies, str) else tuple(policies)
    if len(names) != 5:
        raise ValueError(f"Give one policy name or five (one per seat), got {len(names)}.")
    return names


def game_seed(job_seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a job."""
    return derive_seed(job_seed, index)


def policy_seed(job_seed: int, index: int) -> int:
    """The seed of the generator the policies of game ``index`` draw from."""
    return derive_seed(job_seed, index, 1)


def play_game(
    cv: CompiledVariant,
    seed: int,
    policies: Sequence[Policy],
    rng: random.Random,
    lazy: bool = True,
    tick: Tick | None = None,
) -> Game:
    """Deal a game from ``seed`` and let ``policies[seat]`` act for each seat until the end.

    With ``lazy`` the policies get a :class:`~baohuang.bots.rollout.LazyLegal` (except for a
    seat locked on automatic play, which gets its one action as a list); otherwise a list.
    ``tick()`` is called after every decision (a search player's decision may take a
    second: a job must notice its cancellation inside a game, not only between games).
    """
    game = Game.new(cv, seed)
    legal_actions = game.legal_actions
    view = game.view
    apply = game.apply
    acts = [p.act for p in policies]
    # The heuristic reads its turns in the play from the game, without a view (PlayTurn).
    heuristic: list[HeuristicPolicy | None] = [
        p if type(p) is HeuristicPolicy else None for p in policies
    ]
    turn = PlayTurn()
    locked = game.locked
    steps = 0
    while game.phase != "finished":
        seat = game.to_act
        legal = LazyLegal(game) if lazy and not locked(seat) else legal_actions()
        player = heuristic[seat]
        if player is not None and game.phase == "play" and type(legal) is LazyLegal:
            fill_play(game, seat, turn)
            apply(player.play(turn, legal))
        else:
            apply(acts[seat](view(seat), legal, rng))
        steps += 1
        if tick is not None:
            tick()
        if steps > MAX_DECISIONS:
            raise RuntimeError(
                f"Game with seed {seed} did not end after {MAX_DECISIONS} decisions."
            )
    return game


def simulate(
    variant: Variant | CompiledVariant,
    games: int,
    seed: int,
    policies: str | Sequence[str] = ("heuristic",) * 5,
    chunk: tuple[int, int] | None = None,
    progress: Progress | None = None,
    tick: Tick | None = None,
) -> Stats:
    """Play games ``chunk = (start, stop)`` (default: all ``games``) of a job; their statistics.

    ``policies`` is one policy name for every seat or five names, seat by seat. Merging the
    results of chunks that cover ``range(games)`` gives exactly the result of one run.
    ``progress(done, total)`` is called every few games, ``tick()`` after every decision.
    """
    cv = compiled(variant)
    names = seat_policies(policies)
    start, stop = (0, games) if chunk is None else chunk
    if not 0 <= start <= stop <= games:
        raise ValueError(f"Chunk {start}–{stop} is not within the job's {games} games.")
    built: dict[str, Policy] = {}
    for name in names:
        if name not in built:
            built[name] = make_policy(name, cv)
    seats = [built[name] for name in names]
    stats = Stats.empty(cv.id, cv.checksum, seed, names)
    every = max(1, min(100, (stop - start) // 100))
    for i in range(start, stop):
        rng = random.Random(policy_seed(seed, i))  # noqa: S311 (seeded game randomness (reproducible deals), not security)
        stats.add_game(play_game(cv, game_seed(seed, i), seats, rng, tick=tick))
        if progress is not None and (i - start + 1) % every == 0:
            progress(i - start + 1, stop - start)
    if stop > start:
        stats.ranges = [(start, stop)]
    if progress is not None:
        progress(stop - start, stop - start)
    return stats


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    """Game index ranges of at most ``size`` games covering ``range(games)``."""
    size = max(1, size)
    return [(a, min(games, a + size)) for a in range(0, games, size)]


def _run_chunk(
    variant: Variant, games: int, seed: int, policies: tuple[str, ...], chunk: tuple[int, int]
) -> Stats:
    return simulate(variant, games, seed, policies, chunk)


def run(
    variant: Variant | CompiledVariant,
    games: int,
    seed: int,
    policies: str | Sequence[str] = ("heuristic",) * 5,
    workers: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> Stats:
    """A whole job, on ``workers`` local processes (1: in this process), chunked by game index.

    The result is the same for every ``workers`` and ``chunk_size``; ``progress(done,
    total)`` is called as chunks finish.
    """
    cv = compiled(variant)
    names = seat_policies(policies)
    workers = max(1, workers)
    if chunk_size is None:
        chunk_size = max(10, min(2000, -(-games // (workers * 8)) if games else 1))
    parts = chunks(games, chunk_size)
    total = Stats.empty(cv.id, cv.checksum, seed, names)
    if workers == 1 or len(parts) <= 1:
        done = 0
        for part in parts:
            base = done

            def report(n: int, _t: int, base: int = base) -> None:
                if progress is not None:
                    progress(base + n, games)

            total = merge(total, simulate(cv, games, seed, names, part, report))
            done += part[1] - part[0]
        if progress is not None:
            progress(games, games)
        return total
    done = 0
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        pending: set[Future[Stats]] = {
            pool.submit(_run_chunk, cv.variant, games, seed, names, part) for part in parts
        }
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                result = future.result()
                total = merge(total, result)
                done += result.games
                if progress is not None:
                    progress(done, games)
    return total


def default_workers() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
