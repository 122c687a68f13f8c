"""Holds a worker inside a chunk for ``tests/test_multihost.py``: on the worker host the test
tears down, and only there (this folder is on that host's ``PYTHONPATH``, never installed).

Python imports ``sitecustomize`` at start-up. With ``BAOHUANG_TEST_HOLD_DIR`` set, each Celery
worker process wraps the jobs' ``simulate`` so that the first chunk it plays whose first game
is at least ``BAOHUANG_TEST_HOLD_FROM`` stops at its first progress report (a few games in,
none of them stored): it writes ``held`` (the
chunk's games, as JSON) into that folder and then waits, still sending its heartbeats, until
a file ``release`` appears there. The test reads ``held``, sees the chunk ``running`` on this
host in the database, and tears the host down: the worker is inside a chunk by construction,
however fast the engine plays, not by catching it at the right moment. The server has no
such switch; nothing of this exists outside the test's host.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

HOLD_DIR = os.environ.get("BAOHUANG_TEST_HOLD_DIR", "")


def _install() -> None:
    from celery import signals

    @signals.worker_process_init.connect(weak=False)
    def hold_a_chunk(**_: Any) -> None:
        from baohuang.jobs import services

        folder = Path(HOLD_DIR)
        first = int(os.environ.get("BAOHUANG_TEST_HOLD_FROM", "0"))
        real = services.simulate
        held: list[tuple[int, int]] = []

        def simulate(
            *args: Any, chunk: tuple[int, int], progress: Any = None, **kwargs: Any
        ) -> Any:
            start, stop = chunk
            if held or start < first or progress is None:
                return real(*args, chunk=chunk, progress=progress, **kwargs)
            held.append(chunk)

            waited: list[int] = []

            def report(done: int, total: int) -> None:
                progress(done, total)
                if waited or done >= total:
                    return
                waited.append(done)
                (folder / "held.tmp").write_text(
                    json.dumps({"start": start, "stop": stop, "pid": os.getpid()})
                )
                (folder / "held.tmp").rename(folder / "held")
                while not (folder / "release").exists():
                    progress(done, total)  # a heartbeat when one is due
                    time.sleep(0.1)

            return real(*args, chunk=chunk, progress=report, **kwargs)

        services.simulate = simulate


if HOLD_DIR:
    _install()
