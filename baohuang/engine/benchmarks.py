"""Speed of the card-level rules: beat checks and legal-follow generation per second.

Run ``python -m baohuang.engine.benchmarks`` (one core). Inputs are pregenerated from
seeded shuffles of the 216-card four-deck shoe, so runs are comparable; only the timing
loops are measured.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from baohuang.engine.beats import beats_fast
from baohuang.engine.cards import BJ, PLAIN_RANKS, SJ
from baohuang.engine.follows import legal_follows, legal_leads
from baohuang.engine.plays import DEFAULT_RULES, CompiledPlayRules, Play, rank_counts

Ranks = tuple[int, ...]

FOUR_DECKS: tuple[int, ...] = tuple(
    [r for r in PLAIN_RANKS for _ in range(16)] + [SJ] * 8 + [BJ] * 8
)
"""The ranks of the 216 cards of four decks."""


def _deal_two(rng: random.Random) -> tuple[list[int], list[int]]:
    deck = list(FOUR_DECKS)
    rng.shuffle(deck)
    return rank_counts(deck[:44]), rank_counts(deck[44:88])


def _random_play(
    hand: list[int], size: int, rules: CompiledPlayRules, rng: random.Random
) -> Ranks | None:
    leads = [p for p in legal_leads(hand, rules) if len(p) == size]
    return rng.choice(leads) if leads else None


def make_beat_pairs(
    count: int,
    rules: CompiledPlayRules = DEFAULT_RULES,
    seed: int = 1,
    sizes: tuple[int, ...] = (1, 2, 3, 4),
) -> list[tuple[Ranks, Ranks]]:
    """Random equal-size (previous, candidate) play pairs drawn from two dealt hands."""
    rng = random.Random(seed)  # noqa: S311 (seeded game randomness (reproducible deals), not security)
    pairs: list[tuple[Ranks, Ranks]] = []
    while len(pairs) < count:
        first, second = _deal_two(rng)
        size = rng.choice(sizes)
        prev = _random_play(first, size, rules, rng)
        cand = _random_play(second, size, rules, rng)
        if prev is not None and cand is not None:
            pairs.append((prev, cand))
    return pairs


def make_follow_cases(
    count: int,
    rules: CompiledPlayRules = DEFAULT_RULES,
    seed: int = 2,
    sizes: tuple[int, ...] = (1, 2, 3, 4),
) -> list[tuple[list[int], Play]]:
    """Random (44-card hand, previous play of another hand) cases for follow generation."""
    rng = random.Random(seed)  # noqa: S311 (seeded game randomness (reproducible deals), not security)
    cases: list[tuple[list[int], Play]] = []
    while len(cases) < count:
        hand, other = _deal_two(rng)
        prev = _random_play(other, rng.choice(sizes), rules, rng)
        if prev is not None:
            cases.append((hand, Play(prev)))
    return cases


def _rate(run_once: Callable[[], int], seconds: float) -> float:
    """Calls per second of ``run_once`` (which returns how many calls it made).

    Repeats ``run_once`` for about ``seconds`` and reports its fastest pass, as
    :mod:`timeit` advises: slower passes measure other processes, not this code.
    """
    best = 0.0
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        calls = run_once()
        now = time.perf_counter()
        best = max(best, calls / (now - start))
        if now >= deadline:
            return best


def bench_rules(seconds: float = 1.0, rules: CompiledPlayRules = DEFAULT_RULES) -> dict[str, float]:
    """Measure the card-level rules on one core for about ``seconds`` per figure.

    Returns ``beat_checks_per_s`` (:func:`.beats_fast` over random equal-size pairs),
    ``follow_generations_per_s`` (:func:`.legal_follows` for a 44-card hand against a play
    of 1–4 cards from another hand), ``lead_generations_per_s`` (every lead of a 44-card
    hand) and ``mean_follows`` / ``mean_leads`` (how many plays those calls return).
    """
    pairs = make_beat_pairs(4000, rules)
    cases = make_follow_cases(1000, rules)
    hands = [hand for hand, _ in cases[:200]]

    def run_beats() -> int:
        for prev, cand in pairs:
            beats_fast(prev, cand, rules)
        return len(pairs)

    def run_follows() -> int:
        for hand, prev in cases:
            legal_follows(hand, prev, rules)
        return len(cases)

    def run_leads() -> int:
        for hand in hands:
            legal_follows(hand, None, rules)
        return len(hands)

    return {
        "beat_checks_per_s": _rate(run_beats, seconds),
        "follow_generations_per_s": _rate(run_follows, seconds),
        "lead_generations_per_s": _rate(run_leads, seconds),
        "mean_follows": sum(len(legal_follows(h, p, rules)) for h, p in cases) / len(cases),
        "mean_leads": sum(len(legal_follows(h, None, rules)) for h in hands) / len(hands),
    }


def main() -> None:
    """Print :func:`bench_rules` figures (optional argument: seconds per figure)."""
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    for name, value in bench_rules(seconds).items():
        print(f"{name:>26}: {value:,.1f}")


if __name__ == "__main__":
    main()
