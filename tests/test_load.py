"""The load curve levels off instead of collapsing (issue 31, "Under load"; ``make soak``).

gunicorn as in production (``gunicorn.conf.py``, ``DEBUG`` off, the in-flight cap) on
127.0.0.1, offered a rising rate of GET requests, open-loop (``bench/load_bench.py``):
100, 200, 400 and 800 a second, 4 seconds each (about a minute in all, then the server is
stopped). Before the fix, good throughput fell as the offered load rose past capacity
(the mix: 266 answers a second at 400 offered, 205 at 800, 57 requests unanswered) and
a 503 took as long as an answer (99th percentile 9.5 s): refusals did Django's work and
every read hit the database.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.load_bench import curve, gunicorn, table, warm_up

RATES = [100, 200, 400, 800]
SECONDS = 4.0


@pytest.mark.slow
def test_good_throughput_levels_off_and_refusals_are_fast(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    curves = {}
    with gunicorn(tmp_path / "var") as url:
        for target in ("variant", "mix"):
            warm_up(url, target)
            curves[target] = curve(url, target, RATES, SECONDS)
    with capsys.disabled():
        for target, steps in curves.items():
            print(f"\n{target} ({url}, {SECONDS:g} s a step):\n{table(steps)}")

    for target, steps in curves.items():
        best = max(step.good_per_s for step in steps)
        assert steps[-1].good_per_s >= 0.8 * best, f"{target}: collapsed\n{table(steps)}"
        assert steps[0].good_per_s >= 0.95 * RATES[0], f"{target}: \n{table(steps)}"
        for step in steps:
            assert step.failed == 0, f"{target}: unanswered requests\n{table(steps)}"
            # Before: as slow as the answers (5 to 10 s at 800 offered). The bound leaves room
            # for a machine shared with other work, where the client itself falls behind.
            assert step.p99_503_ms < 2500, f"{target}: slow refusals\n{table(steps)}"
