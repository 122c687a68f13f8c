"""Fixtures of the job tests: a published variant, users and clients, a Celery queue of each
test's own, and real workers — in threads of this process (:func:`embedded_worker`) or as
``celery worker`` processes (:func:`worker_process`).

The broker and the database are whatever the settings say: ``CELERY_BROKER_URL`` and
``DATABASE_URL`` (Redis and PostgreSQL in CI), else the filesystem transport in ``var/broker``
and SQLite (a test database file, so that worker processes can open it too).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import latest_version
from baohuang.jobs import dispatch, services
from baohuang.jobs.models import SimulationJob
from baohuang.project.celery import app
from tests.fixtures import COMMON_SLUG, make_user, publish_common, token_client, with_perms

ROOT = Path(__file__).resolve().parents[2]
SLUG = COMMON_SLUG


# --------------------------------------------------------------------------- data


@pytest.fixture
def version(db: None) -> RuleSetVersion:
    """Version 1 of ``baike-common``, published (as ``make run`` imports it)."""
    found = latest_version(publish_common())
    if found is None:
        raise LookupError("baike-common was not published")
    return found


@pytest.fixture
def staff(db: None) -> User:
    """A staff account that may start jobs (``jobs.run_simulation``) and read and create
    rule sets (drafts in comparisons, balancing)."""
    return with_perms(
        make_user("runner", is_staff=True),
        "jobs.run_simulation",
        "catalog.add_ruleset",
        "catalog.view_ruleset",
    )


@pytest.fixture
def other_staff(db: None) -> User:
    """Another staff account (may read every job: ``jobs.view_simulationjob``)."""
    return with_perms(make_user("colleague", is_staff=True), "jobs.view_simulationjob")


@pytest.fixture
def staff_client(staff: User) -> APIClient:
    """The staff account's client."""
    return token_client(staff)


class InjectedFailure(RuntimeError):
    """What :func:`fail_at_game` makes a chunk raise, as a bug in the engine would."""


@pytest.fixture
def fail_at_game(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """``fail_at_game(n)``: from then on, the chunk holding game ``n`` raises
    :class:`InjectedFailure` when it reaches that game (in this process: the services
    called directly and the :func:`embedded_worker` threads)."""

    def arm(game: int) -> None:
        for name in ("simulate", "compare_chunk"):
            real = getattr(services, name)

            def failing(
                *args: Any,
                chunk: tuple[int, int],
                progress: Callable[[int, int], None] | None = None,
                _real: Callable[..., Any] = real,
                **kwargs: Any,
            ) -> Any:
                start, stop = chunk

                def report(done: int, total: int) -> None:
                    if start <= game < stop and start + done > game:
                        raise InjectedFailure(f"failure injected at game {game}")
                    if progress is not None:
                        progress(done, total)

                return _real(*args, chunk=chunk, progress=report, **kwargs)

            monkeypatch.setattr(services, name, failing)

    return arm


# --------------------------------------------------------------------------- Celery


@pytest.fixture(autouse=True)
def job_queue(settings: Any) -> Iterator[str]:
    """A Celery queue of this test's own (nobody else's worker takes its tasks), emptied
    and deleted afterwards; no throttle counts left over."""
    name = f"baohuang-test-{uuid.uuid4().hex[:12]}"
    settings.BAOHUANG_JOBS_QUEUE = name
    cache.clear()
    yield name
    cache.clear()
    with app.connection_for_write() as conn:
        bound = app.amqp.queues[name](conn.default_channel)
        bound.declare()  # so that the channel knows the bindings it deletes
        bound.purge()
        bound.delete()
    if dispatch.is_filesystem():  # the transport keeps an exchange table per queue
        folder = app.conf.broker_transport_options.get("control_folder")
        if folder:
            (Path(folder) / f"{name}.exchange").unlink(missing_ok=True)


@pytest.fixture
def short_closes() -> Iterator[None]:
    """Database connections are closed after each task (CONN_MAX_AGE 0), so that worker
    threads leave none open when the test database is dropped."""
    db = settings.DATABASES["default"]
    saved = db.get("CONN_MAX_AGE", 0)
    db["CONN_MAX_AGE"] = 0
    yield
    db["CONN_MAX_AGE"] = saved


@contextmanager
def embedded_worker(queue: str, concurrency: int = 2) -> Iterator[Any]:
    """A real Celery worker consuming ``queue``, its pool threads inside this process."""
    from celery.contrib.testing.worker import start_worker

    with start_worker(
        app,
        concurrency=concurrency,
        pool="threads",
        queues=[queue],
        perform_ping_check=False,
        shutdown_timeout=30,
        loglevel="WARNING",
    ) as worker:
        yield worker


def database_url() -> str:
    """A ``DATABASE_URL`` for the test database this process uses."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{Path(db['NAME']).resolve()}"
    assert connection.vendor == "postgresql", connection.vendor
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or ''}:{db.get('PORT') or 5432}/{db['NAME']}"


def forget_killed_worker(nodename: str, queue: str) -> None:
    """Remove what a worker killed with SIGKILL leaves in the broker: its control queue
    (which would collect every later broadcast) and, on Redis, its unacknowledged messages
    (which would come back to ``queue`` after the visibility timeout)."""
    with app.connection_for_write() as conn:
        channel = conn.default_channel
        bound = app.control.mailbox(channel).get_queue(nodename)(channel)
        bound.declare()
        bound.delete()
        if conn.transport.driver_type == "redis":
            client = channel.client
            for tag, raw in client.hgetall("unacked").items():
                if json.loads(raw)[2] == queue:
                    client.hdel("unacked", tag)
                    client.zrem("unacked_index", tag)


@contextmanager
def worker_process(
    queue: str,
    log: Path,
    env: dict[str, str] | None = None,
    ready_timeout: float = 60,
    pool: str = "solo",
) -> Iterator[subprocess.Popen[bytes]]:
    """A ``celery worker`` process (one solo-pool process, its own session; ``pool="prefork"``:
    one child process, which enforces time limits) on ``queue``, using this test's database;
    stopped (SIGTERM, then SIGKILL) when the block ends. Its node name is the log file's stem;
    see :func:`forget_killed_worker`."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "baohuang.project",
        "worker",
        f"--pool={pool}",
        "--concurrency=1",
        f"--queues={queue}",
        f"--hostname={log.stem}@{socket.gethostname()}",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "--loglevel=INFO",
    ]
    environment = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "BAOHUANG_JOBS_QUEUE": queue,
        "PYTHONUNBUFFERED": "1",
        **(env or {}),
    }
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=environment,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for(
            lambda: b" ready." in log.read_bytes() or process.poll() is not None,
            ready_timeout,
            f"the worker did not start; its log:\n{log.read_text(errors='replace')[-3000:]}",
        )
        assert process.poll() is None, log.read_text(errors="replace")[-3000:]
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


# --------------------------------------------------------------------------- waiting


def wait_for(condition: Callable[[], Any], timeout: float, message: str = "") -> Any:
    """Poll ``condition`` until it is truthy (its value) or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f}s {message}".strip())
        time.sleep(0.02)


def job_row(job_id: uuid.UUID) -> SimulationJob:
    """The job as stored now."""
    return SimulationJob.objects.get(pk=job_id)


def new_job(version: RuleSetVersion, games: int, chunk: int, seed: int = 11) -> SimulationJob:
    """A heuristic job of ``games`` games in chunks of ``chunk``."""
    return services.create_job(version, games, seed, "heuristic", chunk_games=chunk)
