"""Simulation jobs run by real Celery workers, through the API.

The broker and database are the configured ones: Redis and PostgreSQL in CI
(``CELERY_BROKER_URL``, ``DATABASE_URL``), the filesystem transport and SQLite otherwise.
Most tests use a worker whose pool threads run inside this process
(``celery.contrib.testing``); the SIGKILL test needs worker *processes*.
"""

from __future__ import annotations

import io
import os
import signal
import socket
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import compiled_version
from baohuang.jobs import dispatch
from baohuang.jobs.models import SimulationChunk, SimulationJob
from baohuang.simulation.runner import run
from tests.jobs.conftest import (
    SLUG,
    embedded_worker,
    forget_killed_worker,
    job_row,
    new_job,
    wait_for,
    worker_process,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.integration]

URL = "/api/v1/simulations/"
ChunkStatus = SimulationChunk.Status


@pytest.fixture(autouse=True)
def _fast_heartbeats(settings: Any, short_closes: None) -> None:
    """Running chunks report (and look for a cancellation) every 0.1 s."""
    settings.BAOHUANG_JOBS_HEARTBEAT_SECONDS = 0.1


def reference(version: RuleSetVersion, games: int, seed: int) -> dict[str, Any]:
    """``baohuang simulate`` of the same job, in this process."""
    return run(compiled_version(version), games, seed, "heuristic").to_dict()


