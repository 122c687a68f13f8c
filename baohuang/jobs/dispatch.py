"""Talking to the broker: sending chunk tasks, revoking them, looking at the queue.

Everything here is best effort. The database is the truth about a job; a message that could
not be sent (the broker is down) is sent again by the reaper (:func:`baohuang.jobs.services.reap`),
and a revoke that does not arrive only costs a task that finds its chunk cancelled.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from celery import group

from baohuang.jobs import conf
from baohuang.project.celery import app

logger = logging.getLogger(__name__)

#: The name of the chunk task (``baohuang.jobs.tasks.run_chunk``).
RUN_CHUNK = "baohuang.jobs.run_chunk"


def is_filesystem() -> bool:
    """Whether the broker is kombu's filesystem transport (the local default)."""
    return str(app.conf.broker_url or "").startswith("filesystem:")


def queue_name() -> str:
    """The queue chunk tasks go to."""
    return conf.queue() or str(app.conf.task_default_queue)


def send_chunks(items: Sequence[tuple[int, str]]) -> bool:
    """Send one chunk task per ``(chunk id, task id)``, as one Celery group, with the soft and
    hard time limits of :mod:`baohuang.jobs.conf`; False on failure."""
    if not items:
        return True
    # Time limits travel with each message (read now, so a changed setting applies to the
    # next job without restarting the workers); Celery's prefork pool enforces them.
    options = {
        "queue": queue_name(),
        "soft_time_limit": conf.soft_time_limit(),
        "time_limit": conf.hard_time_limit(),
    }
    tasks = group(
        app.signature(RUN_CHUNK, args=(chunk_id,), options={**options, "task_id": task_id})
        for chunk_id, task_id in items
    )
    try:
        tasks.apply_async()
    except Exception:
        logger.exception(
            "Could not send %d chunk task(s) to the broker; the reaper will send them again.",
            len(items),
        )
        return False
    return True


def revoke(task_ids: Sequence[str]) -> None:
    """Ask the workers to drop these tasks (running chunks also stop at their next heartbeat).

    Not with the filesystem transport: it never forgets a worker's control queue, so every
    broadcast would leave a file for each worker that ever ran. There the chunks' rows do
    the work alone (a task of a cancelled chunk ends as soon as it starts).
    """
    ids = [t for t in task_ids if t]
    if not ids or is_filesystem():
        return
    try:
        app.control.revoke(ids)
    except Exception:
        logger.warning("Could not broadcast the revocation of %d task(s).", len(ids), exc_info=True)


def queue_length() -> int | None:
    """Messages waiting in the chunk queue (not counting those workers hold), None if unknown."""
    try:
        with app.connection_for_read() as connection:
            # Declared as Celery's workers declare it (an undeclared queue is an empty one).
            bound = app.amqp.queues[queue_name()](connection.default_channel)
            return int(bound.queue_declare().message_count)
    except Exception:
        logger.warning("Could not look at the length of the queue.", exc_info=True)
        return None
