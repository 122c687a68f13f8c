"""The job services without a worker: chunks, exactly-once merging, cancel, failure, reaper.

Chunks are run here by calling :func:`baohuang.jobs.services.run_chunk` in the test, as a
worker's task would; the tests with real workers are in ``test_workers.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from baohuang.catalog.models import RuleSetVersion
from baohuang.catalog.selectors import compiled_version
from baohuang.jobs import services
from baohuang.jobs.errors import InvalidJob, JobFinished
from baohuang.jobs.models import SimulationChunk, SimulationJob
from baohuang.simulation.runner import run, simulate
from tests.jobs.conftest import job_row, new_job

pytestmark = pytest.mark.django_db

Status = SimulationJob.Status
ChunkStatus = SimulationChunk.Status


def reference(version: RuleSetVersion, games: int, seed: int = 11) -> dict[str, Any]:
    """What ``baohuang simulate`` computes for the same job."""
    return run(compiled_version(version), games, seed, "heuristic").to_dict()


def chunk_ids(job: SimulationJob) -> list[int]:
    return list(job.chunks.order_by("index").values_list("pk", flat=True))


def test_a_job_is_split_into_chunks_covering_every_game_once(version: RuleSetVersion) -> None:
    job = new_job(version, 105, 25)

    ranges = list(job.chunks.order_by("index").values_list("start", "stop"))
    assert ranges == [(0, 25), (25, 50), (50, 75), (75, 100), (100, 105)]
    assert job.status == Status.QUEUED
    assert job.done == 0
    assert job.result is None
    assert all(c.status == ChunkStatus.PENDING and c.task_id for c in job.chunks.all())


def test_the_automatic_chunk_size_gives_about_32_chunks(version: RuleSetVersion) -> None:
    assert services.create_job(version, 100_000, 1).chunk_games == 3125
    assert services.create_job(version, 2000, 1).chunk_games == 63
    assert services.create_job(version, 100, 1).chunk_games == 25  # not under 25 games
    assert services.create_job(version, 200_000, 1).chunk_games == 5000  # nor over 5000


def test_running_every_chunk_gives_the_result_of_one_run(version: RuleSetVersion) -> None:
    job = new_job(version, 60, 25)
    for pk in reversed(chunk_ids(job)):  # the order does not matter
        assert services.run_chunk(pk, "test") == "done"

    job = job_row(job.pk)
    assert job.status == Status.SUCCEEDED
    assert job.done == 60
    assert job.finished_at is not None
    assert job.started_at is not None
    assert job.result == reference(version, 60)


def test_a_chunk_delivered_twice_is_counted_once(version: RuleSetVersion) -> None:
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)
    assert services.run_chunk(first, "a") == "done"
    assert services.run_chunk(first, "b") == "skipped"  # the chunk is done already
    assert job_row(job.pk).result["games"] == 25

    # Two attempts of one chunk both finishing (a worker thought dead was only slow):
    claim = services.claim_chunk(second, "slow")
    assert claim is not None
    stats = simulate(compiled_version(version), 50, 11, "heuristic", chunk=(25, 50))
    assert services.finish_chunk(claim, stats) is True
    assert services.finish_chunk(claim, stats) is False

    job = job_row(job.pk)
    assert job.status == Status.SUCCEEDED
    assert job.result == reference(version, 50)


def test_progress_is_the_games_played_and_never_goes_back(version: RuleSetVersion) -> None:
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)
    a = services.claim_chunk(first, "w1")
    b = services.claim_chunk(second, "w2")
    assert a is not None
    assert b is not None
    assert job_row(job.pk).status == Status.RUNNING

    assert services.heartbeat(a, 10)
    assert services.heartbeat(b, 4)
    assert job_row(job.pk).done == 14
    assert services.heartbeat(a, 7)  # a stale report cannot lower it
    assert job_row(job.pk).done == 14


def test_a_claimed_chunk_is_not_claimed_again_while_its_worker_is_alive(
    version: RuleSetVersion,
) -> None:
    job = new_job(version, 25, 25)
    (pk,) = chunk_ids(job)

    assert services.claim_chunk(pk, "w1") is not None
    assert services.claim_chunk(pk, "w2") is None
    assert services.run_chunk(pk, "w2") == "skipped"


def test_cancel_stops_pending_and_running_chunks(version: RuleSetVersion) -> None:
    job = new_job(version, 75, 25)
    first, second, third = chunk_ids(job)
    assert services.run_chunk(first, "w") == "done"
    running = services.claim_chunk(second, "w")
    assert running is not None

    cancelled = services.cancel_job(job.pk)

    assert cancelled.status == Status.CANCELLED
    assert cancelled.finished_at is not None
    statuses = dict(job.chunks.values_list("pk", "status"))
    assert statuses == {
        first: ChunkStatus.DONE,
        second: ChunkStatus.CANCELLED,
        third: ChunkStatus.CANCELLED,
    }
    assert services.heartbeat(running, 5) is False  # the running chunk stops at its next beat
    assert services.run_chunk(third, "w") == "skipped"
    assert services.cancel_job(job.pk).status == Status.CANCELLED  # again: no change


def test_a_finished_job_cannot_be_cancelled(version: RuleSetVersion) -> None:
    job = new_job(version, 25, 25)
    services.run_chunk(chunk_ids(job)[0], "w")

    with pytest.raises(JobFinished, match="succeeded already"):
        services.cancel_job(job.pk)


def test_a_failing_chunk_fails_the_job_with_its_error(
    version: RuleSetVersion, fail_at_game: Callable[[int], None]
) -> None:
    fail_at_game(30)
    job = new_job(version, 75, 25)
    first, second, third = chunk_ids(job)

    assert services.run_chunk(first, "w") == "done"
    assert services.run_chunk(second, "w") == "failed"

    job = job_row(job.pk)
    assert job.status == Status.FAILED
    assert "Games 25–49 failed" in job.error
    assert "failure injected at game 30" in job.error
    assert job.chunks.get(pk=third).status == ChunkStatus.CANCELLED
    assert services.run_chunk(third, "w") == "skipped"


@pytest.mark.parametrize(
    ("games", "seed", "policy", "field"),
    [(0, 1, "heuristic", "games"), (10**9, 1, "heuristic", "games"), (5, 1, "greedy", "policy")],
)
def test_bad_parameters_are_refused_with_the_field(
    version: RuleSetVersion, games: int, seed: int, policy: str, field: str
) -> None:
    with pytest.raises(InvalidJob) as caught:
        services.create_job(version, games, seed, policy)
    assert caught.value.field == field


# --------------------------------------------------------------------------- reaper


def later(seconds: float) -> Any:
    return timezone.now() + timedelta(seconds=seconds)


def test_the_reaper_sends_a_chunk_whose_worker_went_silent_again(
    version: RuleSetVersion, settings: Any
) -> None:
    settings.BAOHUANG_JOBS_STALE_AFTER_SECONDS = 30
    job = new_job(version, 50, 25)
    first, second = chunk_ids(job)
    lost = services.claim_chunk(first, "dead-worker")
    assert lost is not None
    old_task = job.chunks.get(pk=first).task_id

    assert not services.reap(later(10))  # heartbeat still fresh
    report = services.reap(later(31))

    assert report.requeued == 1
    chunk = job.chunks.get(pk=first)
    assert chunk.status == ChunkStatus.PENDING
    assert chunk.task_id != old_task
    assert services.heartbeat(lost, 3) is False  # the old attempt, if alive, stops
    assert services.run_chunk(first, "rescuer") == "done"
    assert services.run_chunk(second, "rescuer") == "done"
    job = job_row(job.pk)
    assert job.status == Status.SUCCEEDED
    assert job.result == reference(version, 50)
    assert job.chunks.get(pk=first).attempts == 2


def test_a_chunk_lost_max_attempts_times_fails_its_job(
    version: RuleSetVersion, settings: Any
) -> None:
    settings.BAOHUANG_JOBS_STALE_AFTER_SECONDS = 30
    settings.BAOHUANG_JOBS_MAX_ATTEMPTS = 2
    job = new_job(version, 25, 25)
    (pk,) = chunk_ids(job)

    assert services.claim_chunk(pk, "w1") is not None
    assert services.reap(later(31)).requeued == 1
    assert services.claim_chunk(pk, "w2") is not None
    report = services.reap(later(31))

    assert report.failed_jobs == 1
    job = job_row(job.pk)
    assert job.status == Status.FAILED
    assert "started 2 times" in job.error
    assert "stopped answering" in job.error


def test_the_reaper_resends_pending_chunks_missing_from_an_empty_queue(
    version: RuleSetVersion, settings: Any
) -> None:
    # In this test's transaction nothing is sent (on_commit never fires): the queue is empty,
    # as after a worker died holding the messages.
    settings.BAOHUANG_JOBS_STALE_AFTER_SECONDS = 30
    job = new_job(version, 50, 25)
    before = dict(job.chunks.values_list("pk", "task_id"))

    assert services.reap(later(5)).resent == 0  # sent a moment ago: leave them
    assert services.reap(later(31)).resent == 2

    after = dict(job.chunks.values_list("pk", "task_id"))
    assert all(after[pk] != before[pk] for pk in before)