def poll(client: APIClient, url: str, timeout: float = 90) -> list[dict[str, Any]]:
    """GET the job until it has ended; every body seen."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(url)
        assert response.status_code == 200, response.content
        seen.append(response.json())
        if seen[-1]["status"] not in ("queued", "running"):
            return seen
        assert time.monotonic() < deadline, f"the job did not end in {timeout}s: {seen[-1]}"
        time.sleep(0.02)


def test_a_job_goes_queued_running_succeeded_with_growing_progress(
    version: RuleSetVersion, staff_client: APIClient, job_queue: str, settings: Any
) -> None:
    settings.BAOHUANG_JOBS_CHUNK_GAMES = 30
    response = staff_client.post(
        URL, {"variant": SLUG, "games": 600, "seed": 21, "policy": "heuristic"}, format="json"
    )
    assert response.status_code == 202
    url = response.json()["url"]
    time.sleep(0.3)
    assert staff_client.get(url).json()["status"] == "queued"  # no worker yet

    with embedded_worker(job_queue, concurrency=2):
        seen = poll(staff_client, url)
    assert not [t for t in threading.enumerate() if t.name == "baohuang-jobs-reaper"]

    statuses = [body["status"] for body in seen]
    done = [body["progress"]["done"] for body in seen]
    assert statuses[-1] == "succeeded", seen[-1]
    assert "running" in statuses
    assert statuses.index("running") < statuses.index("succeeded")
    assert done == sorted(done), "progress went back"
    assert any(0 < d < 600 for d, s in zip(done, statuses, strict=True) if s == "running")
    assert len(set(done)) >= 4, "progress was not seen growing"
    final = seen[-1]
    assert final["progress"] == {"done": 600, "total": 600}
    assert final["error"] is None
    # The result is what `baohuang simulate baike-common --games 600 --seed 21` computes.
    assert final["result"] == reference(version, 600, 21)
    job = job_row(final["id"])
    assert job.chunks.filter(status=ChunkStatus.DONE).count() == 20
    assert job.started_at is not None
    assert job.finished_at is not None


def test_chunks_delivered_twice_are_counted_once(version: RuleSetVersion, job_queue: str) -> None:
    job = new_job(version, 120, 20, seed=8)
    items = list(job.chunks.values_list("pk", "task_id"))
    # Every chunk task sent a second time (as a broker redelivery would).
    assert dispatch.send_chunks([(pk, f"{task}-again") for pk, task in items])

    with embedded_worker(job_queue, concurrency=2):
        wait_for(lambda: not job_row(job.pk).is_active, 90, "for the job to end")
        wait_for(lambda: dispatch.queue_length() == 0, 30, "for the duplicates to be taken")

    job = job_row(job.pk)
    assert job.status == SimulationJob.Status.SUCCEEDED
    assert job.result is not None
    assert job.result["games"] == 120
    assert job.result == reference(version, 120, 8)


def test_cancel_stops_a_running_job(
    version: RuleSetVersion, staff_client: APIClient, job_queue: str, settings: Any
) -> None:
    settings.BAOHUANG_JOBS_CHUNK_GAMES = 40
    body = staff_client.post(
        URL, {"variant": SLUG, "games": 4000, "seed": 3, "policy": "heuristic"}, format="json"
    ).json()
    url = body["url"]

    with embedded_worker(job_queue, concurrency=2):
        wait_for(lambda: staff_client.get(url).json()["progress"]["done"] >= 40, 60, "to start")
        response = staff_client.post(url + "cancel/")
        assert response.status_code == 200
        assert response.json()["status"] == "cancelled"
        cancelled_at = response.json()["progress"]["done"]

        # Running chunks notice between two games, at their next heartbeat.
        job = job_row(body["id"])
        wait_for(
            lambda: not job.chunks.filter(status=ChunkStatus.RUNNING).exists(),
            10,
            "for the running chunks to stop",
        )
        frozen = job_row(job.pk).done
        time.sleep(1.0)
        assert job_row(job.pk).done == frozen, "games were still played after the cancel"

    final = staff_client.get(url).json()
    assert final["status"] == "cancelled"
    assert final["result"] is None
    assert cancelled_at <= final["progress"]["done"] < 4000
    statuses = set(job.chunks.values_list("status", flat=True))
    assert statuses <= {ChunkStatus.DONE, ChunkStatus.CANCELLED}
    assert job.chunks.filter(status=ChunkStatus.CANCELLED).count() > 50


def test_a_failing_chunk_fails_the_job(
    version: RuleSetVersion,
    staff_client: APIClient,
    job_queue: str,
    settings: Any,
    fail_at_game: Callable[[int], None],
) -> None:
    # The chunk holding game 45 raises, as an engine bug would.
    fail_at_game(45)
    settings.BAOHUANG_JOBS_CHUNK_GAMES = 20
    body = staff_client.post(
        URL, {"variant": SLUG, "games": 400, "seed": 4, "policy": "heuristic"}, format="json"
    ).json()

    with embedded_worker(job_queue, concurrency=2):
        final = poll(staff_client, body["url"])[-1]
        job = job_row(body["id"])
        wait_for(
            lambda: not job.chunks.filter(status=ChunkStatus.RUNNING).exists(),
            10,
            "for the other chunks to stop",
        )

    assert final["status"] == "failed"
    assert final["result"] is None
    assert final["error"].startswith("Games 40–59 failed: InjectedFailure: ")
    assert "game 45" in final["error"]
    assert job.chunks.get(start=40).status == ChunkStatus.FAILED
    assert job.chunks.filter(status=ChunkStatus.CANCELLED).exists()


def test_manage_py_simulate_waits_with_progress_and_prints_the_statistics(
    version: RuleSetVersion, job_queue: str
) -> None:
    out, err = io.StringIO(), io.StringIO()
    with embedded_worker(job_queue, concurrency=2):
        call_command(
            "simulate", SLUG, "--games", "60", "--seed", "9", "--wait", stdout=out, stderr=err
        )

    assert "baike-common: 60 games, seed 9" in out.getvalue()
    assert "seat-0 advantage" in out.getvalue()
    assert "succeeded: 60/60 games" in err.getvalue()
    job = SimulationJob.objects.get()
    assert job.result == reference(version, 60, 9)


def test_manage_py_simulate_without_wait_prints_the_job_id(
    version: RuleSetVersion, job_queue: str
) -> None:
    out = io.StringIO()
    call_command(
        "simulate",
        SLUG,
        "--games",
        "10",
        "--seed",
        "1",
        "--version",
        "1",
        "--policy",
        "random",
        stdout=out,
    )

    job = SimulationJob.objects.get()
    assert out.getvalue().strip() == str(job.pk)
    assert job.status == SimulationJob.Status.QUEUED
    assert (job.version, job.games, job.seed, job.policy) == (version, 10, 1, "random")
    assert dispatch.queue_length() == 1  # its one chunk is waiting for a worker


def test_a_worker_killed_mid_job_does_not_leave_it_stuck(
    version: RuleSetVersion, job_queue: str, tmp_path: Path
) -> None:
    # Worker processes (solo pool: one process each) with short bounds: heartbeat every
    # 0.05 s, a chunk silent for 3 s is lost, each worker reaps every 0.5 s. Chunks of 2,000
    # games take a good fraction of a second even on a fast, idle machine (200 took 50 ms
    # once the engine was faster: too short a window to catch a worker inside one).
    env = {
        "BAOHUANG_JOBS_HEARTBEAT_SECONDS": "0.05",
        "BAOHUANG_JOBS_STALE_AFTER_SECONDS": "3",
        "BAOHUANG_JOBS_REAP_EVERY_SECONDS": "0.5",
    }
    job = new_job(version, 12_000, 2_000, seed=13)

    doomed_log = tmp_path / f"doomed-{uuid.uuid4().hex[:8]}.log"
    with worker_process(job_queue, doomed_log, env) as doomed:

        def mid_job() -> bool:
            chunks = list(job.chunks.values_list("status", "done"))
            finished = sum(status == ChunkStatus.DONE for status, _ in chunks)
            running = any(status == ChunkStatus.RUNNING and n > 0 for status, n in chunks)
            return finished >= 1 and running

        wait_for(mid_job, 90, "for the first worker to be mid-job")
        assert job_row(job.pk).is_active, "the job ended before the worker could be killed"
        os.killpg(doomed.pid, signal.SIGKILL)
        doomed.wait(timeout=10)
    forget_killed_worker(f"{doomed_log.stem}@{socket.gethostname()}", job_queue)

    killed_at = time.monotonic()
    stuck = job.chunks.get(status=ChunkStatus.RUNNING)
    assert job_row(job.pk).status == SimulationJob.Status.RUNNING

    with worker_process(job_queue, tmp_path / f"rescuer-{uuid.uuid4().hex[:8]}.log", env):
        wait_for(lambda: not job_row(job.pk).is_active, 90, "for the job to end")
    recovered_in = time.monotonic() - killed_at

    final = job_row(job.pk)
    assert final.status == SimulationJob.Status.SUCCEEDED, final.error
    assert final.result == reference(version, 12_000, 13)
    stuck.refresh_from_db()
    assert stuck.status == ChunkStatus.DONE
    assert stuck.attempts == 2
    assert recovered_in < 60, recovered_in


def test_a_comparison_job_runs_on_workers_and_equals_baohuang_compare(
    version: RuleSetVersion, staff_client: APIClient, job_queue: str, settings: Any
) -> None:
    from baohuang.engine.compiled import compile_definition
    from baohuang.simulation.compare import compare

    settings.BAOHUANG_JOBS_CHUNK_GAMES = 20
    other = dict(version.definition)
    other["scoring"] = {**other["scoring"], "multipliers": [{"event": "open_guard", "factor": 2}]}
    response = staff_client.post(
        "/api/v1/comparisons/",
        {"a": {"variant": SLUG}, "b": {"definition": other}, "games": 80, "seed": 4},
        format="json",
    )
    assert response.status_code == 202, response.content

    with embedded_worker(job_queue, concurrency=2):
        seen = poll(staff_client, response.json()["url"])

    final = seen[-1]
    assert final["status"] == "succeeded", final
    expected = compare(compile_definition(version.definition), compile_definition(other), 80, 4)
    assert final["result"]["metrics"] == expected.report()["metrics"]
    assert final["result"]["play_unchanged"] is True


def test_a_cancelled_search_job_frees_its_worker_inside_a_game(
    version: RuleSetVersion, staff_client: APIClient, job_queue: str
) -> None:
    """Issue 31: a cancelled ``mc:100000`` job kept its worker for over 10 minutes. One game
    of ``mc:1000`` takes over a second on the native core (half a minute before issue 35's
    speed-ups); cancelled a fraction of a second into it, the worker (one thread) is free for
    the next job within seconds, the game unfinished."""
    body = staff_client.post(
        URL, {"variant": SLUG, "games": 2, "seed": 3, "policy": "mc:1000"}, format="json"
    ).json()
    job = job_row(body["id"])

    with embedded_worker(job_queue, concurrency=1):

        def under_way() -> bool:
            chunk = job.chunks.filter(status=ChunkStatus.RUNNING).first()
            return chunk is not None and time.time() - chunk.claimed_at.timestamp() > 0.2

        wait_for(under_way, 60, "for the first game to be under way")
        assert staff_client.post(body["url"] + "cancel/").json()["status"] == "cancelled"
        cancelled_at = time.monotonic()
        # The only worker thread takes the next job once the cancelled chunk has stopped.
        after = new_job(version, 5, 5, seed=4)
        wait_for(lambda: not job_row(after.pk).is_active, 15, "for the worker to be free")
        freed_in = time.monotonic() - cancelled_at

    assert job_row(after.pk).status == SimulationJob.Status.SUCCEEDED
    assert job_row(job.pk).done == 0  # stopped inside its first game
    assert freed_in < 15, freed_in


def test_a_chunk_past_its_soft_time_limit_fails_the_job_on_a_prefork_worker(
    version: RuleSetVersion, job_queue: str, tmp_path: Path, settings: Any
) -> None:
    """The time limits travel with each task (read when it is sent): a chunk of mc games
    sent with a 1-second soft limit is stopped by Celery and fails its job in words."""
    settings.BAOHUANG_JOBS_SOFT_TIME_LIMIT = 1
    # Sixty mc games in one chunk take several seconds even on the native core (twenty
    # could finish inside the second there once the search's rollouts got cheaper: about
    # 80 ms a game).
    settings.BAOHUANG_JOBS_CHUNK_GAMES = 60
    job = services_create(version, "mc", games=60)
    assert job.chunks.count() == 1

    log = tmp_path / f"prefork-{uuid.uuid4().hex[:8]}.log"
    with worker_process(job_queue, log, pool="prefork"):
        wait_for(lambda: not job_row(job.pk).is_active, 90, "for the job to end")

    final = job_row(job.pk)
    assert final.status == SimulationJob.Status.FAILED, final.error
    assert final.error_code == "time_limit"
    assert final.error_params["seconds"] == "1"
    assert "BAOHUANG_JOBS_SOFT_TIME_LIMIT" in final.failure_text


def services_create(version: RuleSetVersion, policy: str, games: int) -> SimulationJob:
    from baohuang.jobs import services

    return services.create_job(version, games, 5, policy)
