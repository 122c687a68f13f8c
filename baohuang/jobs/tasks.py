"""Celery tasks of the simulation jobs (they only call :mod:`baohuang.jobs.services`) and the
worker's reaper.

- ``baohuang.jobs.run_chunk``: one chunk. ``acks_late`` with ``reject_on_worker_lost``: the
  message is acknowledged only when the chunk has ended, so a worker process that dies
  mid-chunk gives it back to the broker (Redis after its visibility timeout, RabbitMQ at
  once). The chunk row is the truth, though: a redelivered or duplicate message finds its
  chunk claimed or done and does nothing. Each message carries the soft and hard time limits
  of :mod:`baohuang.jobs.conf`; a chunk past the soft one fails its job (code
  ``time_limit``).
- ``baohuang.jobs.reap``: :func:`baohuang.jobs.services.reap` once (for ``celery beat`` if
  you run it; not needed otherwise).
- :class:`Reaper`: a worker bootstep. Every worker runs the reaper when it starts and then
  every ``BAOHUANG_JOBS_REAP_EVERY_SECONDS``, in a thread of its main process, so a chunk
  lost with a killed worker is sent again (or its job failed) without any other service.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from celery import Task, bootsteps
from django.db import close_old_connections, connection

from baohuang.jobs import conf, services
from baohuang.project.celery import app

logger = logging.getLogger(__name__)


@app.task(
    name="baohuang.jobs.run_chunk",
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def run_chunk(self: Task, chunk_id: int) -> str:
    """Run one chunk of a simulation job; returns what happened (see ``services.run_chunk``)."""
    close_old_connections()
    # (hard, soft) seconds, as the message was sent (baohuang.jobs.dispatch): the failure of
    # a chunk that ran past it names the limit that applied, not this worker's setting.
    limits = self.request.timelimit or (None, None)
    soft = float(limits[1]) if len(limits) > 1 and limits[1] else None
    try:
        return services.run_chunk(
            int(chunk_id), worker=str(self.request.hostname or ""), soft_time_limit=soft
        )
    finally:
        close_old_connections()


@app.task(name="baohuang.jobs.reap", ignore_result=True)
def reap() -> dict[str, int]:
    """Run the reaper once; the counts of what it did."""
    report = services.reap()
    return {"requeued": report.requeued, "failed_jobs": report.failed_jobs, "resent": report.resent}


def reap_quietly() -> services.ReapReport | None:
    """Run the reaper once, logging (not raising) any error, and close the DB connection."""
    try:
        report = services.reap()
        if report:
            logger.warning("Reaper: %s", report)
        return report
    except Exception:
        logger.exception("The simulation job reaper failed; it will try again.")
        return None
    finally:
        connection.close()


class Reaper(bootsteps.StartStopStep):
    """Runs the job reaper in a thread of the worker's main process."""

    requires = ("celery.worker.components:Pool",)
    label = "Simulation job reaper"

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, parent: Any) -> None:
        """Start the thread (unless ``BAOHUANG_JOBS_REAP_EVERY_SECONDS`` is 0)."""
        every = conf.reap_every_seconds()
        if every <= 0:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._loop, args=(every,), name="baohuang-jobs-reaper", daemon=True
        )
        self._thread.start()

    def _loop(self, every: float) -> None:
        while not self._stop.is_set():
            reap_quietly()
            self._stop.wait(every)

    def stop(self, parent: Any) -> None:
        """Stop the thread (waits for a reap in progress)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
            self._thread = None

    def terminate(self, parent: Any) -> None:
        """Cold shutdown: the same as :meth:`stop`."""
        self.stop(parent)

    def shutdown(self, parent: Any) -> None:
        """The same as :meth:`stop`."""
        self.stop(parent)


app.steps["worker"].add(Reaper)
